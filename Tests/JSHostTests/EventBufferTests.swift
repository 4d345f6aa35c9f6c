import XCTest
@testable import JSHost

/// The listener counting and cold-start buffer both hosts use (the headless host's
/// JS thread and the window host's GTK thread), checked on its own.
final class EventBufferTests: XCTestCase {
    private func buffer(buffers: Bool = true) -> EventBuffer {
        EventBuffer(moduleName: "Demo", supportedEvents: ["onRequest", "onReindex"], buffers: buffers)
    }

    func testKeepsEventsUntilAListenerOfTheirNameThenDeliversThemInOrder() throws {
        let events = buffer()
        XCTAssertEqual(events.route("onRequest", .number(1)), .kept)
        XCTAssertEqual(events.route("onReindex", .number(2)), .kept)
        XCTAssertEqual(events.route("onRequest", .number(3)), .kept)
        // A listener of the other event does not release these.
        XCTAssertTrue(try events.addListener([.string("onReindex")]))
        XCTAssertEqual(events.takeListenedBuffered().map(\.body), [.number(2)])
        XCTAssertEqual(events.route("onRequest", .number(4)), .kept)
        XCTAssertTrue(try events.addListener([.string("onRequest")]))
        XCTAssertEqual(events.takeListenedBuffered().map(\.body), [.number(1), .number(3), .number(4)])
        XCTAssertEqual(events.route("onRequest", .number(5)), .deliver)
        XCTAssertEqual(events.listenerCount, 2)
    }

    func testKeepsTheLatest64() throws {
        let events = buffer()
        for n in 0..<70 { _ = events.route("onRequest", .number(Double(n))) }
        _ = try events.addListener([.string("onRequest")])
        let kept = events.takeListenedBuffered().map(\.body)
        XCTAssertEqual(kept.count, EventBuffer.limit)
        XCTAssertEqual(kept.first, .number(6))
        XCTAssertEqual(kept.last, .number(69))
    }

    func testTakeAllHandsOverEveryKeptEventInOrderWhateverItsListeners() throws {
        let events = buffer()
        for n in 0..<66 { events.keep(n % 2 == 0 ? "onRequest" : "onReindex", .number(Double(n))) }
        _ = try events.addListener([.string("onReindex")])
        let all = events.takeAll()
        XCTAssertEqual(all.map(\.body), (2..<66).map { .number(Double($0)) }, "the newest 64, oldest first")
        XCTAssertEqual(all.first?.name, "onRequest")
        XCTAssertTrue(events.takeAll().isEmpty, "taken once")
        XCTAssertTrue(events.takeListenedBuffered().isEmpty)
    }

    func testRemovingEveryListenerForgetsTheNames() throws {
        let events = buffer()
        _ = try events.addListener([.string("onRequest")])
        try events.removeListeners([.number(5)])
        XCTAssertEqual(events.listenerCount, 0)
        XCTAssertEqual(events.route("onRequest", .null), .kept)
    }

    func testANonBufferingModuleDropsAndWarnsOncePerName() {
        let events = buffer(buffers: false)
        XCTAssertEqual(events.route("onRequest", .null), .dropped(firstTime: true))
        XCTAssertEqual(events.route("onRequest", .null), .dropped(firstTime: false))
        XCTAssertEqual(events.route("onReindex", .null), .dropped(firstTime: true))
    }

    func testRefusesUnknownEventsAndBadCountsWithCodedErrors() {
        let events = buffer()
        XCTAssertThrowsError(try events.addListener([.string("onOther")])) { error in
            XCTAssertEqual((error as? NativeError)?.code, "E_INVALID_ARGUMENT")
            XCTAssertTrue((error as? NativeError)?.message.contains("'onOther' is not an event of Demo") ?? false)
        }
        XCTAssertThrowsError(try events.removeListeners([.number(1.5)])) { error in
            XCTAssertEqual((error as? NativeError)?.message, "args[0]: must be the number of listeners removed, a whole number ≥ 0")
        }
    }

    func testJSONTextForAPageLeavesOutWhatJSONStringifyLeavesOut() {
        let value: BridgeValue = .object(BridgeObject([
            ("a", .undefined), ("b", .array([.undefined, .number(-0.0), .number(.nan)])),
            ("c", .date(1_700_000_000_000)), ("d", .string("line\n\"quoted\"\t\u{1}")),
        ]))
        // undefined members left out, undefined/NaN in arrays null, -0 as 0, a date in ms;
        // control characters escaped as JSON.stringify escapes them (\n, else \u00XX).
        XCTAssertEqual(value.jsonText, #"{"b":[null,0,null],"c":1700000000000,"d":"line\n\"quoted\"\t\u0001"}"#)
    }

    func testArgumentsFromJSONTextsParseAsTheHeadlessBridgeDoes() throws {
        let arguments = BridgeArguments(jsonTexts: [#"[{"id":"a"}]"#, nil, #""\ud800""#])
        XCTAssertEqual(arguments.count, 3)
        XCTAssertThrowsError(try arguments.values()) { error in
            XCTAssertEqual((error as? NativeError)?.code, "E_INVALID_ARGUMENT")
            XCTAssertTrue((error as? NativeError)?.message.hasPrefix("args[2]") ?? false, "\(error)")
        }
        XCTAssertEqual(try BridgeArguments(jsonTexts: [#"{"x":[1,true]}"#, nil]).values(),
                       [.object(BridgeObject([("x", .array([.number(1), .bool(true)]))])), .undefined])
    }
}
