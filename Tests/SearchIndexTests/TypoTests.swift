import Foundation
import XCTest
@testable import SearchIndex

/// Typo tolerance (SPEC §5): real misspellings (from codespell's dictionary) find
/// the word meant; short words match exactly; the prefix term and transpositions too.
final class TypoTests: IndexTestCase {
    private func indexWords() throws {
        try index.indexItems([
            item("receive", title: "How to receive a parcel"),
            item("separate", title: "Separate the bins"),
            item("definitely", title: "Definitely maybe"),
            item("accommodation", title: "Accommodation near the station"),
            item("occurrence", title: "Occurrence report"),
            item("weird", title: "Weird fiction"),
            item("government", description: "notes on local government"),
            item("cat", title: "Cat"),
            item("bolt", title: "Bolt"),
        ])
    }

    func testRealMisspellingsFindTheWordMeant() throws {
        try indexWords()
        // codespell: recieve->receive, seperate->separate, definately->definitely,
        // accomodation->accommodation, occurence->occurrence, wierd->weird, goverment->government
        let pairs = ["recieve": "receive", "seperate": "separate", "definately": "definitely", "accomodation": "accommodation",
                     "occurence": "occurrence", "wierd": "weird", "goverment": "government"]
        for (typo, id) in pairs.sorted(by: { $0.key < $1.key }) {
            let results = try index.search(typo)
            XCTAssertEqual(results.hits.map { $0.item.id }, [id], typo)
            XCTAssertEqual(results.hits.first?.breakdown.typoCount, 1, typo)
            XCTAssertEqual(results.totalCount, 1, typo)
            XCTAssertTrue(results.totalCountIsExact, typo)
            // Not in the middle of a sentence either: as a complete word before another.
            XCTAssertEqual(try searchIDs(typo + " " + (id == "government" ? "local" : "")).first, id, typo)
        }
        XCTAssertEqual(try searchIDs("how to recieve"), ["receive"], "a misspelled word among exact ones")
    }

    func testTypoToleranceCanBeTurnedOff() throws {
        try indexWords()
        XCTAssertEqual(try index.search("recieve", options: SearchOptions(typoTolerance: false)).hits.count, 0)
        XCTAssertEqual(try index.search("receive", options: SearchOptions(typoTolerance: false)).hits.map { $0.item.id }, ["receive"])
    }

    func testShortWordsHaveOneEditOnlyWhenTheyMatchNothingExactly() throws {
        try indexWords()
        // Issue 45: `cut` and `boat` are no item's words, so one edit finds `cat` and `bolt`.
        XCTAssertEqual(try searchIDs("cut "), ["cat"], "3 letters unmatched: one typo")
        XCTAssertEqual(try index.search("boat ").hits.first?.breakdown.typoCount, 1, "4 letters unmatched: one typo")
        XCTAssertEqual(try index.search("cut ", options: SearchOptions(typoTolerance: false)).hits.count, 0, "typoTolerance off: exact")
        XCTAssertEqual(try searchIDs("cxx "), [], "3 letters: not two")
        try index.indexItems([item("cut", title: "Cut")])
        XCTAssertEqual(try searchIDs("cut "), ["cut"], "an exact short word gets no typo alternatives")
        XCTAssertEqual(try searchIDs("ct "), [], "2 letters unmatched: still no typo (`cat`, `cut` are one edit away)")
        XCTAssertEqual(try searchIDs("wierd"), ["weird"], "5 letters: one typo")
        XCTAssertEqual(try searchIDs("wxerx"), [], "5 letters: not two")
        XCTAssertEqual(try searchIDs("ocxurxence"), ["occurrence"], "10 letters: two typos")
        XCTAssertEqual(try searchIDs("ocxurxenxe"), [], "10 letters: not three")
    }

    func testTranspositionsAreOneEdit() throws {
        try index.indexItems([item("house", title: "House of cards")])
        XCTAssertEqual(try searchIDs("hosue cards"), ["house"], "a swap of neighbours is one edit")
        XCTAssertEqual(Typos.distance(Array("hosue".unicodeScalars.map(\.value)), Array("house".unicodeScalars.map(\.value)), limit: 2), 1)
        XCTAssertEqual(Typos.distance(Array("abcde".unicodeScalars.map(\.value)), Array("badce".unicodeScalars.map(\.value)), limit: 2), 2)
    }

