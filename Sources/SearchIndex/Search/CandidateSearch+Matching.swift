import Foundation

extension CandidateSearch {
    /// A page found under a ``MatchingStrategy``.
    struct Matched {
        var hits: [Scored]
        var total: Int
        var exact: Bool
        /// ``MatchingStrategy/all`` when every hit matches every term, else the strategy
        /// that dropped terms.
        var matching: MatchingStrategy
    }

    /// The page `offset..<offset+limit` for user text under `strategy`.
    ///
    /// The whole query runs first. When it finds fewer hits than the page needs, the
    /// queries of ``TermDropping`` run one after another, each asked for the first
    /// `offset + limit` hits, and their hits not found before follow, until the page is
    /// full: every hit of a query ranks above every new hit of a later one (it keeps more
    /// terms), and within one query the order is the search's own. So the first `k` hits
    /// still do not depend on the page asked for.
    func run(text: String, limit: Int, offset: Int, typoTolerance: Bool, sort: [SortKey],
             matching strategy: MatchingStrategy) throws -> Matched {
        let whole = try run(text: text, limit: limit, offset: offset, typoTolerance: typoTolerance, sort: sort)
        let terms = SearchText.terms(of: text)
        let found = Matched(hits: Self.stamped(whole.hits, kept: terms.count, of: terms.count), total: whole.total,
                            exact: whole.exact, matching: .all)
        guard strategy != .all, terms.count > 1, whole.hits.count < limit else { return found }
        let queries = TermDropping.reducedQueries(try dropping(terms, typoTolerance: typoTolerance), strategy: strategy)
        guard !queries.isEmpty else { return found }
        let need = offset + limit
        let first = offset == 0 ? whole.hits
            : try run(text: text, limit: need, offset: 0, typoTolerance: typoTolerance, sort: sort).hits
        var hits = Self.stamped(first, kept: terms.count, of: terms.count)
        var seen = Set(hits.map(\.row.item.id))
        var last: (total: Int, exact: Bool)?
        for kept in queries where hits.count < need {
            // Terms that all match as typed are the words the user meant: their typo
            // guesses would only fill the page with words nobody typed.
            let typos = typoTolerance && !kept.allSatisfy(\.matchesAsTyped)
            let text = kept.map(\.text).joined(separator: " ")
            let reduced = try run(text: text, limit: need, offset: 0, typoTolerance: typos, sort: sort)
            trace?.note("\(kept.count) of \(terms.count) terms: \(reduced.hits.count) hits")
            let new = reduced.hits.filter { seen.insert($0.row.item.id).inserted }
            hits += Self.stamped(new, kept: kept.count, of: terms.count)
            last = (reduced.total, reduced.exact)
        }
        guard let last, hits.count > first.count else { return found }
        // Each query's matches hold the earlier queries' (it asks for fewer terms): its
        // count stands for them all. When no query filled the page, every match was read.
        let complete = hits.count < need
        return Matched(hits: Array(hits.dropFirst(offset).prefix(limit)),
                       total: complete ? hits.count : max(hits.count, whole.total, last.total),
                       exact: complete || last.exact, matching: strategy)
    }

    /// `hits` with the terms their query kept, of the query's `count`.
    private static func stamped(_ hits: [Scored], kept: Int, of count: Int) -> [Scored] {
        hits.map { hit in
            var hit = hit
            hit.breakdown.matchedTerms = kept
            hit.breakdown.unmatchedTerms = count - kept
            return hit
        }
    }

    /// What the word list says of each term (``TermDropping/Term``): how many items hold
    /// it, and whether it can match at all. A term of Chinese, Japanese or Korean text,
    /// which the list does not hold, is never hopeless.
    private func dropping(_ terms: [Substring], typoTolerance: Bool) throws -> [TermDropping.Term] {
        let snapshot = try vocabulary?.snapshot(connection)
        return try terms.enumerated().map { number, text in
            var term = TermDropping.Term(text: text, frequency: 0, hopeless: false, matchesAsTyped: true)
            guard let snapshot, let tokens = SearchText.plan(for: String(text))?.terms.first?.tokens else { return term }
            let isLast = number == terms.count - 1
            var frequencies: [Int] = []
            for (position, token) in tokens.enumerated() {
                let word = Vocabulary.scalars(token)
                guard Vocabulary.keeps(word) else { continue }
                let asked = SearchTerm(token: token, isPrefix: isLast && position == tokens.count - 1)
                let found = try frequency(of: asked, alone: tokens.count == 1, typoTolerance: typoTolerance, in: snapshot)
                frequencies.append(found.items)
                if !found.asTyped { term.matchesAsTyped = false }
            }
            term.frequency = frequencies.min() ?? 0
            term.hopeless = frequencies.contains(0)
            return term
        }
    }

    /// How many items hold a one-token term as typed (for the prefix term, the postings
    /// of the words it starts), else the items of its typo alternatives when it may have
    /// typos (`alone`: it is a whole term, not one token of several); 0 items when it
    /// matches nothing.
    private func frequency(of term: SearchTerm, alone: Bool, typoTolerance: Bool,
                           in snapshot: Vocabulary.Snapshot) throws -> (items: Int, asTyped: Bool) {
        let word = Vocabulary.scalars(term.tokens[0])
        let exact = term.isPrefix ? snapshot.postings(withPrefix: word) : snapshot.count(of: word)
        if exact > 0 { return (exact, true) }
        if try matchesExactly(term, in: snapshot) { return (1, true) }
        guard alone else { return (0, false) }
        // The search's own policy, bound as a search binds it: the term matches nothing exactly.
        var policy = TypoPolicy.forTolerance(typoTolerance)
        policy.unmatched.insert(TypoPolicy.Unmatched(token: term.tokens[0], isPrefix: term.isPrefix))
        let alternatives = typoAlternatives(of: term, typos: policy, in: snapshot)
        return (alternatives.reduce(0) { $0 + $1.count }, false)
    }
}
