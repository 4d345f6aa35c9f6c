/// Planning: the choices a search makes from the word list's counts before it reads a
/// row — which way to find a short prefix after complete terms (``CostModel``), and the
/// typo pass's plan with its alternatives.
extension CandidateSearch {
    /// `query` with ``MatchPlan/prefixPath`` chosen for complete terms and a prefix, from
    /// the word list's counts
    /// (``CostModel/prefixPathCosts(prefixPostings:completeRows:items:want:prefixIsIndexed:)``), or as
    /// ``PlanOverrides/prefixPath`` forces it. Without a word list a prefix of up to
    /// ``MatchPlan/headPrefixLimit`` characters is checked in Swift and a longer one
    /// merged, as is a prefix ORed with its typo alternatives (`prefixHasAlternatives`:
    /// the check and the walk look for the typed prefix only).
    ///
    /// With several complete terms, the word list bounds their matches by the rarest
    /// term's alone, far above what they match together (`launch pork hand`: 768 rows of
    /// `launch`, 3 of both; the typo pass of `dispenser splittings rec`: 6,335 rows of
    /// the alternatives of one word, a few of both). When that bound does not already
    /// choose the Swift check, FTS5 counts the terms' matches together, up to
    /// ``CostModel/verifiedScanBudget`` of them (no prefix to merge: a fraction of a millisecond),
    /// and the path is chosen on that count.
    func choosingPrefixPath(for query: MatchPlan, vocabulary snapshot: Vocabulary.Snapshot?, items: Int, want: Int,
                            prefixHasAlternatives: Bool = false) throws -> MatchPlan {
        var plan = query
        guard plan.prefix != nil, !plan.complete.isEmpty else { return plan }
        if !plan.prefixIsIndexed || prefixHasAlternatives { plan = plan.taking(.merge) }
        guard !plan.prefixToken.isEmpty, !prefixHasAlternatives else { return plan }
        if let forced = overrides.prefixPath { return plan.taking(forced) }
        guard let snapshot else { return plan }
        let postings = snapshot.postings(withPrefix: Vocabulary.scalars(plan.prefixToken))
        var rows = Self.completeRows(of: plan, in: snapshot)
        var costs = CostModel.prefixPathCosts(prefixPostings: postings, completeRows: rows, items: items, want: want,
                                         prefixIsIndexed: plan.prefixIsIndexed)
        if plan.complete.count > 1, costs.cheapest != .swiftCheck, let complete = plan.completeExpression {
            let limit = CostModel.verifiedScanBudget + 1
            let counted = try connection.scalarInt(
                "SELECT count(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ?1 LIMIT \(limit))", [.text(complete.text)])
            rows = min(rows ?? Int.max, Int(counted ?? 0) < limit ? Int(counted ?? 0) : items)
            costs = CostModel.prefixPathCosts(prefixPostings: postings, completeRows: rows, items: items, want: want,
                                         prefixIsIndexed: plan.prefixIsIndexed)
            trace?.note("complete terms counted together")
        }
        trace?.note(String(format: "%@ (postings %d, rows %@; µs check %.0f, walk %.0f, merge %.0f)", "\(costs.cheapest)", postings,
                           rows.map(String.init) ?? "?", costs.check, costs.walk, costs.merge))
        return plan.taking(costs.cheapest, walkExpectsRows: costs.cheapest == .headWalk ? rows : nil)
    }

    /// An upper bound on the items the complete terms of a plan match: for each
    /// complete phrase, or ORed group of phrases (a term and its typo alternatives), the
    /// summed item counts of its words; the least of them. `nil` when no phrase's words
    /// are all in the word list (CJK runs are not).
    static func completeRows(of plan: MatchPlan, in snapshot: Vocabulary.Snapshot) -> Int? {
        var least: Int?
        for part in plan.complete {
            if let total = postings(ofGroup: part, in: snapshot) { least = min(least ?? total, total) }
        }
        return least
    }

    /// The summed item counts of a group's phrases, a bound on the rows it matches: a
    /// prefix phrase stands for every listed word it starts. `nil` when a phrase's word
    /// is not one the list keeps (CJK runs are not).
    static func postings(ofGroup group: MatchGroup, in snapshot: Vocabulary.Snapshot) -> Int? {
        var total = 0
        for phrase in group.phrases {
            let word = Vocabulary.scalars(Array(phrase.token.utf8))
            guard Vocabulary.keeps(word) else { return nil }
            total += phrase.isPrefix ? snapshot.postings(withPrefix: word) : snapshot.count(of: word)
        }
        return total
    }

