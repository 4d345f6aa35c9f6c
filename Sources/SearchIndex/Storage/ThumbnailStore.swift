import Foundation

/// Thumbnail files under `thumbnails/` in the data directory, one per item, mode 0600.
///
/// Files are written before the transaction that refers to them commits and removed
/// after the transaction that stops referring to them commits, so a crash can leave an
/// orphan file but never a row pointing at a missing file.
struct ThumbnailStore: Sendable {
    let directory: String

    init(dataDirectory: String) throws {
        directory = dataDirectory + "/thumbnails"
        try DataDirectory.create(directory)
    }

    /// The absolute path of a stored file name.
    func path(of name: String) -> String { directory + "/" + name }

    /// Whether `path` is a file of this store; its name if so.
    func storedName(ofPath path: String) -> String? {
        let prefix = directory + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = String(path.dropFirst(prefix.count))
        return name.contains("/") || name.isEmpty ? nil : name
    }

    /// Writes image bytes to a new file and returns its name.
    func write(_ bytes: [UInt8], mimeType: String?) throws -> String {
        let name = UUID().uuidString.lowercased() + "." + Self.fileExtension(for: mimeType, bytes: bytes)
        try DataDirectory.writePrivateFile(path(of: name), bytes: bytes)
        return name
    }

    /// Removes stored files; a missing file is not an error.
    func remove(_ names: [String]) {
        for name in names { unlink(path(of: name)) }
    }

    /// The extension for a MIME type, else guessed from the bytes' signature.
    static func fileExtension(for mimeType: String?, bytes: [UInt8]) -> String {
        switch mimeType?.lowercased() {
        case "image/png": return "png"
        case "image/jpeg", "image/jpg": return "jpg"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/svg+xml": return "svg"
        default: break
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "gif" }
        if bytes.count > 12, bytes[8..<12].elementsEqual("WEBP".utf8) { return "webp" }
        return "img"
    }

    /// Bytes of all stored files.
    func totalBytes() -> Int64 {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        return names.reduce(0) { sum, name in sum + DataDirectory.fileSize(path(of: name)) }
    }
}
