/// How a hit's ``SearchHit/score`` was made: one term per ranking signal.
///
/// ``total`` is the sum of the parts, so a score explains itself.
public struct ScoreBreakdown: Sendable, Equatable {
    /// Where the terms matched: title 100, display name / alternate names 70,
    /// keywords 50, description 30, text content 10 (averaged over the terms), plus
    /// bonuses when every term is in the title and when the title starts with one.
    public var field: Double
    /// The item's `rankingHint` (0–100) scaled to 0–20.
    public var rankingHint: Double
    /// Engagements recorded by `becomeCurrent`, 0–30, growing with the log of the count.
    public var engagement: Double
    /// Recency of the content (modification, else creation, else indexing date),
    /// 0–10, halving every 30 days.
    public var recency: Double
    /// Which field matched best: `title`, `displayName`, `keywords`, `description`
    /// or `textContent`.
    public var bestField: String

    /// The score: the sum of the parts.
    public var total: Double { field + rankingHint + engagement + recency }

    /// Makes a breakdown.
    public init(field: Double, rankingHint: Double, engagement: Double, recency: Double, bestField: String) {
        self.field = field
        self.rankingHint = rankingHint
        self.engagement = engagement
        self.recency = recency
        self.bestField = bestField
    }
}

/// One ranked result of ``SearchableIndex/search(_:domains:limit:offset:)``.
public struct SearchHit: Sendable, Equatable {
    /// The item found.
    public var item: SearchableItem
    /// How good the match is; higher is better.
    public var score: Double { breakdown.total }
    /// The parts of ``score``.
    public var breakdown: ScoreBreakdown
    /// The matched text, per field (and element of an array field).
    public var highlights: [SearchHighlight]

    /// Makes a hit.
    public init(item: SearchableItem, breakdown: ScoreBreakdown, highlights: [SearchHighlight] = []) {
        self.item = item
        self.breakdown = breakdown
        self.highlights = highlights
    }
}

/// A page of search hits and how many there are in all.
public struct SearchResults: Sendable, Equatable {
    /// The hits of the requested page, best first.
    public var hits: [SearchHit]
    /// How many items match. Exact when ``totalCountIsExact``; otherwise a lower
    /// bound (counting stops at ``SearchableIndex/totalCountCap``).
    public var totalCount: Int
    /// Whether ``totalCount`` is exact.
    public var totalCountIsExact: Bool

    /// Makes a page of results.
    public init(hits: [SearchHit], totalCount: Int, totalCountIsExact: Bool) {
        self.hits = hits
        self.totalCount = totalCount
        self.totalCountIsExact = totalCountIsExact
    }
}
