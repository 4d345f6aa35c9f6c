import Foundation

/// How hits are scored, and the static quality that orders the FTS index.
///
/// A score is the sum of four parts (see ``ScoreBreakdown``): where the terms matched,
/// the app's `rankingHint`, the user's engagement, and recency. The two parts that do
/// not depend on the query (ranking hint and engagement) also pick the item's quality
/// bucket, the high bits of its FTS rowid, so FTS5 can return candidates best-first.
enum Ranking {
    /// Field weights by FTS column: title, names (display and alternate), keywords,
    /// description, text content.
    static let columnWeights: [Double] = [100, 70, 50, 30, 10]
    static let columnNames = ["title", "displayName", "keywords", "description", "textContent"]
    /// Added when every term is in the title.
    static let allInTitleBonus = 20.0
    /// Added when the title starts with a term.
    static let titleStartBonus = 10.0

    /// The ranking-hint part: 0–20 (an item without a hint counts as 50).
    static func hintScore(_ rankingHint: Double?) -> Double {
        min(max(rankingHint ?? 50, 0), 100) / 5
    }

    /// The engagement part: 0–30, 10 per doubling of the count.
    static func engagementScore(_ engagements: Int64) -> Double {
        guard engagements > 0 else { return 0 }
        return min(30, 10 * log2(1 + Double(engagements)))
    }

    /// The recency part: 10 for content changed now, halving every 30 days.
    static func recencyScore(contentDate: Double, now: Double) -> Double {
        let days = max(0, now - contentDate) / 86_400_000
        return 10 * pow(0.5, days / 30)
    }

    /// The quality bucket (0–50) of an item: its query-independent score, rounded.
    ///
    /// One bucket per score point: finer buckets ordered candidates no better after
    /// re-scoring (the page keeps ``CandidateSearch/slack`` extra rows) but made the
    /// FTS index bigger (see ``Schema``).
    static func qualityBucket(rankingHint: Double?, engagements: Int64) -> Int64 {
        Int64((hintScore(rankingHint) + engagementScore(engagements)).rounded())
    }

    /// The field part and the best field, from a `searchlight_match` value.
    static func fieldScore(locator: Int64, phraseCount: Int) -> (score: Double, bestField: String) {
        let phrases = max(1, min(phraseCount, MatchLocator.maximumPhrases))
        var total = 0.0
        var allInTitle = true
        var bestColumn = columnWeights.count - 1
        for phrase in 0..<phrases {
            let columns = MatchLocator.columns(ofPhrase: phrase, in: locator)
            if columns & 1 == 0 { allInTitle = false }
            guard columns != 0 else { continue }
            let column = columns.trailingZeroBitCount
            total += columnWeights[column]
            bestColumn = min(bestColumn, column)
        }
        var score = total / Double(phrases)
        if allInTitle { score += allInTitleBonus }
        if locator & MatchLocator.titleStartBit != 0 { score += titleStartBonus }
        return (score, columnNames[bestColumn])
    }
}
