/// One entry file bundled into a single CommonJS script, ready for the loader.
///
/// The loader runs `code` in place of `entry` (same `module`, `__filename` is
/// `entry`), and error positions inside `code` are mapped back through `map`.
public struct PreparedBundle: Sendable, Equatable {
    /// The entry file's canonical path (as `require` resolves it).
    public var entry: String
    /// The bundled script.
    public var code: String
    /// Its source map (Source Map v3, `sources` relative to the map's folder).
    public var map: String
    /// Whether the bundle came from the cache, without running esbuild.
    public var fromCache: Bool
    /// The files it was made from (esbuild's metafile): what `--watch` watches.
    public var inputs: [String]

    public init(entry: String, code: String, map: String, fromCache: Bool, inputs: [String] = []) {
        self.entry = entry
        self.code = code
        self.map = map
        self.fromCache = fromCache
        self.inputs = inputs
    }
}
