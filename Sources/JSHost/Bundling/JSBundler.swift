import Foundation
import Glibc

/// Bundles entry files that use `import`/`export`, TypeScript or JSX into one CommonJS
/// script each with esbuild, as Metro does for React Native; plain CommonJS is left as is.
///
/// The host's built-in modules (the folders of `js/modules`) stay external: the bundle
/// `require`s them at run time, and esbuild's interop gives `import X from 'cjs'` the
/// CommonJS `module.exports`. Bundles are cached (see ``BundleCache``); a cached bundle
/// whose inputs are unchanged is used without starting esbuild.
///
/// ```swift
/// var configuration = JSHost.Configuration(mode: .run(script: path, arguments: []))
/// configuration.bundles = try JSBundler(configuration: configuration).prepare([path])
/// ```
///
/// Call it before the host runs, off the JS thread: it reads files and may run esbuild.
public struct JSBundler: Sendable {
    /// The built-in modules SPEC.md names: external even before their folder exists,
    /// so a bundle fails where it `require`s a missing one rather than in esbuild.
    public static let specBuiltinModules = [
        "react-native", "searchlight", "react-native-spotlight-search",
        "react-native-search-with-spotlight", "test", "assert", "util",
    ]

    /// The built-in module names kept external: `js/modules`' folders and the SPEC's.
    public var builtinModules: [String]
    /// Where bundles are cached.
    public var cacheDirectory: String
    /// For `$SEARCHLIGHT_ESBUILD` and `$PATH`.
    public var environment: [String: String]
    /// When set, bundles are for a web page, not for the host: one self-contained
    /// script (nothing external; imports resolved through these esbuild aliases,
    /// module name → absolute path), images imported as `data:` URLs, React's
    /// production build. The window host bundles its page this way.
    public var pageAliases: [String: String]?

    /// A bundler for the host `configuration` describes: its built-ins, its environment.
    public init(configuration: JSHost.Configuration) {
        self.init(jsDirectory: configuration.jsDirectory, environment: configuration.environment)
    }

