/// Which hits a search returns when the query with every term finds fewer than the page
/// asks for (`matchingStrategy`, as Meilisearch names it). SPEC §5's first ranking rule,
/// "more query terms matched", acts only through it.
///
/// - ``last`` (the default): terms are dropped from the end, one at a time, until the
///   page fills or one term is left.
/// - ``frequency``: the most frequent term (the one in most items) is dropped first.
/// - ``all``: every term must match (nothing is dropped).
///
/// With ``last`` and ``frequency``, the terms the index holds no word for go first: one
/// that can match nothing at all (no indexed word is it, starts with it for the last
/// term, or is within its typos) before any other, then one that matches only through
/// typos, before the terms that match as typed. So `daa gpsshogi` finds `gpsshogi`
/// rather than leaving `daa` alone, or its guesses (`data`). A query left with terms that
/// all match as typed runs without typos (their guesses would fill the page with
/// words nobody typed); one holding a term that matches only through typos keeps them.
/// Hits that match more terms
/// rank above hits that match fewer (``RankingRule/matchedTerms``), whatever the later
/// rules say.
public enum MatchingStrategy: String, Sendable, CaseIterable {
    case last
    case all
    case frequency
}

/// The queries a search under a ``MatchingStrategy`` runs after the whole one: each
/// keeps fewer of the query's terms than the one before.
struct TermDropping {
    /// What the search knows of one term, from the word list.
    struct Term {
        /// The term as typed.
        var text: Substring
        /// Items holding it (for the last term, words starting with it), or its typo
        /// alternatives when it has none; 0 when unknown (Chinese, Japanese, Korean).
        var frequency: Int
        /// Whether it can match nothing: no listed word is it (or starts with it) and
        /// none is within its typos. Such a term would empty every query holding it.
        var hopeless: Bool
        /// Whether it matches as typed (a listed word is it, or starts with it for the
        /// last term); `false` when it matches only through typos, or not at all.
        var matchesAsTyped: Bool
    }

    /// The kept terms of each query, in the order the search runs them: first without
    /// the hopeless terms (when there are any and others remain), then one term fewer
    /// each time, down to one term: a term matching only through typos while there is
    /// one, otherwise by `strategy`. Empty for ``MatchingStrategy/all``, a single term,
    /// or terms that are all hopeless.
    static func reducedQueries(_ terms: [Term], strategy: MatchingStrategy) -> [[Term]] {
        guard strategy != .all, terms.count > 1 else { return [] }
        var kept = Array(terms.indices)
        var queries: [[Term]] = []
        let hopeful = kept.filter { !terms[$0].hopeless }
        guard !hopeful.isEmpty else { return [] }
        if hopeful.count < kept.count {
            kept = hopeful
            queries.append(kept.map { terms[$0] })
        }
        while kept.count > 1 {
            let guessed = kept.indices.filter { !terms[kept[$0]].matchesAsTyped }
            let choice = guessed.isEmpty ? Array(kept.indices) : guessed
            switch strategy {
            case .last, .all:
                kept.remove(at: choice.last!)
            case .frequency:
                // The most frequent; among as frequent, the later.
                let most = choice.max { terms[kept[$0]].frequency <= terms[kept[$1]].frequency }!
                kept.remove(at: most)
            }
            queries.append(kept.map { terms[$0] })
        }
        return queries
    }
}
