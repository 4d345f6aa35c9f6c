/// The steps that find a plan's matches (``AccessStep``): the first the plan's, then
/// the fallback of each that gave up.
extension CandidateSearch {
    /// The exact matches of a plan, best-first, at least `want` of them when there are
    /// as many, with their count and whether it is exact.
    /// `analysis`: a typo plan's, whose walk over `items_fts` analyzes its typo rows.
    ///
    /// Runs the plan's first step (``AccessStep``); when a step gives up, its declared
    /// fallback runs from scratch. The plan is never changed.
    func exactCandidates(plan: MatchPlan, matcher: TermMatcher, want: Int, typed: TypedMatches? = nil,
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
    func candidates(of plan: MatchPlan, step: AccessStep, matcher: TermMatcher, want: Int, typed: TypedMatches?,
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
    func checkedCandidates(plan: MatchPlan, complete: MatchExpression, verifier: PrefixVerifier, matcher: TermMatcher,
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
    func ftsCandidates(of plan: MatchPlan, step: AccessStep, matcher: TermMatcher, want: Int, typed: TypedMatches?,
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
    func allFields(of plan: MatchPlan, want: Int, matcher: TermMatcher, into candidates: inout [Int64: Candidate],
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

    /// Checks the description and text content of rows whose heavy fields lack the
    /// prefix, best-first, until `want` more are accepted; returns how many were and
    /// whether every row was checked.
    func verifyBody(
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
}