    public init(jsDirectory: String, environment: [String: String],
                cacheDirectory: String? = nil) {
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: jsDirectory + "/modules")) ?? []
        let installed = modules.filter { fileKind(jsDirectory + "/modules/" + $0) == "directory" }
        builtinModules = Set(installed + Self.specBuiltinModules).sorted()
        self.environment = environment
        self.cacheDirectory = cacheDirectory ?? BundleCache.defaultDirectory(environment: environment)
        pageAliases = nil
    }

    /// The bundles for those of `files` that need one, keyed by canonical path.
    ///
    /// Throws a ``BundleError`` naming the first file that cannot be bundled.
    public func prepare(_ files: [String]) throws(BundleError) -> [String: PreparedBundle] {
        var bundles: [String: PreparedBundle] = [:]
        for file in files {
            let entry = canonicalPath(file) ?? file
            guard bundles[entry] == nil, needsBundling(entry) else { continue }
            bundles[entry] = try bundle(entry: entry, shownAs: file)
        }
        return bundles
    }

    /// Whether the file at `path` must be bundled (see ``ModuleSyntax``); false when
    /// it cannot be read (the loader reports that).
    public func needsBundling(_ path: String) -> Bool {
        if ModuleSyntax.compiledExtensions.contains(ModuleSyntax.fileExtension(path)) { return true }
        guard ModuleSyntax.fileExtension(path) == "js", case .success(let source) = readTextFile(path) else { return false }
        return ModuleSyntax.hasModuleStatements(source)
    }

    /// The bundle of `entry` (a canonical path): from the cache when its inputs are
    /// unchanged, else made by esbuild and cached. `shownAs` names the file in errors.
    public func bundle(entry: String, shownAs: String? = nil) throws(BundleError) -> PreparedBundle {
        let shown = shownAs ?? entry
        let cache = BundleCache(directory: cacheDirectory)
        let esbuild = Esbuild.locate(environment: environment)
        if let cached = cache.lookup(entry: entry, recipe: recipe, esbuild: esbuild) { return cached }
        guard let esbuild else { throw missingEsbuild(shown) }
        do {
            try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        } catch {
            throw BundleError(code: BundleError.cacheCode, message: "cannot create the bundle cache \(cacheDirectory): \(error.localizedDescription)")
        }
        // esbuild writes beside the cached bundles (a rename moves them in), so the
        // source map's relative `sources` stay right.
        let scratch = cacheDirectory + "/tmp-\(getpid())-\(UUID().uuidString)"
        let output = scratch + ".js"
        let metafile = scratch + ".meta.json"
        defer {
            for leftover in [output, output + ".map", metafile] { unlink(leftover) }
        }
        let version = try esbuild.version()
        let outcome = try esbuild.run([entry] + arguments + ["--outfile=\(output)", "--metafile=\(metafile)"])
        guard outcome.status == 0 else {
            let details = outcome.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw BundleError(code: BundleError.bundleFailedCode, message: "cannot bundle \(shown) with esbuild:\n\(details)")
        }
        return try cache.store(entry: entry, recipe: recipe, esbuild: esbuild, esbuildVersion: version,
                               inputs: try inputs(metafile: metafile, shown: shown), output: output)
    }

    /// esbuild's options, less the entry and output paths.
    var arguments: [String] {
        if let pageAliases { return Self.pageArguments(aliases: pageAliases) }
        return [
            "--bundle", "--format=cjs", "--platform=node",
            // JavaScriptCore 2.50 runs ES2022 natively: nothing is lowered further.
            "--target=es2022",
            // JSX in .js files, as Metro allows in React Native apps.
            "--loader:.js=jsx",
            "--sourcemap=external", "--charset=utf8", "--log-level=error", "--color=false",
            // Line 1 holds only this comment: the module wrapper shares line 1, so its
            // columns would be shifted.
            "--banner:js=// bundled by esbuild for searchlight",
        ] + builtinModules.map { "--external:\($0)" }
    }

    /// esbuild's options for a page bundle (see ``pageAliases``).
    static func pageArguments(aliases: [String: String]) -> [String] {
        [
            "--bundle", "--format=iife", "--platform=browser", "--target=es2022",
            // A package's `react-native` entry first, as Metro takes it (packages
            // written for React Native point it at their untranspiled source).
            "--main-fields=react-native,browser,module,main",
            "--loader:.js=jsx",
            "--define:process.env.NODE_ENV=\"production\"",
            "--sourcemap=external", "--charset=utf8", "--log-level=error", "--color=false",
        ] + ["png", "jpg", "jpeg", "gif", "webp", "svg"].map { "--loader:.\($0)=dataurl" }
          + aliases.sorted { $0.key < $1.key }.map { "--alias:\($0.key)=\($0.value)" }
    }

    /// What the cache key says about how a bundle was made.
    var recipe: String {
        "searchlight-bundle-1\n" + arguments.joined(separator: "\n")
    }

    /// The input files esbuild's metafile lists, as absolute paths (it lists them
    /// relative to the directory it ran in, this process's).
    func inputs(metafile: String, shown: String) throws(BundleError) -> [String] {
        guard let data = FileManager.default.contents(atPath: metafile),
              let inputs = JSONArgumentParser.value(of: String(decoding: data, as: UTF8.self))?["inputs"].objectValue else {
            throw BundleError(code: BundleError.bundleFailedCode, message: "esbuild wrote no readable metafile while bundling \(shown)")
        }
        // Virtual inputs (`<define:…>`, namespaced paths) are not files.
        let directory = currentDirectory()
        return inputs.keys
            .map { (($0.hasPrefix("/") ? $0 : directory + "/" + $0) as NSString).standardizingPath }
            .filter { fileKind($0) == "file" }
            .sorted()
    }

    func missingEsbuild(_ shown: String) -> BundleError {
        let where_: String
        switch Esbuild.search(environment: environment) {
        case .override(let path): where_ = "esbuild was not found at \(path) (SEARCHLIGHT_ESBUILD)"
        case .path: where_ = "esbuild is not installed (not on PATH)"
        }
        return BundleError(code: BundleError.esbuildMissingCode,
                           message: "\(shown) needs bundling (import/export, TypeScript or JSX) but \(where_); install it with `apt-get install esbuild`")
    }
}
