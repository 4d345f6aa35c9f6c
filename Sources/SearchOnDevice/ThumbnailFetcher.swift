import Dispatch
import Foundation
import SearchIndex

/// Turns the images items name into thumbnail bytes: reads files, downloads web
/// images, passes `data:` and base64 bytes through.
///
/// Blocking: call it on a queue of its own, never on the JS thread. Every image is
/// capped at ``ImageSource/maximumBytes``; a download gives up after ``timeout``.
struct ThumbnailFetcher: Sendable {
    /// How long one download may take, in seconds.
    var timeout: TimeInterval = 15
    /// The largest image accepted, in bytes.
    var maximumBytes = ImageSource.maximumBytes

    /// Why an image could not be fetched, in a few words (`HTTP 404`, `no such file`).
    struct Failure: Error, Sendable, Equatable {
        var reason: String
    }

    /// How many images are fetched at the same time: downloads mostly wait on the network.
    static let parallelFetches = 8

    /// The thumbnails of several requests, fetched at the same time (at most
    /// ``parallelFetches`` at once); in the order of the requests.
    func fetchAll(_ requests: [ImageRequest]) -> [Result<Thumbnail, Failure>] {
        guard requests.count > 1 else { return requests.map { fetch($0.source) } }
        let results = ResultSlots(count: requests.count)
        let group = DispatchGroup()
        let slots = DispatchSemaphore(value: Self.parallelFetches)
        for (index, request) in requests.enumerated() {
            slots.wait()
            group.enter()
            DispatchQueue.global(qos: .userInitiated).async {
                results.set(index, fetch(request.source))
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        return results.values
    }

    /// The thumbnail one source names.
    func fetch(_ source: ImageSource) -> Result<Thumbnail, Failure> {
        switch source {
        case .bytes(let bytes, let mimeType):
            return .success(.data(bytes, mimeType: mimeType))
        case .file(let path):
            return readFile(path)
        case .web(let url):
            return WebImageDownload.fetch(url, maximumBytes: maximumBytes, timeout: timeout)
                .map { Thumbnail.data($0.bytes, mimeType: $0.mimeType) }
        }
    }

    private func readFile(_ path: String) -> Result<Thumbnail, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Failure(reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(Failure(reason: "not a regular file")) }
        guard Int(info.st_size) <= maximumBytes else { return .failure(Failure(reason: "larger than \(Self.sizeText(maximumBytes))")) }
        guard Int(info.st_size) > 0 else { return .failure(Failure(reason: "the file is empty")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Failure(reason: "cannot read the file"))
        }
        return .success(.data([UInt8](data), mimeType: Self.mimeType(forExtension: (path as NSString).pathExtension)))
    }

    /// A size for messages: `10 MB`, or bytes below a megabyte.
    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0 ? "\(bytes / 1024 / 1024) MB" : "\(bytes) bytes"
    }

    /// The MIME type of an image file extension, when it is one the index knows.
    static func mimeType(forExtension pathExtension: String) -> String? {
        switch pathExtension.lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        default: return nil
        }
    }
}

/// Results filled in from concurrent workers.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Thumbnail, ThumbnailFetcher.Failure>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Thumbnail, ThumbnailFetcher.Failure>) {
        lock.withLock { slots[index] = result }
    }

    var values: [Result<Thumbnail, ThumbnailFetcher.Failure>] {
        lock.withLock { slots.map { $0 ?? .failure(ThumbnailFetcher.Failure(reason: "not fetched")) } }
    }
}
