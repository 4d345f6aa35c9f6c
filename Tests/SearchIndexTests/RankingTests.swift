import Foundation
import XCTest
@testable import SearchIndex

/// Ranking: field weight, rankingHint, engagement, recency, and a score that explains itself.
final class RankingTests: IndexTestCase {
    func testFieldWeightTitleAboveKeywordsAboveDescriptionAboveText() throws {
        try index.indexItems([
            item("text", title: "One", text: "about lighthouses"),
            item("description", title: "Two", description: "lighthouse tours"),
            item("keywords", title: "Three", keywords: ["lighthouse"]),
            item("title", title: "Lighthouse keeper"),
        ])
        let results = try index.search("lighthouse")
        XCTAssertEqual(results.hits.map { $0.item.id }, ["title", "keywords", "description", "text"])
        XCTAssertEqual(results.hits.map { $0.breakdown.bestField }, ["title", "keywords", "description", "textContent"])
    }

    func testATitleStartingWithATermGetsItsBonus() throws {
        // Indexed first, so without the bonus each would come second (newer rows first).
        try index.indexItems([
            item("starts", title: "Apple pie e-mail"),
            item("cjk-starts", title: "新闻联播"),
        ])
        try index.indexItems([
            item("inside", title: "Pie with apple e-mail"),
            item("cjk-inside", title: "腾讯新闻"),
        ])
        for text in ["apple", "app", "a", "apple e-mail", "e-mail apple"] {
            let hits = try index.search(text).hits
            XCTAssertEqual(hits.first?.item.id, "starts", text)
            XCTAssertEqual(hits.first!.breakdown.field - hits.last!.breakdown.field, Ranking.titleStartBonus, accuracy: 1e-9, text)
        }
        XCTAssertEqual(try searchIDs("新闻"), ["cjk-starts", "cjk-inside"])
        XCTAssertEqual(try searchIDs("e-mail"), ["starts", "inside"], "neither title starts with e-mail: the shorter title is covered more")
    }

    func testDisplayNameRanksBetweenTitleAndKeywords() throws {
        var named = item("named")
        named.attributes.displayName = "Brent Spiner"
        try index.indexItems([item("kw", title: "X", keywords: ["brent"]), named, item("title", title: "Brent")])
        XCTAssertEqual(try searchIDs("bren"), ["title", "named", "kw"])
    }

    func testRankingHintBreaksTiesAndIsExplained() throws {
        try index.indexItems([
            item("low", title: "Harbor view", rankingHint: 10),
            item("high", title: "Harbor view", rankingHint: 90),
            item("none", title: "Harbor view"),
        ])
        let hits = try index.search("harbor").hits
        XCTAssertEqual(hits.map { $0.item.id }, ["high", "none", "low"])
        XCTAssertEqual(hits[0].breakdown.rankingHint, 18)
        XCTAssertEqual(hits[2].breakdown.rankingHint, 2)
        XCTAssertEqual(hits.map { $0.breakdown.level(.rankingHint) }, [90, 50, 10], "the hint's level is the hint")
        // The score orders as the rules' levels compared in order.
        let levels = hits.map { hit in RankingRule.allCases.map { hit.breakdown.level($0) } }
        for (a, b) in zip(levels, levels.dropFirst()) {
            XCTAssertTrue(b.lexicographicallyPrecedes(a), "\(a) before \(b)")
        }
        XCTAssertEqual(hits.map(\.score), hits.map { $0.breakdown.total })
        XCTAssertTrue(hits.allSatisfy { $0.score == $0.score.rounded() }, "scores are integers")
    }

    func testEngagementRaisesRank() throws {
        try index.indexItems([item("a", title: "Garden party"), item("b", title: "Garden party")])
        let before = try searchIDs("garden")
        let loser = before.last!
        for _ in 0..<3 {
            try index.becomeCurrent(UserActivity(activityType: "org.example.view", relatedUniqueIdentifier: loser))
        }
        let hits = try index.search("garden").hits
        XCTAssertEqual(hits.first?.item.id, loser)
        XCTAssertEqual(hits.first!.breakdown.engagement, 20, accuracy: 1e-9, "log2(1 + 3) × 10")
    }

