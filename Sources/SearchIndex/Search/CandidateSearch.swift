import Foundation

/// The search engine behind `search` and `systemSearch`: at least ``window`` FTS5
/// candidates in static-quality order, analysed and ranked in Swift. Not bm25: it
/// scores every match (1.2 s at p99 on 100k items for a short prefix).
///
/// A search, in the order it runs (docs/ARCHITECTURE.md, "How a search finds its
/// candidates", says why each part is as it is; docs/benchmarks.md has the figures):
/// 1. **Query.** ``SearchText/plan(for:)`` reads the text into a ``MatchPlan``: its
///    terms (the last a prefix) as a ``MatchExpression``, which renders the FTS5 MATCH
///    text and the locator's ``LocatorLayout``.
/// 2. **Plan.** Before a row is read, the planner (`CandidateSearch+Planning.swift`)
///    picks the prefix's path from the word list's counts and ``CostModel``, and the
///    typo plan (``TypoPolicy``, ``Typos``) when the exact matches may not fill the page.
///    The plan is then fixed; ``PlanOverrides`` lets tests force its choices.
/// 3. **Matches.** Each ``AccessStep`` (`+Steps`, `+Walks`, `+Typos`) walks FTS5 rowids
///    best-first (``FTSRowid``: quality above the item rowid) and keeps the candidates;
///    a step that gives up takes its declared fallback. `+Visibility` drops expired,
///    hidden-kind and other-domain rows; ``TermMatcher`` checks terms of several tokens.
/// 4. **Count.** `+Counting`: exact when the matches ran out, else up to
///    ``SearchableIndex/totalCountCap``, or nothing past the candidates when
///    ``countsTotal`` is false.
/// 5. **Rank.** `+Ranking`: ``HitAnalyzer`` finds each term's best match in a candidate's fields;
///    ``RankingRule`` turns it into SPEC §5's levels and one score; ``ScoreBound``
///    leaves unread the candidates that cannot reach the page. Equal scores fall to the
///    identifier, so a page of 10 is the first 10 of a page of 50.
/// 6. **Fewer terms.** `+Matching`: when every term together does not fill the page,
///    the ``MatchingStrategy``'s queries with terms dropped run through 1–5 in turn,
///    and their new hits rank below (the `matchedTerms` rule).
///
/// The trade-off: with more than `window` matches in both passes, an item that is
/// neither in the best quality buckets nor matched in a heavy field (title, names,
/// keywords) cannot reach the first page. Typing one more letter brings it back.
struct CandidateSearch {
    /// Rows kept beyond the requested page, for re-ranking.
    static let slack = 40
    /// The fewest candidates a search ranks: pages that end within it are cut from the
    /// same ranked candidates whatever their limit (a page of 10 is the first 10 of a
    /// page of 50).
    static let window = 100
    let connection: Connection
    let thumbnails: ThumbnailStore
    let now: Double
    let kinds: Set<Int64>
    let domains: [String]?
    /// A compiled query-language filter every hit must match (`userQuery`'s `filter`).
    var filter: (sql: String, bindings: [SQLValue])? = nil
    /// The index's words, for typos and term statistics; `nil` searches exactly.
    var vocabulary: Vocabulary? = nil
    /// Typo alternatives already looked up in ``vocabulary`` (`nil`: looked up each time).
    var typoLookups: TypoLookupCache? = nil
    /// Whether the total counts matches past the candidates, up to
    /// ``SearchableIndex/totalCountCap`` (``SearchOptions/countsTotal``). `false` stops
    /// every walk once it has its candidates (the same ones) and reports what it met,
    /// a lower bound unless the matches ran out. A typo plan's walk that stands in for
    /// the exact pass still reads on (see ``TypedMatches``): the rows it reads past the
    /// page are what let it stand in.
    var countsTotal = true
    /// Paths forced by tests; the default chooses every one by cost.
    var overrides = PlanOverrides()
    /// Marks the phases of a search (exact matches, typo alternatives, typo matches,
    /// ranking) when `SEARCHLIGHT_TRACE_SEARCH` is set.
    var trace: SearchTrace? = nil

