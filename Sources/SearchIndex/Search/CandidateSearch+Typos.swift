/// The typo pass: the typo plan's matches added to the exact ones, the Swift check of a
/// typo plan's prefix, and what its walks keep beside the candidates (the rows that
/// match as typed, the typo rows' analyses).
extension CandidateSearch {
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

    /// Adds the matches where single-token terms may have typos (``TypoPolicy``, `typos`
    /// bound to the search): each such term is ORed with its alternatives from the vocabulary (the
    /// prefix term with prefixes of listed words, see ``Typos``), and the resulting
    /// plan is searched like an exact one (``exactCandidates(plan:matcher:want:)``:
    /// a short prefix beside it still goes through `items_head` and the Swift check).
    /// Returns whether the pass ran (some term had alternatives), and the count of its
    /// matches and whether it is exact.
    func typoCandidates(
        plan: MatchPlan, matcher: TermMatcher, vocabulary: Vocabulary.Snapshot, items: Int, want: Int,
        into candidates: inout [Int64: Candidate], analysis: WalkAnalysis? = nil, typos: TypoPolicy = .spec
    ) throws -> (ran: Bool, count: Count) {
        guard let typoPlan = try typoPlan(for: plan, vocabulary: vocabulary, items: items, want: want, typos: typos) else {
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
    func checkedTypoCandidates(plan: MatchPlan, check: MatchPlan.PrefixCheck, want: Int, matcher: TermMatcher,
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

    /// ``walkBothPasses(_:want:matcher:into:typed:heavyFound:analysis:)`` for a plan whose prefix is
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
    func checkBothPasses(plan: MatchPlan, want: Int, matcher: TermMatcher, into candidates: inout [Int64: Candidate],
                                 typed: TypedMatches? = nil, analysis: WalkAnalysis? = nil) throws -> (walk: Walk, count: Count?)? {
        // The locator is laid out for the whole plan; FTS5 fills the complete terms'
        // entries, the check the prefix's.
        guard let verifier = PrefixVerifier(plan: plan), let complete = plan.completeExpression,
              let layout = plan.expression.layout(recordingTyped: typed != nil),
              let completeLayout = complete.layout(recordingTyped: layout.recordsTyped) else { return nil }
        let typed = layout.recordsTyped ? typed : nil
        let statement = try locatedMatches(complete, layout: completeLayout)
        defer { statement.reset() }
        let fields = try connection.cached(Self.textFieldsSQL)
        let lookup = try lookupStatement(matcher: matcher)
        let prefixGroup = complete.groups.count
        var analyzed = 0
        defer { if analyzed > 0 { trace?.note("typo rows analyzed in the check \(analyzed)") } }
        var tally = BothPassesTally(want: want)
        var scanned = 0
        while true {
            if tally.accepted >= want {
                if tally.counts == nil { tally.counts = try countsPastPage(matcher: matcher, typed: typed) }
                if !tally.countsOn && tally.acceptedHeavy >= want { break }
            }
            guard try statement.step() else {
                tally.ranOut = true
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
            guard try fields.step(),
                  let found = Self.locatePrefix(verifier, in: fields, layout: layout, group: prefixGroup, into: &locator) else { continue }
            tally.rows += 1
            let isHeavy = layout.isHeavy(locator)
            let isTyped = layout.matchesAsTyped(locator)
            guard tally.keeps(heavy: isHeavy) || isTyped else { continue }
            guard let candidate = try self.candidate(itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator,
                                                     lookup: lookup, matcher: matcher) else { continue }
            if isTyped { typed?.candidates[itemRowid] = candidate }
            guard tally.keeps(heavy: isHeavy) else { continue }
            // Analyzed from the fields the check read (see ``WalkAnalysis``): where FTS5 found
            // a phrase of the complete terms, and where the check found the prefix, with the
            // body when it looked only in the heavy fields.
            let columns = locator.columns.union(found.isSubset(of: .heavy) ? [.description, .text] : [])
            if !isTyped, analysis?.analyze(itemRowid, on: fields, first: 0, in: columns) == true { analyzed += 1 }
            candidates[itemRowid] = candidate
            tally.accept(heavy: isHeavy)
        }
        typed?.complete = tally.ranOut
        return tally.result
    }

    /// The columns where the row `fields` is on holds the prefix at a word start (its
    /// heavy fields, else its body), entered in `locator` as the prefix group's of
    /// `layout`; `nil` when neither holds it.
    @inline(__always)
    private static func locatePrefix(_ verifier: PrefixVerifier, in fields: Statement, layout: LocatorLayout, group: Int,
                                     into locator: inout PhraseLocator) -> FTSColumns? {
        var found = verifier.locate(head: fields, title: 0, displayName: 1, alternateNames: 2, keywords: 3).columns
        if found.isEmpty { found = verifier.locate(body: fields, description: 4, textContent: 5) }
        guard !found.isEmpty else { return nil }
        locator.insert(found, atPhrase: layout.entry(ofGroup: group))
        if layout.recordsTyped { locator.insert(found, atPhrase: layout.typedEntry(ofGroup: group)) }
        return found
    }

    /// What a walk of a typo plan found without typos: the rows where every term matched
    /// as typed, as candidates, and whether the walk read every match of the plan (then
    /// they are every exact match of the search).
    final class TypedMatches {
        var candidates: [Int64: Candidate] = [:]
        var complete = false
    }
}
