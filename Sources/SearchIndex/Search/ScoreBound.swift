/// The most a candidate can score (``ScoreBreakdown/total``), known before its fields
/// are read: from where FTS5 found each term (the candidate's ``PhraseLocator``),
/// whether the word being typed is a whole word anywhere in its row, and the parts that
/// do not depend on the text (ranking hint, engagement, recency).
///
/// Ranking reads every candidate's fields and matches them (``HitAnalyzer``): 0.3–0.9
/// ms of a 1 ms search of a prefix typed alone at 100k items, whose 100–170 candidates
/// are its best title matches and the best of its many matches elsewhere. A page needs
/// only its best `offset + limit`: once that many are scored, a candidate whose bound is
/// below the last of them cannot reach the page, and is not read
/// (``CandidateSearch/page(_:plan:analyzer:bound:limit:offset:sort:)``): `enfold`
/// leaves 121 of 147 unread, `embr` 36 of 100, `腾` 70 of 170. The page is the same as
/// when every candidate is read; only the count of candidates that matched after
/// analysis counts those left unread as matches.
///
/// The bound is the score (``RankingRule/score(_:)``) of each rule's highest level the
/// candidate can reach (``maximumLevel(_:of:)``), so it follows the rules' order:
/// - typos: exact for a candidate of the exact pass; a typo-pass candidate is always read;
/// - exactness: whole words only when the row holds the typed prefix as a word
///   (``wholeWordRows``, asked of FTS5 in the search's own read), or when the query
///   has no prefix;
/// - field: for each term, the weight of the best column its phrase matched in (a term
///   FTS5 does not decide alone counts as the title),
///   averaged, with the title bonuses when a term, or every term, may be in the title;
/// - proximity, coverage, term statistics: their highest level (they need the text);
/// - ranking hint, engagement, recency: the candidate's own.
struct ScoreBound {
    /// For each term, its phrase in the candidates' locators, `nil` when the locator does
    /// not tell where it matched.
    private let phrases: [Int?]
    /// The FTS rowids of the rows holding the typed prefix as a whole word; `nil` when
    /// any row may (no prefix, or too many rows to list).
    private let wholeWordRows: Set<Int64>?
    private let now: Double

    /// Rows listed at most in ``wholeWordRows``; past it every row may hold the word.
    static let wholeWordRowLimit = 1000

    /// A bound for the exact candidates of `plan`, whose locators hold one entry per
    /// phrase of `plan` (as ``CandidateSearch/exactCandidates(plan:matcher:want:typed:)``
    /// makes them). `wholeWordRows` lists the rows where the prefix is a whole word.
    init(plan: MatchPlan, wholeWordRows: Set<Int64>?, now: Double) {
        phrases = plan.termPhrases
        self.wholeWordRows = plan.prefix == nil ? nil : wholeWordRows
        self.now = now
    }

    /// The highest total `candidate` can score.
    func total(_ candidate: CandidateSearch.Candidate) -> Double {
        if candidate.typoMatch { return .infinity }
        return RankingRule.score { maximumLevel($0, of: candidate) }
    }

    /// The highest level `rule` can give `candidate`, an exact-pass candidate.
    private func maximumLevel(_ rule: RankingRule, of candidate: CandidateSearch.Candidate) -> Int {
        switch rule {
        // A search's candidates all come from one query: dropping terms lowers every
        // score of its page alike (``CandidateSearch/run(text:options:sort:)``).
        case .matchedTerms: return rule.levels - 1
        case .typos: return RankingRule.typoLevel(count: 0, closeness: 0)
        case .exactness: return (wholeWordRows.map { $0.contains(candidate.ftsRowid.rawValue) } ?? true) ? 1 : 0
        case .field: return RankingRule.fieldLevel(field(candidate))
        case .proximity, .coverage, .termStatistics: return rule.levels - 1
        case .rankingHint: return StaticQuality.hintLevel(StaticQuality.hintScore(candidate.rankingHint))
        case .engagement: return StaticQuality.engagementLevel(StaticQuality.engagementScore(candidate.engagements))
        case .recency: return RankingRule.recencyLevel(Ranking.recencyScore(contentDate: candidate.contentDate, now: now))
        }
    }

    /// The most field points `candidate` can have (``ScoreBreakdown/field``).
    private func field(_ candidate: CandidateSearch.Candidate) -> Double {
        var weights = 0.0
        var allInTitle = true, anyInTitle = false
        for phrase in phrases {
            let columns = phrase.map { candidate.locator[$0] } ?? []
            // An empty entry is one the walk did not fill in: anything is possible.
            let best = columns.isEmpty ? 0 : (0 ..< FTSColumns.count).first { columns.contains(FTSColumns(column: $0)) }!
            weights += Ranking.columnWeights[best]
            if best == 0 { anyInTitle = true } else { allInTitle = false }
        }
        var field = weights / Double(max(1, phrases.count))
        if allInTitle { field += Ranking.allInTitleBonus }
        if anyInTitle { field += Ranking.titleStartBonus }
        return field
    }
}
