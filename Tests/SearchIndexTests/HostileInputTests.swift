import Foundation
import XCTest
@testable import SearchIndex

/// Hostile input at the index's public entry points: each is answered with a coded
/// error or handled as plain data, and leaves the stored index exactly as it was.
final class HostileInputTests: IndexTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try index.indexItems([
            item("alpha", title: "Alpha"),
            item("cats", title: "Cats and dogs"),
            item("drill", title: "NOT a drill"),
            item("sea", title: "near the sea"),
            item("label", title: "Title: cats"),
            item("secret", title: "Secret", domain: "private.stuff"),
        ], clientState: "state-1")
    }

    /// Asserts `body` throws an ``IndexError`` with `code` and leaves the index unchanged.
    private func assertRefused(_ code: String, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                               _ body: () throws -> Void) {
        assertUnchanged(index, what, file: file, line: line) {
            do {
                try body()
                XCTFail("\(what): expected \(code)", file: file, line: line)
            } catch let error as IndexError {
                XCTAssertEqual(error.code, code, "\(what): \(error.message)", file: file, line: line)
            } catch {
                XCTFail("\(what): not an IndexError: \(error)", file: file, line: line)
            }
        }
    }

    func testSQLInQueryStringsIsRefusedOrComparedAsText() throws {
        let refused = [
            #"title == "x"; DROP TABLE items; --"#,
            #"title); DROP TABLE items; -- == "x""#,
            #"title == "Alpha" UNION SELECT * FROM settings"#,
            #"InRange(rankingHint, 0, 100); DELETE FROM items"#,
            #"title == "*"cd || 1=1"#,
            #"attributes.x'] == "1""#,
            #"title == "Alpha" -- comment"#,
            #"title == "Alpha" /* comment */"#,
            "title == \"Alpha\"\u{0}; DROP TABLE items",
            #"title == 'Alpha' OR '1'='1'"#,
        ]
        for query in refused {
            assertRefused(IndexError.invalidQuery, query) { _ = try index.query(query) }
        }
        let literal = [
            #"title == "x\" OR 1=1 --""#,
            #"title == "' OR '1'='1""#,
            #"title == "\"); DROP TABLE items; --""#,
            #"attributes.items == "1""#,
            #"sqlite_master == "*""#,
        ]
        for query in literal {
            try assertUnchanged(index, query) { XCTAssertEqual(try index.query(query).map(\.id), [], query) }
        }
        XCTAssertEqual(try index.query(#"title == "Alpha""#).map(\.id), ["alpha"])
        XCTAssertEqual(try index.statistics().itemCount, 6)
    }

    func testFTSSyntaxAndSQLInSearchTextAreSearchedAsText() throws {
        func ids(_ text: String, domains: [String]? = nil) throws -> Set<String> {
            var found: Set<String> = []
            try assertUnchanged(index, "search \(text)") {
                // `all`: an operator read as a word must match as one, not be dropped.
                found = Set(try index.search(text, domains: domains, matchingStrategy: .all).hits.map { $0.item.id })
            }
            return found
        }
        // Operators are words: as operators these would find other sets of items.
        XCTAssertEqual(try ids("NOT drill"), ["drill"])
        XCTAssertEqual(try ids("cats AND"), ["cats"])
        XCTAssertEqual(try ids("cats OR drill"), [])
        XCTAssertEqual(try ids("near("), ["sea"])
        XCTAssertEqual(try ids("NEAR(cats dogs)"), [])
        // A column filter is the phrase `title cats`, which only the label has.
        XCTAssertEqual(try ids("title:cats"), ["label"])
        XCTAssertEqual(try ids("{title}:secret"), [])
        XCTAssertEqual(try ids("^cats"), ["cats", "label"])
        XCTAssertEqual(try ids("\"cats\""), ["cats", "label"])
        XCTAssertEqual(try ids("cats*"), ["cats", "label"])
        XCTAssertEqual(try ids("*cats"), ["cats", "label"])
        XCTAssertEqual(try ids("-cats +dogs"), ["cats"])
        XCTAssertEqual(try ids("(cats"), ["cats", "label"])
        for text in ["\"", "*", "\"\"", ")", "(", "NEAR", "AND", "OR", "NOT", "+", ":", "^", "{}", "'", "\\", "NEAR/2", "a\"b\"c*"] {
            _ = try ids(text)
        }
        // SQL is text too.
        XCTAssertEqual(try ids("'; DROP TABLE items; --"), [])
        XCTAssertEqual(try ids("\" OR 1=1 --"), [])
        XCTAssertEqual(try ids("secret", domains: ["x' OR '1'='1"]), [])
        XCTAssertEqual(try ids("secret", domains: ["private"]), ["secret"])
        XCTAssertEqual(try index.deleteItems(domains: ["x' OR '1'='1", "%", "private.%"]), 0)
        XCTAssertEqual(try index.deleteItems(identifiers: ["' OR '1'='1", "%", "*"]), 0)
        XCTAssertEqual(try index.statistics().itemCount, 6)
    }

    func testNULBytesAreRefusedInIdentifiersAndDataElsewhere() throws {
        // Ids and domains travel over D-Bus, whose strings end at a NUL: an id cut
        // there would open, replace or delete the item `alpha` (SPEC §3).
        assertRefused(IndexError.invalidItem, "NUL in a deleted id") { _ = try index.deleteItems(identifiers: ["alpha\u{0}zzz"]) }
        assertRefused(IndexError.invalidItem, "NUL in a read id") { _ = try index.items(identifiers: ["alpha\u{0}zzz"]) }
        assertRefused(IndexError.invalidItem, "NUL in an indexed id") { _ = try index.indexItems([item("alpha\u{0}2", title: "t")]) }
        assertRefused(IndexError.invalidItem, "NUL in a deleted domain") { _ = try index.deleteItems(domains: ["private\u{0}x"]) }
        // Elsewhere a NUL is data, not a terminator.
        XCTAssertEqual(try index.indexItems([item("alpha-2", title: "Nul\u{0}title")], clientState: "st\u{0}ate"), 1)
        XCTAssertEqual(try index.items(identifiers: ["alpha"]).first??.attributes.title, "Alpha")
        XCTAssertEqual(try index.items(identifiers: ["alpha-2"]).first??.attributes.title, "Nul\u{0}title")
        XCTAssertEqual(try index.fetchLastClientState(), "st\u{0}ate")
        XCTAssertEqual(try index.statistics().itemCount, 7)
        try assertUnchanged(index, "NUL in search") { _ = try index.search("alp\u{0}ha") }
        assertRefused(IndexError.invalidQuery, "NUL in a query") { _ = try index.query("title == \"Alpha\u{0}\"") }
        XCTAssertEqual(try index.items(identifiers: ["alpha"]).first??.id, "alpha")
    }

    func testHugeStringsAreRefusedOrHandled() throws {
        let tenMB = String(repeating: "x", count: 10 * 1024 * 1024)
        assertRefused(IndexError.invalidItem, "a 10 MB id") { try index.indexItems([item(tenMB, title: "t")]) }
        assertRefused(IndexError.invalidClientState, "a 10 MB client state") {
            try index.indexItems([item("new", title: "t")], clientState: tenMB)
        }
        assertRefused(IndexError.invalidQuery, "a 10 MB query") { _ = try index.query(#"title == ""# + tenMB + #"""#) }
        assertIndexError(IndexError.invalidArgument, "text must be at most 16384 bytes of UTF-8 (it has 10485760)") {
            _ = try index.search(tenMB)
        }
        assertRefused(IndexError.invalidArgument, "200,000 search terms") {
            _ = try index.search(String(repeating: "cats ", count: 200_000))
        }
        assertIndexError(IndexError.invalidArgument, "text must have at most 64 terms (it has 65)") {
            _ = try index.search(String(repeating: "cats ", count: 65))
        }
        assertRefused(IndexError.invalidArgument, "a 10 MB system search") { _ = try index.systemSearch(terms: [tenMB]) }
        try assertUnchanged(index, "64 search terms") {
            XCTAssertEqual(Set(try index.search(String(repeating: "cats ", count: 64)).hits.map { $0.item.id }), ["cats", "label"])
        }
        try assertUnchanged(index, "reading a 10 MB id") {
            XCTAssertEqual(try index.items(identifiers: [tenMB]), [nil])
            XCTAssertEqual(try index.deleteItems(identifiers: [tenMB]), 0)
        }
        // A 10 MB text is data like any other: stored and found.
        let words = String(repeating: "lorem ipsum ", count: 10 * 1024 * 1024 / 12) + "needle"
        XCTAssertEqual(try index.indexItems([item("big", title: "Big", text: words)]), 1)
        XCTAssertEqual(try searchIDs("needle"), ["big"])
        XCTAssertEqual(try index.items(identifiers: ["big"]).first??.attributes.textContent?.utf8.count, words.utf8.count)
    }

    func testLongIdentifiersAreRefusedWithTheirPath() throws {
        let long = String(repeating: "i", count: 10_000)
        assertIndexError(IndexError.invalidItem, "items[1].id must be at most 1024 bytes") {
            try index.indexItems([item("fine", title: "Fine"), item(long, title: "Long")])
        }
        XCTAssertEqual(try index.items(identifiers: ["fine"]), [nil])
        assertRefused(IndexError.invalidItem, "a 10k id") { try index.indexItems([item(long, title: "Long")]) }
        assertRefused(IndexError.invalidItem, "an activity-prefixed id") { try index.indexItems([item("@activity/x", title: "x")]) }
        assertRefused(IndexError.invalidItem, "an empty id") { try index.indexItems([item("", title: "x")]) }
        assertRefused(IndexError.invalidItem, "an update with an empty id") {
            try index.indexItems([IndexEntry.merge(SearchableItemUpdate(id: ""))])
        }
    }

    func testMillionIdentifierArraysAreHandled() throws {
        let million = (0..<1_000_000).map { "id\($0)" }
        try assertUnchanged(index, "deleting a million unknown ids") {
            XCTAssertEqual(try index.deleteItems(identifiers: million), 0)
        }
        try assertUnchanged(index, "reading a million unknown ids") {
            let found = try index.items(identifiers: million)
            XCTAssertEqual(found.count, 1_000_000)
            XCTAssertTrue(found.allSatisfy { $0 == nil })
        }
    }

    func testMillionDomainArraysAreRefused() throws {
        let million = (0..<1_000_000).map { "d\($0)" }
        assertRefused(IndexError.invalidArgument, "searching a million domains") {
            _ = try index.search("cats", domains: million)
        }
        assertIndexError(IndexError.invalidArgument, "domains must have at most 10000 entries (it has 1000000)") {
            try index.deleteItems(domains: million)
        }
        try assertUnchanged(index, "10,000 domains") {
            XCTAssertEqual(try index.search("secret", domains: Array(million.prefix(9_999)) + ["private"]).hits.count, 1)
        }
    }

    func testMillionKeywordArraysAreHandled() throws {
        let keywords = (0..<1_000_000).map { "k\($0)" }
        XCTAssertEqual(try index.indexItems([item("many", title: "Many", keywords: keywords)]), 1)
        XCTAssertEqual(try searchIDs("k999999"), ["many"])
        XCTAssertEqual(try index.items(identifiers: ["many"]).first??.attributes.keywords?.count, 1_000_000)
    }

    func testNonFiniteNumbersAndBadNamesAreRefused() throws {
        var hint = item("n", title: "n")
        hint.attributes.rankingHint = .nan
        assertRefused(IndexError.invalidItem, "rankingHint NaN") { try index.indexItems([hint]) }
        var custom = item("n", title: "n")
        custom.attributes.custom = ["x": .number(.infinity)]
        assertRefused(IndexError.invalidItem, "an infinite attribute") { try index.indexItems([custom]) }
        custom.attributes.custom = ["bad key": .string("x")]
        assertRefused(IndexError.invalidItem, "a bad attribute key") { try index.indexItems([custom]) }
        custom.attributes.custom = ["x": .array([.array([.string("nested")])])]
        assertRefused(IndexError.invalidItem, "a nested attribute array") { try index.indexItems([custom]) }
        let date = SearchableItem(id: "n", expirationDate: Date(timeIntervalSince1970: .infinity))
        assertRefused(IndexError.invalidItem, "an infinite date") { try index.indexItems([date]) }
        assertRefused(IndexError.invalidArgument, "an empty domain") { try index.deleteItems(domains: ["a..b"]) }
        assertRefused(IndexError.invalidArgument, "limit 0") { _ = try index.search("cats", limit: 0) }
        assertRefused(IndexError.invalidArgument, "limit Int.max") { _ = try index.search("cats", limit: .max) }
        assertRefused(IndexError.invalidArgument, "offset -1") { _ = try index.search("cats", offset: -1) }
        assertRefused(IndexError.invalidArgument, "query limit 0") { _ = try index.query(#"title == "a""#, limit: 0) }
        assertRefused(IndexError.invalidArgument, "query attributes") {
            _ = try index.query(#"title == "a""#, attributes: ["title; DROP TABLE items"])
        }
        // One invalid item anywhere makes the whole batch write nothing.
        assertRefused(IndexError.invalidItem, "a batch with one bad item") {
            try index.indexItems([item("ok1", title: "ok"), item("ok2", title: "ok"), hint], clientState: "state-2")
        }
        XCTAssertEqual(try index.fetchLastClientState(), "state-1")
    }

    func testProtoAndConstructorAttributeKeysAreData() throws {
        var entry = item("proto", title: "Proto")
        entry.attributes.custom = ["__proto__": .string("p"), "constructor": .array([.number(1)]), "toString": .bool(true)]
        XCTAssertEqual(try index.indexItems([entry]), 1)
        let stored = try index.items(identifiers: ["proto"]).first ?? nil
        XCTAssertEqual(stored?.attributes.custom, entry.attributes.custom)
        XCTAssertEqual(try index.query(#"__proto__ == "p""#).map(\.id), ["proto"])
        XCTAssertEqual(try index.query(#"attributes.constructor == 1"#).map(\.id), ["proto"])
    }
}
