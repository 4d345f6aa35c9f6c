/// How a hit's ``SearchHit/score`` was made: the signal each ranking rule reads, and
/// the level the rule gives it (``level(_:)``).
///
/// The score packs the levels of SPEC §5's rules, in order (``RankingRule``): a rule
/// decides before every rule after it, whatever their signals. The signals say what
/// was measured: the terms matched (``MatchingStrategy``), typos, whether the typed word is a whole word, the field, the
/// terms' proximity, how much of the field the query covers, then `rankingHint`,
/// engagement, recency, and last the terms' statistics.
public struct ScoreBreakdown: Sendable, Equatable {
    /// How many of the query's terms the hit matched: all of them, unless the search
    /// dropped terms to fill the page (``MatchingStrategy``). 0 when not set.
    public var matchedTerms: Int
    /// How many of the query's terms the search dropped to find the hit.
    public var unmatchedTerms: Int
    /// −1 per typo, plus, with typos, how likely the words matched with typos are the
    /// ones meant (their mean closeness, 0 to below 1); 0 for an exact match.
    public var typos: Double
    /// 1 when every term matched a whole word (the word being typed included), 0 when
    /// the last term matched only as the start of a longer word.
    public var exactness: Double
    /// Where the terms matched: title 1000, display name / alternate names 700,
    /// keywords 500, description 300, text content 100 (averaged over the terms),
    /// plus bonuses when every term is in the title (200) and when the title starts
    /// with one (100).
    public var field: Double
    /// 0–1: consecutive query terms side by side and in order in one field (1), or
    /// within three words (½), averaged over the pairs of terms.
    public var proximity: Double
    /// 0–1: the share of the best matching field's characters the query matched (an
    /// exact full title is 1).
    public var coverage: Double
    /// The item's `rankingHint` (0–100) scaled to 0–20.
    public var rankingHint: Double
    /// Engagements recorded by `becomeCurrent`, 0–30, growing with the log of the count.
    public var engagement: Double
    /// Recency of the content (modification, else creation, else indexing date),
    /// 0–10, halving every 30 days.
    public var recency: Double
    /// 0–1: the terms' fields weighted by the terms' rarity (an IDF-like weight), so
    /// that the rarer term in the better field wins what is otherwise a tie.
    public var termStatistics: Double
    /// Which field matched best: `title`, `displayName`, `keywords`, `description`
    /// or `textContent`.
    public var bestField: String
    /// How many edits the matched words differ by from the query's.
    public var typoCount: Int

    /// The score: the rules' levels packed in order (``RankingRule``), an integer.
    public var total: Double {
        RankingRule.score(level)
    }

    /// The level `rule` gives these signals, `0 ..< rule.levels`, higher is better.
    public func level(_ rule: RankingRule) -> Int {
        switch rule {
        case .matchedTerms: return RankingRule.matchedTermsLevel(dropped: unmatchedTerms)
        case .typos: return RankingRule.typoLevel(count: typoCount, closeness: typos + Double(typoCount))
        case .exactness: return exactness > 0 ? 1 : 0
        case .field: return RankingRule.fieldLevel(field)
        case .proximity: return RankingRule.proximityLevel(proximity)
        case .coverage: return RankingRule.coverageLevel(coverage)
        case .rankingHint: return StaticQuality.hintLevel(rankingHint)
        case .engagement: return StaticQuality.engagementLevel(engagement)
        case .recency: return RankingRule.recencyLevel(recency)
        case .termStatistics: return RankingRule.termStatisticsLevel(termStatistics)
        }
    }

    /// Makes a breakdown.
    public init(field: Double, rankingHint: Double, engagement: Double, recency: Double, bestField: String,
                typos: Double = 0, exactness: Double = 0, proximity: Double = 0, coverage: Double = 0,
                termStatistics: Double = 0, typoCount: Int = 0, matchedTerms: Int = 0, unmatchedTerms: Int = 0) {
        self.matchedTerms = matchedTerms
        self.unmatchedTerms = unmatchedTerms
        self.field = field
        self.rankingHint = rankingHint
        self.engagement = engagement
        self.recency = recency
        self.bestField = bestField
        self.typos = typos
        self.exactness = exactness
        self.proximity = proximity
        self.coverage = coverage
        self.termStatistics = termStatistics
        self.typoCount = typoCount
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
    /// What the hits and ``totalCount`` match: ``MatchingStrategy/all`` when every hit
    /// matches every term; otherwise the strategy that dropped terms to fill the page,
    /// and the count is of the items matching the fewest terms kept.
    public var matching: MatchingStrategy

    /// Makes a page of results.
    public init(hits: [SearchHit], totalCount: Int, totalCountIsExact: Bool, matching: MatchingStrategy = .all) {
        self.hits = hits
        self.totalCount = totalCount
        self.totalCountIsExact = totalCountIsExact
        self.matching = matching
    }
}
