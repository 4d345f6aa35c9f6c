import Foundation
import Glibc

/// The app's pictures named as iOS asset names (`source={{uri: 'strawberry'}}`): the
/// file NAME, NAME.png or NAME.jpg in the app script's directory, as `thumbnailName`
/// is looked up on the indexing side (js/modules/react-native-spotlight-search). The
/// page asks for them as `searchlight-asset:///NAME` (``AssetScheme``); only pictures
/// directly in that directory are served: no other directory, no hidden file, no
/// symbolic link leading out, nothing that is not an image.
struct AppAssets: Sendable {
    static let scheme = "searchlight-asset"
    static let extensions = ["", ".png", ".jpg"]
    /// The largest picture served, in bytes.
    static let maximumBytes = 32 * 1024 * 1024

    /// Why a name is not served: a code and a message naming it.
    struct Failure: Error {
        let code: Int32
        let message: String
        static func invalidName(_ name: String) -> Failure {
            Failure(code: 1, message: "'\(name.prefix(100))' is not an asset name (a file name beside the app's script, without '/')")
        }
    }

    /// The directory's real path (symbolic links resolved), or nil when it has none.
    let directory: String?

    init(directory: String) {
        self.directory = Self.realPath(directory)
    }

    /// The name a request's path names: `/NAME`, percent-encoded.
    static func name(fromPath path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        return String(path.dropFirst()).removingPercentEncoding
    }

    /// The picture `name` names: its bytes and MIME type.
    func read(_ name: String) throws(Failure) -> (bytes: Data, mimeType: String) {
        guard Self.isValidName(name) else { throw .invalidName(name) }
        guard let directory else { throw Failure(code: 2, message: "the app's directory cannot be read") }
        for candidate in Self.extensions.map({ directory + "/" + name + $0 }) {
            guard let real = Self.realPath(candidate), Self.isRegularFile(real) else { continue }
            // A link in the directory that leads out of it is not the app's picture.
            guard (real as NSString).deletingLastPathComponent == directory else {
                throw Failure(code: 3, message: "\(candidate) leads out of the app's directory")
            }
            guard let handle = FileHandle(forReadingAtPath: real) else {
                throw Failure(code: 4, message: "cannot read \(candidate)")
            }
            defer { try? handle.close() }
            let bytes = (try? handle.read(upToCount: Self.maximumBytes + 1)) ?? Data()
            guard bytes.count <= Self.maximumBytes else {
                throw Failure(code: 5, message: "\(candidate) is larger than \(Self.maximumBytes / 1024 / 1024) MB")
            }
            guard let mimeType = Self.pictureType(bytes) else {
                throw Failure(code: 6, message: "\(candidate) is not a PNG, JPEG, GIF, WebP or BMP picture")
            }
            return (bytes, mimeType)
        }
        throw Failure(code: 7, message: "no \(name), \(name).png or \(name).jpg in \(directory)")
    }

    /// A file name of the directory itself: not empty, no '/', no NUL, not hidden
    /// (which also rules out "." and "..").
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.contains("/") && !name.contains("\0") && !name.hasPrefix(".")
    }

    /// The MIME type of a picture's bytes, from their signature.
    static func pictureType(_ bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(12))
        func starts(_ signature: [UInt8]) -> Bool { head.count >= signature.count && Array(head.prefix(signature.count)) == signature }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && head.count == 12 && Array(head[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        if starts(Array("BM".utf8)) { return "image/bmp" }
        return nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
