import CJavaScriptCore
import Foundation
import Synchronization

/// Measures the bridge against the raw JavaScriptCore C API, for the benchmark harness.
///
/// Call ``run(calls:events:)`` from a release build; it creates its own JS threads and
/// returns figures per call and per event.
public enum BridgeBenchmark {
    /// What one run measured.
    public struct Report: Sendable, CustomStringConvertible {
        // Call figures are CPU time of the JS thread.

        /// Nanoseconds per call of an empty JS function (the loop's own cost).
        public var jsFunctionNanoseconds: Double
        /// Nanoseconds per call of a no-op `JSObjectMakeFunctionWithCallback` function.
        public var rawCallbackNanoseconds: Double
        /// Nanoseconds per call of a no-op host function: the trampoline and table lookup
        /// every native function goes through, without the bridge's conversions.
        public var hostFunctionNanoseconds: Double
        /// Nanoseconds per call of `BridgeTest.noop()`, a no-op sync native method.
        public var bridgeNoopNanoseconds: Double
        /// Nanoseconds per call of `BridgeTest.echoSync({a: 1, b: 'x'})`.
        public var bridgeEchoNanoseconds: Double
        /// Events per second from a background thread into a JS listener (wall clock).
        public var eventsPerSecond: Double
        /// Events per second of the JS thread's CPU time: the rate the JS thread can
        /// take on a machine where the sender has a core of its own.
        public var eventsPerJSThreadSecond: Double = 0

        /// Bridge no-op cost over raw callback cost (the goal is ≤ 2).
        public var noopRatio: Double { bridgeNoopNanoseconds / rawCallbackNanoseconds }

        public var description: String {
            func format(_ value: Double) -> String { String(format: "%.1f", value) }
            return """
                empty JS function call      \(format(jsFunctionNanoseconds)) ns
                raw C-API callback          \(format(rawCallbackNanoseconds)) ns
                host function no-op         \(format(hostFunctionNanoseconds)) ns
                bridge no-op sync call      \(format(bridgeNoopNanoseconds)) ns  (\(String(format: "%.2f", noopRatio))× raw)
                bridge echoSync({a,b})      \(format(bridgeEchoNanoseconds)) ns
                events into a JS listener   \(format(eventsPerSecond / 1000)) k/s wall clock, \(format(eventsPerJSThreadSecond / 1000)) k/s of JS-thread CPU
                """
        }
    }

    /// Runs the measurements: `calls` calls of each kind (best of 7 interleaved rounds) and
    /// `events` events.
    public static func run(calls: Int = 1_000_000, events: Int = 500_000) -> Report {
        var report = measureCalls(calls)
        (report.eventsPerSecond, report.eventsPerJSThreadSecond) = measureEvents(events)
        return report
    }