    /// An upper bound on the items a plan matches exactly, from the word list: the least
    /// item count of its complete words and the summed counts of its prefix's words
    /// (`Int.max` when unknown).
    static func exactMatchBound(of plan: MatchPlan, in snapshot: Vocabulary.Snapshot) -> Int {
        var bound = completeRows(of: plan, in: snapshot) ?? Int.max
        if plan.prefix != nil, !plan.prefixToken.isEmpty {
            let word = Vocabulary.scalars(plan.prefixToken)
            if Vocabulary.keeps(word) { bound = min(bound, snapshot.postings(withPrefix: word)) }
        }
        return bound
    }

    /// Whether some term of the plan may match with typos (``TypoPolicy``).
    static func hasTypoTerms(_ plan: MatchPlan, typos: TypoPolicy = .spec) -> Bool {
        plan.terms.contains(where: typos.mayHaveTypos)
    }

    /// `policy` bound to this search (``TypoPolicy/bound(to:matchesExactly:)``): which of
    /// its short words match nothing exactly in the index.
    func typoPolicy(_ policy: TypoPolicy, for plan: MatchPlan, vocabulary snapshot: Vocabulary.Snapshot?) throws -> TypoPolicy {
        guard let snapshot else { return policy }
        return try policy.bound(to: plan) { term in try matchesExactly(term, in: snapshot) }
    }

    /// Whether a term of one token matches something exactly: a listed word, or for the
    /// prefix term the start of one. A word the list lacks is asked of FTS5 (one lookup
    /// that stops at the first row): the list may be behind the index (another
    /// process's write not yet read again, a commit not yet merged), and a word written
    /// there must match exactly, not as a typo. A word the list still holds after
    /// another process deleted it counts as matched until the list is read again: it
    /// then has no typos, SPEC §5's rule.
    func matchesExactly(_ term: SearchTerm, in snapshot: Vocabulary.Snapshot) throws -> Bool {
        let word = Vocabulary.scalars(term.tokens[0])
        if (term.isPrefix ? snapshot.postings(withPrefix: word) : snapshot.count(of: word)) > 0 { return true }
        let phrase = MatchPhrase(token: String(decoding: term.tokens[0], as: UTF8.self), isPrefix: term.isPrefix)
        let found = try connection.scalarInt(
            "SELECT count(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ?1 LIMIT 1)", [.text(phrase.text)])
        trace?.note("\(phrase.text) unmatched in the word list, \(found ?? 0) in FTS5")
        return (found ?? 0) > 0
    }

    /// The listed words `typos` lets a one-token term match instead (none when it may have
    /// no edit), through the index's ``TypoLookupCache`` when there is one.
    func typoAlternatives(of term: SearchTerm, typos: TypoPolicy, in snapshot: Vocabulary.Snapshot) -> [Typos.Alternative] {
        let edits = typos.maximumEdits(for: term)
        guard edits > 0 else { return [] }
        let scalars = Vocabulary.scalars(term.tokens[0])
        return vocabulary.flatMap { words in
            typoLookups?.alternatives(of: scalars, prefix: term.isPrefix, maximumEdits: edits, in: snapshot, version: words.version)
        } ?? Typos.alternatives(of: scalars, prefix: term.isPrefix, maximumEdits: edits, in: snapshot)
    }

    /// The plan of the typo pass (``typoCandidates(plan:matcher:vocabulary:items:want:into:)``):
    /// each single-token term that may have typos (`typos`, bound to the search) ORed with
    /// its alternatives, its short prefix's path chosen again; `nil` when no term has
    /// alternatives.
    func typoPlan(for plan: MatchPlan, vocabulary: Vocabulary.Snapshot, items: Int, want: Int,
                  typos: TypoPolicy = .spec) throws -> MatchPlan? {
        let expanded = withTypoAlternatives(plan, typos: typos, vocabulary: vocabulary)
        trace?.mark("alternatives")
        guard var typoPlan = expanded?.plan, let prefixExpanded = expanded?.prefixExpanded else { return nil }
        if typoPlan.complete.isEmpty, prefixExpanded {
            typoPlan = mergingTypoPrefixAloneWhenCheaper(typoPlan, vocabulary: vocabulary, want: want)
        }
        if let trace {
            let rows = Self.completeRows(of: typoPlan, in: vocabulary).map(String.init) ?? "?"
            trace.note("typo plan rows \(rows): \(typoPlan.expression.text.prefix(200))")
        }
        // The alternatives change the complete terms' matches, so the short prefix's
        // path is chosen again.
        typoPlan = try choosingPrefixPath(for: typoPlan, vocabulary: vocabulary, items: items, want: want,
                                          prefixHasAlternatives: prefixExpanded)
        return typoPlan.checkingTypoPrefix(typoPrefixCheck(of: typoPlan, vocabulary: vocabulary))
    }

