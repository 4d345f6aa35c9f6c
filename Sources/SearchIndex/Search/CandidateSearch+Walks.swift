/// The walks over FTS5's matches, best-first: one source's rows (``scan(_:headPhrase:want:verifier:matcher:into:rejected:)``),
/// the complete terms' list beside the prefix's in `items_head` (``mergeScan(complete:prefix:prefixIsIndexed:headPhrase:want:matcher:expectedRows:into:)``),
/// and both passes in one walk of FTS5's merge (``walkBothPasses(_:want:matcher:into:typed:heavyFound:analysis:)``).
extension CandidateSearch {
    /// Steps through a source's matches best-first until `want` are accepted.
    ///
    /// `headPhrase` is the phrase number the `items_head` locator's phrase 0 stands for.
    /// With a `verifier`, rows whose heavy fields lack the prefix are skipped (and
    /// appended to `rejected`, for ``verifyBody(_:verifier:matcher:headPhrase:want:into:)``), and
    /// the scan gives up (``Walk/withinBudget`` `false`) after ``CostModel/verifiedScanBudget`` rows.
    func scan(
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
    func mergeScan(
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
        var merge = try ListMerge(fts: fts, head: head, expectedRows: expectedRows, want: want)
        var unused: [Candidate] = []
        var walk = try walk(
            headPhrase: headPhrase, want: want, verifier: nil, matcher: matcher, into: &candidates, rejected: &unused,
            next: { try merge.next() })
        if merge.abandoned {
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
        if merge.hasFTS && merge.hasHead {
            try countOn(complete: complete, prefix: prefix, prefixIsIndexed: prefixIsIndexed,
                        from: (fts.int64(0), head.int64(0)), head, matched: &matched)
        }
        return (walk, Count(total: matched, isExact: matched < SearchableIndex.totalCountCap))
    }

    /// The complete terms' matches in `items_fts` stepped beside the prefix's in
    /// `items_head`, both best-first: ``next()`` is the next row in both. With
    /// `expectedRows` it gives up (``abandoned``) when the matches met fall short of
    /// `want` (see ``mergeScan(complete:prefix:prefixIsIndexed:headPhrase:want:matcher:expectedRows:into:)``).
    private struct ListMerge {
        let fts: Statement, head: Statement
        /// Whether each statement is on a row (it has not run out).
        var hasFTS: Bool, hasHead: Bool
        /// The rows of the complete terms' list read, and the matches met among them.
        var ftsRows = 0, matches = 0
        let expectedRows: Int?
        /// The rows read at which the matches met are checked.
        let probes: [Int]
        let want: Int
        var abandoned = false

        /// Steps both bound statements onto their first rows.
        init(fts: Statement, head: Statement, expectedRows: Int?, want: Int) throws {
            self.fts = fts
            self.head = head
            hasFTS = try fts.step()
            hasHead = try head.step()
            self.expectedRows = expectedRows
            probes = expectedRows.map { [max(CostModel.walkProbeRows, $0 / 8), $0 / 2] } ?? []
            self.want = want
        }

        /// Checks at an eighth of the expected rows whether the matches met, scaled to
        /// all of them, reach half of `want`, and at half whether they reach `want`.
        private mutating func fillsShort() -> Bool {
            guard let expectedRows, ftsRows == probes[0] || ftsRows == probes[1] else { return false }
            let share = ftsRows == probes[0] ? 2 : 1
            abandoned = share * matches * expectedRows < want * ftsRows
            return abandoned
        }

        /// The next row in both lists; `nil` when either ran out or the walk gave up.
        mutating func next() throws -> MatchRow? {
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
    }

    /// The body of ``scan(_:headPhrase:want:verifier:matcher:into:rejected:)``: takes
    /// rows from `next` until `want` are accepted or `next` returns `nil`.
    func walk(
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
    func locatedMatches(_ expression: MatchExpression, in table: String = "items_fts", layout: LocatorLayout,
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
    func walkBothPasses(
        _ expression: MatchExpression, want: Int, matcher: TermMatcher, into candidates: inout [Int64: Candidate],
        typed: TypedMatches? = nil, heavyFound: Bool = false, analysis: WalkAnalysis? = nil
    ) throws -> (walk: Walk, count: Count?) {
        guard let layout = expression.layout(recordingTyped: typed != nil) else { preconditionFailure("past the locator's reach") }
        let typed = layout.recordsTyped ? typed : nil
        let statement = try locatedMatches(expression, layout: layout)
        defer { statement.reset() }
        var lookup = RowLookup(statement: try lookupStatement(matcher: matcher, body: analysis != nil), matcher: matcher,
                               analysis: analysis)
        defer { if lookup.analyzed > 0 { trace?.note("typo rows analyzed in the walk \(lookup.analyzed)") } }
        var tally = BothPassesTally(want: want)
        // The last FTS rowid the walk read: the heavy matches from there up are known.
        var reached: Int64?
        while true {
            if tally.accepted >= want {
                if tally.counts == nil { tally.counts = try countsPastPage(matcher: matcher, typed: typed) }
                guard tally.countsOn else { break }
            }
            guard try statement.step() else {
                tally.ranOut = true
                break
            }
            tally.rows += 1
            let ftsRowid = FTSRowid(rawValue: statement.int64(0)), locator = PhraseLocator(rawValue: statement.int64(1))
            reached = ftsRowid.rawValue
            let isHeavy = layout.isHeavy(locator)
            let isTyped = layout.matchesAsTyped(locator)
            guard tally.keeps(heavy: isHeavy) || isTyped else { continue }
            let itemRowid = ftsRowid.itemRowid
            if heavyFound, !isTyped, candidates[itemRowid] != nil {
                // Looked up by the walk already: a candidate this search may return.
                guard tally.keeps(heavy: isHeavy) else { continue }
                candidates[itemRowid]!.locator.formUnion(locator)
                tally.accept(heavy: isHeavy)
                continue
            }
            guard let candidate = try self.candidate(itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator,
                                                     lookup: lookup.statement, matcher: matcher) else { continue }
            if isTyped { typed?.candidates[itemRowid] = candidate }
            guard tally.keeps(heavy: isHeavy) else { continue }
            if !isTyped { lookup.analyze(candidate, in: locator.columns) }
            candidates[itemRowid] = candidate
            tally.accept(heavy: isHeavy)
        }
        typed?.complete = tally.ranOut
        guard !tally.ranOut, !heavyFound, tally.acceptedHeavy < want, let reached else { return tally.result }
        try addHeavyMatchesFromHead(expression, layout: layout, below: reached, lookup: &lookup, into: &candidates, tally: &tally)
        return tally.result
    }

    /// Step 3 of ``walkBothPasses(_:want:matcher:into:typed:heavyFound:analysis:)``:
    /// every match above `reached` was read, and the heavy ones below are asked of
    /// `items_head` until `want` heavy matches are accepted.
    private func addHeavyMatchesFromHead(_ expression: MatchExpression, layout: LocatorLayout, below reached: Int64,
                                         lookup: inout RowLookup, into candidates: inout [Int64: Candidate],
                                         tally: inout BothPassesTally) throws {
        let head = try locatedMatches(expression, in: "items_head", layout: layout, below: reached)
        defer { head.reset() }
        var fromHead = 0
        defer { if fromHead > 0 { trace?.note("heavy matches from items_head \(fromHead)") } }
        while tally.acceptedHeavy < tally.want, try head.step() {
            let ftsRowid = FTSRowid(rawValue: head.int64(0)), locator = PhraseLocator(rawValue: head.int64(1))
            let itemRowid = ftsRowid.itemRowid
            guard let candidate = try self.candidate(itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator,
                                                     lookup: lookup.statement, matcher: lookup.matcher) else { continue }
            lookup.analyze(candidate, in: locator.columns.union([.description, .text]))
            candidates[itemRowid] = candidate
            tally.acceptedHeavy += 1
            fromHead += 1
        }
    }

    /// A walk's lookup of its rows (``lookupStatement(matcher:body:)``), and the analysis
    /// of the typo rows it keeps (``WalkAnalysis``), counted.
    struct RowLookup {
        let statement: Statement
        let matcher: TermMatcher
        let analysis: WalkAnalysis?
        var analyzed = 0

        /// Analyzes a typo row, the lookup stepped on it, in the fields of `columns`:
        /// those where FTS5 found a phrase of the plan (the locator of `items_fts` knows
        /// every column; that of `items_head` only the heavy ones). A field without one
        /// holds no term as typed and none of its listed alternatives (see ``WalkAnalysis``).
        mutating func analyze(_ candidate: Candidate, in columns: FTSColumns) {
            if analysis?.analyze(candidate.itemRowid, on: statement, first: CandidateSearch.lookupFields, in: columns) == true {
                analyzed += 1
            }
        }
    }

    /// What a walk of both passes has kept, the first `want` accepted matches and the
    /// first `want` accepted heavy ones, and the matching rows it met (the count).
    struct BothPassesTally {
        let want: Int
        let cap = SearchableIndex.totalCountCap
        var accepted = 0, acceptedHeavy = 0
        var rows = 0
        /// Whether the walk read every match.
        var ranOut = false
        /// Whether FTS5's rows are the count (no row is hidden from this search), asked
        /// once the page is full.
        var counts: Bool?

        init(want: Int) {
            self.want = want
        }

        /// Whether a row is kept: the page is not full, or it is a heavy match and the
        /// heavy ones are not.
        @inline(__always)
        func keeps(heavy: Bool) -> Bool {
            accepted < want || (heavy && acceptedHeavy < want)
        }

        @inline(__always)
        mutating func accept(heavy: Bool) {
            if accepted < want { accepted += 1 }
            if heavy && acceptedHeavy < want { acceptedHeavy += 1 }
        }

        /// Whether the walk reads on, once the page is full, to count.
        var countsOn: Bool { counts == true && rows < cap }

        /// The walk as the all-fields pass alone ends it (at `want` accepted rows), and
        /// the count when the walk read on to count.
        var result: (walk: Walk, count: Count?) {
            let exhausted = ranOut && accepted < want
            var count: Count?
            if !exhausted && counts == true {
                let matched = min(rows, cap)
                count = Count(total: matched, isExact: matched < cap)
            }
            return (Walk(accepted: accepted, exhausted: exhausted), count)
        }
    }
}
