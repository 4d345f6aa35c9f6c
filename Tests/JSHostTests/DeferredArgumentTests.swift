import Foundation
@testable import JSHost
import Synchronization
import XCTest

/// Arguments converted later (taken as JSON on the JS thread, parsed on another)
/// must be exactly what the member-by-member conversion makes of the same JS values,
/// and must fail with exactly its errors.
final class DeferredArgumentTests: XCTestCase {
    /// `direct` converts on the JS thread as `.promise` methods do; `later` converts
    /// on a background queue; both record what they got.
    final class Twin: NativeModule {
        let name = "Twin"
        let direct = Mutex<[[BridgeValue]]>([])
        let later = Mutex<[[BridgeValue]]>([])
        /// For each `later` call whose body ran: which arguments came as JSON.
        let tookJSON = Mutex<[[Bool]]>([])
        let outcomes = Mutex<[BridgeValue]>([])
        /// For each case: which arguments of its `later` call came as JSON; nil when the
        /// body never ran (the JS thread's conversion refused an argument).
        let caseJSON = Mutex<[[Bool]?]>([])
        private let seenJSON = Mutex(0)
        let rereadsDiffering = Mutex(0)

        var methods: [NativeMethod] {
            [
                .promise("direct") { [unowned self] arguments, promise in
                    self.direct.withLock { $0.append(arguments) }
                    promise.resolve(.null)
                },
                .promiseConvertingLater("later") { [unowned self] arguments, promise in
                    self.tookJSON.withLock {
                        $0.append(arguments.arguments.map { argument in
                            if case .json = argument { return true }
                            return false
                        })
                    }
                    DispatchQueue.global().async {
                        // Read twice: the JSON text is released after the first parse,
                        // and the second read must give the same values or error.
                        let first = Result { () throws(NativeError) in try arguments.values() }
                        let second = Result { () throws(NativeError) in try arguments.values() }
                        if "\(first)" != "\(second)" { self.rereadsDiffering.withLock { $0 += 1 } }
                        switch first {
                        case .success(let values):
                            self.later.withLock { $0.append(values) }
                            promise.resolve(.null)
                        case .failure(let error):
                            promise.reject(error)
                        }
                    }
                },
                .sync("outcome") { [unowned self] arguments in
                    self.outcomes.withLock { $0.append(arguments.first ?? .undefined) }
                    let json = self.tookJSON.withLock { $0 }
                    let flags = self.seenJSON.withLock { seen in
                        defer { seen = json.count }
                        return json.count > seen ? json.last : nil
                    }
                    self.caseJSON.withLock { $0.append(flags) }
                    return .undefined
                },
            ]
        }
    }

    /// Runs each case (a function returning the argument list) through both methods.
    private func compare(_ cases: String) throws -> Twin {
        let js = try TemporaryJS()
        let twin = Twin()
        let code = try js.run("""
            const T = NativeModules.Twin;
            const cases = \(cases);
            (async () => {
              for (const make of cases) {
                const settle = (p) => p.then(() => 'ok', (e) => e.code + ' ' + e.message);
                const direct = await settle(T.direct(...make()));
                const later = await settle(T.later(...make()));
                if (make.after) make.after();
                T.outcome([direct, later]);
              }
            })();
            """, modules: [twin])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(twin.rereadsDiffering.withLock { $0 }, 0)
        for outcome in twin.outcomes.withLock({ $0 }) {
            XCTAssertEqual(outcome.arrayValue?.first, outcome.arrayValue?.last, "direct vs later")
        }
        let direct = twin.direct.withLock { $0 }, later = twin.later.withLock { $0 }
        XCTAssertEqual(direct.count, later.count)
        // Compared as text: NaN is not equal to itself.
        for (index, (a, b)) in zip(direct, later).enumerated() where "\(a)" != "\(b)" {
            XCTFail("call \(index): direct \(a) vs later \(b)")
        }
        return twin
    }

