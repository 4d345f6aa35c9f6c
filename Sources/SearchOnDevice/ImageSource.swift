import Foundation
import JSHost
import SearchIndex

/// Where an item's image comes from, as the app named it in `imageUrl` (or its
/// aliases), `thumbnailData` or `thumbnail`.
enum ImageSource: Sendable, Equatable {
    /// Bytes the app sent itself (`thumbnailData`, a `data:` URL): nothing to fetch.
    case bytes([UInt8], mimeType: String?)
    /// A local file (`file://`, an absolute path, a `thumbnail` read back from the index).
    case file(path: String)
    /// A web image, downloaded before the write.
    case web(URL)

    /// The largest image accepted, in bytes (the index's limit too).
    static let maximumBytes = 10 * 1024 * 1024

    /// The source an `imageUrl` names: `http(s)://`, `file://`, `data:` or an absolute path.
    static func parse(imageURL text: String, path: String, reader: FieldReader) throws(NativeError) -> ImageSource {
        let lowered = text.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: text), url.host != nil else {
                throw reader.failure(path, "is not a valid http(s) URL: \(text)")
            }
            return .web(url)
        }
        if lowered.hasPrefix("file://") {
            guard let url = URL(string: text), url.isFileURL, url.path.hasPrefix("/") else {
                throw reader.failure(path, "is not a valid file:// URL: \(text)")
            }
            return .file(path: url.path)
        }
        if lowered.hasPrefix("data:") {
            guard let (bytes, mimeType) = decodeDataURL(text) else {
                throw reader.failure(path, "is not a valid data: URL")
            }
            guard bytes.count <= maximumBytes else {
                throw reader.failure(path, "holds more than \(maximumBytes / 1024 / 1024) MB")
            }
            return .bytes(bytes, mimeType: mimeType)
        }
        if text.hasPrefix("/") { return .file(path: text) }
        throw reader.failure(path, "must be an http(s)://, file:// or data: URL or an absolute path, got '\(text.prefix(100))'")
    }

    /// The bytes of `thumbnailData`: base64, with or without a `data:…;base64,` prefix.
    static func parse(thumbnailData text: String, path: String, reader: FieldReader) throws(NativeError) -> ImageSource {
        if text.prefix(5).lowercased() == "data:" {
            guard let (bytes, mimeType) = decodeDataURL(text) else {
                throw reader.failure(path, "must be base64, optionally as a data: URL")
            }
            return .bytes(bytes, mimeType: mimeType)
        }
        guard let bytes = decodeBase64(Substring(text)) else {
            throw reader.failure(path, "must be base64, optionally as a data: URL")
        }
        return .bytes(bytes, mimeType: nil)
    }

    /// Decodes `data:[type][;base64],payload`; `nil` when malformed.
    static func decodeDataURL(_ text: String) -> ([UInt8], String?)? {
        guard let comma = text.firstIndex(of: ",") else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let payload = text[text.index(after: comma)...]
        let parameters = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let mimeType = parameters.first.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        if parameters.dropFirst().contains(where: { $0.lowercased() == "base64" }) {
            guard let bytes = decodeBase64(payload) else { return nil }
            return (bytes, mimeType)
        }
        guard let decoded = String(payload).removingPercentEncoding else { return nil }
        return (Array(decoded.utf8), mimeType)
    }

    /// Strict base64 (standard or URL-safe alphabet, padding optional, whitespace
    /// ignored); `nil` for anything else or nothing.
    static func decodeBase64(_ text: Substring) -> [UInt8]? {
        var cleaned = ""
        cleaned.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where !CharacterSet.whitespacesAndNewlines.contains(scalar) {
            switch scalar {
            case "-": cleaned.unicodeScalars.append("+")
            case "_": cleaned.unicodeScalars.append("/")
            default: cleaned.unicodeScalars.append(scalar)
            }
        }
        switch cleaned.utf8.count % 4 {
        case 2: cleaned += "=="
        case 3: cleaned += "="
        case 1: return nil
        default: break
        }
        guard !cleaned.isEmpty, let data = Data(base64Encoded: cleaned) else { return nil }
        return [UInt8](data)
    }
}

/// An image to fetch for one item, and how to name it in a warning.
struct ImageRequest: Sendable, Equatable {
    /// Where the image is.
    var source: ImageSource
    /// The field the app gave it in, with its path: `items[2].imageUrl`.
    var field: String
    /// The value as given, for the warning.
    var text: String
}
