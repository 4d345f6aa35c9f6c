import Foundation
import XCTest
@testable import SearchIndex

/// Replace and merge (isUpdate) semantics, validation, and search matching rules.
final class SemanticsTests: IndexTestCase {
    func testReplacingAnItemDropsFieldsItNoLongerHas() throws {
        try index.indexItems([item("a", title: "Old title", description: "old description", keywords: ["k"])])
        try index.indexItems([item("a", title: "New title")])
        let stored = try XCTUnwrap(try index.items(identifiers: ["a"]).first!)
        XCTAssertEqual(stored.attributes.title, "New title")
        XCTAssertNil(stored.attributes.contentDescription)
        XCTAssertNil(stored.attributes.keywords)
        XCTAssertEqual(try searchIDs("old"), [])
        XCTAssertEqual(try searchIDs("new"), ["a"])
    }

    func testMergeKeepsSetsAndRemovesFields() throws {
        var original = item("a", title: "Pasta", description: "Tomato sauce", keywords: ["italian"], rankingHint: 40)
        original.attributes.custom = ["servings": .number(2), "spicy": .bool(false)]
        try index.indexItems([original])

        var update = SearchableItemUpdate(id: "a")
        update.title = .set("Pasta al pomodoro")
        update.contentDescription = .remove
        update.custom = ["spicy": .remove, "chef": .set(.string("Luca"))]
        XCTAssertEqual(try index.indexItems([IndexEntry.merge(update)]), 1)

        let stored = try XCTUnwrap(try index.items(identifiers: ["a"]).first!)
        XCTAssertEqual(stored.attributes.title, "Pasta al pomodoro")
        XCTAssertNil(stored.attributes.contentDescription)
        XCTAssertEqual(stored.attributes.keywords, ["italian"])
        XCTAssertEqual(stored.attributes.rankingHint, 40)
        XCTAssertEqual(stored.attributes.custom, ["servings": .number(2), "chef": .string("Luca")])
        XCTAssertEqual(try searchIDs("tomato"), [], "a removed field is no longer searchable")
        XCTAssertEqual(try searchIDs("pomodoro"), ["a"])
        XCTAssertEqual(try searchIDs("italian"), ["a"])
    }

    func testMergeIntoAMissingItemIndexesIt() throws {
        var update = SearchableItemUpdate(id: "fresh")
        update.title = .set("Brand new")
        try index.indexItems([IndexEntry.merge(update)])
        XCTAssertEqual(try index.items(identifiers: ["fresh"]).first??.attributes.title, "Brand new")
    }

    func testRemoveAllCustomAttributes() throws {
        var original = item("a", title: "A")
        original.attributes.custom = ["x": .number(1)]
        try index.indexItems([original])
        var update = SearchableItemUpdate(id: "a")
        update.removesAllCustom = true
        try index.indexItems([IndexEntry.merge(update)])
        XCTAssertEqual(try index.items(identifiers: ["a"]).first??.attributes.custom, [:])
    }

    func testInvalidItemsNameTheirField() throws {
        assertIndexError(IndexError.invalidItem, "items[1].id") {
            try index.indexItems([item("ok", title: "Fine"), item("", title: "No id")])
        }
        assertIndexError(IndexError.invalidItem, "items[0].rankingHint must be a number from 0 to 100") {
            try index.indexItems([item("a", rankingHint: 101)])
        }
        var badKey = item("a")
        badKey.attributes.custom = ["bad-key": .string("x")]
        assertIndexError(IndexError.invalidItem, "items[0].attributes key 'bad-key'") { try index.indexItems([badKey]) }
        var nested = item("a")
        nested.attributes.custom = ["list": .array([.array([])])]
        assertIndexError(IndexError.invalidItem, "items[0].attributes.list") { try index.indexItems([nested]) }
        var notFinite = item("a")
        notFinite.attributes.custom = ["n": .number(.infinity)]
        assertIndexError(IndexError.invalidItem, "items[0].attributes.n must be a finite number") { try index.indexItems([notFinite]) }
        assertIndexError(IndexError.invalidItem, "items[0].domain") { try index.indexItems([item("a", domain: "a..b")]) }
        assertIndexError(IndexError.invalidItem, "reserved") { try index.indexItems([item("@activity/x", title: "T")]) }
        XCTAssertEqual(try index.items(identifiers: ["ok", "a"]).compactMap { $0 }.count, 0, "nothing was written")
    }

