import JSHost
import XCTest

/// Hostile values from JS at the bridge: each crosses intact or is refused with a
/// coded error naming its path, and the host keeps running afterwards.
final class HostileValueTests: XCTestCase {
    /// Runs `script` with a ``Probe``; every `attempt(v)` reports either what crossed
    /// (`{crossed: summary}`) or the error (`{code, message}`).
    private func attempts(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> [BridgeValue] {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const P = NativeModules.Probe;
            function attempt(value) {
              try { P.report(value); }
              catch (e) { P.report({ code: e.code, message: e.message }); }
            }
            \(script)
            P.report('alive');
            """, modules: [probe])
        XCTAssertEqual(code, 0, file: file, line: line)
        var reports = probe.reports
        XCTAssertEqual(reports.last, "alive", "the host stopped early: \(reports.suffix(2))", file: file, line: line)
        if !reports.isEmpty { reports.removeLast() }
        return reports
    }

    private func assertRefused(_ value: BridgeValue?, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(value, ["code": "E_INVALID_ARGUMENT", "message": .string(message)], file: file, line: line)
    }

    func testLargeStringsAndArraysCrossIntact() throws {
        let reports = try attempts("""
            attempt('x'.repeat(10 * 1024 * 1024));
            attempt(new Array(1000000).fill(7));
            attempt(Array.from({ length: 1000000 }, (_, i) => i));
            """)
        XCTAssertEqual(reports.count, 3)
        XCTAssertEqual(reports.first?.stringValue?.utf8.count, 10 * 1024 * 1024)
        XCTAssertEqual(reports.dropFirst().first?.arrayValue?.count, 1_000_000)
        XCTAssertEqual(reports.dropFirst().first?.arrayValue?.last, 7)
        XCTAssertEqual(reports.last?.arrayValue?.last, 999_999)
    }

    func testHugeSparseArraysAndLyingLengthsAreRefused() throws {
        // A sparse array's length costs nothing in JS but would make the converter
        // allocate and walk every slot; a Proxy can report any length at all.
        let reports = try attempts("""
            attempt(new Array(2 ** 32 - 1));
            attempt([1, 2, new Array(50000000)]);
            attempt(new Proxy([], { get: (t, k) => k === 'length' ? NaN : undefined }));
            attempt(new Proxy([], { get: (t, k) => k === 'length' ? -1 : undefined }));
            attempt(new Proxy([], { get: (t, k) => k === 'length' ? 1e300 : undefined }));
            attempt(new Proxy([1, 2], {}));
            """)
        guard reports.count == 6 else { return XCTFail("\(reports)") }
        assertRefused(reports[0], "args[0]: arrays longer than 4194304 elements cannot cross the bridge (length 4294967295)")
        assertRefused(reports[1], "args[0][2]: arrays longer than 4194304 elements cannot cross the bridge (length 50000000)")
        // Proxies cross as plain objects with their own enumerable keys, whatever
        // their traps claim the length is.
        XCTAssertEqual(reports[2], .object([:]))
        XCTAssertEqual(reports[3], .object([:]))
        XCTAssertEqual(reports[4], .object([:]))
        XCTAssertEqual(reports[5], ["0": 1, "1": 2])
    }

    func testDeepCyclicAndExoticValuesAreRefusedWithTheirPath() throws {
        let reports = try attempts("""
            let deep = {}; for (let i = 0; i < 100000; i++) deep = { d: deep };
            attempt(deep);
            const a = { list: [] }; a.list.push({ back: a });
            attempt(a);
            attempt({ s: Symbol.iterator });
            attempt({ big: 2n ** 64n });
            attempt({ f: class K {} });
            attempt({ get boom() { throw new Error('getter'); } });
            attempt(new Proxy({}, { ownKeys() { throw new Error('trap'); } }));
            attempt({ inner: new Proxy({ a: 1 }, { getOwnPropertyDescriptor() { throw new Error('trap2'); } }) });
            attempt(JSON.parse('{"__proto__": {"polluted": true}, "x": 1}'));
            attempt({ ['\\u0000key']: 'nul\\u0000value' });
            attempt('\\uDC00 first');
            attempt('last \\uD83D');
            attempt({ ok: 1, ['k\\uDC00'] : 1 });
            """)
        guard reports.count == 13 else { return XCTFail("\(reports)") }
        assertRefused(reports[0], "args[0]" + String(repeating: ".d", count: 100) + ": nesting deeper than 100 levels cannot cross the bridge")
        assertRefused(reports[1], "args[0].list[0].back: cyclic structures cannot cross the bridge")
        assertRefused(reports[2], "args[0].s: symbols cannot cross the bridge")
        assertRefused(reports[3], "args[0].big: BigInts cannot cross the bridge")
        assertRefused(reports[4], "args[0].f: functions cannot cross the bridge")
        assertRefused(reports[5], "args[0].boom: reading it threw Error: getter")
        assertRefused(reports[6], "args[0]: listing its keys threw Error: trap")
        assertRefused(reports[7], "args[0].inner: listing its keys threw Error: trap2")
        // An own `__proto__` key is data, kept as a key; nothing is polluted.
        let proto: [(String, BridgeValue)] = [("__proto__", ["polluted": true]), ("x", 1)]
        XCTAssertEqual(reports[8], .object(BridgeObject(proto)))
        let nul: [(String, BridgeValue)] = [("\u{0}key", "nul\u{0}value")]
        XCTAssertEqual(reports[9], .object(BridgeObject(nul)))
        assertRefused(reports[10], "args[0]: strings with a lone surrogate (U+DC00 at index 0) cannot cross the bridge")
        assertRefused(reports[11], "args[0]: strings with a lone surrogate (U+D83D at index 5) cannot cross the bridge")
        // A key is refused like a string value rather than turned into U+FFFD.
        assertRefused(reports[12], "args[0]: keys with a lone surrogate (U+DC00 at index 1) cannot cross the bridge")
    }

    func testProtoKeysFromSwiftStayDataInJS() throws {
        let js = try TemporaryJS()
        let members: [(String, BridgeValue)] = [("__proto__", ["polluted": true]), ("constructor", "c"), ("x", 1)]
        let hostile = BridgeValue.object(BridgeObject(members))
        let probe = Probe(values: ["hostile": hostile])
        let code = try js.run("""
            const P = NativeModules.Probe;
            const o = P.give('hostile');
            P.report([Object.getPrototypeOf(o) === Object.prototype, o.polluted === undefined,
                      Object.keys(o).join(','), ({}).polluted === undefined,
                      JSON.stringify(Object.getOwnPropertyDescriptor(o, '__proto__') && o['__proto__'])]);
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [[true, true, "__proto__,constructor,x", true, #"{"polluted":true}"#]])
    }
}