    func testThePrefixBeingTypedToleratesTypos() throws {
        try indexWords()
        // The user is typing "receive" and has swapped two letters so far.
        XCTAssertEqual(try searchIDs("how to recie"), ["receive"])
        XCTAssertEqual(try searchIDs("seper"), ["separate"])
        XCTAssertEqual(try searchIDs("accomod"), ["accommodation"])
        XCTAssertEqual(try searchIDs("seper", limit: 5), ["separate"])
        XCTAssertEqual(try index.search("seper", options: SearchOptions(typoTolerance: false)).hits.count, 0)
    }

    func testExactMatchesRankAboveTypoMatches() throws {
        // The typo match has the better hint, engagement-free; the exact one still wins.
        try index.indexItems([
            item("horse", title: "Horse show", rankingHint: 100),
            item("house", title: "House show", rankingHint: 0),
        ])
        let hits = try index.search("house").hits
        XCTAssertEqual(hits.map { $0.item.id }, ["house", "horse"])
        XCTAssertEqual(hits.map { $0.breakdown.typoCount }, [0, 1])
        XCTAssertLessThan(hits[1].breakdown.typos, 0)
    }

    func testWordsWithDigitsAndCJKMatchExactly() throws {
        try index.indexItems([item("a", title: "Order n1234"), item("b", title: "Order n1235"), item("c", title: "東京タワー")])
        XCTAssertEqual(try searchIDs("n1234"), ["a"])
        XCTAssertEqual(try searchIDs("京都タワー"), [])
    }

    func testWordsWrittenAfterTheFirstTypoSearchAreFound() throws {
        try indexWords()
        XCTAssertEqual(try searchIDs("recieve"), ["receive"], "loads the word list")
        try index.indexItems([item("achieve", title: "Achieve your goals")])
        XCTAssertEqual(try searchIDs("acheive"), ["achieve"], "the writer added the new item's words")
    }

    func testWordsWrittenByAnotherIndexOnTheSameFilesAreFound() throws {
        try indexWords()
        XCTAssertEqual(try searchIDs("recieve"), ["receive"], "loads the word list")
        // Another opener of the same files (as another process would be) writes.
        let other = try openIndex()
        try other.indexItems([item("believe", title: "Believe it")])
        XCTAssertEqual(try searchIDs("believe"), ["believe"], "exact matches never wait for the word list")
        // The stored generation moved on: that search read the list again in the background.
        index.vocabulary.waitForBackgroundReads()
        XCTAssertEqual(try searchIDs("beleive"), ["believe"], "the list read again holds the other opener's words")
    }

    func testTypoToleranceNeverLosesAMatchOfTheWordsAsTyped() throws {
        // Typos on adds matches; it must not lose one that typos off finds, in any
        // script or punctuation (4ca5c0d: the typo plan once paired CJK characters
        // across a full stop). Seeded items and queries taken from their text.
        var mixed = MixedText(seed: 45)
        let (items, texts) = mixed.items(120, bodies: false)
        try index.indexItems(items)
        var checked = 0
        for field in texts.prefix(120) {
            let words = field.split(separator: " ")
            let query = words.prefix(mixed.number(1 ... words.count)).joined(separator: " ") + " " + mixed.pick(MixedText.latin)
            let off = try index.search(query, options: SearchOptions(limit: 200, typoTolerance: false, matchingStrategy: .all)).hits
            let on = try index.search(query, options: SearchOptions(limit: 200, typoTolerance: true, matchingStrategy: .all)).hits
            XCTAssertTrue(Set(on.map { $0.item.id }).isSuperset(of: off.map { $0.item.id }), query)
            if !off.isEmpty { checked += 1 }
        }
        XCTAssertGreaterThan(checked, 20, "enough queries that find something as typed")
    }
}