    struct Candidate {
        var itemRowid: Int64
        var ftsRowid: FTSRowid
        /// Where the terms' phrases matched (the locator function's, and the Swift
        /// prefix check's).
        var locator: PhraseLocator
        var id: String
        var kind: Int64
        var rankingHint: Double?
        var contentDate: Double
        /// The user's engagements with the item (``countEngagements(of:)``).
        var engagements: Int64 = 0
        /// ``TermMatcher``'s findings: the best field of each checked term.
        var checked = PhraseLocator()
        /// Found by the typo pass only: its terms may match with typos.
        var typoMatch = false
    }

    struct Scored {
        var row: StoredRow
        var breakdown: ScoreBreakdown
        var highlights: [SearchHighlight] = []
    }

    /// How many matches a search counted, and whether that is all of them (otherwise
    /// a lower bound).
    struct Count {
        var total: Int
        var isExact: Bool
    }

    /// How far a walk over a source's matches got.
    struct Walk {
        /// Rows accepted as candidates.
        var accepted: Int
        /// Whether the matches ran out before `want` were accepted.
        var exhausted: Bool
        /// `false` when a walk checking a prefix in Swift gave up after
        /// ``CostModel/verifiedScanBudget`` rows.
        var withinBudget = true
        /// Whether a walk of both lists gave up because its heavy matches would not fill
        /// the page (``MatchPlan/walkExpectsRows``).
        var abandoned = false
    }

    /// One row of a source: its FTS rowid and where the phrases matched, in `items_fts`
    /// and in `items_head` (whose phrase 0 is the prefix).
    struct MatchRow {
        var ftsRowid: FTSRowid
        var locator: PhraseLocator
        var headLocator: PhraseLocator
    }

    /// One way of asking FTS5 for matches best-first: a query returning
    /// `(r: fts rowid, l1: items_fts locator, l2: items_head locator)`, the same
    /// query without locators (for counting), and their parameters.
    struct Source {
        var sql: String
        var countSQL: String
        var values: [SQLValue]

        init(values: [SQLValue], _ sql: (_ fts: String, _ head: String) -> String) {
            let locate = MatchLocator.functionName
            self.sql = sql("\(locate)(items_fts)", "\(locate)(items_head)")
            countSQL = sql("0", "0")
            self.values = values
        }
    }

    /// The sources of the two passes (heavy fields, then all fields) for a plan.
    ///
    /// Without a prefix, or with complete terms and a prefix longer than
    /// ``MatchPlan/headPrefixLimit``, two `items_fts` queries (heavy fields, then all).
    /// A prefix alone is answered by `items_head` (the caller goes on in `items_fts`
    /// when that does not fill the page). With complete terms and a short (indexed)
    /// prefix not left to FTS5's merge (`path`), `items_fts` drives
    /// the loop (complete words are selective) while `items_head` checks each row by
    /// rowid from its prefix index; a prefix left to FTS5's merge is asked in
    /// `items_fts` alone. A longer prefix is not indexed: checking it row by row merges
    /// its words' lists for every row (14 s for `a inter` at 100k items), so the search
    /// never asks this join for one: it walks the two lists side by side instead
    /// (``exactCandidates(plan:matcher:want:)``).
    static func sources(for plan: MatchPlan, path: MatchPlan.PrefixPath) -> [Source] {
        guard plan.looksInHeadFirst(taking: path), let prefix = plan.prefix else {
            let expression = plan.expression
            return [expression.heavyFieldsText, expression.text].map { match in
                Source(values: [.text(match)]) { fts, _ in
                    "SELECT rowid AS r, \(fts) AS l1, 0 AS l2 FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC"
                }
            }
        }
        guard let complete = plan.completeExpression else {
            return [Source(values: [.text(prefix.text)]) { _, head in
                "SELECT rowid AS r, 0 AS l1, \(head) AS l2 FROM items_head WHERE items_head MATCH ?1 ORDER BY rowid DESC"
            }]
        }
        return [complete.heavyFieldsText, complete.text].map { match in
            Source(values: [.text(match), .text(prefix.text)]) { fts, head in
                """
                SELECT items_fts.rowid AS r, \(fts) AS l1, \(head) AS l2
                FROM items_fts CROSS JOIN items_head
                WHERE items_fts MATCH ?1 AND items_head MATCH ?2 AND items_head.rowid = items_fts.rowid
                ORDER BY items_fts.rowid DESC
                """
            }
        }
    }

