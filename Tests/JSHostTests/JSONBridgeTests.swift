import Foundation
import JSHost
import XCTest

/// Arrays and objects going from Swift to JS whole, as JSON, and the values that make
/// them go member by member instead; either way JS must see the same thing.
final class JSONBridgeTests: XCTestCase {
    /// A tree JSON carries: nesting, non-ASCII text, characters JSON escapes, numbers
    /// needing every digit, empty containers.
    static let awkward: BridgeValue = {
        let keys: [(String, BridgeValue)] = [
            ("quote\"key", "back\\slash \"quoted\""),
            ("control\u{1}\n\t\u{0}key", "bell\u{7} nul\u{0} tab\t cr\r del\u{7F}"),
            ("日本語", "朋友 😀👩‍👩‍👧 naïve \u{2028}\u{2029} \u{FEFF}"),
            ("__proto__", ["polluted": true, "list": [1, 2]]),
            ("numbers", [0, -1, 0.1, 1e-7, 1.5e300, .number(.leastNonzeroMagnitude), 9_007_199_254_740_991, 1_152_921_504_606_846_976,
                         -2.5, 1.7976931348623157e308, 123456.789]),
            ("empty", ["array": [], "object": .object(BridgeObject()), "string": ""]),
            ("nested", [[["deep": [[true, false, nil]]]], "end"]),
        ]
        return .object(BridgeObject(keys))
    }()

    func testAwkwardTreeArrivesIntactAndComesBackTheSame() throws {
        let js = try TemporaryJS()
        let probe = Probe(values: ["tree": Self.awkward])
        let code = try js.run(#"""
            const P = NativeModules.Probe;
            const t = P.give('tree');
            P.report(t);
            P.report([Object.keys(t).join('|'), t['quote"key'], t['control\u0001\n\t\u0000key'],
                      t['日本語'].length, Object.getPrototypeOf(t) === Object.prototype,
                      Object.prototype.hasOwnProperty.call(t, '__proto__'), t.polluted === undefined,
                      ({}).polluted === undefined, t.numbers[5] === 5e-324, t.numbers[7] === 2 ** 60,
                      Array.isArray(t.empty.array) && t.empty.array.length === 0,
                      Object.keys(t.empty.object).length, t.nested[0][0].deep[0][2] === null]);
            """#, modules: [probe])
        XCTAssertEqual(code, 0)
        guard probe.reports.count == 2 else { return XCTFail("reports: \(probe.reports)") }
        XCTAssertEqual(probe.reports[0], Self.awkward)
        let keys = "quote\"key|control\u{1}\n\t\u{0}key|日本語|__proto__|numbers|empty|nested"
        let text: BridgeValue = "back\\slash \"quoted\""
        let control: BridgeValue = "bell\u{7} nul\u{0} tab\t cr\r del\u{7F}"
        XCTAssertEqual(probe.reports[1], [.string(keys), text, control, 24, true, true, true, true, true, true, true, 0, true])
    }

    func testValuesJSONCannotCarryStillArriveExactly() throws {
        let js = try TemporaryJS()
        let members: [(String, BridgeValue)] = [
            ("negativeZero", .number(-0.0)), ("nan", .number(.nan)), ("infinity", .number(.infinity)),
            ("date", .date(1_000)), ("bytes", .bytes([1, 2])), ("undefined", .undefined),
            ("sibling", ["a": 1, "b": "two"]),
        ]
        let probe = Probe(values: [
            "mixed": .object(BridgeObject(members)),
            "deepDate": [["x": 1, "when": .date(5)], ["x": 2, "n": .number(-.infinity)]],
            "zeroList": [1, .number(-0.0)],
        ])
        let code = try js.run("""
            const P = NativeModules.Probe;
            const m = P.give('mixed');
            P.report([Object.is(m.negativeZero, -0), Number.isNaN(m.nan), m.infinity === Infinity,
                      m.date instanceof Date && m.date.getTime() === 1000,
                      m.bytes instanceof Uint8Array && m.bytes.join(',') === '1,2',
                      'undefined' in m && m.undefined === undefined,
                      Object.keys(m).join(','), m.sibling.b]);
            const d = P.give('deepDate');
            P.report([d[0].when instanceof Date && d[0].when.getTime() === 5, d[1].n === -Infinity, d[1].x]);
            const z = P.give('zeroList');
            P.report([z.length, Object.is(z[1], -0)]);
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [
            [true, true, true, true, true, true, "negativeZero,nan,infinity,date,bytes,undefined,sibling", "two"],
            [true, true, 2],
            [2, true],
        ])
    }

