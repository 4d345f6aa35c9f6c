import Foundation
import JSHost
import Synchronization
import TestSupport
import XCTest

/// A stand-in for js/host/bootstrap.js, small enough to read in a test: globals for
/// timers and console, `NativeModules`, `on(module, event, fn)`/`off(module)` for
/// events, and a CommonJS-less loader that runs the main file through compileModule.
let testBootstrap = #"""
(function bootstrap(native) {
  const process = { exitCode: undefined, argv: native.argv,
    exit(code) { native.exit(code === undefined ? (process.exitCode || 0) : code); throw { hostExit: true }; } };
  globalThis.process = process;
  globalThis.native = native;
  globalThis.console = {
    log: (...a) => native.print(1, a.map(String).join(' ') + '\n'),
    error: (...a) => native.print(2, a.map(String).join(' ') + '\n'),
  };
  globalThis.setTimeout = (f, ms) => native.setTimer(f, ms || 0, false);
  globalThis.setInterval = (f, ms) => native.setTimer(f, ms || 0, true);
  globalThis.clearTimeout = globalThis.clearInterval = (id) => native.clearTimer(id);
  globalThis.setImmediate = (f) => native.setImmediate(f);
  globalThis.NativeModules = native.nativeModules;
  const listeners = {};
  native.setEventHandler((module, event, body) => {
    for (const f of listeners[module + '.' + event] || []) f(body);
  });
  globalThis.on = (module, event, f) => {
    native.nativeModules[module].addListener(event);
    (listeners[module + '.' + event] = listeners[module + '.' + event] || []).push(f);
  };
  globalThis.off = (module, event) => {
    const list = listeners[module + '.' + event] || [];
    native.nativeModules[module].removeListeners(list.length);
    delete listeners[module + '.' + event];
  };
  function load(path) {
    const module = { exports: {} };
    const dirname = path.replace(/\/[^/]*$/, '');
    native.compileModule(native.readFile(path), path).call(module.exports, module.exports, load, module, path, dirname);
    return module.exports;
  }
  return {
    runMain(path) { load(path); },
    runTests(paths) {
      let passed = 0, failed = 0;
      for (const path of paths) {
        try { load(path); passed++; native.print(1, 'ok ' + path + '\n'); }
        catch (e) { failed++; native.print(1, 'not ok ' + path + ': ' + e + '\n'); }
      }
      native.print(1, passed + ' passed, ' + failed + ' failed\n');
      return Promise.resolve({ passed, failed, skipped: 0 });
    },
    formatError(e) {
      if (e && e.hostExit) return '';
      const where = e && e.sourceURL ? e.sourceURL + ':' + e.line + ':' + e.column + ' ' : '';
      return where + String(e) + '\n' + ((e && e.stack) || '');
    },
    exitCode() { return process.exitCode || 0; },
    beforeExit(code) {},
  };
})
"""#

/// A native module the test scripts report to: `report(value)` records a value,
/// `give(name)` returns one of ``values``.
final class Probe: NativeModule {
    let name = "Probe"
    private let received = Mutex<[BridgeValue]>([])
    let values: [String: BridgeValue]

    init(values: [String: BridgeValue] = [:]) {
        self.values = values
    }

    var reports: [BridgeValue] { received.withLock { $0 } }

    /// Records a value from Swift, as `report` does from JS.
    func record(_ value: BridgeValue) {
        received.withLock { $0.append(value) }
    }

    var methods: [NativeMethod] {
        [
            .sync("report") { [unowned self] args in
                self.record(args.first ?? .undefined)
                return .undefined
            },
            .sync("give") { [values] args in
                values[args.first?.stringValue ?? ""] ?? .undefined
            },
            // The same values through a promise settled on another thread: `later`
            // resolves with the value, `laterWritten` with a ``BridgeWritable`` that
            // writes it (the path of search hits).
            .promise("later") { [values] args, promise in
                let value = values[args.first?.stringValue ?? ""] ?? .undefined
                DispatchQueue.global().async { promise.resolve(value) }
            },
            .promise("laterWritten") { [values] args, promise in
                let value = values[args.first?.stringValue ?? ""] ?? .undefined
                DispatchQueue.global().async { promise.resolve(writing: Written(value: value)) }
            },
        ]
    }

    /// A value that writes itself (not a ``BridgeValue``, so the promise writes it
    /// through the sink).
    struct Written: BridgeWritable {
        let value: BridgeValue
        func write<Sink: BridgeValueSink>(to sink: inout Sink) { value.write(to: &sink) }
    }
}

/// A temporary JS directory holding ``testBootstrap`` as host/bootstrap.js.
final class TemporaryJS {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("jshost-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("host"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("modules"), withIntermediateDirectories: true)
        try testBootstrap.write(to: root.appendingPathComponent("host/bootstrap.js"), atomically: true, encoding: .utf8)
    }

    /// Writes `source` to `name` under the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ source: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `script` in an in-process host with `modules`; returns the exit code.
    func run(_ script: String, modules: [any NativeModule] = [], configure: (JSHost) -> Void = { _ in }) throws -> Int32 {
        let path = try write("main-\(UUID().uuidString).js", script)
        let host = JSHost(configuration: .init(mode: .run(script: path, arguments: []), jsDirectory: root.path))
        for module in modules { try host.register(module) }
        configure(host)
        return host.run()
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}

/// The result of running the built `searchlight` binary.
struct ProcessResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

/// Runs `.build/<config>/searchlight` (built beside this test bundle by
/// `swift build --build-tests`) with `arguments`, using `js` as its JS directory;
/// a run longer than 60 s is terminated (status 15).
func runSearchlight(_ arguments: [String], js: TemporaryJS, environment extra: [String: String] = [:],
                    file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
    guard let binary = BuiltSearchlight.url else {
        XCTFail(BuiltSearchlight.missing, file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SEARCHLIGHT_JS_DIR"] = js.root.path
    environment.merge(extra) { $1 }
    process.environment = environment
    process.currentDirectoryURL = js.root
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // A host that never ends fails its test instead of hanging the suite.
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus,
                         standardOutput: String(decoding: outputData, as: UTF8.self),
                         standardError: String(decoding: errorData, as: UTF8.self))
}
