import Foundation
import TestSupport
import XCTest

/// `searchlight run` and `searchlight test` with the module registered: the data
/// directory, the app id, the cold-start request, and a fresh index per test run.
final class CommandTests: XCTestCase {
    /// A bootstrap with `print`, `NativeModules` and a loader for main and test files.
    static let bootstrap = #"""
    (function bootstrap(native) {
      globalThis.NativeModules = native.nativeModules;
      globalThis.print = (value) => native.print(1, JSON.stringify(value) + '\n');
      const load = (path) => {
        const module = { exports: {} };
        native.compileModule(native.readFile(path), path).call(module.exports, module.exports, null, module, path, '');
        return module.exports;
      };
      return {
        runMain(path) { load(path); },
        async runTests(paths) {
          for (const path of paths) await load(path).run();
          native.print(1, paths.length + ' passed, 0 failed\n');
          return { passed: paths.length, failed: 0, skipped: 0 };
        },
        formatError(e) { return String(e) + '\n' + ((e && e.stack) || ''); },
        exitCode() { return 0; },
        beforeExit() {},
      };
    })
    """#

    var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "searchondevice-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/js/host", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/js/modules", withIntermediateDirectories: true)
        try Self.bootstrap.write(toFile: root + "/js/host/bootstrap.js", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs the `searchlight` built beside the test bundle; returns its exit code and stdout lines.
    func searchlight(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, lines: [String], errors: String) {
        guard let binary = BuiltSearchlight.url else { throw XCTSkip(BuiltSearchlight.missing) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SEARCHLIGHT_JS_DIR"] = root + "/js"
        environment["XDG_DATA_HOME"] = root + "/xdg"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: outputData, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, lines, String(decoding: errorData, as: UTF8.self))
    }

    func write(_ name: String, _ source: String) throws -> String {
        let path = root + "/" + name
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testRunOpensTheIndexInTheDataDirectoryAndPassesTheColdStart() throws {
        let script = try write("app.js", """
            const S = NativeModules.SearchOnDevice;
            print(S.getConstants());
            (async () => {
              print(await S.getInitialRequest());
              print(await S.getItems(['kept']).then((items) => items[0] && items[0].domain));
              await S.indexItem({ id: 'kept', title: 'Kept between runs' });
            })();
            """)
        let data = root + "/data"
        let first = try searchlight(["run", "--app-id", "org.example.Cli", "--data-dir", data, "--activate", "item-7", script])
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertEqual(first.lines, [
            #"{"appId":"org.example.Cli","dataDir":"\#(data)","supportedEvents":["onSearchOnDeviceRequest","onReindexRequest"]}"#,
            #"{"id":"item-7","query":null,"timestamp":0}"#,
            "null",
        ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: data + "/index.sqlite3"))
        let second = try searchlight(["run", "--app-id", "org.example.Cli", "--data-dir", data, "--continue", "kept text", script])
        XCTAssertEqual(second.status, 0, second.errors)
        XCTAssertEqual(Array(second.lines.dropFirst()), [#"{"id":null,"query":"kept text","timestamp":0}"#, #""org.example.Cli""#])
    }

    func testRunDefaultsToTheXDGDataDirectoryAndCreatesNothingUnused() throws {
        let script = try write("constants.js", "print(NativeModules.SearchOnDevice.getConstants().dataDir);")
        let result = try searchlight(["run", "--app-id", "org.example.Quiet", script])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.lines, [#""\#(root!)/xdg/searchlight/org.example.Quiet""#])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/xdg"), "a script that never uses the index creates no files")
    }

    func testEachTestRunStartsFromAFreshTemporaryIndexUnlessGivenADataDirectory() throws {
        let testFile = try write("index.test.js", """
            exports.run = async () => {
              const S = NativeModules.SearchOnDevice;
              print([await S.getItems(['t']).then((items) => items[0] !== null), S.getConstants().dataDir]);
              await S.indexItem({ id: 't' });
            };
            """)
        let first = try searchlight(["test", testFile])
        let second = try searchlight(["test", testFile])
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertEqual(second.status, 0, second.errors)
        let firstDir = try XCTUnwrap(first.lines.first)
        XCTAssertTrue(firstDir.hasPrefix("[false,"), firstDir)
        XCTAssertTrue(try XCTUnwrap(second.lines.first).hasPrefix("[false,"), "the second run does not see the first one's item")
        XCTAssertNotEqual(first.lines.first, second.lines.first, "each run has its own directory")
        let path = String(firstDir.dropFirst("[false,\"".count).dropLast(2))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the temporary index is removed: \(path)")

        let data = root + "/kept"
        _ = try searchlight(["test", "--data-dir", data, testFile])
        let again = try searchlight(["test", "--data-dir", data, testFile])
        XCTAssertEqual(again.lines.first, #"[true,"\#(data)"]"#)
    }
}
