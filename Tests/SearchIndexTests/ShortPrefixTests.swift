import Foundation
import XCTest
@testable import SearchIndex

/// SPEC §5 for the last term, a prefix: it matches a word start in every field,
/// although the search looks in the title, names and keywords first (see
/// `CandidateSearch`), which matters most for 1–3 characters.
final class ShortPrefixTests: IndexTestCase {
    func testAShortPrefixAloneFindsDescriptionAndTextContentMatches() throws {
        try index.indexItems([
            item("title", title: "Trellis"),
            item("description", title: "Garden", description: "Build a trellis for beans"),
            item("text", title: "Notes", text: "a long text about trellises"),
            item("none", title: "Kitchen", description: "pots and pans"),
        ])
        for prefix in ["t", "tr", "tre", "trel", "trelli"] {
            let results = try index.search(prefix)
            XCTAssertEqual(results.hits.map { $0.item.id }, ["title", "description", "text"], prefix)
            XCTAssertEqual(results.totalCount, 3, prefix)
            XCTAssertTrue(results.totalCountIsExact, prefix)
            XCTAssertEqual(results.hits.map { $0.breakdown.bestField }, ["title", "description", "textContent"], prefix)
        }
    }

    func testACompleteTermAndAShortPrefixFindABodyOnlyPrefix() throws {
        try index.indexItems([
            item("description", title: "Mountain hut", description: "Next to the trail head"),
            item("text", title: "Mountain lake", text: "reached by tram"),
            item("neither", title: "Mountain view", description: "a quiet place"),
        ])
        // `all`: the item without a `tra…` word is not wanted here.
        let results = try index.search("mountain tra", matchingStrategy: .all)
        XCTAssertEqual(Set(results.hits.map { $0.item.id }), ["description", "text"])
        XCTAssertEqual(results.hits.first?.item.id, "description", "a description match ranks above a text match")
        XCTAssertEqual(results.totalCount, 2)
        XCTAssertTrue(results.totalCountIsExact)
    }

    func testAShortPrefixRareAmongManyMatchesOfACompleteTermIsFoundInTheBody() throws {
        // More matches of `common` than the Swift check looks at, so the search falls
        // back to FTS5; the only `zq…` word is in a description.
        var items = (0..<2500).map { item("c\($0)", title: "Common item \($0)") }
        items.append(item("rare", title: "Common thing", description: "a zqwerty inside"))
        try index.indexItems(items)
        // `all`: the counts are of the prefix's matches, not of `common` alone.
        let results = try index.search("common zq", matchingStrategy: .all)
        XCTAssertEqual(results.hits.map { $0.item.id }, ["rare"])
        XCTAssertEqual(results.totalCount, 1)
        XCTAssertTrue(results.totalCountIsExact)

        try index.indexItems([item("heading", title: "Common zqheading", rankingHint: 0)])
        let both = try index.search("common zq", matchingStrategy: .all)
        XCTAssertEqual(both.hits.map { $0.item.id }, ["heading", "rare"], "a title match, even of a low-quality item, ranks first")
        XCTAssertEqual(both.totalCount, 2)
        XCTAssertTrue(both.totalCountIsExact)
    }

    func testAPageFullOfHeavyMatchesReportsALowerBound() throws {
        var items = (0..<150).map { item("t\($0)", title: "Trail \($0)") }
        items.append(item("body", title: "Other", description: "a trail in the description"))
        try index.indexItems(items)
        // The search ranks at least `CandidateSearch.window` rows: 150 heavy matches
        // fill a page of 5.
        for prefix in ["tr", "trai"] {
            let page = try index.search(prefix, limit: 5)
            XCTAssertEqual(page.hits.count, 5, prefix)
            XCTAssertFalse(page.totalCountIsExact, prefix)
        }
        let page = try index.search("tr", limit: 5)
        XCTAssertEqual(page.hits.count, 5)
        XCTAssertTrue(page.hits.allSatisfy { $0.breakdown.bestField == "title" })
        XCTAssertFalse(page.totalCountIsExact, "description-only matches were not counted")
        XCTAssertGreaterThanOrEqual(page.totalCount, 150)
        // Once the heavy matches do not fill the page, the description match is there.
        let all = try index.search("tr", limit: 200)
        XCTAssertEqual(all.hits.count, 151)
        XCTAssertEqual(all.hits.last?.item.id, "body")
        XCTAssertTrue(all.totalCountIsExact)
        XCTAssertEqual(all.totalCount, 151)
    }
}
