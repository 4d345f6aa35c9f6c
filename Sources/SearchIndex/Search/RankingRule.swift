import Foundation

/// SPEC §5's ranking order, declared once: each rule gives a hit an integer level
/// (higher is better, below ``levels``), and a rule decides before every rule after it.
///
/// The score packs the levels into one number, mixed-radix, the first rule in the
/// highest digit (``score(_:)``): comparing two scores compares the levels rule by rule,
/// like a bucket sort. ``ScoreBreakdown`` gives a hit's levels, ``ScoreBound`` a
/// candidate's highest possible ones, both by a `switch` over the rules, so the score
/// and the bound that prunes candidates read the same declaration. Remaining ties fall
/// to the identifier (``Ranking/precedes(_:_:)``).
///
/// A continuous signal is cut into a few levels, so that the rules after it still
/// decide among hits about as good by it: typo closeness 10, field 14 (100 points each),
/// proximity 5, coverage 68 (geometric), recency 11 (see each rule).
public enum RankingRule: Int, CaseIterable, Sendable {
    /// More of the query's terms matched (``MatchingStrategy``: hits of a query with
    /// terms dropped come after every hit of the whole query).
    case matchedTerms
    /// Fewer typos; among as many, the likelier correction.
    case typos
    /// Every term matched a whole word, over the last one matching a longer word's start.
    case exactness
    /// Where the terms matched (title first).
    case field
    /// The terms side by side and in order.
    case proximity
    /// How much of the field the query covers (an exact full title first).
    case coverage
    /// The app's `rankingHint`.
    case rankingHint
    /// The user's engagements (`becomeCurrent`).
    case engagement
    /// Newer content.
    case recency
    /// Rarer terms in better fields.
    case termStatistics

    /// How many levels the rule has: its levels are `0 ..< levels`.
    public var levels: Int {
        switch self {
        case .matchedTerms: return SearchText.maximumTerms + 1
        case .typos: return Self.typoCap * Self.closenessLevels + 1
        case .exactness: return 2
        case .field: return Int(Self.fieldMost / Self.fieldStep) + 1
        case .proximity: return Self.proximitySteps + 1
        case .coverage: return Self.coverageSteps + 2
        case .rankingHint: return StaticQuality.hintLevels
        case .engagement: return StaticQuality.engagementLevels
        case .recency: return 11
        case .termStatistics: return 1001
        }
    }

    /// The rule's name, as `scoreDetails.levels` shows it.
    public var name: String {
        switch self {
        case .matchedTerms: return "matchedTerms"
        case .typos: return "typos"
        case .exactness: return "exactness"
        case .field: return "field"
        case .proximity: return "proximity"
        case .coverage: return "coverage"
        case .rankingHint: return "rankingHint"
        case .engagement: return "engagement"
        case .recency: return "recency"
        case .termStatistics: return "termStatistics"
        }
    }

    /// The rules in order, stored once (`allCases` makes an array at each use).
    static let order = allCases

    /// The score of `level`, the levels of every rule in order: higher scores rank first.
    @inline(__always)
    static func score(_ level: (RankingRule) -> Int) -> Double {
        let radix = self.radix, top = self.top
        var total = 0.0
        for rule in order {
            total += Double(min(max(level(rule), 0), top[rule.rawValue])) * radix[rule.rawValue]
        }
        return total
    }

    /// Each rule's highest level.
    private static let top = order.map { $0.levels - 1 }

    /// What one level of each rule is worth in the score: the product of the later
    /// rules' level counts, so that no sum of later levels reaches it. The product of
    /// all is below 2^53, so scores are exact integers in a `Double`.
    private static let radix: [Double] = {
        var weights = [Double](repeating: 1, count: order.count)
        for rule in order.reversed().dropFirst() {
            let next = order[rule.rawValue + 1]
            weights[rule.rawValue] = weights[next.rawValue] * Double(next.levels)
        }
        return weights
    }()

    // MARK: Levels of the signals

    /// The matched-terms level: the top one when no term was dropped, one less per
    /// dropped term.
    static func matchedTermsLevel(dropped: Int) -> Int {
        SearchText.maximumTerms - min(max(dropped, 0), SearchText.maximumTerms)
    }

    /// Typo counts told apart; more count as this many.
    static let typoCap = 8
    /// Levels of closeness among hits with as many typos, a tenth each: a whole word is
    /// worth 0.5, the same first letter or a swap of neighbours 0.125, the word's
    /// frequency up to 0.25 (``Typos/closeness(of:to:prefix:wholeWord:count:itemCount:)``).
    static let closenessLevels = 10

    /// The typo level: the exact match highest, then one typo, two…; within a typo count,
    /// the words' mean closeness (0 to below 1) in ``closenessLevels`` steps.
    static func typoLevel(count: Int, closeness: Double) -> Int {
        guard count > 0 else { return typoCap * closenessLevels }
        let step = min(closenessLevels - 1, max(0, Int(closeness * Double(closenessLevels))))
        return (typoCap - min(count, typoCap)) * closenessLevels + step
    }

    /// Field points told apart: the weight of the weakest field (text content). A
    /// title match beats a display-name match of the same query, and a description
    /// match one in the text content; averages closer than this (a third term in the
    /// description rather than the text content: 67 points) fall to proximity and
    /// coverage, which say more about such hits (docs/relevance.md, round "main 3b84c73").
    static let fieldStep = Ranking.columnWeights[Ranking.columnWeights.count - 1]
    /// The most field points: every term in the title, which starts with one.
    static let fieldMost = Ranking.columnWeights[0] + Ranking.allInTitleBonus + Ranking.titleStartBonus

    /// The field level of `points` (``ScoreBreakdown/field``).
    static func fieldLevel(_ points: Double) -> Int {
        Int(min(max(points, 0), fieldMost) / fieldStep)
    }

    /// Proximity (0–1, the mean over pairs of terms of 1 side by side, ½ close) in
    /// quarters: the values two or three terms can have.
    static let proximitySteps = 4

    static func proximityLevel(_ proximity: Double) -> Int {
        Int((min(max(proximity, 0), 1) * Double(proximitySteps)).rounded())
    }

    /// Coverage below full in geometric steps, each a tenth less than the one above
    /// (from 0.9 and up, 0.81…0.9, …, down to about 0.001), and a fully covered field
    /// (an exact full title) above them all. Relative steps, because a body field is
    /// long: its coverage is a few hundredths, and a match covering 0.075 of one is a
    /// better answer than one covering 0.015. Within a step, `rankingHint`, engagement and
    /// recency decide.
    static let coverageSteps = 66
    static let coverageRatio = 0.9

    static func coverageLevel(_ coverage: Double) -> Int {
        if coverage >= 1 - 1e-9 { return coverageSteps + 1 }
        guard coverage > 0 else { return 0 }
        let below = Int(log(coverage) / log(coverageRatio)) + 1
        return max(0, coverageSteps + 1 - below)
    }

    /// The recency part (0–10, ``Ranking/recencyScore(contentDate:now:)``), by the
    /// whole point: content of the same few days ties, and term statistics decide.
    static func recencyLevel(_ recency: Double) -> Int {
        Int(recency.rounded())
    }

    /// Term statistics (0–1) in thousandths.
    static func termStatisticsLevel(_ statistics: Double) -> Int {
        Int((min(max(statistics, 0), 1) * 1000).rounded())
    }
}