/// SPEC §5's ranking order, ties, and the same top k for any limit.
final class RankingOrderTests: IndexTestCase {
    func testAShortExactWordBeatsALongerWordItStarts() throws {
        try index.indexItems([
            item("catalogue", title: "Catalogue", rankingHint: 100),
            item("cat", title: "Cat", rankingHint: 0),
        ])
        XCTAssertEqual(try searchIDs("cat"), ["cat", "catalogue"])
        let hits = try index.search("cat").hits
        XCTAssertGreaterThan(hits[0].breakdown.exactness, hits[1].breakdown.exactness)
    }

    func testAnExactFullTitleWins() throws {
        try index.indexItems([
            item("longer", title: "Harbor view hotel and spa", rankingHint: 100),
            item("exact", title: "Harbor View", rankingHint: 0),
            item("apart", title: "View of the harbor", rankingHint: 100),
        ])
        XCTAssertEqual(try searchIDs("harbor view"), ["exact", "longer", "apart"])
        let hits = try index.search("harbor view").hits
        XCTAssertEqual(hits[0].breakdown.coverage, 1, accuracy: 1e-9)
        XCTAssertGreaterThan(hits[1].breakdown.proximity, hits[2].breakdown.proximity, "side by side and in order")
    }

    func testTheFieldOutranksTheHint() throws {
        try index.indexItems([
            item("description", title: "Notes", description: "a lighthouse", rankingHint: 100),
            item("title", title: "Lighthouse", rankingHint: 0),
        ])
        XCTAssertEqual(try searchIDs("lighthouse"), ["title", "description"])
    }

    func testTiesAreNotBrokenByInsertionOrder() throws {
        try index.indexItems([item("b", title: "Garden party"), item("a", title: "Garden party")])
        let first = try searchIDs("garden")
        try index.deleteAllItems()
        try index.indexItems([item("a", title: "Garden party"), item("b", title: "Garden party")])
        XCTAssertEqual(try searchIDs("garden"), first, "the same items in the other insertion order rank the same")
    }

    func testTheRarerTermInTheBetterFieldWins() throws {
        // "red" is in many items, "bicycle" in two: the item with bicycle in its title wins.
        var items = (0..<50).map { item("other\($0)", title: "Red thing \($0)", description: "plain") }
        items.append(item("red-title", title: "Red", description: "bicycle"))
        items.append(item("bicycle-title", title: "Bicycle", description: "red"))
        try index.indexItems(items)
        let hits = try index.search("red bicycle").hits
        XCTAssertEqual(hits.prefix(2).map { $0.item.id }, ["bicycle-title", "red-title"])
        XCTAssertEqual(hits.dropFirst(2).map(\.breakdown.matchedTerms), Array(repeating: 1, count: hits.count - 2),
                       "the page is filled with `red` alone, after both")
        XCTAssertGreaterThan(hits[0].breakdown.termStatistics, hits[1].breakdown.termStatistics)
        XCTAssertEqual(hits[0].breakdown.field, hits[1].breakdown.field, "the same fields, so term statistics decide")
    }

    func testThePageOfTenIsTheFirstTenOfFifty() throws {
        var random = SystemRandomNumberGenerator()
        let words = ["river", "stone", "garden", "light", "house", "paper", "music", "travel", "night", "water"]
        let items = (0..<400).map { n -> SearchableItem in
            let title = (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            return item("i\(n)", title: title, description: words.shuffled(using: &random).prefix(3).joined(separator: " "),
                        rankingHint: Double(Int.random(in: 0...100, using: &random)))
        }
        try index.indexItems(items)
        var queries = words + words.map { String($0.prefix(2)) } + words.map { String($0.prefix(4)) }
        queries += zip(words, words.reversed()).map { "\($0) \($1.prefix(3))" }
        queries += ["rivr", "stoen", "gardne", "musci"]
        for query in queries {
            let ten = try index.search(query, limit: 10).hits.map { $0.item.id }
            let fifty = try index.search(query, limit: 50).hits.map { $0.item.id }
            XCTAssertEqual(ten, Array(fifty.prefix(10)), query)
            let second = try index.search(query, limit: 10, offset: 10).hits.map { $0.item.id }
            XCTAssertEqual(second, Array(fifty.dropFirst(10).prefix(10)), query + " (second page)")
        }
    }
}

/// Highlights, filter and sort (`search(_:options:)`).
final class SearchOptionsTests: IndexTestCase {
    private func highlights(_ text: String, _ id: String) throws -> [SearchHighlight] {
        try index.search(text).hits.first { $0.item.id == id }?.highlights ?? []
    }

