import XCTest

/// Values crossing the bridge stay intact while JSC collects garbage all the time.
final class GarbageCollectionTests: XCTestCase {
    func testConversionsAndEventsSurviveConstantCollection() throws {
        let js = try TemporaryJS()
        try js.write("gc/stress.test.js", """
            const B = NativeModules.BridgeTest;
            let received = 0;
            on('BridgeTest', 'bridgeTestEvent', (body) => {
              if (body.nested.list.join() !== '1,2,3' || body.nested.text !== 'y'.repeat(50)) throw new Error('event corrupted');
              received++;
            });
            (async () => {
              for (let i = 0; i < 200; i++) {
                const value = { a: [1, 2, { b: 'x'.repeat(100) }], when: new Date(i), bytes: new Uint8Array([i & 255, 7]) };
                const back = i % 2 ? await B.echo(value) : B.echoSync(value);
                if (back.a[2].b !== 'x'.repeat(100) || back.when.getTime() !== i || back.bytes[0] !== (i & 255)) {
                  throw new Error('value corrupted at ' + i);
                }
                const garbage = []; for (let j = 0; j < 100; j++) garbage.push({ j, s: 'g' + j });
              }
              await B.emit('bridgeTestEvent', { nested: { list: [1, 2, 3], text: 'y'.repeat(50) } }, 2000);
              console.log('received ' + received);
            })();
            """)
        // JSC reads its options from the environment: collect after every few allocations.
        let result = try runSearchlight(["test", "gc"], js: js, environment: [
            "JSC_collectContinuously": "true", "JSC_slowPathAllocsBetweenGCs": "10",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasSuffix("1 passed, 0 failed\nreceived 2000\n"), result.standardOutput + result.standardError)
    }
}
