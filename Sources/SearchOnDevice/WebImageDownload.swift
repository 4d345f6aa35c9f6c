import Foundation

/// One blocking HTTP(S) download with a size cap and a timeout, through libcurl
/// (``Curl``); redirects are followed, to http(s) only.
///
/// The body streams into memory and the download stops as soon as it passes the cap
/// (or the server announces more), so a huge file never fills the memory.
final class WebImageDownload {
    private let maximumBytes: Int
    private let curl: Curl
    private let handle: Curl.Handle
    private var received: [UInt8] = []
    private var checkedResponse = false
    private var failure: String?

    private init(curl: Curl, handle: Curl.Handle, maximumBytes: Int) {
        self.curl = curl
        self.handle = handle
        self.maximumBytes = maximumBytes
    }

    /// Downloads `url`; a status other than 2xx, an empty body, a body over the cap or
    /// a timeout is a failure.
    static func fetch(_ url: URL, maximumBytes: Int, timeout: TimeInterval) -> Result<(bytes: [UInt8], mimeType: String?), ThumbnailFetcher.Failure> {
        let curl: Curl
        switch Curl.shared {
        case .success(let loaded): curl = loaded
        case .failure(let failure): return .failure(failure)
        }
        guard let handle = curl.makeHandle() else {
            return .failure(ThumbnailFetcher.Failure(reason: "libcurl could not start a download"))
        }
        defer { curl.cleanup(handle) }
        let download = WebImageDownload(curl: curl, handle: handle, maximumBytes: maximumBytes)
        return withExtendedLifetime(download) { download.run(url.absoluteString, timeout: timeout) }
    }

    private func run(_ url: String, timeout: TimeInterval) -> Result<(bytes: [UInt8], mimeType: String?), ThumbnailFetcher.Failure> {
        let milliseconds = max(1, Int((timeout * 1000).rounded()))
        curl.set(handle, Curl.optionURL, url)
        curl.set(handle, Curl.optionNoSignal, 1)
        curl.set(handle, Curl.optionTimeoutMilliseconds, milliseconds)
        curl.set(handle, Curl.optionConnectTimeoutMilliseconds, milliseconds)
        curl.set(handle, Curl.optionFollowLocation, 1)
        curl.set(handle, Curl.optionMaximumRedirects, 10)
        curl.set(handle, Curl.optionProtocols, Curl.httpProtocols)
        curl.set(handle, Curl.optionRedirectProtocols, Curl.httpProtocols)
        curl.set(handle, Curl.optionAcceptEncoding, "")  // every encoding libcurl decodes
        curl.set(handle, Curl.optionUserAgent, "searchlight")
        curl.set(handle, Curl.optionWriteData, pointer: Unmanaged.passUnretained(self).toOpaque())
        curl.set(handle, Curl.optionWriteFunction, function: { data, size, count, context in
            guard let context else { return 0 }
            let download = Unmanaged<WebImageDownload>.fromOpaque(context).takeUnretainedValue()
            return download.receive(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        })
        let code = curl.perform(handle)
        if let failure { return .failure(ThumbnailFetcher.Failure(reason: failure)) }
        if code == Curl.timedOut { return .failure(ThumbnailFetcher.Failure(reason: "timed out after \(Int(timeout)) s")) }
        if code != Curl.ok { return .failure(ThumbnailFetcher.Failure(reason: curl.describe(code))) }
        if let failure = statusFailure() { return .failure(ThumbnailFetcher.Failure(reason: failure)) }
        if received.isEmpty { return .failure(ThumbnailFetcher.Failure(reason: "the response is empty")) }
        return .success((received, mimeType()))
    }

    /// Takes a piece of the body; false stops the download.
    private func receive(_ data: UnsafeRawBufferPointer) -> Bool {
        if !checkedResponse {
            checkedResponse = true
            if let failure = statusFailure() {
                self.failure = failure
                return false
            }
            if curl.offsetInfo(handle, Curl.infoContentLength) > Int64(maximumBytes) {
                failure = "larger than \(ThumbnailFetcher.sizeText(maximumBytes))"
                return false
            }
        }
        received.append(contentsOf: data)
        if received.count > maximumBytes {
            failure = "larger than \(ThumbnailFetcher.sizeText(maximumBytes))"
            return false
        }
        return true
    }

    /// `HTTP 404` when the final response's status is not 2xx.
    private func statusFailure() -> String? {
        let status = curl.longInfo(handle, Curl.infoResponseCode)
        return (200 ..< 300).contains(status) ? nil : "HTTP \(status)"
    }

    /// The response's image MIME type (`image/png`, without parameters), or nil.
    private func mimeType() -> String? {
        guard let contentType = curl.stringInfo(handle, Curl.infoContentType) else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = type.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.hasPrefix("image/") ? trimmed : nil
    }
}