    func testProtoKeyStaysDataWhenBuiltMemberByMember() throws {
        let js = try TemporaryJS()
        // The date keeps this object off the JSON path.
        let members: [(String, BridgeValue)] = [("__proto__", ["polluted": true]), ("when", .date(7)), ("x", 1)]
        let probe = Probe(values: ["hostile": .object(BridgeObject(members))])
        let code = try js.run("""
            const P = NativeModules.Probe;
            const o = P.give('hostile');
            P.report([Object.getPrototypeOf(o) === Object.prototype, o.polluted === undefined,
                      Object.keys(o).join(','), ({}).polluted === undefined, o['__proto__'].polluted,
                      o.when instanceof Date]);
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [[true, true, "__proto__,when,x", true, true, true]])
    }

    func testIntegerLikeKeysComeFirstAsJSOrdersThem() throws {
        let js = try TemporaryJS()
        let members: [(String, BridgeValue)] = [("b", 1), ("2", 2), ("a", 3), ("1", 4), ("01", 5)]
        let probe = Probe(values: ["json": .object(BridgeObject(members)),
                                   "memberwise": .object(BridgeObject(members + [("d", .date(0))]))])
        let code = try js.run("""
            const P = NativeModules.Probe;
            P.report(Object.keys(P.give('json')).join(','));
            P.report(Object.keys(P.give('memberwise')).join(','));
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, ["1,2,b,a,01", "1,2,b,a,01,d"])
    }

    /// Twenty objects shaped like search hits, the bridge's largest regular traffic.
    static func hits() -> BridgeValue {
        .array((0..<20).map { index in
            let members: [(String, BridgeValue)] = [
                ("id", .string("item-\(index)")), ("title", .string("Lunch with Ana \(index)")),
                ("description", "Tapas at the corner place, then coffee"), ("keywords", ["food", "friends", "lunch"]),
                ("thumbnail", nil), ("domain", "com.example.foodbuds"), ("contentType", "public.item"),
                ("url", .string("foodbuds://meal/\(index)")), ("displayName", nil), ("alternateNames", nil),
                ("textContent", nil), ("phoneNumbers", nil), ("emailAddresses", nil), ("supportsPhoneCall", nil),
                ("rankingHint", 0.5), ("contentCreationDate", 1_700_000_000_000), ("contentModificationDate", nil),
                ("expirationDate", nil), ("attributes", nil), ("score", .number(12.75 - Double(index) / 3)),
                ("scoreDetails", ["field": 10.25, "rankingHint": 0.5, "engagement": 0, "recency": 0.125,
                                  "bestField": "title"]),
            ]
            return .object(BridgeObject(members))
        })
    }

