import JSHost

/// What `run` and `test` share for modern JS (ES modules, TypeScript, JSX): bundling
/// the entry files with esbuild before the host starts, and the test file names.
enum ModernJS {
    /// The extensions a test file may have: `NAME.test.EXT`.
    static let testExtensions = ["js", "cjs", "mjs", "mts", "cts", "ts", "tsx", "jsx"]

    /// Whether `path` names a test file (`*.test.js`, `*.test.ts`, …; not `.d.ts`).
    static func isTestFile(_ path: String) -> Bool {
        testExtensions.contains { path.hasSuffix(".test." + $0) }
    }

    /// `configuration` with bundles for those of `files` that need one.
    ///
    /// Throws a ``BundleError`` (exit 1, its one-line message) when esbuild is missing
    /// or refuses a file.
    static func bundling(_ files: [String], into configuration: JSHost.Configuration) throws -> JSHost.Configuration {
        var configuration = configuration
        configuration.bundles = try JSBundler(configuration: configuration).prepare(files)
        return configuration
    }
}