    func testPlainDataComesAsJSONAndArrivesExactly() throws {
        let twin = try compare(#"""
            [
              () => [[{ id: 'item-0', title: 'sensitiveness disabilities', description: 'waxy buttonhole',
                        keywords: ['parrakeet', 'drudge'], domain: 'com.example.bench.d7', rankingHint: 12.5 },
                      { id: 'b', title: '朋友 😀 naïve', keywords: [] }]],
              () => [[{ numbers: [0, -1, 0.1, 1e-7, 1e21, 5e-324, 2 ** 53 + 2, 123456789012345678, -1.5, 1.7976931348623157e308] }]],
              () => [[{ text: ['', '"quoted" \\ back', 'line\nbreak\ttab\u0001\u001f', '\u2028\u2029\ufeff', 'é日本😀👩‍👩‍👧', '\u00ff\u0100'] }]],
              () => [[{ b: 1, 2: 'two', a: 3, 1: 'one', 'a b': { '': null, 'x-y': [true, false] } }]],
              () => [[Object.assign(Object.create(null), { bare: 1 })]],
              () => ['plain string', 42, { small: true }, [[]], {}],
              () => [[JSON.parse('{"__proto__": {"polluted": 1}, "after": 2}')]],
              () => [[{ latin1: ['naïve café ÿ', '\u0080\u00a0 é'] }]],
            ]
            """#)
        let json = twin.caseJSON.withLock { $0 }
        XCTAssertEqual(json, [[true], [true], [true], [true], [true], [false, false, false, true, false], [true], [true]],
                       "arrays come as JSON; strings, numbers and objects convert directly")
        XCTAssertEqual(twin.later.withLock { $0 }.count, 8)
        XCTAssertEqual(twin.later.withLock { $0 }.last, [[["latin1": ["naïve café ÿ", "\u{80}\u{A0} é"]]]])
    }

    func testLoneSurrogatesFailWithThePathAndIndexOfTheConverter() throws {
        let twin = try compare(#"""
            [
              () => [[{ id: 'a' }, { id: 'b', title: 'x\uD800y' }]],
              () => [[{ 'a b': ['ok', 'bad\uDC00'] }]],
              () => [[{ nested: { ['key\uD83D']: 1 } }]],
              () => [['fine 😀', { deep: [[{ v: '\uDBFF' }]] }]],
              () => ['first', [{ second: '\uD800\uD800' }]],
            ]
            """#)
        let outcomes = twin.outcomes.withLock { $0 }.map { $0.arrayValue?.last?.stringValue ?? "" }
        XCTAssertEqual(outcomes, [
            "E_INVALID_ARGUMENT args[0][1].title: strings with a lone surrogate (U+D800 at index 1) cannot cross the bridge",
            "E_INVALID_ARGUMENT args[0][0][\"a b\"][1]: strings with a lone surrogate (U+DC00 at index 3) cannot cross the bridge",
            "E_INVALID_ARGUMENT args[0][0].nested: keys with a lone surrogate (U+D83D at index 3) cannot cross the bridge",
            "E_INVALID_ARGUMENT args[0][1].deep[0][0].v: strings with a lone surrogate (U+DBFF at index 0) cannot cross the bridge",
            "E_INVALID_ARGUMENT args[1][0].second: strings with a lone surrogate (U+D800 at index 0) cannot cross the bridge",
        ])
        XCTAssertEqual(twin.caseJSON.withLock { $0 }.map { $0?.contains(true) }, [true, true, true, true, true])
    }

    func testValuesJSONWouldChangeGoMemberByMember() throws {
        let twin = try compare(#"""
            [
              () => [[{ a: undefined, b: 1 }]],
              () => [[1, , 3]],
              () => [[{ n: NaN }]], () => [[{ n: -0 }]], () => [[Infinity]],
              () => [[{ when: new Date(5) }]], () => [[{ bytes: new Uint8Array([1, 2]) }]],
              () => [[{ f() {} }]], () => [[{ s: Symbol('x') }]], () => [[{ big: 10n }]],
              () => [[{ toJSON() { return 'changed'; }, x: 1 }]],
              () => [[new (class Point { constructor() { this.x = 1; } })()]],
              () => [[{ boxed: new String('ab') }]],
              () => { const a = [1]; a.extra = 2; return [[a]]; },
              () => { const o = { a: 1 }; o.self = o; return [[o]]; },
              () => { let v = 'leaf'; for (let i = 0; i < 80; i++) v = { v }; return [[v]]; },
              () => { let v = 'leaf'; for (let i = 0; i < 150; i++) v = [v]; return [[v]]; },
              () => [[{ get bad() { throw new Error('no'); } }]],
              () => [[new Proxy({ a: 1 }, {})]],
              Object.assign(() => { Object.prototype.inherited = 1; return [[{ own: 1 }]]; },
                            { after() { delete Object.prototype.inherited; } }),
            ]
            """#)
        let json = twin.caseJSON.withLock { $0 }
        XCTAssertEqual(json.count, 20)
        // Only the array with an extra property (JSON and the converter both keep its
        // elements alone) and the plain object behind a Proxy may come as JSON.
        for (index, flags) in json.enumerated() where index != 13 && index != 18 {
            XCTAssertNotEqual(flags, [true], "case \(index)")
        }
    }

    /// `Array.isArray` sees through a Proxy, and so does JSON.stringify; the C API's
    /// array test does not, so member by member a proxied array arrives as an object
    /// of its indices. Taken as JSON it arrives as the array JS code sees.
    func testAProxiedArrayArrivesAsAnArrayThroughJSON() throws {
        let js = try TemporaryJS()
        let twin = Twin()
        let code = try js.run("""
            const T = NativeModules.Twin;
            (async () => {
              await T.direct([new Proxy(['a', 'b'], {})]);
              await T.later([new Proxy(['a', 'b'], {})]);
            })();
            """, modules: [twin])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(twin.direct.withLock { $0 }, [[[["0": "a", "1": "b"]]]])
        XCTAssertEqual(twin.later.withLock { $0 }, [[[["a", "b"]]]])
    }
}
