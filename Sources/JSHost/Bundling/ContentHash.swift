import CGLib

/// A SHA-256 digest built up from labelled parts, for cache keys.
///
/// Each part is fed with its length first, so `("ab", "c")` and `("a", "bc")` differ.
/// The digest is GLib's `GChecksum`.
final class ContentHash {
    private let checksum: OpaquePointer

    init() {
        checksum = g_checksum_new(G_CHECKSUM_SHA256)
    }

    deinit {
        g_checksum_free(checksum)
    }

    /// Adds `bytes` as one part.
    func add(_ bytes: [UInt8]) {
        let length = Array("\(bytes.count):".utf8)
        length.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        bytes.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, $0.count) }
    }

    /// Adds the UTF-8 of `text` as one part.
    func add(_ text: String) {
        add(Array(text.utf8))
    }

    /// The digest as 64 lowercase hex digits.
    func hex() -> String {
        String(cString: g_checksum_get_string(checksum))
    }

    /// The SHA-256 hex digest of `text`'s UTF-8.
    static func of(_ text: String) -> String {
        let hash = ContentHash()
        hash.add(text)
        return hash.hex()
    }
}
