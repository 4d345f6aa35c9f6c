import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One blocking HTTP(S) download with a size cap and a timeout, through `URLSession`.
///
/// The body streams into memory and the download is cancelled as soon as it passes
/// the cap (or the server announces more), so a huge file never fills the memory.
final class WebImageDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maximumBytes: Int
    private let lock = NSLock()
    private var received = Data()
    private var mimeType: String?
    private var failure: String?
    private let finished = DispatchSemaphore(value: 0)

    private init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Downloads `url`; a status other than 2xx, an empty body, a body over the cap or
    /// a timeout is a failure.
    static func fetch(_ url: URL, maximumBytes: Int, timeout: TimeInterval) -> Result<(bytes: [UInt8], mimeType: String?), ThumbnailFetcher.Failure> {
        let download = WebImageDownload(maximumBytes: maximumBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        let task = session.dataTask(with: url)
        task.resume()
        if download.finished.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            download.fail("timed out after \(Int(timeout)) s")
        }
        session.invalidateAndCancel()
        return download.lock.withLock {
            if let failure = download.failure { return .failure(ThumbnailFetcher.Failure(reason: failure)) }
            if download.received.isEmpty { return .failure(ThumbnailFetcher.Failure(reason: "the response is empty")) }
            return .success(([UInt8](download.received), download.mimeType))
        }
    }

    private func fail(_ reason: String) {
        lock.withLock { if failure == nil { failure = reason } }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            fail("HTTP \(http.statusCode)")
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maximumBytes) {
            fail("larger than \(ThumbnailFetcher.sizeText(maximumBytes))")
            completionHandler(.cancel)
            return
        }
        lock.withLock { mimeType = response.mimeType.flatMap { $0.hasPrefix("image/") ? $0 : nil } }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock { () -> Bool in
            received.append(data)
            return received.count > maximumBytes
        }
        if tooLarge {
            fail("larger than \(ThumbnailFetcher.sizeText(maximumBytes))")
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error { fail(error.localizedDescription) }
        finished.signal()
    }
}
