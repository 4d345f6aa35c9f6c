import Foundation
import JSHost
import SearchOnDevice

/// `searchlight test [PATH…]`: runs JS test files with the bridge's test modules and
/// `SearchOnDevice` registered.
///
/// `SearchOnDevice` uses the `--data-dir` given, else a fresh temporary directory that
/// is removed when the run ends, so each run starts from an empty index.
enum TestCommand: Command {
    static let name = "test"
    static let summary = "run JS test files (*.test.js, .ts, .mjs, … under each PATH; default js/test)"
    static let synopsis = "[PATH…]"
    static let options: [OptionSpec] = [
        .flag("window", help: "run the tests in a window's page, against its bridge to the native modules (SPEC §7); needs a display"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let paths = arguments.positionals + arguments.passthrough
        let files = try testFiles(paths.isEmpty ? [defaultTestDirectory()] : paths)
        guard !files.isEmpty else {
            throw CommandFailure("no *.test.js files under \(paths.isEmpty ? defaultTestDirectory() : paths.joined(separator: ", "))")
        }
        let dataDirectory: String
        var temporary: String?
        if arguments.value("data-dir") != nil {
            dataDirectory = context.dataDirectory.path
        } else {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("searchlight-test-\(UUID().uuidString)", isDirectory: true).path
            dataDirectory = directory
            temporary = directory
        }
        defer {
            if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
        }
        if arguments.flag("window") {
            // The window's process removes a temporary data directory when it ends.
            let isTemporary = temporary != nil
            temporary = nil
            try WindowRun.test(files, dataDirectory: dataDirectory, temporary: isTemporary, context: context)
        }
        let host = JSHost(configuration: try ModernJS.bundling(files, into: .init(mode: .test(files: files))))
        try host.register(BridgeTestModule())
        try host.register(BridgeTestModule(buffered: true))
        let searchOnDevice = SearchOnDeviceModule(appID: context.appID, dataDirectory: dataDirectory)
        try host.register(searchOnDevice)
        let status = host.run()
        searchOnDevice.close()
        return status
    }

    /// `js/test` in the working directory when there is one, else the host's own.
    static func defaultTestDirectory() -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "js/test", isDirectory: &isDirectory), isDirectory.boolValue {
            return "js/test"
        }
        return JSHost.defaultJSDirectory() + "/test"
    }

    /// The test files: each file path as given, and every `*.test.js` (or `.ts`, `.mjs`, …) under each
    /// directory; absolute, without duplicates, sorted.
    static func testFiles(_ paths: [String]) throws -> [String] {
        var files = Set<String>()
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw UsageError("no such file or directory '\(path)'")
            }
            guard isDirectory.boolValue else {
                files.insert(absolute)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: absolute) else {
                throw CommandFailure("cannot read the directory '\(path)'")
            }
            while let relative = walker.nextObject() as? String {
                if ModernJS.isTestFile(relative), !relative.split(separator: "/").contains("node_modules") {
                    files.insert(absolute + "/" + relative)
                }
            }
        }
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
