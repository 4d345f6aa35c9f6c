import Foundation

/// Bundles on disk, keyed by the content of every file that went into them.
///
/// Layout under `directory` (`$XDG_CACHE_HOME/searchlight/bundles`, else
/// `~/.cache/searchlight/bundles`):
/// - `KEY.js` and `KEY.js.map`: a bundle and its source map, named by their key (the
///   SHA-256 of the recipe, the esbuild version and every input file's path and bytes,
///   plus the `tsconfig.json` (and the files it `extends`), `jsconfig.json` and
///   `package.json` beside or above each input); never rewritten once there.
/// - `ENTRY.json`: the last bundle of one entry file (ENTRY hashes its path and the
///   recipe): its key, its inputs (from esbuild's metafile) and the esbuild that made it.
///
/// A lookup re-hashes the recorded inputs and compares keys, so checking a cached bundle
/// reads files but never starts esbuild.
struct BundleCache {
    /// The folder holding the bundles.
    let directory: String

    /// What `ENTRY.json` holds.
    struct Record: Equatable {
        var entry: String
        var key: String
        var inputs: [String]
        var esbuildIdentity: String
        var esbuildVersion: String

        init(entry: String, key: String, inputs: [String], esbuildIdentity: String, esbuildVersion: String) {
            self.entry = entry
            self.key = key
            self.inputs = inputs
            self.esbuildIdentity = esbuildIdentity
            self.esbuildVersion = esbuildVersion
        }

        /// The record in a file's text; nil when it is not one.
        init?(jsonText: String) {
            guard let json = JSONArgumentParser.value(of: jsonText),
                  let entry = json["entry"].stringValue, let key = json["key"].stringValue,
                  let inputs = json["inputs"].arrayValue?.compactMap(\.stringValue),
                  inputs.count == json["inputs"].arrayValue?.count,
                  let esbuildIdentity = json["esbuildIdentity"].stringValue,
                  let esbuildVersion = json["esbuildVersion"].stringValue else { return nil }
            self.init(entry: entry, key: key, inputs: inputs, esbuildIdentity: esbuildIdentity, esbuildVersion: esbuildVersion)
        }

        /// The file's text: one JSON object, keys in a fixed order.
        var jsonText: String {
            BridgeValue.object(BridgeObject([
                ("entry", .string(entry)), ("key", .string(key)), ("inputs", .array(inputs.map { .string($0) })),
                ("esbuildIdentity", .string(esbuildIdentity)), ("esbuildVersion", .string(esbuildVersion)),
            ])).jsonText + "\n"
        }
    }

