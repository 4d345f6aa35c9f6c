import Foundation
import SearchIndex
import TestSupport
import XCTest

/// A damaged index file under `searchlight run`: the app starts, is told through
/// `onReindexRequest` `{ids: null, reason}` and can index again; nothing crashes.
final class ReindexOnDamageTests: XCTestCase {
    var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "reindex-damage-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The app: asks for its client state as apps do at launch (the module opens the
    /// index on the first call), prints the reindex request it gets (or `no event` after
    /// 5 s), indexes one item and prints what the index holds.
    static let app = #"""
    const { NativeModules, NativeEventEmitter } = require('react-native');
    const S = NativeModules.SearchOnDevice;
    const timer = setTimeout(() => { console.log('no event'); sub.remove(); }, 5000);
    const sub = new NativeEventEmitter(S).addListener('onReindexRequest', async (body) => {
      clearTimeout(timer);
      sub.remove();
      console.log(JSON.stringify(body));
      await S.indexItems([{ id: 'again', title: 'Indexed again' }]);
      console.log(JSON.stringify((await S.search('indexed')).map((h) => h.id)));
    });
    // What an app does at launch: ask where its last indexing run got to.
    S.fetchLastClientState().then((state) => console.log('state ' + JSON.stringify(state)));
    """#

    private func runApp(dataDirectory: String, callsAtLaunch: Bool = true) throws -> (status: Int32, output: [String], errors: String) {
        guard let binary = BuiltSearchlight.url else { throw XCTSkip(BuiltSearchlight.missing) }
        let script = root + "/app.js"
        // Without the launch call the app only listens: the module must still open an
        // existing index at start and report the damage.
        let source = callsAtLaunch ? Self.app : Self.app.replacingOccurrences(of: "S.fetchLastClientState()", with: "Promise.resolve('not asked')")
        try source.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", script, "--data-dir", dataDirectory]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, lines, String(decoding: err, as: UTF8.self))
    }

    /// Fills an index in `directory` and closes it.
    private func fill(_ directory: String) throws {
        let index = try SearchableIndex(directory: directory, defaultDomain: "org.example.app")
        try index.indexItems((0..<2000).map {
            SearchableItem(id: "n\($0)", attributes: SearchableItemAttributeSet(title: "Note \($0)", textContent: String(repeating: "body \($0) ", count: 20)))
        })
    }

    func testATruncatedIndexFileIsReportedToJSAndTheAppIndexesAgain() throws {
        let data = root + "/data"
        try fill(data)
        let path = data + "/index.sqlite3"
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(truncate(path, info.st_size / 3), 0)

        let run = try runApp(dataDirectory: data)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(Set(run.output), ["state null", #"{"ids":null,"reason":"corrupt"}"#, #"["again"]"#], run.errors)
        let names = try FileManager.default.contentsOfDirectory(atPath: data)
        XCTAssertTrue(names.contains { $0.hasPrefix("index.sqlite3.corrupt-") }, "\(names)")
    }

    func testAnAppThatOnlyListensHearsOfADamagedIndex() throws {
        let data = root + "/data"
        try fill(data)
        let path = data + "/index.sqlite3"
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(truncate(path, info.st_size / 3), 0)

        let run = try runApp(dataDirectory: data, callsAtLaunch: false)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(Set(run.output), [#"state "not asked""#, #"{"ids":null,"reason":"corrupt"}"#, #"["again"]"#], run.errors)
    }

    func testAnIntactIndexSendsNoReindexRequest() throws {
        let data = root + "/data"
        try fill(data)
        let run = try runApp(dataDirectory: data)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, ["state null", "no event"], run.errors)
    }
}
