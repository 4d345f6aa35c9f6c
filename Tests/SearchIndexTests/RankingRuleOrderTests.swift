import Foundation
import XCTest
@testable import SearchIndex

/// SPEC §5's order holds rule by rule: for each pair of neighbouring rules, two items
/// that differ in both, the earlier rule favouring one and the later rule the other;
/// the earlier rule wins (``RankingRule``).
final class RankingRuleOrderTests: IndexTestCase {
    /// Asserts that `query` ranks `winner` above `loser`, that they tie on every rule
    /// before `earlier`, that `earlier` favours `winner` and that `later` favours `loser`.
    private func assertEarlierRuleWins(_ query: String, winner: String, loser: String, earlier: RankingRule,
                                       later: RankingRule, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(later.rawValue, earlier.rawValue + 1, "neighbouring rules", file: file, line: line)
        let hits = try index.search(query).hits
        let ids = hits.map(\.item.id)
        guard let w = ids.firstIndex(of: winner), let l = ids.firstIndex(of: loser) else {
            return XCTFail("\(query): \(ids) lacks \(winner) or \(loser)", file: file, line: line)
        }
        let a = hits[w].breakdown, b = hits[l].breakdown
        for rule in RankingRule.allCases.prefix(earlier.rawValue) {
            XCTAssertEqual(a.level(rule), b.level(rule), "\(query): \(rule) ties", file: file, line: line)
        }
        XCTAssertGreaterThan(a.level(earlier), b.level(earlier), "\(query): \(earlier) favours \(winner)", file: file, line: line)
        XCTAssertLessThan(a.level(later), b.level(later), "\(query): \(later) favours \(loser)", file: file, line: line)
        XCTAssertLessThan(w, l, "\(query): \(earlier) decides before \(later): \(ids)", file: file, line: line)
        XCTAssertGreaterThan(hits[w].score, hits[l].score, file: file, line: line)
    }

    func testFewerTyposWinOverWholeWords() throws {
        try index.indexItems([item("exact", title: "Harbour view"), item("typo", title: "Harbor vie")])
        try assertEarlierRuleWins("harbour vie", winner: "exact", loser: "typo", earlier: .typos, later: .exactness)
    }

    func testWholeWordsWinOverTheField() throws {
        try index.indexItems([item("word", title: "Other", description: "a lamp"), item("prefix", title: "Lamps")])
        try assertEarlierRuleWins("lamp", winner: "word", loser: "prefix", earlier: .exactness, later: .field)
    }

    func testTheFieldWinsOverProximity() throws {
        // Title and description (650 field points) over two keyword matches (500) side
        // by side: one field step apart.
        try index.indexItems([item("fields", title: "A red sky", description: "a kite"),
                              item("keyworded", title: "Other", keywords: ["red kite"])])
        try assertEarlierRuleWins("red kite", winner: "fields", loser: "keyworded", earlier: .field, later: .proximity)
    }

    func testFieldAveragesWithinAStepFallToProximity() throws {
        // One of three terms in the description (167 points) against all three in the
        // text content (100): less than a step apart, so the phrase side by side wins.
        try index.indexItems([
            item("spread", title: "Tools", description: "solar", text: "a panel for the roof, and its cleaning"),
            item("phrase", title: "Kit", text: "solar panel cleaning made easy"),
        ])
        let hits = try index.search("solar panel cleaning").hits
        XCTAssertEqual(hits.map(\.item.id), ["phrase", "spread"])
        XCTAssertEqual(hits[0].breakdown.level(.field), hits[1].breakdown.level(.field))
        XCTAssertGreaterThan(hits[0].breakdown.level(.proximity), hits[1].breakdown.level(.proximity))
    }

    func testProximityWinsOverCoverage() throws {
        try index.indexItems([item("near", title: "Red kite over the long green hills"), item("covered", title: "Red a kite")])
        try assertEarlierRuleWins("red kite", winner: "near", loser: "covered", earlier: .proximity, later: .coverage)
    }

