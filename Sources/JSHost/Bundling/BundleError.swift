/// Why the host could not bundle a file: a code and a one-line message naming the file.
public struct BundleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// esbuild is not installed (or not where `$SEARCHLIGHT_ESBUILD` says).
    public static let esbuildMissingCode = "E_ESBUILD_MISSING"
    /// esbuild ran and refused the file (a syntax error, an unresolved import, …).
    public static let bundleFailedCode = "E_BUNDLE_FAILED"
    /// The bundle cache could not be created or written.
    public static let cacheCode = "E_BUNDLE_CACHE"

    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