    /// The page `offset..<offset+limit` of hits for user text, and the total count.
    ///
    /// Exact matches are looked for first (``exactCandidates(plan:matcher:want:)``).
    /// Every exact match ranks above every match with a typo (SPEC §5's order), so the
    /// typo pass (``typoCandidates(plan:matcher:want:into:)``) runs only when the exact
    /// matches do not fill the page; either way the first `k` hits do not depend on
    /// the page asked for: every search ranks at least ``window`` candidates, the same
    /// ones whatever the limit, in one total order (``Ranking/precedes(_:_:)``).
    func run(text: String, limit: Int, offset: Int, typoTolerance: Bool = true, sort: [SortKey] = [])
        throws -> (hits: [Scored], total: Int, exact: Bool) {
        guard let query = SearchText.plan(for: text), let matcher = TermMatcher(plan: query) else { return ([], 0, true) }
        let need = offset + limit
        // With sort keys every match up to the count cap is ranked, then sorted.
        let want = max(need + Self.slack, sort.isEmpty ? Self.window : SearchableIndex.totalCountCap)
        // The word list is loaded by the first search, typos or not, so that term
        // statistics rank the same from the first search on.
        let snapshot = try vocabulary?.snapshot(connection)
        let itemCount = try connection.scalarInt("SELECT max(rowid) FROM items").map(Int.init) ?? 0
        let plan = try choosingPrefixPath(for: query, vocabulary: snapshot, items: itemCount, want: want)
        let typos = try typoPolicy(.forTolerance(typoTolerance), for: plan, vocabulary: snapshot)
        guard let analyzer = HitAnalyzer(plan: plan, typos: typos, vocabulary: snapshot, itemCount: itemCount) else {
            return ([], 0, true)
        }
        let walkAnalysis = overrides.analyzesTypoRowsInTheWalk && typoTolerance ? WalkAnalysis(analyzer: analyzer) : nil
        let pass = Pass(plan: plan, matcher: matcher, vocabulary: snapshot, items: itemCount, want: want, typos: typos,
                        analysis: walkAnalysis)
        let typosFirst = typoTolerance ? try typoPassFirst(pass) : nil
        var (candidates, count) = try typosFirst?.exact ?? exactCandidates(plan: plan, matcher: matcher, want: want)
        trace?.mark("exact")
        if typoTolerance, candidates.count < need {
            try addTypoMatches(pass, first: typosFirst?.typed, into: &candidates, count: &count)
        }
        try countEngagements(of: &candidates)
        // The exact candidates' locators have one entry per phrase of `plan`, unless the
        // typo walk found them (its entries are per group of alternatives).
        let bound = overrides.prunesRanking && typosFirst?.exact == nil && sort.isEmpty && need > 0 && candidates.count > need
            ? try scoreBound(plan: plan, vocabulary: snapshot) : nil
        let hits = try page(candidates, plan: plan, analyzer: analyzer, analyzed: walkAnalysis?.found ?? [:], bound: bound,
                            limit: limit, offset: offset, sort: sort)
        trace?.note("\(candidates.count) candidates")
        trace?.mark("rank")
        return (hits.hits, max(count.total, hits.ranked), count.isExact)
    }

    /// Candidates found, keyed by item rowid, and how many matches were counted.
    typealias Matches = (candidates: [Int64: Candidate], count: Count)

    /// What the exact and typo passes of one search share.
    struct Pass {
        var plan: MatchPlan
        var matcher: TermMatcher
        var vocabulary: Vocabulary.Snapshot?
        var items: Int
        var want: Int
        var typos: TypoPolicy
        var analysis: WalkAnalysis?
    }

