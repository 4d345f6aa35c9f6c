import Foundation
import JSHost
import SearchIndex
import Synchronization
import XCTest
@testable import SearchOnDevice

/// The module inside a real `JSHost`: its `NativeMethod` bodies called from JS, its
/// constants, and its events through the bridge's own `EventSink` and buffer.
final class HostTests: ModuleTestCase {
    /// A small bootstrap (the host's contract of js/host/NATIVE.md, nothing more):
    /// `NativeModules`, `setTimeout`, `on(module, event, fn)` and a main-file loader.
    static let bootstrap = #"""
    (function bootstrap(native) {
      globalThis.NativeModules = native.nativeModules;
      globalThis.setTimeout = (f, ms) => native.setTimer(f, ms || 0, false);
      const listeners = {};
      native.setEventHandler((module, event, body) => {
        for (const f of listeners[module + '.' + event] || []) f(body);
      });
      globalThis.on = (module, event, f) => {
        (listeners[module + '.' + event] = listeners[module + '.' + event] || []).push(f);
        native.nativeModules[module].addListener(event);
      };
      return {
        runMain(path) {
          const module = { exports: {} };
          native.compileModule(native.readFile(path), path).call(module.exports, module.exports, null, module, path, '');
        },
        runTests() { return Promise.resolve({ passed: 0, failed: 0, skipped: 0 }); },
        formatError(e) { return String(e) + '\n' + ((e && e.stack) || ''); },
        exitCode() { return 0; },
        beforeExit() {},
      };
    })
    """#

    /// Records what the script reports.
    final class Reports: NativeModule {
        let name = "Reports"
        private let values = Mutex<[BridgeValue]>([])
        var all: [BridgeValue] { values.withLock { $0 } }
        var methods: [NativeMethod] {
            [.sync("report") { [unowned self] arguments in
                values.withLock { $0.append(arguments.first ?? .undefined) }
                return .undefined
            }]
        }
    }

    /// Runs `script` in a host with the module and ``Reports``; returns the exit code.
    func run(_ script: String, module: SearchOnDeviceModule, reports: Reports) throws -> Int32 {
        let root = directory + "-js"
        try FileManager.default.createDirectory(atPath: root + "/host", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/modules", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.bootstrap.write(toFile: root + "/host/bootstrap.js", atomically: true, encoding: .utf8)
        try script.write(toFile: root + "/main.js", atomically: true, encoding: .utf8)
        let host = JSHost(configuration: .init(mode: .run(script: root + "/main.js", arguments: []), jsDirectory: root))
        try host.register(module)
        try host.register(reports)
        return host.run()
    }

    func testJSCallsTheModuleAndGetsItsValuesAndCodedErrors() throws {
        let reports = Reports()
        let code = try run("""
            const S = NativeModules.SearchOnDevice, R = NativeModules.Reports;
            R.report(S.getConstants());
            (async () => {
              R.report(await S.indexItems([{ id: 'h1', title: 'Hosted lantern', contentCreationDate: new Date(1769860800000) }]));
              const [item] = await S.getItems(['h1']);
              R.report([item.title, item.contentCreationDate, item.thumbnail]);
              R.report((await S.search('lant')).map((hit) => [hit.id, typeof hit.score]));
              try { await S.indexItems([{ id: 'h2', keywords: 'x' }]); } catch (e) {
                R.report([e instanceof Error, e.code, e.message]);
              }
              R.report(await S.getInitialRequest());
            })();
            """, module: module, reports: reports)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(reports.all, [
            ["appId": .string(Self.appID), "dataDir": .string(directory), "supportedEvents": ["onSearchOnDeviceRequest", "onReindexRequest"]],
            1,
            ["Hosted lantern", 1_769_860_800_000, nil],
            [["h1", "number"]],
            [true, "E_INVALID_ITEM", "items[0].keywords must be an array of strings, got string"],
            nil,
        ])
    }

    func testTheColdStartRequestAndLaterOnesWaitForTheFirstListener() throws {
        let reports = Reports()
        let module = makeModule(initialRequest: .open(id: "cold"))
        module.handle(.continueSearch(text: "warm text"))
        let code = try run("""
            const S = NativeModules.SearchOnDevice, R = NativeModules.Reports;
            setTimeout(async () => {
              const got = [];
              on('SearchOnDevice', 'onSearchOnDeviceRequest', (body) => got.push(body));
              R.report(await S.getInitialRequest());
              setTimeout(() => R.report(got), 0);
            }, 10);
            """, module: module, reports: reports)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(reports.all, [
            ["id": "cold", "query": nil, "timestamp": 0],
            [["id": "cold", "query": nil, "timestamp": 0], ["id": nil, "query": "warm text", "timestamp": 0]],
        ])
    }
}