    private static func measureCalls(_ calls: Int) -> Report {
        let result = Mutex<Report?>(nil)
        let thread = Thread {
            let host = JSHost(configuration: .init(mode: .run(script: "", arguments: []), jsDirectory: "/nonexistent"))
            let runtime = JSRuntime(host: host, modules: [BridgeTestModule()])
            let report = runtime.withoutLoop { () -> Report in
                let ctx = runtime.ctx
                let global = JSContextGetGlobalObject(ctx)!
                let modules = runtime.makeNativeModulesObject()
                setProperty(ctx, global, "nativeModules", modules)
                let raw = withJSString("rawNoop") { name in
                    JSObjectMakeFunctionWithCallback(ctx, name) { ctx, _, _, _, _, _ in JSValueMakeUndefined(ctx) }
                }
                setProperty(ctx, global, "rawNoop", raw)
                setProperty(ctx, global, "hostNoop", runtime.makeFunction("hostNoop") { _, _ in nil })
                var exception: JSValueRef?
                let source = """
                    ({
                      empty: (n) => { const f = function () {}; for (let i = 0; i < n; i++) f(); },
                      raw: (n) => { const f = rawNoop; for (let i = 0; i < n; i++) f(); },
                      host: (n) => { const f = hostNoop; for (let i = 0; i < n; i++) f(); },
                      noop: (n) => { const B = nativeModules.BridgeTest; for (let i = 0; i < n; i++) B.noop(); },
                      echo: (n) => { const B = nativeModules.BridgeTest, v = { a: 1, b: 'x' }; for (let i = 0; i < n; i++) B.echoSync(v); },
                    })
                    """
                let loops = JSValueToObject(ctx, evaluateJS(ctx, source, url: "benchmark.js", exception: &exception), nil)!
                // CPU time of this thread, not wall time, so other processes on a shared
                // machine do not count; rounds interleave the kinds and each kind keeps
                // its fastest round.
                let kinds = [("empty", calls), ("raw", calls), ("host", calls), ("noop", calls), ("echo", calls / 4)]
                var fastest = [Double](repeating: .infinity, count: kinds.count)
                for _ in 0..<7 {
                    for (index, (name, count)) in kinds.enumerated() {
                        let function = JSValueToObject(ctx, property(ctx, loops, name), nil)!
                        let start = threadCPUNanoseconds()
                        _ = runtime.call(function, [JSValueMakeNumber(ctx, Double(count))])
                        fastest[index] = min(fastest[index], (threadCPUNanoseconds() - start) / Double(count))
                    }
                }
                return Report(jsFunctionNanoseconds: fastest[0], rawCallbackNanoseconds: fastest[1],
                              hostFunctionNanoseconds: fastest[2],
                              bridgeNoopNanoseconds: fastest[3], bridgeEchoNanoseconds: fastest[4],
                              eventsPerSecond: 0)
            }
            result.withLock { $0 = report }
        }
        thread.stackSize = 16 << 20
        thread.start()
        while result.withLock({ $0 == nil }) { usleep(10_000) }
        return result.withLock { $0! }
    }

    /// Runs a host whose bootstrap listens to `BridgeTest` events and times `count`
    /// of them, sent from a background queue, until the last has been handled.
    private static func measureEvents(_ count: Int) -> (wall: Double, cpu: Double) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("searchlight-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bootstrap = """
            (function bootstrap(native) {
              const B = native.nativeModules.BridgeTest, R = native.nativeModules.BenchmarkResult;
              let received = 0;
              native.setEventHandler((module, name, body) => { received++; });
              return {
                runMain() {
                  B.addListener('bridgeTestEvent');
                  const start = native.now(), cpu = R.cpu();
                  B.emit('bridgeTestEvent', { id: 'item', score: 1 }, \(count)).then(() => {
                    if (received !== \(count)) return R.report(-received, 0);
                    R.report(\(count) / ((native.now() - start) / 1000), \(count) / ((R.cpu() - cpu) / 1e9));
                  });
                },
                formatError(e) { return String(e) + '\\n' + (e && e.stack); },
                exitCode() { return 0; },
                beforeExit() {},
              };
            })
            """
        do {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("host"), withIntermediateDirectories: true)
            try bootstrap.write(to: directory.appendingPathComponent("host/bootstrap.js"), atomically: true, encoding: .utf8)
        } catch {
            return (0, 0)
        }
        let host = JSHost(configuration: .init(mode: .run(script: directory.path + "/none.js", arguments: []), jsDirectory: directory.path))
        let result = ResultModule()
        try? host.register(BridgeTestModule())
        try? host.register(result)
        _ = host.run()
        return result.value.withLock { $0 }
    }

    /// Receives the JS side's figure.
    private final class ResultModule: NativeModule {
        let name = "BenchmarkResult"
        let value = Mutex<(wall: Double, cpu: Double)>((0, 0))
        var methods: [NativeMethod] {
            [
                .sync("report") { [unowned self] args in
                    self.value.withLock { $0 = (args.first?.numberValue ?? 0, args.count > 1 ? args[1].numberValue ?? 0 : 0) }
                    return .undefined
                },
                .sync("cpu") { _ in .number(threadCPUNanoseconds()) },
            ]
        }
    }
}

/// CPU time the calling thread has used, in nanoseconds.
private func threadCPUNanoseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
}
