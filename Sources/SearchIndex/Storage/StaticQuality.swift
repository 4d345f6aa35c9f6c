import Foundation

/// What an item is worth whatever the query: SPEC §5's ranking hint and engagement as
/// scores, their levels in the ranking rules (``RankingRule/rankingHint``, then
/// ``RankingRule/engagement``), and the quality bucket those levels give the item's FTS
/// rowid (``FTSRowid``), so that FTS5 returns matches in the rules' order. Storage
/// writes the bucket; the rules read the same levels, so the two cannot disagree.
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

    /// Levels of the ranking-hint rule: the hint part by the fifth, that is
    /// `rankingHint` by the whole point (0–100).
    static let hintLevels = 101

    /// The hint level of a hint part (0–20, ``hintScore(_:)``).
    static func hintLevel(_ hint: Double) -> Int {
        Int((min(max(hint, 0), 20) * 5).rounded())
    }

    /// Levels of the engagement rule: the engagement part by the whole point (0–30).
    static let engagementLevels = 31

    /// The engagement level of an engagement part (0–30, ``engagementScore(_:)``).
    static func engagementLevel(_ engagement: Double) -> Int {
        Int(min(max(engagement, 0), 30).rounded())
    }

    /// The quality bucket of an item: its hint level above its engagement level
    /// (0–3130), so that FTS5 returns an item with a higher hint before any with a
    /// lower one, and among equal hints the more engaged first, as the rules rank them.
    ///
    /// Every level of both rules has its bucket: 3,131 buckets take 12 of the 31 bits
    /// above the item rowid (``FTSRowid``). Fewer, coarser buckets would walk some items
    /// out of the rules' order; more buckets cost index size only when the items spread
    /// over them.
    static func bucket(rankingHint: Double?, engagements: Int64) -> Int64 {
        let hint = hintLevel(hintScore(rankingHint)), engagement = engagementLevel(engagementScore(engagements))
        return Int64(hint * engagementLevels + engagement)
    }

    /// The highest bucket: the best hint and the most engagement.
    static let maximumBucket = Int64(hintLevels * engagementLevels - 1)
}
