import Foundation

/// The search engine behind `search` and `systemSearch`: at least ``window`` FTS5
/// candidates in static-quality order, analysed and ranked in Swift.
///
/// Why not `ORDER BY bm25(items_fts)`: a short prefix such as `a*` matches most rows,
/// and bm25 must score every match (and scans each phrase's matches to compute its
/// IDF), which measured 1.2 s at p99 on 100k items. Instead:
///
/// 1. The FTS rowid is the item's quality bucket above its `items.rowid` (``FTSRowid``), where quality comes from the
///    ranking hint and engagement (``StaticQuality/bucket(rankingHint:engagements:)``),
///    so `ORDER BY rowid DESC` walks matches best-first and FTS5 stops as soon as we
///    stop stepping. Within a bucket, newer rows come first.
/// 2. A first pass asks only the heavy fields (`{title names keywords}`), a second pass
///    all fields, so a title match of a low-quality item still competes with body
///    matches of high-quality ones. Each pass keeps `max(need + slack, window)` accepted rows
///    (not expired, of an allowed kind and domain). Over `items_fts` both passes (and
///    the count of 4.) are one walk of the all-fields matches, each row's locator
///    telling whether it is a heavy match, so that FTS5 merges a prefix's word lists
///    once; heavy matches still missing after it are asked of `items_head`
///    (``walkBothPasses(_:groups:want:matcher:into:)``).
/// 3. ``HitAnalyzer`` reads each candidate's fields (a typo row's from the typo walk's
///    own lookup of it, ``WalkAnalysis``) and finds every term's best match
///    (field, whole word or prefix, typos, position); ``Ranking`` turns that, the
///    ranking hint, engagement, recency and term statistics into a score whose parts
///    follow SPEC §5's order. Candidates are sorted (equal scores by identifier) and
///    the page cut; because every search ranks at least ``window`` candidates, pages
///    ending within them are cut from the same order whatever their limit.
/// 4. The total is exact when the second pass ran out of matches; otherwise up to
///    ``SearchableIndex/totalCountCap`` matches are counted in one SQL statement, and a
///    count that reaches the cap is reported as a lower bound. A search that shows no
///    total (``countsTotal`` false: JS `search`, the system search) counts nothing past
///    its candidates: counting on took about two fifths of the time of `time con`,
///    `life con`, `the out` at 100k items, stepping the lists of both terms past the page.
///
/// What FTS5 is asked: single tokens AND-ed (see ``SearchText/plan(for:)``), since
/// the tables are `detail=column` (no phrases, see ``Schema``). The last term's last
/// token is the prefix; every other token is complete. A term of several tokens
/// (`e-mail`, a CJK run of three or more characters, `新闻abc`) is then checked on
/// each candidate by ``TermMatcher``, which drops the row when the term's tokens are
/// not side by side in one field, and supplies the term's fields for ranking. Such a
/// search counts only checked rows: its total is exact when the matches ran out,
/// otherwise a lower bound.
///
/// A prefix is looked up first in `items_head` (title, names, keywords): for 1–3
/// characters from its prefix index, because FTS5 would otherwise merge the lists of
/// every word starting with those letters across all text (see ``Schema``); for a
/// longer prefix typed alone, by merging those lists in `items_head` only, about a
/// sixth of the words (docs/benchmarks.md, "Figures behind choices in the code").
/// After complete terms, a prefix is found one of three ways
/// (``MatchPlan/PrefixPath``), whichever is expected to cost least from the
/// ``Vocabulary``'s counts alone, before a row is read
/// (``CostModel/prefixPathCosts(prefixPostings:completeRows:items:want:prefixIsIndexed:)``, for the
/// exact plan and again for the typo pass's; a prefix ORed with its own typo
/// alternatives is merged):
/// - the complete terms drive and ``PrefixVerifier`` checks the prefix on each
///   candidate's heavy fields in Swift, then the body of the rows that lack it, for up
///   to ``CostModel/verifiedScanBudget`` rows; past that (the estimate was wrong: a prefix rare
///   among the matches) both lists are walked side by side. Cheapest for a frequent
///   prefix after few matches (`house a`) or after a rare word (`wrecking sta`);
/// - the complete terms' matches in `items_fts` and the prefix's in `items_head` are
///   walked side by side (``mergeScan(complete:prefix:prefixIsIndexed:headPhrase:want:matcher:expectedRows:into:)``),
///   one step per row of either: cheapest when the heavy fields hold many matches
///   (`the tra`, `and con`, `guide int`). Past a full page it counts on with
///   statements that read the rowid alone; when its matches so far say the heavy
///   fields will not fill the page it gives up for FTS5's merge, and when they run
///   out short, FTS5 walks and counts the whole expression in one merge. A prefix of
///   1–3 characters comes from `items_head`'s prefix index; a longer one is merged
///   there first, a fifth of the postings of a merge in `items_fts` (`and inte` at 1M
///   items: 8 ms, 42 ms merged in `items_fts`);
/// - or FTS5 gets the whole expression in `items_fts` and merges the prefix's word
///   lists once (``walkBothPasses(_:groups:want:matcher:into:)``): cheapest for a prefix
///   rare in titles after many matches (`the x`, and the typo pass of `blats ke`, whose
///   alternatives match 1,300 items with few `ke` words: 14 ms checked, 2 ms merged at
///   100k items).
/// Before 1M items were measured, a prefix of 4 or more characters after complete
/// terms was always merged: `fluttery inte` then took 33 ms (FTS5 merging `inte*`'s
/// 263k postings), 7.6 ms checked in Swift on `fluttery`'s 766 matches.
///
/// The count: FTS5's merge counts up to ``SearchableIndex/totalCountCap`` matches,
/// exactly. The Swift check reports a lower bound unless it ran out of matches
/// (counting further would mean checking every remaining row). The walk of both lists
/// counts on up to the cap, but only matches with the prefix in a heavy field: when
/// those fill the page the total is a lower bound (`totalCountIsExact` false), as for a
/// prefix typed alone (below); when they do not, FTS5's merge answers and counts.
///
/// SPEC §5 says the prefix matches in every field, so when the heavy fields do not
/// fill `need + slack` rows, the search goes on in the other fields: the rows the
/// Swift check rejected have their description and text content checked too, and the
/// FTS5 paths run one more pass on `items_fts` with the plain prefix. A prefix with few
/// heavy matches is nearly always rare in the body too, so that pass is cheap.
///
/// What a prefix looked up in `items_head` first may miss: an item whose only match
/// for the prefix is in its description or text content, while `need + slack` items
/// matching it in a heavy field already fill the candidates. Such an item scores at
/// least 20 field points below a keyword match, 40 below a title match
/// (``Ranking/columnWeights``), so only a large hint, engagement or recency lead would
/// have put it on the page. Those searches report their total as a lower bound
/// (`totalCountIsExact` false); typing one more letter brings such items back.
///
/// Typos (SPEC §5, ``Typos``): every exact match ranks above every match with a typo,
/// so when the exact matches fill the page nothing else is looked for; otherwise the
/// plan is searched again with each term of 5+ letters ORed with its alternatives
/// from the ``Vocabulary`` (``typoCandidates(plan:matcher:vocabulary:want:into:)``),
/// through the same paths as an exact plan. After complete terms, before a prefix that
/// both passes would have FTS5 merge (longer than `items_head`'s prefix index), and
/// when the word list shows fewer exact matches than a search ranks, the typo pass
/// runs first: its plan's matches include the exact ones, the locator tells which
/// rows match every term as typed (``LocatorLayout``'s typed entries), and when the walk
/// read every match those rows are the exact pass's answer, so its FTS5 query is not
/// run (`earnestine comp`, `proctored conc`: the second merge of `comp*`, `conc*`).
/// A prefix typed alone ORed with its alternatives is asked of `items_head` first only
/// when their heavy matches may fill the page (a fifth of their postings, ``CostModel/heavyShare``,
/// reaches `want`); otherwise `items_head`, a scan of `items_fts` and a count merged
/// every alternative's lists three times, and one walk of `items_fts` that tells heavy
/// matches by the locator and counts as it goes finds the same candidates
/// (``MatchPlan/mergesPrefixAlone``: `rowelling` 3.1 → 1.6 ms at 10k items). Should
/// the heavy matches fill the page after all, the walk keeps the best body matches
/// beside them, which `items_head` first would have left out (see below).
/// A typo plan's prefix without alternatives of its own, left to FTS5's merge by the
/// cost rule, is checked in Swift on every match of the complete terms instead when
/// they are few for the prefix's postings
/// (``checkedTypoCandidates(plan:check:want:matcher:typed:analysis:)``: `politicized
/// va`, the typo pass 4.7 → 2.8 ms at 100k items), keeping the candidates the merge
/// keeps.
///
/// The trade-off: with more than `window` matches in both passes, an item that
/// is neither in the best quality buckets nor matched in a heavy field cannot reach
/// the first page. Typing one more letter narrows the matches and brings it back.
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

    /// What the typo pass's walk analyzes as it reads rows: each typo row's fields are
    /// already in its lookup (``lookupStatement(matcher:body:)``), where ranking read
    /// them again by rowid, a second seek and step (the five slowest typo-filled
    /// prefixes at 10k items rank 100–160 typo rows each). The Swift check of a typo
    /// plan's prefix (``checkBothPasses(plan:want:matcher:into:typed:analysis:)``)
    /// analyzes its typo rows from the fields it read for the check (`rowelling me`:
    /// 6 % fewer instructions).
    /// Kept beside the candidates, not in them: a candidate is copied several times on
    /// its way to the page, and an analysis in each copy cost as much as the read saved.
    ///
    /// Only the fields where FTS5 found a phrase of the typo plan are analyzed (the row's
    /// `items_fts` locator names their columns; a row from `items_head` has its body read
    /// too): a field without one holds neither a term as typed nor any alternative the
    /// plan lists. Most typo rows match in one field (at 10k items nearly all in the
    /// description), so their title, names and keywords were tokenized for nothing:
    /// 7.5 % of the instructions of five typo-filled prefixes. What it may leave out: a
    /// word within the distance that the list cut (it keeps the
    /// ``Typos/maximumAlternatives`` nearest; 1 of the 574 typo-filled bench queries at
    /// 10k items had more) in a field without a listed one, which a later read of the row
    /// would rank; FTS5 did not find the row by it.
    final class WalkAnalysis {
        let analyzer: HitAnalyzer
        /// The exact pass's rows: ranked as exact matches (without typos), not here.
        var exact: Set<Int64> = []
        /// Each analyzed row's analysis with typos, as ranking would make it from the
        /// row (`nil`: a term matches no field).
        var found: [Int64: HitAnalyzer.Analysis?] = [:]

        init(analyzer: HitAnalyzer) {
            self.analyzer = analyzer
        }

        /// Analyzes row `itemRowid`, on which `statement` is stepped with its fields from
        /// column `first`, in the fields of `columns`, unless it is one of the exact
        /// pass's rows; returns whether it did.
        func analyze(_ itemRowid: Int64, on statement: Statement, first: Int32, in columns: FTSColumns) -> Bool {
            guard !exact.contains(itemRowid) else { return false }
            found[itemRowid] = analyzer.analyze(statement, first: first, highlights: false, typos: true, columns: columns)
            return true
        }
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
        guard let analyzer = HitAnalyzer(plan: plan, typoTolerance: typoTolerance, vocabulary: snapshot, itemCount: itemCount) else {
            return ([], 0, true)
        }
        let walkAnalysis = overrides.analyzesTypoRowsInTheWalk && typoTolerance ? WalkAnalysis(analyzer: analyzer) : nil
        // When the word list shows fewer exact matches than a search ranks (`want`), the
        // typo pass likely runs: it runs first, and when its walk read every match of the
        // typo plan, which include the exact ones, its locator tells those apart. Fewer
        // than `want` of them are what the exact pass would find (all of them), so its
        // own FTS5 query (most of it the merge of a prefix's lists) is not run; the typo
        // matches are kept only if the exact ones do not fill the page, as before. Only
        // for complete terms before a prefix past `items_head`'s prefix index (or none),
        // which FTS5 merges in both passes: a prefix typed alone, or a short one, is found
        // in `items_head` without a merge (and the Swift check of a short prefix finds
        // word starts FTS5 does not, `theBrent`).
        var typosFirst: (candidates: [Int64: Candidate], count: Count)?
        var exact: (candidates: [Int64: Candidate], count: Count)?
        if overrides.runsTypoPassFirst, typoTolerance, let snapshot, !plan.complete.isEmpty, !plan.prefixIsIndexed, Self.hasTypoTerms(plan),
           plan.prefixPath != .swiftCheck || PrefixVerifier(plan: plan) == nil,
           Self.exactMatchBound(of: plan, in: snapshot) < want,
           let typoPlan = try typoPlan(for: plan, vocabulary: snapshot, items: itemCount, want: want) {
            let typed = TypedMatches()
            typosFirst = try exactCandidates(plan: typoPlan, matcher: matcher, want: want, typed: typed, analysis: walkAnalysis)
            trace?.mark("typo-matches")
            if typed.complete && typed.candidates.count < want {
                exact = (typed.candidates, Count(total: typed.candidates.count, isExact: true))
                trace?.note("exact matches from the typo walk")
            }
        }
        var (candidates, count) = try exact ?? exactCandidates(plan: plan, matcher: matcher, want: want)
        trace?.mark("exact")
        if typoTolerance, let snapshot, candidates.count < need, Self.hasTypoTerms(plan) {
            if let typosFirst {
                for (rowid, var candidate) in typosFirst.candidates where candidates[rowid] == nil {
                    candidate.typoMatch = true
                    candidates[rowid] = candidate
                }
                count = Count(total: max(count.total, typosFirst.count.total, candidates.count), isExact: typosFirst.count.isExact)
            } else {
                walkAnalysis?.exact = Set(candidates.keys)
                let typos = try typoCandidates(
                    plan: plan, matcher: matcher, vocabulary: snapshot, items: itemCount, want: want, into: &candidates,
                    analysis: walkAnalysis)
                // The typo plan's matches include the exact ones.
                if typos.ran { count = Count(total: max(count.total, typos.count.total, candidates.count), isExact: typos.count.isExact) }
            }
        }
        try countEngagements(of: &candidates)
        // The exact candidates' locators have one entry per phrase of `plan`, unless the
        // typo walk found them (its entries are per group of alternatives).
        let bound = overrides.prunesRanking && exact == nil && sort.isEmpty && need > 0 && candidates.count > need
            ? try scoreBound(plan: plan, vocabulary: snapshot) : nil
        let hits = try page(candidates, plan: plan, analyzer: analyzer, analyzed: walkAnalysis?.found ?? [:], bound: bound,
                            limit: limit, offset: offset, sort: sort)
        trace?.note("\(candidates.count) candidates")
        trace?.mark("rank")
        return (hits.hits, max(count.total, hits.ranked), count.isExact)
    }

    /// The exact matches of a plan, best-first, at least `want` of them when there are
    /// as many, with their count and whether it is exact.
    /// `analysis`: a typo plan's, whose walk over `items_fts` analyzes its typo rows.
    ///
    /// Runs the plan's first step (``AccessStep``); when a step gives up, its declared
    /// fallback runs from scratch. The plan is never changed.
    private func exactCandidates(plan: MatchPlan, matcher: TermMatcher, want: Int, typed: TypedMatches? = nil,
                                 analysis: WalkAnalysis? = nil) throws
        -> (candidates: [Int64: Candidate], count: Count) {
        var step = AccessStep(plan: plan)
        while true {
            if let found = try candidates(of: plan, step: step, matcher: matcher, want: want, typed: typed, analysis: analysis) {
                return found
            }
            guard let fallback = step.fallback else { preconditionFailure("\(step) gave up without a fallback") }
            step = fallback
        }
    }

    /// What one step finds of a plan's matches; `nil` when it gave up.
    private func candidates(of plan: MatchPlan, step: AccessStep, matcher: TermMatcher, want: Int, typed: TypedMatches?,
                            analysis: WalkAnalysis?) throws -> (candidates: [Int64: Candidate], count: Count)? {
        switch step {
        case .typoPrefixCheck:
            guard let check = plan.checksTypoPrefix else { break }
            return try checkedTypoCandidates(plan: plan, check: check, want: want, matcher: matcher, typed: typed, analysis: analysis)
        case .swiftCheck:
            // A plan without complete terms and a prefix has nothing to check.
            guard let verifier = PrefixVerifier(plan: plan), let complete = plan.completeExpression else { break }
            return try checkedCandidates(plan: plan, complete: complete, verifier: verifier, matcher: matcher, want: want)
        case .headWalk, .fts:
            break
        }
        return try ftsCandidates(of: plan, step: step, matcher: matcher, want: want, typed: typed, analysis: analysis)
    }

    /// The matches of a plan whose complete terms drive, the short prefix checked in
    /// Swift on each row (``PrefixVerifier``); `nil` when the check gave up past
    /// ``CostModel/verifiedScanBudget`` rows.
    private func checkedCandidates(plan: MatchPlan, complete: MatchExpression, verifier: PrefixVerifier, matcher: TermMatcher,
                                   want: Int) throws -> (candidates: [Int64: Candidate], count: Count)? {
        var candidates: [Int64: Candidate] = [:]
        var progress = Walk(accepted: 0, exhausted: true)
        let sources = [complete.heavyFieldsText, complete.text].map { match in
            Source(values: [.text(match)]) { fts, _ in
                "SELECT rowid AS r, \(fts) AS l1, 0 AS l2 FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC"
            }
        }
        var rejected: [Candidate] = []
        for source in sources where progress.withinBudget {
            // The last source (all fields) matches a superset of the first: its
            // rejected rows are the ones to check further.
            rejected = []
            progress = try scan(
                source, headPhrase: plan.complete.count, want: want, verifier: verifier, matcher: matcher,
                into: &candidates, rejected: &rejected)
        }
        trace?.note(progress.withinBudget ? "swift check" : "swift check gave up")
        guard progress.withinBudget else { return nil }
        var exact = progress.exhausted
        if progress.exhausted && progress.accepted < want {
            // The heavy fields did not fill the page: look for the prefix in the
            // description and text content of the rows the heavy check rejected.
            let body = try verifyBody(rejected, verifier: verifier, matcher: matcher, headPhrase: plan.complete.count,
                                      want: want - progress.accepted, into: &candidates)
            progress.accepted += body.accepted
            exact = body.checkedAll
        }
        // Counting further would mean checking every remaining row in Swift: the
        // count of a query cut short here is a lower bound.
        return (candidates, Count(total: max(progress.accepted, candidates.count), isExact: exact))
    }

    /// The matches of a plan from FTS5's lists: both lists walked side by side
    /// (``AccessStep/headWalk(expectedRows:)``; `nil` when that gave up), or FTS5's
    /// own passes as the plan's shape asks (its merge in one walk, `items_head` first,
    /// two passes), then all fields when `items_head`'s matches do not fill the page.
    private func ftsCandidates(of plan: MatchPlan, step: AccessStep, matcher: TermMatcher, want: Int, typed: TypedMatches?,
                               analysis: WalkAnalysis?) throws -> (candidates: [Int64: Candidate], count: Count)? {
        var candidates: [Int64: Candidate] = [:]
        var progress = Walk(accepted: 0, exhausted: true)
        var walksHead = false, expectedRows: Int?
        if case .headWalk(let rows) = step, !plan.complete.isEmpty { (walksHead, expectedRows) = (true, rows) }
        let headFirst = plan.looksInHeadFirst(taking: step.prefixPath)
        // A prefix past items_head's prefix index is never looked up row by row (each
        // lookup would merge its words' lists again): it is walked beside the complete
        // terms when not merged.
        if headFirst && !plan.prefixIsIndexed && !plan.complete.isEmpty { walksHead = true }
        let sources = Self.sources(for: plan, path: step.prefixPath)
        var unused: [Candidate] = []
        // The count the walk made as it went, if it did.
        var merged: Count?
        if walksHead, let complete = plan.completeExpression, let prefix = plan.prefix {
            trace?.note("head walk")
            (progress, merged) = try mergeScan(
                complete: complete.text, prefix: prefix.text, prefixIsIndexed: plan.prefixIsIndexed, headPhrase: plan.complete.count,
                want: want, matcher: matcher, expectedRows: expectedRows, into: &candidates)
            if progress.abandoned {
                // Too few heavy matches: FTS5 merges the prefix's words after all.
                trace?.note("head walk gave up")
                return nil
            }
        } else if overrides.walksPassesTogether, !headFirst, plan.expression.fitsLocator {
            trace?.note("fts merge")
            (progress, merged) = try walkBothPasses(plan.expression, want: want, matcher: matcher, into: &candidates,
                                                    typed: typed, analysis: analysis)
        } else {
            trace?.note(headFirst ? "head first" : "two passes")
            for source in sources {
                progress = try scan(source, headPhrase: plan.complete.count, want: want, verifier: nil, matcher: matcher, into: &candidates, rejected: &unused)
            }
        }
        var countSource = sources.last!
        var headOnly = false
        if headFirst {
            if progress.accepted < want {
                (progress, merged, countSource) = try allFields(of: plan, want: want, matcher: matcher, into: &candidates,
                                                                analysis: analysis)
            } else {
                // A full page of heavy-field matches: matches found only in the description
                // or text content were not looked for, so the count is a lower bound.
                headOnly = true
            }
        }
        let count = try merged ?? self.count(progress, matcher: matcher, source: countSource)
        return (candidates, Count(total: max(count.total, candidates.count), isExact: count.isExact && !headOnly))
    }

    /// After `items_head` first did not fill the page (the prefix is rare in the heavy
    /// fields, so usually rare in the others too), the plan's matches in all fields:
    /// how far that got, its count if it made one, and the source to count otherwise.
    private func allFields(of plan: MatchPlan, want: Int, matcher: TermMatcher, into candidates: inout [Int64: Candidate],
                           analysis: WalkAnalysis?) throws -> (walk: Walk, count: Count?, source: Source) {
        let all = Source(values: [.text(plan.expression.text)]) { fts, _ in
            "SELECT rowid AS r, \(fts) AS l1, 0 AS l2 FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC"
        }
        if overrides.walksPassesTogether, !plan.complete.isEmpty, plan.expression.fitsLocator {
            // After complete terms the walk read every match with the prefix in a
            // heavy field: FTS5 walks the all-fields matches and counts them in one
            // merge of the prefix's words (a scan, then a count, merged them twice:
            // 2.5 ms of the 5.6 of `garden dec` walked at 100k items).
            trace?.note("then all fields, counted")
            let (walk, count) = try walkBothPasses(plan.expression, want: want, matcher: matcher,
                                                   into: &candidates, heavyFound: true, analysis: analysis)
            return (walk, count, all)
        }
        trace?.note("then all fields")
        var unused: [Candidate] = []
        let walk = try scan(all, headPhrase: plan.complete.count, want: want, verifier: nil, matcher: matcher, into: &candidates, rejected: &unused)
        return (walk, nil, all)
    }

    /// The count of a walk that made none as it went: what it accepted when the matches
    /// ran out (exact) or FTS5 cannot count them (a lower bound), else FTS5's count of
    /// `source`.
    private func count(_ progress: Walk, matcher: TermMatcher, source: Source) throws -> Count {
        if progress.exhausted { return Count(total: progress.accepted, isExact: true) }
        guard countsWithFTS5(matcher: matcher) else { return Count(total: progress.accepted, isExact: false) }
        trace?.note("count")
        return try count(source)
    }

    /// Adds the matches where single-token terms of 5 or more characters may have
    /// typos: each such term is ORed with its alternatives from the vocabulary (the
    /// prefix term with prefixes of listed words, see ``Typos``), and the resulting
    /// plan is searched like an exact one (``exactCandidates(plan:matcher:want:)``:
    /// a short prefix beside it still goes through `items_head` and the Swift check).
    /// Returns whether the pass ran (some term had alternatives), and the count of its
    /// matches and whether it is exact.
    private func typoCandidates(
        plan: MatchPlan, matcher: TermMatcher, vocabulary: Vocabulary.Snapshot, items: Int, want: Int,
        into candidates: inout [Int64: Candidate], analysis: WalkAnalysis? = nil
    ) throws -> (ran: Bool, count: Count) {
        guard let typoPlan = try typoPlan(for: plan, vocabulary: vocabulary, items: items, want: want) else {
            return (false, Count(total: 0, isExact: true))
        }
        let (found, count) = try exactCandidates(plan: typoPlan, matcher: matcher, want: want, analysis: analysis)
        trace?.mark("typo-matches")
        for (rowid, var candidate) in found where candidates[rowid] == nil {
            candidate.typoMatch = true
            candidates[rowid] = candidate
        }
        return (true, count)
    }

    /// The typo pass's matches found by ``checkBothPasses(plan:want:matcher:into:typed:analysis:)``
    /// (``AccessStep/typoPrefixCheck``, chosen by the planner when that is expected to
    /// cost less than FTS5's merge); `nil` when the check gave up.
    ///
    /// The typo plan of a rare word and a short prefix (`politicized va`, `absentee ki`)
    /// has few matches of its complete terms (the word ORed with its alternatives: 286
    /// and 171 items at 100k), but the prefix's word lists are long (`va*` 21,963
    /// postings, `ki*` 15,074), and FTS5 merges all of them before the first row: 2–4 ms.
    /// Reading those few rows and looking for the prefix in their text costs about
    /// ``CostModel/typoCheckPerRow`` each. The exact plan's Swift check
    /// (``MatchPlan/PrefixPath/swiftCheck``) does not fit here: it stops at `want`
    /// matches, so its count is a lower bound, and checks the body only of rows whose
    /// heavy fields lack the prefix after both passes, reading the matches twice
    /// (measured 10–12 ms for `deices sn`, 8 ms merged). Only for a prefix without typo
    /// alternatives (the check looks for the typed prefix), which the cost rule left to
    /// the merge. As with the exact plan's check, a word start FTS5's tokenizer does not
    /// see (`theBrent`) counts as one.
    private func checkedTypoCandidates(plan: MatchPlan, check: MatchPlan.PrefixCheck, want: Int, matcher: TermMatcher,
                                       typed: TypedMatches? = nil, analysis: WalkAnalysis? = nil) throws
        -> (candidates: [Int64: Candidate], count: Count)? {
        var candidates: [Int64: Candidate] = [:]
        guard let (walk, count) = try checkBothPasses(plan: plan, want: want, matcher: matcher, into: &candidates, typed: typed,
                                                      analysis: analysis)
        else {
            trace?.note("typo prefix check gave up")
            return nil
        }
        trace?.note("typo prefix checked (rows \(check.rows), postings \(check.postings))")
        var total = walk.exhausted ? Count(total: walk.accepted, isExact: true) : count
        if total == nil {
            if !countsWithFTS5(matcher: matcher) {
                total = Count(total: walk.accepted, isExact: false)
            } else {
                total = try self.count(Self.sources(for: plan, path: .merge).last!)
            }
        }
        return (candidates, Count(total: max(total!.total, candidates.count), isExact: total!.isExact))
    }

    /// ``walkBothPasses(_:groups:want:matcher:into:typed:)`` for a plan whose prefix is
    /// checked in Swift: the complete terms' matches are walked best-first, and each
    /// row's text fields are read to find the prefix at a word start
    /// (``PrefixVerifier``), heavy fields first. A row with the prefix is a match of the
    /// plan, its locator the complete terms' with the prefix's columns; what is kept
    /// is what the merge's walk keeps: the first `want` accepted matches, the first
    /// `want` accepted heavy matches (the merge's walk asks `items_head` for those past
    /// the page; here the walk goes on), and the count up to
    /// ``SearchableIndex/totalCountCap`` when every row is visible. `nil` when the
    /// prefix cannot be checked or more than ``CostModel/verifiedScanBudget`` rows were read
    /// (then the caller merges after all).
    private func checkBothPasses(plan: MatchPlan, want: Int, matcher: TermMatcher, into candidates: inout [Int64: Candidate],
                                 typed: TypedMatches? = nil, analysis: WalkAnalysis? = nil) throws -> (walk: Walk, count: Count?)? {
        // The locator is laid out for the whole plan; FTS5 fills the complete terms'
        // entries, the check the prefix's.
        guard let verifier = PrefixVerifier(plan: plan), let complete = plan.completeExpression,
              let layout = plan.expression.layout(recordingTyped: typed != nil),
              let completeLayout = complete.layout(recordingTyped: layout.recordsTyped) else { return nil }
        let typed = layout.recordsTyped ? typed : nil
        let statement = try locatedMatches(complete, layout: completeLayout)
        defer { statement.reset() }
        let fields = try connection.cached("""
            SELECT title, display_name, alternate_names, keywords, content_description, text_content FROM items WHERE rowid = ?
            """)
        let lookup = try lookupStatement(matcher: matcher)
        let prefixGroup = complete.groups.count
        var analyzed = 0
        defer { if analyzed > 0 { trace?.note("typo rows analyzed in the check \(analyzed)") } }
        var accepted = 0, acceptedHeavy = 0, rows = 0, scanned = 0
        var ranOut = false
        let cap = SearchableIndex.totalCountCap
        var counts: Bool?
        while true {
            if accepted >= want {
                if counts == nil { counts = try countsPastPage(matcher: matcher, typed: typed) }
                if !(counts == true && rows < cap) && acceptedHeavy >= want { break }
            }
            guard try statement.step() else {
                ranOut = true
                break
            }
            if scanned == CostModel.verifiedScanBudget {
                // The caller's walk finds these again.
                typed?.candidates = [:]
                return nil
            }
            scanned += 1
            let ftsRowid = FTSRowid(rawValue: statement.int64(0))
            var locator = PhraseLocator(rawValue: statement.int64(1))
            let itemRowid = ftsRowid.itemRowid
            fields.bind(only: itemRowid)
            defer { fields.reset() }
            guard try fields.step() else { continue }
            var found = verifier.locate(head: fields, title: 0, displayName: 1, alternateNames: 2, keywords: 3).columns
            if found.isEmpty { found = verifier.locate(body: fields, description: 4, textContent: 5) }
            guard !found.isEmpty else { continue }
            locator.insert(found, atPhrase: layout.entry(ofGroup: prefixGroup))
            if layout.recordsTyped { locator.insert(found, atPhrase: layout.typedEntry(ofGroup: prefixGroup)) }
            rows += 1
            let isHeavy = layout.isHeavy(locator)
            let isTyped = layout.matchesAsTyped(locator)
            let counting = accepted >= want
            guard !counting || (isHeavy && acceptedHeavy < want) || isTyped else { continue }
            guard let candidate = try self.candidate(itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator,
                                                     lookup: lookup, matcher: matcher) else { continue }
            if isTyped { typed?.candidates[itemRowid] = candidate }
            guard !counting || (isHeavy && acceptedHeavy < want) else { continue }
            // Analyzed from the fields the check read (see ``WalkAnalysis``): where FTS5 found
            // a phrase of the complete terms, and where the check found the prefix, with the
            // body when it looked only in the heavy fields.
            let columns = locator.columns.union(found.isSubset(of: .heavy) ? [.description, .text] : [])
            if !isTyped, analysis?.analyze(itemRowid, on: fields, first: 0, in: columns) == true { analyzed += 1 }
            candidates[itemRowid] = candidate
            if accepted < want { accepted += 1 }
            if isHeavy && acceptedHeavy < want { acceptedHeavy += 1 }
        }
        let exhausted = ranOut && accepted < want
        var count: Count?
        if !exhausted && counts == true {
            let matched = min(rows, cap)
            count = Count(total: matched, isExact: matched < cap)
        }
        typed?.complete = ranOut
        return (Walk(accepted: accepted, exhausted: exhausted), count)
    }

    /// Checks the description and text content of rows whose heavy fields lack the
    /// prefix, best-first, until `want` more are accepted; returns how many were and
    /// whether every row was checked.
    private func verifyBody(
        _ rows: [Candidate], verifier: PrefixVerifier, matcher: TermMatcher, headPhrase: Int, want: Int,
        into candidates: inout [Int64: Candidate]
    ) throws -> (accepted: Int, checkedAll: Bool) {
        let statement = try connection.cached("SELECT content_description, text_content, title FROM items WHERE rowid = ?")
        var accepted = 0
        for row in rows {
            if accepted == want { return (accepted, false) }
            statement.bind(only: row.itemRowid)
            defer { statement.reset() }
            guard try statement.step() else { continue }
            let found = verifier.locate(body: statement, description: 0, textContent: 1)
            guard !found.isEmpty else { continue }
            var candidate = row
            candidate.locator[headPhrase].formUnion(found)
            candidates[row.itemRowid] = candidate
            accepted += 1
        }
        return (accepted, true)
    }

    /// The bound of the exact candidates' scores of `plan` (``ScoreBound``), with the
    /// rows holding its prefix as a whole word: FTS5 lists them in this search's read, up
    /// to ``ScoreBound/wholeWordRowLimit`` (past it any row may, and a word the word list
    /// counts past it is not asked for).
    private func scoreBound(plan: MatchPlan, vocabulary: Vocabulary.Snapshot?) throws -> ScoreBound {
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

    /// Scores candidates (``HitAnalyzer``, ``Ranking``), orders them (by the sort keys
    /// if any, then by relevance), and reads the rows of the requested page with their
    /// highlights. `ranked` is how many candidates matched after analysis.
    ///
    /// With a `bound`, candidates are read highest bound first, and the reading stops at
    /// the first whose bound is below the `offset + limit`-th best score so far: neither
    /// it nor any after it can reach the page. Those are counted in `ranked` unread.
    /// `analyzed`: typo rows the typo pass's walk analyzed (``WalkAnalysis``), not read again.
    private func page(_ candidates: [Int64: Candidate], plan: MatchPlan, analyzer: HitAnalyzer,
                      analyzed: [Int64: HitAnalyzer.Analysis?], bound: ScoreBound?,
                      limit: Int, offset: Int, sort: [SortKey]) throws -> (hits: [Scored], ranked: Int) {
        let fields = try connection.cached("""
            SELECT title, display_name, alternate_names, keywords, content_description, text_content
            FROM items WHERE rowid = ?
            """)
        var scored: [(candidate: Candidate, breakdown: ScoreBreakdown)] = []
        scored.reserveCapacity(candidates.count)
        var order: [(candidate: Candidate, bound: Double)] = candidates.values.map { ($0, bound?.total($0) ?? .infinity) }
        if bound != nil { order.sort { $0.bound > $1.bound } }
        let need = offset + limit
        // The best `need` totals so far, best first.
        var best: [Double] = []
        var unread = 0
        for (index, (candidate, most)) in order.enumerated() {
            // Scores are exact integers (``RankingRule/score(_:)``): no margin for rounding.
            if best.count == need, most < best[need - 1] {
                unread = order.count - index
                break
            }
            var analysis: HitAnalyzer.Analysis?
            if candidate.typoMatch, let known = analyzed[candidate.itemRowid] {
                analysis = known
            } else {
                fields.bind(only: candidate.itemRowid)
                defer { fields.reset() }
                analysis = try fields.step() ? analyzer.analyze(fields, first: 0, highlights: false, typos: candidate.typoMatch) : nil
            }
            guard let analysis else { continue }
            let breakdown = breakdown(candidate, analysis: analysis, analyzer: analyzer)
            scored.append((candidate, breakdown))
            if bound != nil {
                let total = breakdown.total
                if best.count < need || total > best[need - 1] {
                    best.insert(total, at: best.firstIndex { $0 < total } ?? best.count)
                    if best.count > need { best.removeLast() }
                }
            }
        }
        if unread > 0 { trace?.note("left \(unread) of \(order.count) candidates unread") }
        // Each total summed once, and indices moved rather than the candidates.
        let totals = scored.map(\.breakdown.total)
        let byScore = scored.indices.sorted {
            Ranking.precedes((totals[$0], scored[$0].candidate.id), (totals[$1], scored[$1].candidate.id))
        }
        scored = byScore.map { scored[$0] }
        if !sort.isEmpty { scored = try sorted(scored, by: sort) }
        let page = scored.dropFirst(offset).prefix(limit)
        // A hit's fields for its highlights, then the whole row (from column 6), in one lookup.
        let rowStatement = try connection.cached("""
            SELECT title, display_name, alternate_names, keywords, content_description, text_content, \(StoredRow.columns)
            FROM items WHERE items.rowid = ?
            """)
        var hits: [Scored] = []
        for (candidate, breakdown) in page {
            rowStatement.bind(only: candidate.itemRowid)
            defer { rowStatement.reset() }
            guard try rowStatement.step() else { continue }
            let highlights = analyzer.analyze(rowStatement, first: 0, highlights: true, typos: candidate.typoMatch)?.highlights ?? []
            hits.append(Scored(row: StoredRow.read(rowStatement, thumbnails: thumbnails, first: 6), breakdown: breakdown, highlights: highlights))
        }
        return (hits, scored.count + unread)
    }

    /// A sort key resolved to SQL on `items`.
    struct SortKey {
        var expression: String
        var ascending: Bool
    }

    /// Candidates ordered by sort keys (missing values last), relevance breaking ties.
    private func sorted(_ scored: [(candidate: Candidate, breakdown: ScoreBreakdown)], by keys: [SortKey])
        throws -> [(candidate: Candidate, breakdown: ScoreBreakdown)] {
        let statement = try connection.cached("SELECT " + keys.map(\.expression).joined(separator: ", ") + " FROM items WHERE rowid = ?")
        var values: [[SQLValue]] = []
        for entry in scored {
            statement.bind(only: entry.candidate.itemRowid)
            defer { statement.reset() }
            guard try statement.step() else {
                values.append(keys.map { _ in .null })
                continue
            }
            values.append((0 ..< keys.count).map { statement.value(Int32($0)) })
        }
        let order = scored.indices.sorted { a, b in
            for (number, key) in keys.enumerated() {
                let comparison = Self.compare(values[a][number], values[b][number])
                if comparison == 0 { continue }
                // Missing values last, whichever the direction.
                if case .null = values[a][number] { return false }
                if case .null = values[b][number] { return true }
                return key.ascending ? comparison < 0 : comparison > 0
            }
            return a < b
        }
        return order.map { scored[$0] }
    }

    /// -1, 0 or 1: numbers before text; text compared case- and diacritic-insensitively.
    private static func compare(_ a: SQLValue, _ b: SQLValue) -> Int {
        func number(_ value: SQLValue) -> Double? {
            switch value {
            case .integer(let v): return Double(v)
            case .real(let v): return v
            default: return nil
            }
        }
        if case .null = a { if case .null = b { return 0 }; return 1 }
        if case .null = b { return -1 }
        if let x = number(a), let y = number(b) { return x < y ? -1 : (x > y ? 1 : 0) }
        if number(a) != nil { return -1 }
        if number(b) != nil { return 1 }
        guard case .text(let x) = a, case .text(let y) = b else { return 0 }
        switch x.compare(y, options: [.caseInsensitive, .diacriticInsensitive]) {
        case .orderedAscending: return -1
        case .orderedDescending: return 1
        case .orderedSame: return x < y ? -1 : (x > y ? 1 : 0)
        }
    }

    /// Steps through a source's matches best-first until `want` are accepted.
    ///
    /// `headPhrase` is the phrase number the `items_head` locator's phrase 0 stands for.
    /// With a `verifier`, rows whose heavy fields lack the prefix are skipped (and
    /// appended to `rejected`, for ``verifyBody(_:verifier:matcher:headPhrase:want:into:)``), and
    /// the scan gives up (``Walk/withinBudget`` `false`) after ``CostModel/verifiedScanBudget`` rows.
    private func scan(
        _ source: Source, headPhrase: Int, want: Int, verifier: PrefixVerifier?, matcher: TermMatcher,
        into candidates: inout [Int64: Candidate], rejected: inout [Candidate]
    ) throws -> Walk {
        let statement = try connection.cached(source.sql)
        statement.bind(source.values)
        defer { statement.reset() }
        return try walk(headPhrase: headPhrase, want: want, verifier: verifier, matcher: matcher, into: &candidates, rejected: &rejected) {
            guard try statement.step() else { return nil }
            return MatchRow(ftsRowid: FTSRowid(rawValue: statement.int64(0)), locator: PhraseLocator(rawValue: statement.int64(1)),
                            headLocator: PhraseLocator(rawValue: statement.int64(2)))
        }
    }

    /// Intersects the matches of the complete terms in `items_fts` with those of a
    /// short prefix in `items_head`, both walked best-first, until `want` are accepted.
    ///
    /// The fallback when the prefix is rare among more than ``CostModel/verifiedScanBudget``
    /// matches of the complete terms (`a x`); with fewer, the SQL join of
    /// ``sources(for:path:)`` is cheaper (`setup e-m`: 1 ms joined, 79 ms merged). It used to be one SQL join where `items_head` looked up the prefix for
    /// each `items_fts` row by rowid, and each lookup set up the prefix query again:
    /// 0.75 s for `a x`, 1 s for `a ze` at 100k items. Walking both lists side by side
    /// costs one step per row of either.
    ///
    /// It also counts the matches: when the page filled up, the walk goes on counting
    /// (without reading rows) up to ``SearchableIndex/totalCountCap`` if every row is
    /// visible to this search. Counting steps on from where the walk stopped with
    /// statements that select the rowid alone (``countOn(complete:prefix:prefixIsIndexed:from:_:matched:)``):
    /// stepping on with the walk's, which compute each row's locator, took 1.6–2.9 ms
    /// of `the cor`, `the unde`, `life con` at 100k items, most of their search (the
    /// frequent word's list is stepped 10,000 rows to meet 400 more heavy matches).
    ///
    /// With `expectedRows` (the cost rule's bound on the complete terms' matches,
    /// ``MatchPlan/walkExpectsRows``), the walk checks after an eighth of them (at least
    /// ``CostModel/walkProbeRows``) whether the matches met so far, scaled to all the rows, reach
    /// half of `want`, and after half whether they reach `want`; if not, it gives up
    /// (``Walk/abandoned``) for FTS5's merge. The word list's counts tell how many rows
    /// have the prefix, not how many of them also have the words: at 100k items `water
    /// inte` was expected to have 128 heavy matches and has over 500 (walked in 2 ms,
    /// merged in 5–7), `guide bac` 108 and has 89. Matches are not spread evenly over
    /// the quality order (`home pla`: 9 in its first 536 rows of 4,290, 100 in 3,145),
    /// hence the lower bar at the first check.
    private func mergeScan(
        complete: String, prefix: String, prefixIsIndexed: Bool, headPhrase: Int, want: Int, matcher: TermMatcher,
        expectedRows: Int? = nil, into candidates: inout [Int64: Candidate]
    ) throws -> (walk: Walk, count: Count) {
        let locate = MatchLocator.functionName
        let fts = try connection.cached(
            "SELECT rowid, \(locate)(items_fts) FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC")
        let head = try connection.cached(
            "SELECT rowid, \(locate)(items_head) FROM items_head WHERE items_head MATCH ?1 ORDER BY rowid DESC")
        fts.bind([.text(complete)])
        head.bind([.text(prefix)])
        defer {
            fts.reset()
            head.reset()
        }
        var hasFTS = try fts.step()
        var hasHead = try head.step()
        // The rows of the complete terms' list read, and the matches met among them.
        var ftsRows = 0, matches = 0
        let probes = expectedRows.map { [max(CostModel.walkProbeRows, $0 / 8), $0 / 2] } ?? []
        var abandoned = false
        // Checks at an eighth of the expected rows whether the matches met, scaled to
        // all of them, reach half of `want`, and at half whether they reach `want`.
        func fillsShort() -> Bool {
            guard let expectedRows, ftsRows == probes[0] || ftsRows == probes[1] else { return false }
            let share = ftsRows == probes[0] ? 2 : 1
            abandoned = share * matches * expectedRows < want * ftsRows
            return abandoned
        }
        func next() throws -> MatchRow? {
            while hasFTS && hasHead {
                let ftsRowid = fts.int64(0), headRowid = head.int64(0)
                if ftsRowid > headRowid {
                    hasFTS = try fts.step()
                    ftsRows += 1
                    if fillsShort() { return nil }
                } else if headRowid > ftsRowid {
                    hasHead = try head.step()
                } else {
                    let row = MatchRow(ftsRowid: FTSRowid(rawValue: ftsRowid), locator: PhraseLocator(rawValue: fts.int64(1)),
                                       headLocator: PhraseLocator(rawValue: head.int64(1)))
                    hasFTS = try fts.step()
                    hasHead = try head.step()
                    ftsRows += 1
                    matches += 1
                    return fillsShort() ? nil : row
                }
            }
            return nil
        }
        var unused: [Candidate] = []
        var walk = try walk(
            headPhrase: headPhrase, want: want, verifier: nil, matcher: matcher, into: &candidates, rejected: &unused, next: next)
        if abandoned {
            walk.abandoned = true
            walk.exhausted = false
            return (walk, Count(total: walk.accepted, isExact: false))
        }
        if walk.exhausted { return (walk, Count(total: walk.accepted, isExact: true)) }
        guard try countsPastPage(matcher: matcher) else {
            return (walk, Count(total: walk.accepted, isExact: false))
        }
        // Every match so far was accepted; count on.
        var matched = walk.accepted
        if hasFTS && hasHead {
            try countOn(complete: complete, prefix: prefix, prefixIsIndexed: prefixIsIndexed,
                        from: (fts.int64(0), head.int64(0)), head, matched: &matched)
        }
        return (walk, Count(total: matched, isExact: matched < SearchableIndex.totalCountCap))
    }

    /// Counts on the rows both of ``mergeScan(complete:prefix:prefixIsIndexed:headPhrase:want:matcher:expectedRows:into:)``'s
    /// lists hold, from the FTS rowids each list is at (not yet counted) down, until
    /// `matched` reaches ``SearchableIndex/totalCountCap`` or a list runs out.
    ///
    /// The complete terms' list is asked again from its row without the locator: a
    /// query of complete tokens sets up in microseconds, and a step without the
    /// locator function costs about half as much. So is the prefix's list when it
    /// comes from `items_head`'s prefix index; a longer prefix's list is FTS5's merge
    /// of its words, which asking again would redo, so the walk's statement (`head`)
    /// steps on.
    private func countOn(complete: String, prefix: String, prefixIsIndexed: Bool, from rowids: (fts: Int64, head: Int64),
                         _ head: Statement, matched: inout Int) throws {
        let fts = try connection.cached(
            "SELECT rowid FROM items_fts WHERE items_fts MATCH ?1 AND rowid <= ?2 ORDER BY rowid DESC")
        fts.bind([.text(complete), .integer(rowids.fts)])
        defer { fts.reset() }
        var prefixRows = head
        if prefixIsIndexed {
            prefixRows = try connection.cached(
                "SELECT rowid FROM items_head WHERE items_head MATCH ?1 AND rowid <= ?2 ORDER BY rowid DESC")
            prefixRows.bind([.text(prefix), .integer(rowids.head)])
        }
        defer { if prefixIsIndexed { prefixRows.reset() } }
        var hasFTS = try fts.step()
        var hasHead = try prefixIsIndexed ? prefixRows.step() : true
        while hasFTS && hasHead && matched < SearchableIndex.totalCountCap {
            let ftsRowid = fts.int64(0), headRowid = prefixRows.int64(0)
            if ftsRowid > headRowid {
                hasFTS = try fts.step()
            } else if headRowid > ftsRowid {
                hasHead = try prefixRows.step()
            } else {
                matched += 1
                hasFTS = try fts.step()
                hasHead = try prefixRows.step()
            }
        }
    }

    /// The body of ``scan(_:headPhrase:want:verifier:matcher:into:rejected:)``: takes
    /// rows from `next` until `want` are accepted or `next` returns `nil`.
    private func walk(
        headPhrase: Int, want: Int, verifier: PrefixVerifier?, matcher: TermMatcher, into candidates: inout [Int64: Candidate],
        rejected: inout [Candidate], next: () throws -> MatchRow?
    ) throws -> Walk {
        let lookup = try lookupStatement(matcher: matcher)
        defer { lookup.reset() }
        var accepted = 0
        var scanned = 0
        while accepted < want {
            if verifier != nil && scanned == CostModel.verifiedScanBudget { return Walk(accepted: accepted, exhausted: false, withinBudget: false) }
            scanned += 1
            guard let row = try next() else { return Walk(accepted: accepted, exhausted: true) }
            var locator = row.locator
            locator[headPhrase].formUnion(row.headLocator[0])
            let itemRowid = row.ftsRowid.itemRowid
            if verifier == nil, candidates[itemRowid] != nil {
                candidates[itemRowid]!.locator.formUnion(locator)
                accepted += 1
                continue
            }
            guard var candidate = try self.candidate(itemRowid: itemRowid, ftsRowid: row.ftsRowid, locator: locator,
                                                     lookup: lookup, matcher: matcher) else { continue }
            if let verifier {
                let fields = Self.lookupFields
                let found = verifier.locate(head: lookup, title: fields, displayName: fields + 1, alternateNames: fields + 2,
                                            keywords: fields + 3)
                guard !found.columns.isEmpty else {
                    rejected.append(candidate)
                    continue
                }
                candidate.locator[headPhrase].formUnion(found.columns)
            }
            if let known = candidates[itemRowid] {
                candidate.locator.formUnion(known.locator)
                candidate.checked.formUnion(known.checked)
            }
            candidates[itemRowid] = candidate
            accepted += 1
        }
        return Walk(accepted: accepted, exhausted: false)
    }

    /// FTS5's matches of `expression` in `table` (`items_fts` or `items_head`), best
    /// first and below FTS rowid `below` if given, each with its ``MatchLocator`` entries
    /// as `layout` lays them out; bound, for the caller to step and reset.
    private func locatedMatches(_ expression: MatchExpression, in table: String = "items_fts", layout: LocatorLayout,
                                below: Int64? = nil) throws -> Statement {
        let statement = try connection.cached("""
            SELECT rowid, \(MatchLocator.functionName)(\(table)\(layout.sqlArguments)) FROM \(table)
            WHERE \(table) MATCH ?1\(below == nil ? "" : " AND rowid < ?2") ORDER BY rowid DESC
            """)
        statement.bind([.text(expression.text)] + (below.map { [.integer($0)] } ?? []))
        return statement
    }

    /// The heavy-fields pass and the all-fields pass of ``sources(for:path:)``, with FTS5
    /// merging a prefix's word lists in `items_fts` once instead of twice, and a third
    /// time to count. The candidates are the same as the two passes' (the first `want`
    /// accepted matches and the first `want` accepted heavy matches, a heavy match being
    /// a row where every group of phrases (a term, or a term ORed with its typo
    /// alternatives) matched in the title, names or keywords):
    /// 1. the all-fields matches are walked until `want` are accepted, each row's
    ///    locator telling whether it is a heavy match (heavy matches past them are
    ///    accepted too, up to `want`);
    /// 2. when the page filled up, the walk goes on counting up to
    ///    ``SearchableIndex/totalCountCap`` (the count ``count(_:)`` would give) if every
    ///    row is visible to this search; otherwise `count` is `nil`;
    /// 3. when the walk stopped before the matches ran out with fewer than `want` heavy
    ///    matches, the rest are asked of `items_head`, which holds the heavy fields
    ///    alone, below the last row the walk reached. Walking on in `items_fts` to find them used to read every
    ///    match of a frequent word rare in titles (`the unde`: 4,700 rows for 100 heavy
    ///    ones); `items_head` has only the heavy matches, and its lists of a prefix's
    ///    words are about a fifth as long.
    ///
    /// With `typed` (a typo plan's walk, at most half ``PhraseLocator/maximumPhrases``
    /// groups), the locator also tells which rows match every term as typed; those rows
    /// are looked up and kept in `typed` too (``TypedMatches``).
    ///
    /// With `heavyFound`, every heavy match is already among `candidates` (a walk of
    /// both lists that ran out, ``mergeScan(complete:prefix:prefixIsIndexed:headPhrase:want:matcher:expectedRows:into:)``),
    /// so step 3 is not run, and a row already a candidate is not looked up again (its
    /// locators are joined).
    ///
    /// With `analysis` (a typo plan's walk), each row it keeps that is not an exact match
    /// is analyzed from its lookup (``WalkAnalysis``).
    private func walkBothPasses(
        _ expression: MatchExpression, want: Int, matcher: TermMatcher, into candidates: inout [Int64: Candidate],
        typed: TypedMatches? = nil, heavyFound: Bool = false, analysis: WalkAnalysis? = nil
    ) throws -> (walk: Walk, count: Count?) {
        guard let layout = expression.layout(recordingTyped: typed != nil) else { preconditionFailure("past the locator's reach") }
        let typed = layout.recordsTyped ? typed : nil
        let statement = try locatedMatches(expression, layout: layout)
        defer { statement.reset() }
        let lookup = try lookupStatement(matcher: matcher, body: analysis != nil)
        var analyzed = 0
        defer { if analyzed > 0 { trace?.note("typo rows analyzed in the walk \(analyzed)") } }
        /// Analyzes a typo row on `lookup`, stepped on it, in the fields of `columns`:
        /// those where FTS5 found a phrase of the plan (the locator of `items_fts` knows
        /// every column; that of `items_head` only the heavy ones). A field without one
        /// holds no term as typed and none of its listed alternatives (see
        /// ``WalkAnalysis``).
        func analyze(_ candidate: Candidate, in columns: FTSColumns) {
            if analysis?.analyze(candidate.itemRowid, on: lookup, first: Self.lookupFields, in: columns) == true { analyzed += 1 }
        }
        var accepted = 0, acceptedHeavy = 0, rows = 0
        var ranOut = false
        let cap = SearchableIndex.totalCountCap
        // Whether FTS5's rows are the count (no row is hidden from this search), asked
        // once the page is full.
        var counts: Bool?
        // The last FTS rowid the walk read: the heavy matches from there up are known.
        var reached: Int64?
        while true {
            if accepted >= want {
                if counts == nil { counts = try countsPastPage(matcher: matcher, typed: typed) }
                guard counts == true && rows < cap else { break }
            }
            guard try statement.step() else {
                ranOut = true
                break
            }
            rows += 1
            let ftsRowid = FTSRowid(rawValue: statement.int64(0)), locator = PhraseLocator(rawValue: statement.int64(1))
            reached = ftsRowid.rawValue
            let isHeavy = layout.isHeavy(locator)
            let isTyped = layout.matchesAsTyped(locator)
            guard accepted < want || (isHeavy && acceptedHeavy < want) || isTyped else { continue }
            let itemRowid = ftsRowid.itemRowid
            if heavyFound, !isTyped, candidates[itemRowid] != nil {
                // Looked up by the walk already: a candidate this search may return.
                guard accepted < want || (isHeavy && acceptedHeavy < want) else { continue }
                candidates[itemRowid]!.locator.formUnion(locator)
                if accepted < want { accepted += 1 }
                if isHeavy && acceptedHeavy < want { acceptedHeavy += 1 }
                continue
            }
            guard let candidate = try self.candidate(itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator,
                                                     lookup: lookup, matcher: matcher) else { continue }
            if isTyped { typed?.candidates[itemRowid] = candidate }
            guard accepted < want || (isHeavy && acceptedHeavy < want) else { continue }
            if !isTyped { analyze(candidate, in: locator.columns) }
            candidates[itemRowid] = candidate
            if accepted < want { accepted += 1 }
            if isHeavy && acceptedHeavy < want { acceptedHeavy += 1 }
        }
        // As the all-fields pass alone: it stops at `want` accepted rows.
        let exhausted = ranOut && accepted < want
        let walk = Walk(accepted: accepted, exhausted: exhausted)
        var count: Count?
        if !exhausted && counts == true {
            let matched = min(rows, cap)
            count = Count(total: matched, isExact: matched < cap)
        }
        typed?.complete = ranOut
        guard !ranOut, !heavyFound, acceptedHeavy < want, let reached else { return (walk, count) }
        // Every match above `reached` was read; the heavy ones below are in `items_head`.
        let head = try locatedMatches(expression, in: "items_head", layout: layout, below: reached)
        defer { head.reset() }
        var fromHead = 0
        defer { if fromHead > 0 { trace?.note("heavy matches from items_head \(fromHead)") } }
        while acceptedHeavy < want, try head.step() {
            let ftsRowid = FTSRowid(rawValue: head.int64(0)), locator = PhraseLocator(rawValue: head.int64(1))
            let itemRowid = ftsRowid.itemRowid
            guard let candidate = try self.candidate(itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator,
                                                     lookup: lookup, matcher: matcher) else { continue }
            analyze(candidate, in: locator.columns.union([.description, .text]))
            candidates[itemRowid] = candidate
            acceptedHeavy += 1
            fromHead += 1
        }
        return (walk, count)
    }

    /// What a walk of a typo plan found without typos: the rows where every term matched
    /// as typed, as candidates, and whether the walk read every match of the plan (then
    /// they are every exact match of the search).
    final class TypedMatches {
        var candidates: [Int64: Candidate] = [:]
        var complete = false
    }

    /// The column of ``lookupStatement(matcher:body:)`` where the fields start (title,
    /// display name, alternate names, keywords, then the body's two when asked), as
    /// ``HitAnalyzer``, ``TermMatcher`` and ``PrefixVerifier`` read them.
    private static let lookupFields: Int32 = 6

    /// The lookup ``candidate(itemRowid:ftsRowid:locator:lookup:matcher:)`` steps: the
    /// columns a candidate keeps, then the heavy fields (and the body when a term is
    /// checked in Swift or `body` asks), of visible rows that pass the filter. Not the
    /// engagements: ``countEngagements(of:)`` reads them for all candidates at once.
    private func lookupStatement(matcher: TermMatcher, body: Bool = false) throws -> Statement {
        // The body columns are read only when a term is checked in Swift or the row analyzed.
        let body = matcher.checksTerms || body ? ", items.content_description, items.text_content" : ""
        return try connection.cached("""
            SELECT items.id, items.domain, items.kind, items.expiration_date, items.ranking_hint,
                coalesce(items.content_modification_date, items.content_creation_date, items.indexed_date),
                items.title, items.display_name, items.alternate_names, items.keywords\(body)
            FROM items WHERE items.rowid = ?\(filter.map { " AND (\($0.sql))" } ?? "")
            """)
    }

    /// A matching row as a candidate, or `nil` when it is not one this search may return
    /// (expired, another kind or domain, filtered out, or a term of several tokens not
    /// found as a term). `lookup` is left stepped on the row until its next use (the
    /// caller reads the heavy fields from it).
    private func candidate(itemRowid: Int64, ftsRowid: FTSRowid, locator: PhraseLocator, lookup: Statement, matcher: TermMatcher) throws -> Candidate? {
        lookup.reset()
        lookup.bind([.integer(itemRowid)] + (filter?.bindings ?? []))
        guard try lookup.step() else { return nil }
        let kind = lookup.int64(2)
        guard kinds.contains(kind), lookup.double(3) > now, allows(domain: lookup.text(1) ?? "") else { return nil }
        var candidate = Candidate(
            itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator, id: lookup.text(0) ?? "",
            kind: kind, rankingHint: lookup.optionalDouble(4), contentDate: lookup.double(5))
        if matcher.checksTerms {
            // Terms of several tokens: FTS5 found the tokens, not the term.
            guard let found = matcher.check(lookup, first: Self.lookupFields) else { return nil }
            candidate.checked = found
        }
        return candidate
    }

    /// Sets each candidate's engagement count, once the walks have found them all: each
    /// row's lookup asked it of the `engagements` table (an index seek per row, 2.4 % of
    /// the instructions of a typo-filled prefix at 10k items, with no engagements at
    /// all), the ranking reads it only now. An index holds engagements with the items
    /// its user opened, usually few: when they are no more than the candidates they are
    /// read whole (at most a row per candidate, each cheaper than a seek), otherwise
    /// asked for the candidates' identifiers one by one.
    private func countEngagements(of candidates: inout [Int64: Candidate]) throws {
        guard !candidates.isEmpty else { return }
        let all = try connection.cached("SELECT id, count FROM engagements LIMIT ?")
        all.bind([.integer(Int64(candidates.count) + 1)])
        defer { all.reset() }
        var counts: [String: Int64] = [:]
        while try all.step() { counts[all.text(0) ?? ""] = all.int64(1) }
        if counts.count <= candidates.count {
            guard !counts.isEmpty else { return }
            for (rowid, candidate) in candidates {
                if let count = counts[candidate.id] { candidates[rowid]!.engagements = count }
            }
            return
        }
        let one = try connection.cached("SELECT count FROM engagements WHERE id = ?")
        defer { one.reset() }
        for (rowid, candidate) in candidates {
            one.bind([.text(candidate.id)])
            if try one.step() { candidates[rowid]!.engagements = one.int64(0) }
        }
    }

    /// Counts matching, visible rows among the first ``SearchableIndex/totalCountCap``
    /// matches of a source.
    private func count(_ source: Source) throws -> Count {
        let cap = SearchableIndex.totalCountCap
        // Count over the source's first `cap` rows; its column `r` is the FTS rowid.
        let inner = "SELECT r FROM (\(source.countSQL)) LIMIT \(cap)"
        if domains == nil, try allRowsVisible() {
            // Nothing expired and no row of another kind: counting FTS rows is exact.
            let statement = try connection.cached("SELECT count(*) FROM (\(inner))")
            statement.bind(source.values)
            defer { statement.reset() }
            guard try statement.step() else { return Count(total: 0, isExact: true) }
            let matched = Int(statement.int64(0))
            return Count(total: matched, isExact: matched < cap)
        }
        var values = source.values
        values.append(.real(now))
        let nowParameter = "?\(values.count)"
        var domainSQL = "1"
        if let domains {
            domainSQL = domains.map { domain in
                values.append(.text(domain))
                let parameter = "?\(values.count)"
                return "(items.domain = \(parameter) OR (items.domain >= \(parameter) || '.' AND items.domain < \(parameter) || '/'))"
            }.joined(separator: " OR ")
            if domains.isEmpty { domainSQL = "0" }
        }
        let kindSQL = kinds.sorted().map(String.init).joined(separator: ",")
        let statement = try connection.prepare("""
            SELECT count(*), coalesce(sum(items.expiration_date > \(nowParameter) AND items.kind IN (\(kindSQL)) AND (\(domainSQL))), 0)
            FROM (\(inner)) AS m
            LEFT JOIN items ON items.rowid = \(FTSRowid.itemRowidSQL("m.r"))
            """)
        statement.bind(values)
        guard try statement.step() else { return Count(total: 0, isExact: true) }
        let matched = Int(statement.int64(0))
        return Count(total: Int(statement.int64(1)), isExact: matched < cap)
    }

    /// Whether a pass that stopped short of its matches has FTS5 count the rest: only
    /// when the total is wanted (``countsTotal``) and FTS5's rows are the matches. FTS5
    /// counts rows with the tokens, not the terms (``TermMatcher``'s check) nor the
    /// filter; otherwise the checked rows are the count, a lower bound.
    private func countsWithFTS5(matcher: TermMatcher) -> Bool {
        countsTotal && !matcher.checksTerms && filter == nil
    }

    /// Whether a walk whose page is full counts on past it, FTS5's rows being the count:
    /// when the total is wanted (``countsTotal``) or a typo walk stands in for the exact
    /// pass (`typed`, which needs the rows past the page), and no row is hidden from this
    /// search or dropped by a check FTS5 does not make.
    private func countsPastPage(matcher: TermMatcher, typed: TypedMatches? = nil) throws -> Bool {
        guard countsTotal || typed != nil, !matcher.checksTerms, filter == nil, domains == nil else { return false }
        return try allRowsVisible()
    }

    /// Whether every FTS row is one this search may return, as far as kind and expiry
    /// go (both answered from indexes).
    private func allRowsVisible() throws -> Bool {
        // A bare min() is answered from the expiration index's first entry.
        let expiry = try connection.cached("SELECT min(expiration_date) FROM items")
        defer { expiry.reset() }
        guard try expiry.step() else { return false }
        if let earliest = expiry.optionalDouble(0), earliest <= now { return false }
        if kinds.count == 2 { return true }
        let other = kinds.contains(Schema.itemKind) ? Schema.activityKind : Schema.itemKind
        return try connection.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM items WHERE kind = \(other))") == 1
    }

    private func allows(domain: String) -> Bool {
        guard let domains else { return true }
        return domains.contains { domain == $0 || (domain.hasPrefix($0) && domain.utf8.dropFirst($0.utf8.count).first == UInt8(ascii: ".")) }
    }

    private func breakdown(_ candidate: Candidate, analysis: HitAnalyzer.Analysis, analyzer: HitAnalyzer) -> ScoreBreakdown {
        Ranking.breakdown(
            analysis, terms: analyzer.terms, rankingHint: candidate.rankingHint, engagements: candidate.engagements,
            contentDate: candidate.contentDate, now: now)
    }
}