    /// The typo pass, run before the exact one when it likely runs anyway: when the word
    /// list shows fewer exact matches than a search ranks (`want`). When its walk read
    /// every match of the typo plan, which include the exact ones, its locator tells
    /// those apart: fewer than `want` of them are what the exact pass would find (all of
    /// them), so that pass's own FTS5 query (most of it the merge of a prefix's lists)
    /// is not run (`exact`). Only for complete terms before a prefix past `items_head`'s
    /// prefix index (or none), which FTS5 merges in both passes: a prefix typed alone,
    /// or a short one, is found in `items_head` without a merge (and the Swift check of
    /// a short prefix finds word starts FTS5 does not, `theBrent`). `nil` when it does
    /// not run first.
    private func typoPassFirst(_ pass: Pass) throws -> (typed: Matches, exact: Matches?)? {
        let plan = pass.plan
        guard overrides.runsTypoPassFirst, let snapshot = pass.vocabulary, !plan.complete.isEmpty, !plan.prefixIsIndexed,
              Self.hasTypoTerms(plan, typos: pass.typos),
              plan.prefixPath != .swiftCheck || PrefixVerifier(plan: plan) == nil,
              Self.exactMatchBound(of: plan, in: snapshot) < pass.want,
              let typoPlan = try typoPlan(for: plan, vocabulary: snapshot, items: pass.items, want: pass.want, typos: pass.typos)
        else { return nil }
        let typed = TypedMatches()
        let found = try exactCandidates(plan: typoPlan, matcher: pass.matcher, want: pass.want, typed: typed, analysis: pass.analysis)
        trace?.mark("typo-matches")
        guard typed.complete && typed.candidates.count < pass.want else { return (found, nil) }
        trace?.note("exact matches from the typo walk")
        return (found, (typed.candidates, Count(total: typed.candidates.count, isExact: true)))
    }

    /// Adds the typo pass's matches to the exact `candidates` (which do not fill the
    /// page): those of the pass run first, else the pass run now. The typo plan's
    /// matches include the exact ones, so its count stands for both.
    private func addTypoMatches(_ pass: Pass, first: Matches?, into candidates: inout [Int64: Candidate],
                                count: inout Count) throws {
        guard let snapshot = pass.vocabulary, Self.hasTypoTerms(pass.plan, typos: pass.typos) else { return }
        if let first {
            for (rowid, var candidate) in first.candidates where candidates[rowid] == nil {
                candidate.typoMatch = true
                candidates[rowid] = candidate
            }
            count = Count(total: max(count.total, first.count.total, candidates.count), isExact: first.count.isExact)
            return
        }
        pass.analysis?.exact = Set(candidates.keys)
        let typos = try typoCandidates(
            plan: pass.plan, matcher: pass.matcher, vocabulary: snapshot, items: pass.items, want: pass.want, into: &candidates,
            analysis: pass.analysis, typos: pass.typos)
        if typos.ran { count = Count(total: max(count.total, typos.count.total, candidates.count), isExact: typos.count.isExact) }
    }

    /// The bound of the exact candidates' scores of `plan` (``ScoreBound``), with the
    /// rows holding its prefix as a whole word: FTS5 lists them in this search's read, up
    /// to ``ScoreBound/wholeWordRowLimit`` (past it any row may, and a word the word list
    /// counts past it is not asked for).
    func scoreBound(plan: MatchPlan, vocabulary: Vocabulary.Snapshot?) throws -> ScoreBound {
        var rows: Set<Int64>?
        let counted = vocabulary?.count(of: Vocabulary.scalars(plan.prefixToken)) ?? 0
        if plan.prefix != nil, !plan.prefixToken.isEmpty, counted <= ScoreBound.wholeWordRowLimit {
            let statement = try connection.cached("SELECT rowid FROM items_fts WHERE items_fts MATCH ?1 LIMIT ?2")
            statement.bind([.text(MatchPhrase(token: String(decoding: plan.prefixToken, as: UTF8.self), isPrefix: false).text),
                            .integer(Int64(ScoreBound.wholeWordRowLimit + 1))])
            defer { statement.reset() }
            var listed = Set<Int64>()
            while try statement.step() { listed.insert(statement.int64(0)) }
            rows = listed.count > ScoreBound.wholeWordRowLimit ? nil : listed
        }
        return ScoreBound(plan: plan, wholeWordRows: rows, now: now)
    }
}
