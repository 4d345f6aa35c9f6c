import JSHost
import XCTest

/// Values crossing the bridge both ways, and the values that may not cross.
final class ValueConversionTests: XCTestCase {
    func testJSValuesArriveInSwift() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const r = (v) => NativeModules.Probe.report(v);
            r(null); r(undefined); r(true); r(-1.5); r('héllo 😀 日本');
            r([1, 'a', [null]]);
            r({ b: 1, a: { c: 'x' }, 2: 'two', 1: 'one' });
            r(new Date(86400000));
            r(new Uint8Array([1, 2, 255]));
            r(new Uint8Array([9, 8, 7, 6]).subarray(1, 3));
            r(new Uint16Array([258]).buffer);
            r(NaN);
            r([]);
            r({});
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        let ordered: [(String, BridgeValue)] = [("1", "one"), ("2", "two"), ("b", 1), ("a", ["c": "x"])]
        var expected: [BridgeValue] = [.null, .undefined, .bool(true), .number(-1.5), .string("héllo 😀 日本")]
        expected.append([1, "a", [nil]])
        // JS orders integer keys first, then the others in insertion order.
        expected.append(.object(BridgeObject(ordered)))
        expected += [.date(86_400_000), .bytes([1, 2, 255]), .bytes([8, 7]), .bytes([2, 1])]
        var reports = probe.reports
        guard reports.count == expected.count + 3 else { return XCTFail("reports: \(reports)") }
        XCTAssertEqual(reports.removeLast(), .object([:]))
        XCTAssertEqual(reports.removeLast(), [])
        XCTAssertTrue(reports.removeLast().numberValue?.isNaN == true)
        XCTAssertEqual(reports, expected)
    }

    func testSwiftValuesArriveInJS() throws {
        let js = try TemporaryJS()
        let members: [(String, BridgeValue)] = [("zeta", 1), ("alpha", "two"), ("list", [true, nil, 2.5])]
        let object = BridgeValue.object(BridgeObject(members))
        let probe = Probe(values: [
            "object": object,
            "date": .date(1_000),
            "bytes": .bytes([0, 128, 255]),
            "string": "naïve 🚀",
            "undefined": .undefined,
        ])
        let code = try js.run("""
            const P = NativeModules.Probe;
            const o = P.give('object');
            P.report(Object.keys(o).join(','));
            P.report(Array.isArray(o.list) && o.list[0] === true && o.list[1] === null && o.list[2] === 2.5);
            const d = P.give('date');
            P.report(d instanceof Date && d.getTime() === 1000);
            const b = P.give('bytes');
            P.report(b instanceof Uint8Array ? Array.from(b).join(',') : 'not a Uint8Array');
            P.report(P.give('string') === 'naïve 🚀');
            P.report(P.give('undefined') === undefined);
            P.report(typeof P.give === 'function' && typeof P.give.call === 'function');
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, ["zeta,alpha,list", true, true, "0,128,255", true, true, true])
    }

    func testValuesThatCannotCrossAreRejectedWithTheirPath() throws {
        let js = try TemporaryJS()
        let probe = Probe()
        let code = try js.run("""
            const P = NativeModules.Probe;
            function attempt(...args) {
              try { P.report(...args); P.report('crossed'); }
              catch (e) { P.report({ code: e.code, message: e.message, isError: e instanceof Error }); }
            }
            attempt({ a: { b: function () {} } });
            attempt([1, Symbol('s')]);
            attempt({ n: 10n });
            const cyclic = { self: null }; cyclic.self = cyclic;
            attempt(cyclic);
            attempt({ text: 'ok\\uD800' });
            let deep = []; for (let i = 0; i < 150; i++) deep = [deep];
            attempt(deep);
            attempt({ 'odd key': () => 1 });
            const shared = { x: 1 };
            attempt({ first: shared, second: shared });
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        let reports = probe.reports
        XCTAssertEqual(reports.count, 9)
        func expectError(_ index: Int, _ message: String, line: UInt = #line) {
            guard index < reports.count else { return XCTFail("no report \(index)", line: line) }
            XCTAssertEqual(reports[index], ["code": "E_INVALID_ARGUMENT", "message": .string(message), "isError": true], line: line)
        }
        expectError(0, "args[0].a.b: functions cannot cross the bridge")
        expectError(1, "args[0][1]: symbols cannot cross the bridge")
        expectError(2, "args[0].n: BigInts cannot cross the bridge")
        expectError(3, "args[0].self: cyclic structures cannot cross the bridge")
        expectError(4, "args[0].text: strings with a lone surrogate (U+D800 at index 2) cannot cross the bridge")
        expectError(5, "args[0]" + String(repeating: "[0]", count: 100) + ": nesting deeper than 100 levels cannot cross the bridge")
        expectError(6, "args[0][\"odd key\"]: functions cannot cross the bridge")
        // The same object twice is not a cycle.
        XCTAssertEqual(reports.count > 8 ? reports[7] : nil, ["first": ["x": 1], "second": ["x": 1]])
        XCTAssertEqual(reports.count > 8 ? reports[8] : nil, "crossed")
    }
}