    /// `plan` with each single-token term that may have typos ORed with its
    /// alternatives, and whether the prefix was; `nil` when no term has alternatives.
    private func withTypoAlternatives(_ plan: MatchPlan, typos: TypoPolicy, vocabulary: Vocabulary.Snapshot)
        -> (plan: MatchPlan, prefixExpanded: Bool)? {
        var typoPlan = plan
        var expanded = false
        var prefixExpanded = false
        var complete: [MatchGroup] = []
        var seen = Set<String>()
        for term in plan.terms {
            if term.isPrefix && term.tokens.count == 1 {
                if let group = typoGroup(of: term, typos: typos, vocabulary: vocabulary) {
                    typoPlan.prefix = group
                    expanded = true
                    prefixExpanded = true
                }
                continue
            }
            if !term.isPrefix, let group = typoGroup(of: term, typos: typos, vocabulary: vocabulary) {
                complete.append(group)
                expanded = true
                continue
            }
            // As the exact plan asks it; the prefix token of the last term stays the
            // plan's prefix.
            for unit in term.wholeUnits where seen.insert(unit).inserted {
                complete.append(MatchGroup(MatchPhrase(token: unit, isPrefix: false)))
            }
        }
        guard expanded else { return nil }
        typoPlan.complete = complete
        return (typoPlan, prefixExpanded)
    }

    /// A one-token term ORed with its typo alternatives; `nil` when it has none.
    private func typoGroup(of term: SearchTerm, typos: TypoPolicy, vocabulary: Vocabulary.Snapshot) -> MatchGroup? {
        let found = typoAlternatives(of: term, typos: typos, in: vocabulary)
        guard !found.isEmpty else { return nil }
        let typed = MatchPhrase(token: String(decoding: term.tokens[0], as: UTF8.self), isPrefix: term.isPrefix)
        return MatchGroup([typed] + found.map { alternative in
            MatchPhrase(token: Vocabulary.string(alternative.word), isPrefix: term.isPrefix && !alternative.isWord)
        })
    }

    /// A typo plan of a prefix typed alone with its alternatives, merged in one walk
    /// when that costs less: when their heavy matches will not fill the page,
    /// `items_head` first is followed by a scan of `items_fts` and a count, three merges
    /// of every alternative's lists; one walk of `items_fts` finds the same candidates
    /// and counts them in one merge.
    private func mergingTypoPrefixAloneWhenCheaper(_ typoPlan: MatchPlan, vocabulary: Vocabulary.Snapshot, want: Int) -> MatchPlan {
        guard let group = typoPlan.prefix, let postings = Self.postings(ofGroup: group, in: vocabulary) else { return typoPlan }
        let merged = typoPlan.mergingPrefixAlone(
            overrides.mergesTypoPrefixAlone && CostModel.mergesPrefixAlone(postings: postings, want: want))
        if merged.mergesPrefixAlone { trace?.note("typo prefix merged alone (postings \(postings))") }
        return merged
    }

    /// Whether a typo plan's prefix is searched for in Swift on every match of its
    /// complete terms (``AccessStep/typoPrefixCheck``), with the counts that chose it:
    /// for a prefix without typo alternatives of its own (the check looks for the typed
    /// prefix) that the cost rule left to FTS5's merge, when the complete terms' rows are
    /// few for the prefix's postings (``CostModel/checksTypoPrefix(rows:prefixPostings:)``).
    func typoPrefixCheck(of plan: MatchPlan, vocabulary: Vocabulary.Snapshot) -> MatchPlan.PrefixCheck? {
        guard overrides.checksTypoPrefix != false, overrides.walksPassesTogether, plan.prefixPath == .merge, let prefix = plan.prefix,
              prefix.phrases.count == 1, !plan.prefixToken.isEmpty, !plan.complete.isEmpty,
              let rows = Self.completeRows(of: plan, in: vocabulary) else { return nil }
        let word = Vocabulary.scalars(plan.prefixToken)
        guard Vocabulary.keeps(word) else { return nil }
        let postings = vocabulary.postings(withPrefix: word)
        guard overrides.checksTypoPrefix == true || CostModel.checksTypoPrefix(rows: rows, prefixPostings: postings) else { return nil }
        return MatchPlan.PrefixCheck(rows: rows, postings: postings)
    }
}
