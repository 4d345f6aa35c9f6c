import Foundation
import XCTest
@testable import SearchIndex

/// Issue 45's matching strategy: when every term together finds fewer hits than the
/// page, `last` (the default) drops terms from the end, `frequency` the most frequent
/// first, and `all` none; a term that matches nothing is dropped before any other, and
/// hits matching more terms rank first.
final class MatchingStrategyTests: IndexTestCase {
    func testATermThatMatchesNothingIsDroppedFirst() throws {
        try index.indexItems([
            item("gpsshogi", title: "gpsshogi", description: "Shogi playing program based on GPS"),
            item("other", title: "Chess engine", description: "plays chess"),
        ])
        // `daa` is no word, and too short for a typo of an indexed one: the last term
        // alone would leave it, which finds nothing.
        let found = try index.search("daa gpsshogi")
        XCTAssertEqual(found.hits.map(\.item.id), ["gpsshogi"])
        XCTAssertEqual(found.matching, .last)
        XCTAssertEqual(found.hits.first?.breakdown.matchedTerms, 1)
        XCTAssertEqual(found.hits.first?.breakdown.unmatchedTerms, 1)
        XCTAssertEqual(try index.search("daa gpsshogi", options: SearchOptions(matchingStrategy: .frequency)).hits.map(\.item.id),
                       ["gpsshogi"])
        let all = try index.search("daa gpsshogi", matchingStrategy: .all)
        XCTAssertEqual(all.hits.map(\.item.id), [])
        XCTAssertEqual(all.matching, .all)
        XCTAssertEqual(try searchIDs("daa zzyzx"), [], "every term matches nothing: nothing to keep")
    }

    func testATermMatchingOnlyThroughTyposIsDroppedBeforeOnesMatchingAsTyped() throws {
        try index.indexItems([
            item("gpsshogi", title: "gpsshogi", description: "Shogi playing program"),
            item("data", title: "Data tools"),
            item("dab", title: "Dab radio"),
        ])
        // `daa` is one edit from `data` and `dab` (a short word that matches nothing as
        // typed may have one): dropping the last term would leave those guesses.
        let found = try index.search("daa gpsshogi")
        XCTAssertEqual(found.hits.map(\.item.id), ["gpsshogi"])
        XCTAssertEqual(found.matching, .last)
        XCTAssertEqual(Set(try searchIDs("gpsshogi daa")), ["gpsshogi"], "wherever it stands")
        XCTAssertEqual(Set(try searchIDs("daa", matching: .last)), ["data", "dab"], "alone, it keeps its typos")
    }

    func testAQueryOfWordsAsTypedHasNoTyposOnceTermsAreDropped() throws {
        try index.indexItems([
            item("mollie", title: "Mollie's garden"),
            item("millie", title: "Millie's kitchen"),
            item("molly", title: "Molly's workshop"),
        ])
        // `zzqx` matches nothing and is dropped; `mollie` is a word of the index, so the
        // query left searches it as typed, not its typo neighbours `millie`.
        let found = try index.search("mollie zzqx")
        XCTAssertEqual(found.hits.map(\.item.id), ["mollie"])
        XCTAssertEqual(found.matching, .last)
        XCTAssertEqual(Set(try searchIDs("mollie")), ["mollie", "millie"], "alone, a word keeps its typos")
        // A term that matches only through typos keeps them in the shorter query:
        // `gardne` is kept (the last term drops first) and corrected to `garden`.
        XCTAssertEqual(try searchIDs("gardne zzqx"), ["mollie"])
    }

    /// `beta` is in four items, `alpha` in two, both only in `both`.
    private func indexAlphaBeta() throws {
        try index.indexItems([
            item("both", title: "Alpha beta"),
            item("alpha", title: "Alpha only"),
            item("beta", title: "Beta only"),
            item("beta2", title: "Beta again"),
            item("beta3", title: "Beta once more"),
        ])
    }

    func testLastDropsFromTheEndAndFrequencyTheMostFrequentTerm() throws {
        try indexAlphaBeta()
        XCTAssertEqual(try searchIDs("beta alpha gamma", matching: .all), [])
        // `gamma` matches nothing and goes first; then `last` drops `alpha`, and `frequency` `beta`.
        XCTAssertEqual(Set(try searchIDs("beta alpha gamma")), ["both", "beta", "beta2", "beta3"])
        XCTAssertEqual(try searchIDs("beta alpha gamma").first, "both", "the hit matching both terms first")
        XCTAssertEqual(try searchIDs("beta alpha", matching: .frequency), ["both", "alpha"])
        XCTAssertEqual(Set(try searchIDs("alpha beta")), ["both", "alpha"], "`last` drops the last typed term")
        XCTAssertEqual(Set(try searchIDs("alpha beta", matching: .frequency)), ["both", "alpha"])
        XCTAssertEqual(Set(try searchIDs("beta alpha")), ["both", "beta", "beta2", "beta3"])
    }