    func testEveryTermMustMatchAndTheLastIsAPrefix() throws {
        try index.indexItems([
            item("1", title: "Mountain trail run", keywords: ["outdoor"]),
            item("2", title: "Mountain bike", description: "A trail for bikes"),
            item("3", title: "City run"),
        ])
        XCTAssertEqual(Set(try searchIDs("mountain")), ["1", "2"])
        XCTAssertEqual(Set(try searchIDs("mountain trai")), ["1", "2"], "terms match across fields")
        XCTAssertEqual(try searchIDs("mountain tra"), ["1", "2"], "a short prefix matches every field; the title match first")
        XCTAssertEqual(try searchIDs("bik"), ["2"])
        XCTAssertEqual(try searchIDs("bikes"), ["2"], "whole words match in every field")
        XCTAssertEqual(try searchIDs("run mount", matching: .all), ["1"])
        XCTAssertEqual(try searchIDs("outd"), ["1"])
        // SPEC §5's every-term rule is the `all` strategy (the default, `last`, fills the
        // page with fewer terms: MatchingStrategyTests).
        XCTAssertEqual(try searchIDs("mountain city", matching: .all), [])
        XCTAssertEqual(try searchIDs("moun trail", matching: .all), [], "only the last term is a prefix")
    }

    func testPunctuatedTermsMatchOnlyWithTheirWordsSideBySide() throws {
        try index.indexItems([
            item("email", title: "E-mail setup"),
            item("apart", title: "Plan e", description: "then mail it", keywords: ["e", "mail"]),
            item("reversed", title: "mail-e"),
            item("body", title: "Settings", text: "configure your e-mail account"),
        ])
        XCTAssertEqual(Set(try searchIDs("e-mail")), ["email", "body"])
        XCTAssertEqual(try searchIDs("e-mail"), ["email", "body"], "a title match ranks first")
        XCTAssertEqual(Set(try searchIDs("e-m")), ["email", "body"], "the last word is a prefix")
        XCTAssertEqual(Set(try searchIDs("e-ma")), ["email", "body"])
        XCTAssertEqual(try searchIDs("setup e-mail"), ["email"])
        XCTAssertEqual(try searchIDs("account e-m"), ["body"])
        XCTAssertEqual(try searchIDs("mail-e"), ["reversed"], "order matters")
        XCTAssertEqual(try index.search("e-mail").totalCount, 2)
    }

    func testCaseDiacriticsAndPunctuationNeverMatter() throws {
        try index.indexItems([item("1", title: "Crème Brûlée"), item("2", title: "Zoë's café"), item("3", title: "e-mail setup")])
        XCTAssertEqual(try searchIDs("creme brulee"), ["1"])
        XCTAssertEqual(try searchIDs("CRÈME"), ["1"])
        XCTAssertEqual(try searchIDs("zoe cafe"), ["2"])
        XCTAssertEqual(try searchIDs("E-MAIL"), ["3"])
        XCTAssertEqual(try searchIDs("setup e-m"), ["3"], "a short multi-token prefix after a complete term")
        XCTAssertEqual(try searchIDs("setup E"), ["3"])
        XCTAssertEqual(try searchIDs("cafe zo"), ["2"])
        XCTAssertEqual(try searchIDs("\"e mail\" OR", matching: .all), [], "FTS5 syntax in user text is plain text")
        XCTAssertEqual(try searchIDs("   "), [])
        XCTAssertEqual(try searchIDs("?!"), [])
    }

    func testDomainFilterIncludesSubdomains() throws {
        try index.indexItems([
            item("1", title: "Note one", domain: "notes"),
            item("2", title: "Note two", domain: "notes.work"),
            item("3", title: "Note three", domain: "notesx"),
        ])
        XCTAssertEqual(Set(try searchIDs("note", domains: ["notes"])), ["1", "2"])
        XCTAssertEqual(Set(try searchIDs("note", domains: ["notes.work", "notesx"])), ["2", "3"])
    }

    func testPagingAndTotalCount() throws {
        try index.indexItems((0..<50).map { item("n\($0)", title: "Report number \($0)") })
        let first = try index.search("report", limit: 20)
        XCTAssertEqual(first.totalCount, 50)
        XCTAssertTrue(first.totalCountIsExact)
        let third = try index.search("report", limit: 20, offset: 40)
        XCTAssertEqual(third.hits.count, 10)
        let all = try (0..<3).flatMap { try index.search("report", limit: 20, offset: $0 * 20).hits.map { $0.item.id } }
        XCTAssertEqual(Set(all).count, 50, "pages do not overlap")
    }

    func testTotalCountIsCappedForHugePrefixes() throws {
        try index.indexItems((0..<1500).map { item("n\($0)", title: "Alpha \($0)") })
        let results = try index.search("a")
        XCTAssertEqual(results.hits.count, 20)
        XCTAssertFalse(results.totalCountIsExact)
        XCTAssertEqual(results.totalCount, SearchableIndex.totalCountCap)
        let exact = try index.search("alpha 149", matchingStrategy: .all)
        XCTAssertTrue(exact.totalCountIsExact)
        XCTAssertEqual(exact.totalCount, 11, "149 and 1490…1499")
    }

    func testBadSearchArguments() throws {
        assertIndexError(IndexError.invalidArgument, "limit") { _ = try index.search("x", limit: 0) }
        assertIndexError(IndexError.invalidArgument, "offset") { _ = try index.search("x", offset: -1) }
        assertIndexError(IndexError.invalidArgument, "domains[0]") { _ = try index.search("x", domains: [""]) }
    }
}
