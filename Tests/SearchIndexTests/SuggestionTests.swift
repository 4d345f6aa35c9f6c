import Foundation
import XCTest
@testable import SearchIndex

/// `suggestions(for:limit:domains:)` (SPEC §5): completions of what the user typed
/// from the indexed words and phrases, best first, each with the number of items it
/// finds, counting only what `search` returns.
final class SuggestionTests: IndexTestCase {
    private func suggest(_ text: String, limit: Int = 10, domains: [String]? = nil) throws -> [SearchSuggestion] {
        try index.suggestions(for: text, limit: limit, domains: domains)
    }

    private func pairs(_ suggestions: [SearchSuggestion]) -> [String] {
        suggestions.map { "\($0.text) \($0.count)" }
    }

    private func recipes() throws {
        try index.indexItems([
            item("dark", title: "Dark chocolate cake", domain: "org.example.recipes", keywords: ["dessert", "chocolate"]),
            item("chip", title: "Chocolate chip cookies", domain: "org.example.recipes"),
            item("hot", title: "Hot chocolate", domain: "org.example.drinks", description: "A warm drink"),
            item("soup", title: "Chowder", domain: "org.example.recipes", description: "A chocolate-free soup"),
            item("tour", title: "Chocolatier tour", domain: "org.example.places"),
        ])
    }

    func testCompletesTheLastWordAndOffersTitlesThatStartWithTheText() throws {
        try recipes()
        XCTAssertEqual(pairs(try suggest("choc")), [
            "chocolate 4", "chocolatier 1", "Chocolatier tour 1", "Chocolate chip cookies 1",
        ])
        XCTAssertEqual(pairs(try suggest("choc", limit: 2)), ["chocolate 4", "chocolatier 1"])
        XCTAssertEqual(pairs(try suggest("dark choc")), ["dark chocolate 1", "Dark chocolate cake 1"])
        XCTAssertEqual(pairs(try suggest("Dark Choc", limit: 1)), ["Dark Chocolate 1"], "as typed, then as spelled")
        XCTAssertEqual(pairs(try suggest("des")), ["dessert 1"], "keywords are words too")
        // After a space the word is complete: phrases that go on, not longer words.
        try index.indexItems([item("darkness", title: "Darkness falls")])
        XCTAssertEqual(pairs(try suggest("dar")).first, "dark 1")
        XCTAssertTrue(pairs(try suggest("dar")).contains("darkness 1"))
        XCTAssertEqual(pairs(try suggest("dark ")), ["Dark chocolate cake 1"])
        XCTAssertEqual(pairs(try suggest("chocolate ")), ["Chocolate chip cookies 1"])
    }

    func testCountsMatchWhatSearchFindsForTheSuggestion() throws {
        try recipes()
        for suggestion in try suggest("c", limit: 20) {
            let found = try index.search(suggestion.text, options: SearchOptions(limit: 100, typoTolerance: false))
            // A suggestion's last word counts as a whole word; `search` treats it as a prefix.
            XCTAssertLessThanOrEqual(suggestion.count, found.totalCount, suggestion.text)
            XCTAssertGreaterThan(suggestion.count, 0, suggestion.text)
        }
        XCTAssertEqual(try index.search("chocolate", options: SearchOptions(typoTolerance: false)).totalCount, 4)
    }

    func testCountsNeitherExpiredItemsNorActivitiesAndHonourDomains() throws {
        try recipes()
        try index.indexItems([item("old", title: "Chocolate truffles", expiration: Date(timeIntervalSinceNow: -60))])
        try index.becomeCurrent(UserActivity(activityType: "org.example.view", title: "Chocolate fondue", eligibleForSearch: true))
        XCTAssertEqual(pairs(try suggest("chocolate")), ["Chocolate chip cookies 1"], "the word itself is not a completion")
        XCTAssertEqual(try suggest("choc").first, SearchSuggestion(text: "chocolate", count: 4))
        XCTAssertFalse(try suggest("choc", limit: 20).contains { $0.text.contains("truffles") || $0.text.contains("fondue") })
        XCTAssertEqual(pairs(try suggest("choc", domains: ["org.example.drinks"])), ["chocolate 1"])
        XCTAssertEqual(pairs(try suggest("choc", domains: ["org.example"])).first, "chocolate 4", "subdomains count")
        XCTAssertEqual(try suggest("choc", domains: []), [])
    }

    func testCountsStayExactWhenManyItemsAreHiddenAndWhenTheDomainIsLarge() throws {
        // More hidden rows than are looked up one by one: each match is checked in `items`.
        let expired = (0..<(SuggestionCounter.lookupLimit + 20)).map {
            item("gone-\($0)", title: "Lantern \($0)", expiration: Date(timeIntervalSinceNow: -60))
        }
        let live = (0..<(SuggestionCounter.lookupLimit + 30)).map { item("live-\($0)", title: "Lantern fuel \($0)", domain: "org.example.big") }
        try index.indexItems(expired + live + [item("small", title: "Lantern hook", domain: "org.example.small")])
        XCTAssertEqual(pairs(try suggest("lant", limit: 1)), ["lantern \(live.count + 1)"])
        XCTAssertEqual(pairs(try suggest("lant", limit: 1, domains: ["org.example.small"])), ["lantern 1"])
        XCTAssertEqual(pairs(try suggest("lant", limit: 1, domains: ["org.example.big"])), ["lantern \(live.count)"])
        XCTAssertEqual(pairs(try suggest("lantern f", limit: 1)), ["lantern fuel \(live.count)"])
    }