    func testNothingIsDroppedWhenEveryTermFillsThePage() throws {
        try index.indexItems((0 ..< 30).map { item("full\($0)", title: "Harbour lights \($0)") }
            + [item("half", title: "Harbour only")])
        let found = try index.search("harbour lights", limit: 20)
        XCTAssertEqual(found.matching, .all)
        XCTAssertEqual(found.totalCount, 30)
        XCTAssertFalse(found.hits.map(\.item.id).contains("half"))
        let past = try index.search("harbour lights", limit: 20, offset: 20)
        XCTAssertEqual(past.hits.map(\.item.id).last, "half", "the next page runs out of full matches and drops `lights`")
        XCTAssertEqual(past.matching, .last)
        XCTAssertEqual(past.totalCount, 31)
        XCTAssertTrue(past.totalCountIsExact)
    }

    func testAHitMatchingMoreTermsRanksAboveABetterOneMatchingFewer() throws {
        try index.indexItems([
            item("title-one", title: "Lighthouse", rankingHint: 100),
            item("body-both", title: "Notes", text: "an old keeper of the lighthouse", rankingHint: 0),
        ])
        let hits = try index.search("lighthouse keeper").hits
        XCTAssertEqual(hits.map(\.item.id), ["body-both", "title-one"])
        guard hits.count == 2 else { return }
        XCTAssertGreaterThan(hits[0].breakdown.level(.matchedTerms), hits[1].breakdown.level(.matchedTerms))
        XCTAssertGreaterThan(hits[1].breakdown.level(.field), hits[0].breakdown.level(.field), "the title match is the better one")
        XCTAssertGreaterThan(hits[0].score, hits[1].score)
    }

    func testPagesAreSlicesOfTheFirstFiftyForEveryStrategy() throws {
        var items = (0 ..< 6).map { item("both\($0)", title: "River stone \($0)", text: "smooth") }
        items += (0 ..< 40).map { item("river\($0)", title: "River \($0)", rankingHint: Double($0)) }
        items += (0 ..< 40).map { item("stone\($0)", title: "Stone \($0)", text: "stone stone") }
        try index.indexItems(items)
        for strategy in MatchingStrategy.allCases {
            let first = try index.search("river stone", limit: 50, matchingStrategy: strategy).hits.map(\.item.id)
            XCTAssertEqual(first.count, strategy == .all ? 6 : 46, "\(strategy)")
            for (offset, limit) in [(0, 10), (5, 10), (10, 20), (30, 7), (44, 6)] {
                let page = try index.search("river stone", limit: limit, offset: offset, matchingStrategy: strategy).hits.map(\.item.id)
                XCTAssertEqual(page, Array(first.dropFirst(offset).prefix(limit)), "\(strategy) offset \(offset) limit \(limit)")
            }
        }
        let last = try index.search("river stone", limit: 50).hits
        XCTAssertEqual(last.prefix(6).map(\.breakdown.matchedTerms), Array(repeating: 2, count: 6))
        XCTAssertTrue(last.dropFirst(6).allSatisfy { $0.item.id.hasPrefix("river") }, "`last` keeps `river`")
        let frequency = try index.search("river stone", limit: 50, matchingStrategy: .frequency).hits
        XCTAssertTrue(frequency.dropFirst(6).allSatisfy { $0.item.id.hasPrefix("river") },
                      "`stone`, in 46 items to `river`'s 46 but last, goes first among as frequent")
    }

    func testFrequencyDropsTheTermInMoreItems() throws {
        var items = (0 ..< 12).map { item("common\($0)", title: "Garden \($0)") }
        items += [item("rare", title: "Orchid"), item("both", title: "Garden orchid")]
        try index.indexItems(items)
        XCTAssertEqual(try searchIDs("orchid garden", matching: .frequency), ["both", "rare"])
        XCTAssertEqual(try searchIDs("orchid garden").count, 2, "`last` drops `garden`: the orchids")
        XCTAssertEqual(Set(try searchIDs("garden orchid")).count, 13, "`last` drops `orchid`: every garden")
    }

    func testUserQueryCountsSayWhichStrategyMadeThem() throws {
        try indexAlphaBeta()
        let last = try index.userQuery("alpha beta", options: SearchOptions(), suggestions: 0)
        XCTAssertEqual(last.results.matching, .last)
        XCTAssertEqual(last.results.totalCount, 2, "the items of `alpha`, the fewest terms kept")
        let all = try index.userQuery("alpha beta", options: SearchOptions(matchingStrategy: .all), suggestions: 0)
        XCTAssertEqual(all.results.matching, .all)
        XCTAssertEqual(all.results.totalCount, 1)
        let suggested = try index.userQuery("alpha beta", options: SearchOptions(limit: 5), suggestions: 3)
        XCTAssertEqual(suggested.results.hits.map(\.item.id), last.results.hits.map(\.item.id), "the page cut from the sample")
        XCTAssertEqual(suggested.results.matching, .last)
    }

    func testTheSystemSearchDropsTermsFromTheEnd() throws {
        try index.indexItems([item("gpsshogi", title: "gpsshogi"), item("shogi", title: "Shogi board")])
        XCTAssertEqual(try index.systemSearch(terms: ["daa", "gpsshogi"]).map(\.id), ["gpsshogi"])
        XCTAssertEqual(try index.systemSearch(terms: ["shogi", "boardx"]).map(\.id), ["shogi"], "one typo of a 6-letter word")
        XCTAssertEqual(try index.systemSearch(terms: ["shogi", "chess"]).map(\.id), ["shogi"], "`chess` dropped")
        XCTAssertEqual(try index.systemSearch(terms: ["shogi", "chess"], matchingStrategy: .all).map(\.id), [])
    }
}
