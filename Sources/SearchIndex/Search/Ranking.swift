import Foundation

/// The signals of a hit that SPEC §5's rules rank by (``RankingRule``). The two that
/// do not depend on the query (ranking hint and engagement) are ``StaticQuality``'s,
/// which also orders the FTS index by them.
enum Ranking {
    /// Field weights by FTS column: title, names (display and alternate), keywords,
    /// description, text content.
    static let columnWeights: [Double] = [1000, 700, 500, 300, 100]
    static let columnNames = ["title", "displayName", "keywords", "description", "textContent"]
    /// Added when every term is in the title.
    static let allInTitleBonus = 200.0
    /// Added when the title starts with a term.
    static let titleStartBonus = 100.0

    /// The breakdown of a candidate from its analysis.
    static func breakdown(_ analysis: HitAnalyzer.Analysis, terms: [HitAnalyzer.Term], rankingHint: Double?, engagements: Int64,
                          contentDate: Double, now: Double) -> ScoreBreakdown {
        var total = 0.0, weighted = 0.0, weights = 0.0
        var allInTitle = true, bestColumn = columnWeights.count - 1
        var typos = 0, whole = true
        var closeness = 0.0, typoTerms = 0
        for (term, match) in zip(terms, analysis.matches) {
            total += columnWeights[match.column]
            weighted += term.weight * columnWeights[match.column] / 1000
            weights += term.weight
            if match.column != 0 { allInTitle = false }
            bestColumn = min(bestColumn, match.column)
            typos += match.typos
            if match.typos > 0 {
                closeness += match.closeness
                typoTerms += 1
            }
            if !match.wholeWord { whole = false }
        }
        var field = total / Double(max(1, analysis.matches.count))
        if allInTitle { field += allInTitleBonus }
        if analysis.titleStart { field += titleStartBonus }
        return ScoreBreakdown(
            field: field, rankingHint: StaticQuality.hintScore(rankingHint), engagement: StaticQuality.engagementScore(engagements),
            recency: recencyScore(contentDate: contentDate, now: now), bestField: columnNames[bestColumn],
            typos: -Double(typos) + (typoTerms > 0 ? closeness / Double(typoTerms) : 0), exactness: whole ? 1 : 0,
            proximity: analysis.proximity, coverage: analysis.coverage,
            termStatistics: weights > 0 ? weighted / weights : 0, typoCount: typos)
    }

    /// The order of hits: higher score first, then the identifier, so that equal
    /// scores never fall back to insertion order or to the order candidates arrived in.
    static func precedes(_ a: (total: Double, id: String), _ b: (total: Double, id: String)) -> Bool {
        a.total != b.total ? a.total > b.total : a.id < b.id
    }

    /// The recency part: 10 for content changed now, halving every 30 days.
    static func recencyScore(contentDate: Double, now: Double) -> Double {
        let days = max(0, now - contentDate) / 86_400_000
        return 10 * pow(0.5, days / 30)
    }
}