    func testCoverageWinsOverTheRankingHint() throws {
        // 6 of the title's 10 letters against 6 of 12: a tenth of coverage apart, so the hint's 20
        // points used to outweigh it.
        try index.indexItems([item("covered", title: "Harbor walk", rankingHint: 0),
                              item("hinted", title: "Harbor lights", rankingHint: 100)])
        try assertEarlierRuleWins("harbor", winner: "covered", loser: "hinted", earlier: .coverage, later: .rankingHint)
    }

    func testTheRankingHintWinsOverEngagement() throws {
        try index.indexItems([item("hinted", title: "Garden party", rankingHint: 60), item("engaged", title: "Garden party")])
        for _ in 0 ..< 3 {
            try index.becomeCurrent(UserActivity(activityType: "org.example.view", relatedUniqueIdentifier: "engaged"))
        }
        try assertEarlierRuleWins("garden", winner: "hinted", loser: "engaged", earlier: .rankingHint, later: .engagement)
    }

    func testEngagementWinsOverRecency() throws {
        var old = item("engaged", title: "Weekly digest")
        old.attributes.contentModificationDate = Date().addingTimeInterval(-200 * 86_400)
        var fresh = item("fresh", title: "Weekly digest")
        fresh.attributes.contentModificationDate = Date()
        try index.indexItems([old, fresh])
        try index.becomeCurrent(UserActivity(activityType: "org.example.view", relatedUniqueIdentifier: "engaged"))
        try assertEarlierRuleWins("digest", winner: "engaged", loser: "fresh", earlier: .engagement, later: .recency)
    }

    /// Two items matching `alpha beta` in the title and keywords the other way round;
    /// `alpha` is the rarer word (five more items hold `beta`), so term statistics
    /// favour the one with `alpha` in its title. Both titles are half covered.
    private func indexTermStatisticsPair(rareInTitle: String, commonInTitle: String, rareDate: Date, commonDate: Date) throws {
        var rare = item(rareInTitle, title: "alpha three", keywords: ["beta"])
        rare.attributes.contentModificationDate = rareDate
        var common = item(commonInTitle, title: "beta four", keywords: ["alpha"])
        common.attributes.contentModificationDate = commonDate
        try index.indexItems([rare, common] + (0 ..< 5).map { item("filler\($0)", title: "Filler", text: "beta") })
    }

    func testRecencyWinsOverTermStatistics() throws {
        let now = Date()
        try indexTermStatisticsPair(rareInTitle: "rare", commonInTitle: "fresh", rareDate: now.addingTimeInterval(-90 * 86_400), commonDate: now)
        try assertEarlierRuleWins("alpha beta", winner: "fresh", loser: "rare", earlier: .recency, later: .termStatistics)
    }

    func testTermStatisticsWinOverTheIdentifier() throws {
        let now = Date()
        try indexTermStatisticsPair(rareInTitle: "z-rare", commonInTitle: "a-common", rareDate: now, commonDate: now)
        let hits = try index.search("alpha beta").hits
        XCTAssertEqual(hits.prefix(2).map(\.item.id), ["z-rare", "a-common"], "term statistics before the identifier")
        XCTAssertEqual(hits[0].breakdown.level(.recency), hits[1].breakdown.level(.recency))
        XCTAssertGreaterThan(hits[0].breakdown.level(.termStatistics), hits[1].breakdown.level(.termStatistics))
    }

    /// Every rule has a pair above: the list of rules is SPEC §5's, in its order.
    func testTheRulesAreSpecOrder() {
        XCTAssertEqual(RankingRule.allCases.map(\.name), ["matchedTerms", "typos", "exactness", "field", "proximity", "coverage",
                                                          "rankingHint", "engagement", "recency", "termStatistics"])
        let best = RankingRule.score { $0.levels - 1 }
        XCTAssertLessThan(best, 0x1p53, "every score is an exact integer in a Double")
        for rule in RankingRule.allCases {
            let oneLevel = RankingRule.score { $0 == rule ? 1 : 0 }
            let allAfter = RankingRule.score { $0.rawValue > rule.rawValue ? $0.levels - 1 : 0 }
            XCTAssertEqual(oneLevel, allAfter + 1, "one level of \(rule.name) outweighs the highest levels of all after it")
        }
    }
}
