import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SearchIndex

/// Downloads the `http(s)` images that imported items name, a few at a time.
///
/// SPEC §3: the image is fetched and stored as the item's thumbnail; a failed fetch
/// indexes the item without one and warns.
enum ImageFetcher {
    /// How long one download may take.
    static let timeout: TimeInterval = 20
    /// The largest image accepted (the index's own limit).
    static let maximumBytes = 10 * 1024 * 1024

    /// The thumbnail for each URL, in order, or why it could not be fetched.
    static func fetch(_ urls: [URL]) -> [Result<Thumbnail, FetchFailure>] {
        guard !urls.isEmpty else { return [] }
        let results = ResultSlots(count: urls.count)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            results.set(index, fetchOne(urls[index], session: session))
        }
        return results.values
    }

    /// Why an image was not fetched, for the warning.
    struct FetchFailure: Error {
        let reason: String
    }

    private static func fetchOne(_ url: URL, session: URLSession) -> Result<Thumbnail, FetchFailure> {
        let done = DispatchSemaphore(value: 0)
        let outcome = ResultSlots(count: 1)
        let task = session.dataTask(with: url) { data, response, error in
            defer { done.signal() }
            if let error {
                outcome.set(0, .failure(FetchFailure(reason: error.localizedDescription)))
                return
            }
            let http = response as? HTTPURLResponse
            guard let status = http?.statusCode, (200..<300).contains(status) else {
                outcome.set(0, .failure(FetchFailure(reason: "HTTP status \(http?.statusCode ?? 0)")))
                return
            }
            guard let data, !data.isEmpty else {
                outcome.set(0, .failure(FetchFailure(reason: "the response was empty")))
                return
            }
            guard data.count <= maximumBytes else {
                outcome.set(0, .failure(FetchFailure(reason: "the image is larger than \(maximumBytes / 1024 / 1024) MB")))
                return
            }
            let mimeType = (http?.value(forHTTPHeaderField: "Content-Type"))
                .map { String($0.split(separator: ";")[0]).trimmingCharacters(in: .whitespaces) }
            outcome.set(0, .success(.data([UInt8](data), mimeType: mimeType)))
        }
        task.resume()
        done.wait()
        return outcome.values[0]
    }
}

/// Results written from several threads, one slot each.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Thumbnail, ImageFetcher.FetchFailure>]

    init(count: Int) {
        slots = Array(repeating: .failure(ImageFetcher.FetchFailure(reason: "not fetched")), count: count)
    }

    func set(_ index: Int, _ value: Result<Thumbnail, ImageFetcher.FetchFailure>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Result<Thumbnail, ImageFetcher.FetchFailure>] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
