import JSHost
import XCTest

/// Sync calls, promises and the errors they carry, through the real `BridgeTest` module.
final class BridgeCallTests: XCTestCase {
    func testSyncCallsReturnAndThrowCodedErrors() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const B = NativeModules.BridgeTest, P = NativeModules.Probe;
            P.report(B.noop() === undefined);
            P.report(B.echoSync({ a: [1, 'x'] }));
            P.report(B.getConstants());
            try { B.failSync('E_TEST', 'it failed'); P.report('no throw'); }
            catch (e) { P.report({ code: e.code, message: e.message, isError: e instanceof Error }); }
            try { B.delay('soon').catch((e) => P.report('rejected ' + e.code)); P.report('no throw'); }
            catch (e) { P.report('threw ' + e.message); }
            """, modules: [probe, BridgeTestModule()])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [
            true,
            ["a": [1, "x"]],
            ["answer": 42],
            ["code": "E_TEST", "message": "it failed", "isError": true],
            // A promise method answers bad arguments with a rejection, not a throw.
            "no throw",
            "rejected E_INVALID_ARGUMENT",
        ])
    }

    func testPromisesResolveAndRejectFromAnotherThread() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const B = NativeModules.BridgeTest, P = NativeModules.Probe;
            (async () => {
              P.report(await B.echo({ list: [1, 2], when: new Date(5) }));
              P.report(await B.delay(30, 'late'));
              try { await B.fail('E_NOPE', 'rejected on purpose'); P.report('resolved'); }
              catch (e) { P.report({ code: e.code, message: e.message, isError: e instanceof Error }); }
              try { await B.delay(-1); P.report('resolved'); }
              catch (e) { P.report({ code: e.code, message: e.message }); }
              const order = [];
              await Promise.all([B.delay(40).then(() => order.push('slow')), B.delay(1).then(() => order.push('fast'))]);
              P.report(order);
            })();
            """, modules: [probe, BridgeTestModule()])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [
            ["list": [1, 2], "when": .date(5)],
            "late",
            ["code": "E_NOPE", "message": "rejected on purpose", "isError": true],
            ["code": "E_INVALID_ARGUMENT", "message": "args[0]: must be a number of milliseconds ≥ 0, got -1.0"],
            ["fast", "slow"],
        ])
    }

    func testAPromiseDroppedUnsettledRejects() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        final class Forgetful: NativeModule {
            let name = "Forgetful"
            var methods: [NativeMethod] { [.promise("forget") { _, _ in }] }
        }
        let code = try js.run("""
            NativeModules.Forgetful.forget().then(
              () => NativeModules.Probe.report('resolved'),
              (e) => NativeModules.Probe.report(e.code + ': ' + e.message));
            """, modules: [probe, Forgetful()])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, ["E_NATIVE_UNSETTLED: Forgetful.forget finished without settling its promise"])
    }

    func testRegisteringTwiceIsRefused() throws {
        let host = JSHost(configuration: .init(mode: .run(script: "/nonexistent.js", arguments: [])))
        try host.register(BridgeTestModule())
        XCTAssertThrowsError(try host.register(BridgeTestModule())) { error in
            XCTAssertEqual(error as? NativeError, NativeError(code: "E_INVALID_ARGUMENT", message: "module BridgeTest is registered twice"))
        }
    }
}