    /// The bundle folder for `environment`: under `$XDG_CACHE_HOME` when set to an
    /// absolute path, else `$HOME/.cache`.
    static func defaultDirectory(environment: [String: String]) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return cache + "/searchlight/bundles"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/searchlight/bundles"
    }

    func recordPath(entry: String, recipe: String) -> String {
        directory + "/" + ContentHash.of(entry + "\u{0}" + recipe) + ".json"
    }

    func bundlePath(key: String) -> String { directory + "/" + key + ".js" }

    /// The cached bundle of `entry` when every input is as it was; nil otherwise.
    ///
    /// `esbuild` is the installed one (nil when it is missing): a bundle made by another
    /// esbuild is stale, while without any esbuild a bundle whose inputs are unchanged
    /// is still used.
    func lookup(entry: String, recipe: String, esbuild: Esbuild?) -> PreparedBundle? {
        guard let data = FileManager.default.contents(atPath: recordPath(entry: entry, recipe: recipe)),
              let record = Record(jsonText: String(decoding: data, as: UTF8.self)),
              record.entry == entry else { return nil }
        if let esbuild, esbuild.identity != record.esbuildIdentity { return nil }
        guard let key = Self.key(recipe: recipe, esbuildVersion: record.esbuildVersion, inputs: record.inputs),
              key == record.key else { return nil }
        let code = bundlePath(key: key)
        guard fileKind(code) == "file", fileKind(code + ".map") == "file" else { return nil }
        return PreparedBundle(entry: entry, code: code, map: code + ".map", fromCache: true, inputs: record.inputs)
    }

    /// Moves esbuild's output (`output` and `output.map`) into the cache under its key
    /// and records it as `entry`'s bundle.
    func store(entry: String, recipe: String, esbuild: Esbuild, esbuildVersion: String,
               inputs: [String], output: String) throws(BundleError) -> PreparedBundle {
        guard let key = Self.key(recipe: recipe, esbuildVersion: esbuildVersion, inputs: inputs) else {
            // An input vanished while bundling: run this bundle, cache nothing.
            return PreparedBundle(entry: entry, code: output, map: output + ".map", fromCache: false, inputs: inputs)
        }
        let code = bundlePath(key: key)
        do {
            try replace(code + ".map", with: output + ".map")
            try replace(code, with: output)
            let record = Record(entry: entry, key: key, inputs: inputs,
                                esbuildIdentity: esbuild.identity, esbuildVersion: esbuildVersion)
            try Data(record.jsonText.utf8).write(to: URL(fileURLWithPath: recordPath(entry: entry, recipe: recipe)), options: .atomic)
        } catch {
            throw BundleError(code: BundleError.cacheCode, message: "cannot write the bundle cache in \(directory): \(error.localizedDescription)")
        }
        return PreparedBundle(entry: entry, code: code, map: code + ".map", fromCache: false, inputs: inputs)
    }

    /// Renames `source` to `target`, replacing it (rename is atomic within the folder).
    private func replace(_ target: String, with source: String) throws {
        guard rename(source, target) == 0 else {
            throw FileError(errno: errno, operation: "rename", path: target).asNSError
        }
    }

    /// The cache key: the recipe, the esbuild version, each input's path and bytes, and
    /// the configuration files esbuild reads beside or above the inputs. Nil when an
    /// input cannot be read.
    static func key(recipe: String, esbuildVersion: String, inputs: [String]) -> String? {
        let hash = ContentHash()
        hash.add(recipe)
        hash.add(esbuildVersion)
        var directories = Set<String>()
        for input in inputs.sorted() {
            guard let data = FileManager.default.contents(atPath: input) else { return nil }
            hash.add(input)
            hash.add([UInt8](data))
            var directory = (input as NSString).deletingLastPathComponent
            while directories.insert(directory).inserted, directory != "/", !directory.isEmpty {
                directory = (directory as NSString).deletingLastPathComponent
            }
        }
        for directory in directories.sorted() {
            for name in ["tsconfig.json", "jsconfig.json", "package.json"] {
                var path: String? = (directory == "/" ? "" : directory) + "/" + name
                // A tsconfig's `extends` chain counts too (at most 8 deep).
                for _ in 0..<8 {
                    guard let current = path, let data = FileManager.default.contents(atPath: current) else { break }
                    hash.add(current)
                    hash.add([UInt8](data))
                    path = name == "package.json" ? nil : extendedConfig(of: current, text: String(decoding: data, as: UTF8.self))
                }
            }
        }
        return hash.hex()
    }

    /// The file a tsconfig's relative `"extends": "…"` names, or nil.
    static func extendedConfig(of config: String, text: String) -> String? {
        guard let match = text.firstMatch(of: /"extends"\s*:\s*"([^"]+)"/) else { return nil }
        let target = String(match.1)
        guard target.hasPrefix(".") || target.hasPrefix("/") else { return nil }
        let directory = (config as NSString).deletingLastPathComponent
        let path = target.hasPrefix("/") ? target : directory + "/" + target
        let resolved = (path as NSString).standardizingPath
        return fileKind(resolved) == "file" || resolved.hasSuffix(".json") ? resolved : resolved + ".json"
    }
}

extension FileError {
    /// This error as Foundation reports file errors, for `localizedDescription`.
    var asNSError: NSError {
        NSError(domain: "searchlight", code: 0, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