    /// Also the workload for measuring the conversion (`valgrind --tool=callgrind`).
    func testManySearchHitListsArriveIntact() throws {
        let js = try TemporaryJS()
        let probe = Probe(values: ["hits": Self.hits()])
        let code = try js.run("""
            const P = NativeModules.Probe;
            let titles = 0, score = 0, last;
            for (let round = 0; round < 200; round++) {
              last = P.give('hits');
              for (const hit of last) { titles += hit.title.length; score += hit.scoreDetails.field; }
            }
            P.report([titles, score]);
            P.report(last);
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        let titleLength = (0..<20).reduce(0) { $0 + "Lunch with Ana \($1)".count }
        XCTAssertEqual(probe.reports.first, [.number(Double(200 * titleLength)), .number(200 * 20 * 10.25)])
        XCTAssertEqual(probe.reports.last, Self.hits())
    }

    // MARK: Through a promise: written as JSON on the settling thread

    func testAwkwardTreeArrivesIntactThroughAPromise() throws {
        for method in ["later", "laterWritten"] {
            let js = try TemporaryJS()
            let probe = Probe(values: ["tree": Self.awkward])
            let code = try js.run(#"""
                const P = NativeModules.Probe;
                P.\#(method)('tree').then((t) => {
                  P.report(t);
                  P.report([Object.keys(t).join('|'), t['quote"key'], t['control\u0001\n\t\u0000key'],
                            t['日本語'], Object.getPrototypeOf(t) === Object.prototype,
                            Object.prototype.hasOwnProperty.call(t, '__proto__'), t.polluted === undefined,
                            ({}).polluted === undefined, t.numbers[5] === 5e-324, t.numbers[7] === 2 ** 60,
                            t.numbers.join(',')]);
                });
                """#, modules: [probe])
            XCTAssertEqual(code, 0, method)
            guard probe.reports.count == 2 else { return XCTFail("\(method) reports: \(probe.reports)") }
            XCTAssertEqual(probe.reports[0], Self.awkward, method)
            let keys = "quote\"key|control\u{1}\n\t\u{0}key|日本語|__proto__|numbers|empty|nested"
            XCTAssertEqual(probe.reports[1], [.string(keys), "back\\slash \"quoted\"", "bell\u{7} nul\u{0} tab\t cr\r del\u{7F}",
                                              "朋友 😀👩‍👩‍👧 naïve \u{2028}\u{2029} \u{FEFF}", true, true, true, true, true, true,
                                              "0,-1,0.1,1e-7,1.5e+300,5e-324,9007199254740991,1152921504606847000,-2.5,1.7976931348623157e+308,123456.789"],
                           method)
        }
    }

    func testValuesJSONCannotCarryArriveExactlyThroughAPromise() throws {
        for method in ["later", "laterWritten"] {
            let js = try TemporaryJS()
            let members: [(String, BridgeValue)] = [
                ("negativeZero", .number(-0.0)), ("nan", .number(.nan)), ("infinity", .number(.infinity)),
                ("date", .date(1_000)), ("bytes", .bytes([1, 2])), ("undefined", .undefined),
                ("__proto__", ["polluted": true]), ("sibling", ["a": 1, "b": "two"]),
            ]
            let probe = Probe(values: ["mixed": .object(BridgeObject(members)), "zeroList": [1, .number(-0.0)]])
            let code = try js.run("""
                const P = NativeModules.Probe;
                (async () => {
                  const m = await P.\(method)('mixed');
                  P.report([Object.is(m.negativeZero, -0), Number.isNaN(m.nan), m.infinity === Infinity,
                            m.date instanceof Date && m.date.getTime() === 1000,
                            m.bytes instanceof Uint8Array && m.bytes.join(',') === '1,2',
                            'undefined' in m && m.undefined === undefined,
                            Object.keys(m).join(','), m.sibling.b, m.polluted === undefined,
                            Object.getPrototypeOf(m) === Object.prototype]);
                  const z = await P.\(method)('zeroList');
                  P.report([z.length, Object.is(z[1], -0)]);
                })();
                """, modules: [probe])
            XCTAssertEqual(code, 0, method)
            XCTAssertEqual(probe.reports, [
                [true, true, true, true, true, true, "negativeZero,nan,infinity,date,bytes,undefined,__proto__,sibling", "two", true, true],
                [2, true],
            ], method)
        }
    }

    /// Characters from Latin-1 and beyond arrive as the same strings (JS sees
    /// `\uXXXX` escapes in the text the engine parses, never the escapes themselves).
    func testNonASCIITextArrivesThroughAPromise() throws {
        let texts: [BridgeValue] = ["café", "ÿ\u{80}\u{FF}", "Ā\u{100}", "中文 日本語", "𝄞 \u{10FFFF}", "\\u00e9", "a\u{0}b", ""]
        let probe = Probe(values: ["texts": .array(texts)])
        let js = try TemporaryJS()
        let code = try js.run("""
            const P = NativeModules.Probe;
            P.laterWritten('texts').then((t) => {
              P.report(t);
              P.report(t.map((s) => s.length));
            });
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports.first, .array(texts))
        XCTAssertEqual(probe.reports.last, .array(texts.map { .number(Double($0.stringValue!.utf16.count)) }))
    }

    /// The writer and the builder make the same value of the same writes, and the
    /// lenient text is what JSON.stringify writes.
    func testWriterAndBuilderAgree() throws {
        var builder = BridgeValueBuilder()
        Self.awkward.write(to: &builder)
        XCTAssertEqual(builder.value, Self.awkward)
        XCTAssertEqual(Self.hits().bridgeValue, Self.hits())
        let lenient: BridgeValue = ["a": .undefined, "b": [.undefined, .number(-0.0), .number(.nan), .date(5), .bytes([7])], "c": "é\n"]
        XCTAssertEqual(lenient.jsonText, #"{"b":[null,0,null,5,[7]],"c":"é\n"}"#)
        XCTAssertEqual(BridgeValue.undefined.jsonText, "null")
    }

    /// A character to escape at every position of strings around the scan's 8-byte
    /// steps arrives intact (and plain strings of those lengths too), both ways.
    func testEscapesAtEveryPositionArrive() throws {
        var texts: [BridgeValue] = []
        for special in ["\"", "\\", "\u{0}", "\u{1F}", "\n", "é", "\u{7F}", "\u{80}", "中", "😀"] {
            for length in [1, 7, 8, 9, 15, 16, 17] {
                for position in 0..<length {
                    var text = String(repeating: "a", count: length - 1)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    texts.append(.string(text))
                }
            }
        }
        for length in 0..<20 { texts.append(.string(String(repeating: "~", count: length))) }
        let probe = Probe(values: ["texts": .array(texts)])
        let js = try TemporaryJS()
        let code = try js.run("""
            const P = NativeModules.Probe;
            P.report(P.give('texts'));
            P.laterWritten('texts').then((t) => P.report(t));
            """, modules: [probe])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(probe.reports, [.array(texts), .array(texts)])
        // The page's text (UTF-8, not escaped beyond JSON's needs) parses back the same.
        let parsed = try JSONSerialization.jsonObject(with: Data(BridgeValue.array(texts).jsonText.utf8)) as? [String]
        XCTAssertEqual(parsed, texts.map { $0.stringValue! })
        // The JS thread's text is ASCII and parses back the same.
        var writer = BridgeJSONWriter()
        BridgeValue.array(texts).write(to: &writer)
        XCTAssertTrue(writer.isExact)
        XCTAssertTrue(writer.bytes.allSatisfy { $0 < 0x80 })
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String], texts.map { $0.stringValue! })
    }
}
