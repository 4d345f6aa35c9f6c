import Foundation

/// What an item is worth whatever the query: SPEC §5's ranking hint and engagement as
/// scores, and the quality bucket they give the item's FTS rowid (``FTSRowid``), so that
/// FTS5 returns matches best-first. Storage writes the bucket; the search's ranking
/// rules (``RankingRule``) read the same scores, so the two cannot drift apart.
enum StaticQuality {
    /// The ranking-hint part: 0–20 (an item without a hint counts as 50).
    static func hintScore(_ rankingHint: Double?) -> Double {
        min(max(rankingHint ?? 50, 0), 100) / 5
    }

    /// The engagement part: 0–30, 10 per doubling of the count.
    static func engagementScore(_ engagements: Int64) -> Double {
        guard engagements > 0 else { return 0 }
        return min(30, 10 * log2(1 + Double(engagements)))
    }

    /// The quality bucket (0–50) of an item: the sum of the two parts, rounded.
    ///
    /// One bucket per point: finer buckets ordered candidates no better after
    /// re-scoring (the page keeps ``CandidateSearch/slack`` extra rows) but made the
    /// FTS index bigger (see ``Schema``). The sum is not the rules' order (the hint
    /// decides before engagement there); the bucket only orders which candidates are
    /// read first, and ordering it by the rules would change every stored rowid.
    static func bucket(rankingHint: Double?, engagements: Int64) -> Int64 {
        Int64((hintScore(rankingHint) + engagementScore(engagements)).rounded())
    }
}