    func testAWordFoundOnlyInDescriptionsComesFromTheVocabulary() throws {
        // The titles fill the sample of best hits; `zirkel` is only in descriptions.
        let titled = (0..<(SuggestionBuilder.sampleSize + 10)).map { item("t\($0)", title: "Zircon \($0)") }
        let described = (0..<3).map { item("d\($0)", title: "Compass \($0)", description: "a zirkel for drawing") }
        try index.indexItems(titled + described)
        let suggestions = try suggest("zir", limit: 5)
        XCTAssertEqual(suggestions.first, SearchSuggestion(text: "zircon", count: titled.count))
        XCTAssertTrue(suggestions.contains(SearchSuggestion(text: "zirkel", count: 3)), "\(suggestions)")
    }

    func testWordsOfDeletedItemsDoNotCrowdOutLiveOnes() throws {
        // The word list keeps the words of deleted items (with their old counts).
        try index.indexItems((0..<30).map { item("old\($0)", title: "Sorrel\($0 % 10) salsify\($0 % 7)") })
        _ = try index.search("so")
        XCTAssertEqual(try index.deleteAllItems(), 30)
        try index.indexItems([item("suya", title: "Suya", description: "Spiced beef skewers")])
        XCTAssertEqual(pairs(try suggest("s", limit: 2)), ["suya 1", "spiced 1"])
    }

    func testCompletesChineseAndJapaneseByTheNextCharacterAndKeepsDiacritics() throws {
        try index.indexItems([
            item("zh1", title: "腾讯新闻"), item("zh2", title: "新闻联播"), item("zh3", title: "新浪"),
            item("ja", title: "オーディオブック"), item("fr", title: "Crème brûlée"),
        ])
        XCTAssertEqual(Array(pairs(try suggest("新")).prefix(2)), ["新闻 2", "新浪 1"])
        XCTAssertTrue(pairs(try suggest("新闻")).contains("新闻联 1"))
        XCTAssertEqual(Array(pairs(try suggest("オーディ")).prefix(1)), ["オーディオ 1"])
        XCTAssertEqual(Array(pairs(try suggest("cre")).prefix(2)), ["crème 1", "Crème brûlée 1"])
    }

    func testNothingToCompleteGivesNoSuggestions() throws {
        try recipes()
        XCTAssertEqual(try suggest("zeppelin"), [])
        XCTAssertEqual(try suggest("  ?! "), [])
        XCTAssertEqual(try suggest(""), [])
        XCTAssertEqual(try suggest("choc", limit: 0), [])
    }

    func testBadArgumentsAreRejected() throws {
        assertIndexError(IndexError.invalidArgument, "limit must be an integer from 0 to 100") { _ = try suggest("a", limit: -1) }
        assertIndexError(IndexError.invalidArgument, "limit must be an integer from 0 to 100") { _ = try suggest("a", limit: 101) }
        assertIndexError(IndexError.invalidArgument, "text must be at most") { _ = try suggest(String(repeating: "a", count: 20_000)) }
        assertIndexError(IndexError.invalidArgument, "suggestions must be an integer from 0 to 100") {
            _ = try index.userQuery("a", options: SearchOptions(), suggestions: 101)
        }
    }

    func testUserQueryCountsOnlyItemsThatMatchItsFilter() throws {
        try recipes()
        let filtered = try index.userQuery(
            "choc", options: SearchOptions(filter: "domainIdentifier == \"org.example.recipes\""), suggestions: 5)
        XCTAssertEqual(Set(filtered.results.hits.map(\.item.id)), ["dark", "chip", "soup"])
        XCTAssertEqual(pairs(filtered.suggestions), ["chocolate 3", "Chocolate chip cookies 1"])
        // Past the sample (a page beyond its hits), the same suggestions.
        let far = try index.userQuery(
            "choc", options: SearchOptions(limit: 1, offset: SuggestionBuilder.sampleSize, filter: "domainIdentifier == \"org.example.recipes\""),
            suggestions: 5)
        XCTAssertEqual(far.results.hits, [])
        XCTAssertEqual(far.suggestions, filtered.suggestions)
        assertIndexError(IndexError.invalidQuery, "options.filter") {
            _ = try index.userQuery("choc", options: SearchOptions(filter: "title =="), suggestions: 5)
        }
    }

    func testUserQueryGivesSearchsPageAndTheSuggestions() throws {
        try recipes()
        for (limit, offset) in [(2, 0), (2, 2), (20, 0), (1, 4), (30, 30)] {
            let options = SearchOptions(limit: limit, offset: offset)
            let found = try index.userQuery("choc", options: options, suggestions: 3)
            let searched = try index.search("choc", options: options)
            XCTAssertEqual(found.results.hits.map(\.item.id), searched.hits.map(\.item.id), "limit \(limit) offset \(offset)")
            XCTAssertEqual(found.results.totalCount, searched.totalCount)
            XCTAssertEqual(found.results.totalCountIsExact, searched.totalCountIsExact)
            XCTAssertEqual(found.suggestions, try suggest("choc", limit: 3))
        }
        XCTAssertEqual(try index.userQuery("choc", options: SearchOptions(), suggestions: 0).suggestions, [])
    }
}
