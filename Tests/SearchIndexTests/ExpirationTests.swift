import Foundation
import XCTest
@testable import SearchIndex

/// Expiration: the 30-day default, never returning expired items, lazy purging.
final class ExpirationTests: IndexTestCase {
    func testDefaultExpirationIsThirtyDaysAfterIndexing() throws {
        try index.indexItems([item("a", title: "Alpha")])
        let expiration = try XCTUnwrap(try index.items(identifiers: ["a"]).first??.expirationDate)
        XCTAssertEqual(expiration.timeIntervalSinceNow, 30 * 86_400, accuracy: 60)
    }

    func testAnExpiredItemIsAcceptedButNeverReturned() throws {
        let past = Date().addingTimeInterval(-60)
        XCTAssertEqual(try index.indexItems([item("old", title: "Stale news", expiration: past), item("new", title: "Fresh news")]), 1 + 1)
        XCTAssertEqual(try index.items(identifiers: ["old", "new"]).map { $0?.id }, [nil, "new"])
        XCTAssertEqual(try searchIDs("news"), ["new"])
        XCTAssertEqual(try index.search("news").totalCount, 1)
        var exported: [String] = []
        try index.exportItems { exported.append($0.id) }
        XCTAssertEqual(exported, ["new"])
    }

    func testItemsExpireAsTheClockMovesAndArePurgedLazily() throws {
        let clock = TestClock(Date())
        index = try openIndex(now: { clock.now })
        try index.indexItems([item("a", title: "Alpha", expiration: clock.now.addingTimeInterval(3600)), item("b", title: "Alpha beta")])
        XCTAssertEqual(Set(try searchIDs("alpha")), ["a", "b"])

        clock.advance(by: 7200)
        XCTAssertEqual(try searchIDs("alpha"), ["b"])
        XCTAssertEqual(try index.statistics().expiredCount, 1, "not purged until the next write")

        try index.indexItems([item("c", title: "Gamma")])
        XCTAssertEqual(try index.statistics().expiredCount, 0, "a later write purged it")
        clock.advance(by: 31 * 86_400)
        XCTAssertEqual(try searchIDs("alpha"), [], "the 30-day default expires b")
    }

    func testMergingIntoAnExpiredItemStartsFromNothing() throws {
        try index.indexItems([item("a", title: "Old", description: "stale text", expiration: Date().addingTimeInterval(-1))])
        var update = SearchableItemUpdate(id: "a")
        update.keywords = .set(["k"])
        try index.indexItems([IndexEntry.merge(update)])
        let stored = try XCTUnwrap(try index.items(identifiers: ["a"]).first!)
        XCTAssertNil(stored.attributes.title)
        XCTAssertEqual(stored.attributes.keywords, ["k"])
    }
}

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date { lock.lock(); defer { lock.unlock() }; return current }
    func advance(by seconds: TimeInterval) { lock.lock(); current += seconds; lock.unlock() }
}
