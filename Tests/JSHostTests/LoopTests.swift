import CGLib
import Dispatch
import JSHost
import XCTest

/// Timers, immediates and what keeps the JS thread's loop alive.
final class LoopTests: XCTestCase {
    func testTimersRunInDeadlineThenCreationOrderAndImmediatesFirst() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            // Created in deadline order, so the expected order holds however slowly
            // this script runs on a loaded machine; equal deadlines keep creation order.
            const order = [];
            native.setTimer(() => order.push('huge delay is 1 ms'), 2 ** 31, false);
            setTimeout(() => order.push('t0'), 0);
            for (let i = 0; i < 5; i++) setTimeout(() => order.push('t5-' + i), 5);
            setTimeout(() => order.push('t20'), 20);
            setImmediate(() => order.push('immediate'));
            Promise.resolve().then(() => order.push('microtask'));
            const cancelled = setTimeout(() => order.push('cancelled'), 1);
            clearTimeout(cancelled);
            let ticks = 0;
            const interval = setInterval(() => { order.push('tick'); if (++ticks === 3) clearInterval(interval); }, 2);
            setTimeout(() => NativeModules.Probe.report(order), 60);
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        guard case .array(let order)? = probe.reports.first else { return XCTFail("no report") }
        let withoutTicks = order.filter { $0 != "tick" }
        XCTAssertEqual(withoutTicks, ["microtask", "immediate", "huge delay is 1 ms", "t0", "t5-0", "t5-1", "t5-2", "t5-3", "t5-4", "t20"])
        XCTAssertEqual(order.filter { $0 == "tick" }.count, 3)
    }

    func testAnUnrefdTimerDoesNotKeepTheProcessAlive() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let start = DispatchTime.now()
        let code = try js.run("""
            const id = setTimeout(() => NativeModules.Probe.report('fired'), 5000);
            native.setTimerRef(id, false);
            setTimeout(() => NativeModules.Probe.report('short'), 1);
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, ["short"])
        // Ending at all (rather than after the 5 s timer) is the behaviour under test.
        XCTAssertLessThan(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9, 4.5)
    }

    func testPostsFromOtherThreadsRunOnTheJSThreadAndServicesKeepTheHostAlive() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            NativeModules.Probe.report('main done');
            """, modules: [probe]) { host in
            host.retainService()
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                for index in 0..<100 {
                    host.post { _ = index }
                }
                host.post {
                    // Runs on the JS thread: the loop's context is the thread default.
                    let isDefault = g_main_context_get_thread_default() == host.mainContext.pointer
                    probe.record(isDefault ? "posted on the JS thread" : "posted elsewhere")
                }
                host.releaseService()
            }
        }
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, ["main done", "posted on the JS thread"])
    }

    func testExitStopsAfterTheCurrentCallback() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            setTimeout(() => NativeModules.Probe.report('never'), 10);
            setImmediate(() => { NativeModules.Probe.report('before exit'); native.exit(7); NativeModules.Probe.report('same callback'); });
            """, modules: [probe])
        XCTAssertEqual(code, 7)
        XCTAssertEqual(probe.reports, ["before exit", "same callback"])
    }
}