    /// A search reads the index's engagements whole when they are no more than its
    /// candidates and asks for its candidates' one by one when they are more: both
    /// count, for exact and typo matches.
    func testEngagementCountsWhetherTheIndexHoldsFewEngagementsOrMany() throws {
        // Two items match `garden`; forty engaged others make the engagements more.
        let others = 40
        try index.indexItems([item("a", title: "Garden party"), item("b", title: "Garden party")]
            + (0 ..< others).map { item("o\($0)", title: "Note \($0)") })
        let loser = try searchIDs("garden").last!
        for _ in 0..<3 {
            try index.becomeCurrent(UserActivity(activityType: "org.example.view", relatedUniqueIdentifier: loser))
        }
        for many in [false, true] {
            if many {
                for n in 0 ..< others {
                    try index.becomeCurrent(UserActivity(activityType: "org.example.view", relatedUniqueIdentifier: "o\(n)"))
                }
            }
            for query in ["garden", "gardne"] {
                let hits = try index.search(query).hits
                XCTAssertEqual(hits.first?.item.id, loser, "\(query), many engagements: \(many)")
                XCTAssertEqual(hits.first?.breakdown.engagement ?? 0, 20, accuracy: 1e-9, "\(query), many engagements: \(many)")
                XCTAssertEqual(hits.last?.breakdown.engagement ?? -1, 0, accuracy: 1e-9, "\(query), many engagements: \(many)")
            }
        }
        XCTAssertEqual(try index.search("note 7").hits.first?.breakdown.engagement ?? 0, 10, accuracy: 1e-9, "log2(1 + 1) × 10")
    }

    func testRecencyPrefersNewerContent() throws {
        var old = item("old", title: "Weekly digest")
        old.attributes.contentModificationDate = Date().addingTimeInterval(-120 * 86_400)
        var fresh = item("fresh", title: "Weekly digest")
        fresh.attributes.contentModificationDate = Date()
        try index.indexItems([fresh, old])
        let hits = try index.search("digest").hits
        XCTAssertEqual(hits.map { $0.item.id }, ["fresh", "old"])
        XCTAssertGreaterThan(hits[0].breakdown.recency, 9.9)
        XCTAssertLessThan(hits[1].breakdown.recency, 1)
    }

    func testTitleMatchesOfLowQualityItemsBeatBodyMatchesOfManyBetterOnes() throws {
        // 300 high-hint items mention the word only in their text; one low-hint item
        // has it in the title. The heavy-field pass must still find it.
        var items = (0..<300).map { item("body\($0)", title: "Entry \($0)", text: "a note on orchids", rankingHint: 100) }
        items.append(item("titled", title: "Orchids", rankingHint: 0))
        try index.indexItems(items)
        XCTAssertEqual(try searchIDs("orch").first, "titled")
        XCTAssertEqual(try index.search("orchids").totalCount, 301)
    }

    func testRankingAcrossThousandsOfItemsKeepsBestFirst() throws {
        let items = (0..<5000).map { n in
            item("n\(n)", title: n % 1000 == 7 ? "Quarterly plan \(n)" : "Note \(n)", description: "quarterly numbers", rankingHint: Double(n % 100))
        }
        try index.indexItems(items)
        let hits = try index.search("quarterly", limit: 10).hits
        XCTAssertEqual(Set(hits.prefix(5).map { $0.item.id }), ["n7", "n1007", "n2007", "n3007", "n4007"], "title matches first")
        let scores = hits.map { $0.score }
        XCTAssertEqual(scores, scores.sorted(by: >))
        XCTAssertTrue(hits.dropFirst(5).allSatisfy { $0.breakdown.bestField == "description" && $0.breakdown.rankingHint >= 19.8 },
                      "then the best-hinted description matches")
    }
}
