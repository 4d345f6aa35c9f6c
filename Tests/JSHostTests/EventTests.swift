import JSHost
import XCTest

/// Events from native to JS: listener counting, dropping, buffering.
final class EventTests: XCTestCase {
    func testEventsReachListenersInOrderAndAreDroppedWithoutThem() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const B = NativeModules.BridgeTest, P = NativeModules.Probe;
            (async () => {
              await B.emit('bridgeTestEvent', { tag: 'unheard' }, 3);
              const got = [];
              on('BridgeTest', 'bridgeTestEvent', (body) => got.push(body.tag + body.index));
              P.report(B.listenerCount());
              await B.emit('bridgeTestEvent', { tag: 'heard' }, 3);
              await B.emit('bridgeTestOther', { tag: 'other' }, 1);
              P.report(got);
              off('BridgeTest', 'bridgeTestEvent');
              P.report(B.listenerCount());
              await B.emit('bridgeTestEvent', { tag: 'after' }, 2);
              P.report(got.length);
              try { B.addListener('noSuchEvent'); } catch (e) { P.report(e.code); }
            })();
            """, modules: [probe, BridgeTestModule()])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [1, ["heard0", "heard1", "heard2"], 0, 3, "E_INVALID_ARGUMENT"])
    }

    func testBufferedEventsAreKeptUpToTheCapAndDeliveredInOrderAfterTheFirstListener() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const B = NativeModules.BufferedBridgeTest, P = NativeModules.Probe;
            (async () => {
              await B.emit('bridgeTestEvent', { tag: 'e' }, 70);
              await B.emit('bridgeTestOther', { tag: 'o' }, 1);
              const got = [];
              on('BufferedBridgeTest', 'bridgeTestEvent', (body) => got.push(body.tag + body.index));
              on('BufferedBridgeTest', 'bridgeTestOther', (body) => got.push(body.tag + body.index));
              P.report(got.length); // nothing delivered during addListener itself
              await B.echo(null);   // a turn of the loop later
              P.report(got);
            })();
            """, modules: [probe, BridgeTestModule(buffered: true)])
        XCTAssertEqual(code, 0)
        let expected: [BridgeValue] = (7..<70).map { .string("e\($0)") } + ["o0"]
        XCTAssertEqual(probe.reports, [0, .array(expected)])
    }

    func testManyEventsFromAnotherThreadAllArrive() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const B = NativeModules.BridgeTest, P = NativeModules.Probe;
            let count = 0, ordered = true;
            on('BridgeTest', 'bridgeTestEvent', (body) => { if (body.index !== count) ordered = false; count++; });
            B.emit('bridgeTestEvent', {}, 50000).then(() => P.report({ count, ordered }));
            """, modules: [probe, BridgeTestModule()])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [["count": 50000, "ordered": true]])
    }
}