    func testHighlightsAreUTF16RangesPerField() throws {
        try index.indexItems([
            SearchableItem(id: "a", attributes: SearchableItemAttributeSet(
                title: "😀 Coffee and coffee beans", contentDescription: "Fresh COFFEE", keywords: ["tea", "coffee shop"])),
        ])
        let found = try highlights("coffee", "a")
        XCTAssertEqual(found.first { $0.field == "title" }?.ranges, [3..<9, 14..<20], "the emoji is two UTF-16 units")
        XCTAssertEqual(found.first { $0.field == "description" }?.ranges, [6..<12])
        XCTAssertEqual(found.first { $0.field == "keywords" }, SearchHighlight(field: "keywords", element: 1, ranges: [0..<6]))
        XCTAssertNil(found.first { $0.field == "keywords" && $0.element == 0 })
        // The prefix being typed is highlighted as far as it was typed.
        XCTAssertEqual(try highlights("cof", "a").first { $0.field == "title" }?.ranges, [3..<6, 14..<17])
    }

    func testHighlightsIncludeTyposAndCJK() throws {
        try index.indexItems([item("r", title: "How to receive"), item("c", title: "腾讯新闻 today")])
        XCTAssertEqual(try highlights("recieve", "r").first?.ranges, [7..<14])
        XCTAssertEqual(try highlights("新闻", "c").first?.ranges, [2..<4])
        XCTAssertEqual(try highlights("新闻 tod", "c").first?.ranges, [2..<4, 5..<8])
    }

    func testFilterIsANDedWithTheText() throws {
        try index.indexItems([
            item("a", title: "Trail map", rankingHint: 80),
            item("b", title: "Trail guide", rankingHint: 20),
            item("c", title: "City map", rankingHint: 90),
        ])
        let results = try index.search("trail", options: SearchOptions(filter: "rankingHint > 50"))
        XCTAssertEqual(results.hits.map { $0.item.id }, ["a"])
        XCTAssertEqual(try index.search("map", options: SearchOptions(filter: "title == \"trail*\"cd")).hits.map { $0.item.id }, ["a"])
        assertIndexError(IndexError.invalidQuery, "options.filter") {
            _ = try index.search("trail", options: SearchOptions(filter: "rankingHint >"))
        }
    }

    func testSortOrdersTheMatches() throws {
        try index.indexItems([
            item("a", title: "Trail map", rankingHint: 80),
            item("b", title: "Trail guide", rankingHint: 20),
            item("c", title: "Trail", rankingHint: 50),
            item("d", title: "Trail notes"),
        ])
        let ascending = try index.search("trail", options: SearchOptions(sort: [SearchSortKey(attribute: "rankingHint", ascending: true)]))
        XCTAssertEqual(ascending.hits.map { $0.item.id }, ["b", "c", "a", "d"], "missing values last")
        let byTitle = try index.search("trail", options: SearchOptions(sort: [SearchSortKey(attribute: "title", ascending: false)]))
        XCTAssertEqual(byTitle.hits.map { $0.item.id }, ["d", "a", "b", "c"])
        assertIndexError(IndexError.invalidArgument, "options.sort[1]") {
            _ = try index.search("trail", options: SearchOptions(sort: [SearchSortKey(attribute: "title"), SearchSortKey(attribute: "no such")]))
        }
        assertIndexError(IndexError.invalidArgument, "options.sort[0]") {
            _ = try index.search("trail", options: SearchOptions(sort: [SearchSortKey(attribute: "keywords")]))
        }
    }

    func testSortByACustomAttribute() throws {
        let items = [("x", 3), ("y", 1), ("z", 2)].map { id, rank in
            SearchableItem(id: id, attributes: SearchableItemAttributeSet(title: "Album \(id)", custom: ["rank": .number(Double(rank))]))
        }
        try index.indexItems(items)
        let hits = try index.search("album", options: SearchOptions(sort: [SearchSortKey(attribute: "rank")])).hits
        XCTAssertEqual(hits.map { $0.item.id }, ["y", "z", "x"])
    }

}
