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
///    (``walkBothPasses(_:want:matcher:into:typed:heavyFound:analysis:)``).
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
///   lists once (``walkBothPasses(_:want:matcher:into:typed:heavyFound:analysis:)``): cheapest for a prefix
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

    /// Scores candidates (``HitAnalyzer``, ``Ranking``), orders them (by the sort keys
    /// if any, then by relevance), and reads the rows of the requested page with their
    /// highlights. `ranked` is how many candidates matched after analysis.
    ///
    /// With a `bound`, candidates are read highest bound first, and the reading stops at
    /// the first whose bound is below the `offset + limit`-th best score so far: neither
    /// it nor any after it can reach the page. Those are counted in `ranked` unread.
    /// `analyzed`: typo rows the typo pass's walk analyzed (``WalkAnalysis``), not read again.
    func page(_ candidates: [Int64: Candidate], plan: MatchPlan, analyzer: HitAnalyzer,
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
    func sorted(_ scored: [(candidate: Candidate, breakdown: ScoreBreakdown)], by keys: [SortKey])
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
    static func compare(_ a: SQLValue, _ b: SQLValue) -> Int {
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

    func breakdown(_ candidate: Candidate, analysis: HitAnalyzer.Analysis, analyzer: HitAnalyzer) -> ScoreBreakdown {
        Ranking.breakdown(
            analysis, terms: analyzer.terms, rankingHint: candidate.rankingHint, engagements: candidate.engagements,
            contentDate: candidate.contentDate, now: now)
    }
}
