import Foundation

/// Typo tolerance as SPEC §5 defines it (which terms, how many edits: ``TypoPolicy``):
/// an edit is an insertion, a deletion, a substitution or a swap of two neighbouring
/// characters (the optimal string alignment distance). The word being typed (the last,
/// a prefix) matches an indexed word when it is within that distance of one of the
/// word's prefixes.
///
/// Misspellings are looked up in the index's sorted word list (``Vocabulary``) by
/// walking it as a trie: the list is sorted, so words sharing a prefix are
/// neighbours, and one row of the edit-distance table per character of the prefix is
/// shared by all of them (the rows are a Levenshtein automaton's states; only the
/// cells within the distance of the diagonal are computed). When no cell
/// of the last rows is within the distance, no word with that prefix can match and the
/// walk jumps past them all (to the first word that shares less of its start with the
/// word before, ``Vocabulary/Snapshot/shared``). A 7-letter word visits a few thousand
/// prefixes of a 100k-word list, not the list.
enum Typos {
    /// How many alternatives one query word may expand to: the FTS query ORs them.
    static let maximumAlternatives = 24

    /// The most word occurrences a prefix alternative may stand for. The typed text
    /// with a letter deleted (`inte` for `inter`) starts hundreds of unrelated words,
    /// and FTS5 merges every one of their lists: `staying inter` took 26 ms at 100k
    /// items with such prefixes, which are rarely the word meant.
    static let maximumPrefixPostings = 2_000

    /// One alternative of a query word: a listed word (or, for the prefix, a prefix of
    /// listed words) and its distance.
    struct Alternative: Hashable {
        var word: [UInt32]
        var distance: Int
        var count: Int
        /// For the prefix term: a whole word rather than a prefix of words.
        var isWord = false
    }

    /// The listed words within `maximumEdits` of `query` (complete), or the shortest
    /// prefixes of listed words within it (`prefix`), nearest and most frequent first;
    /// `query` itself is not among them.
    static func alternatives(of query: [UInt32], prefix: Bool, maximumEdits k: Int, in vocabulary: Vocabulary.Snapshot) -> [Alternative] {
        Array(ranked(everyAlternative(of: query, prefix: prefix, maximumEdits: k, in: vocabulary), of: query, prefix: prefix)
            .prefix(maximumAlternatives))
    }

    /// What the walk finds, unsorted and not cut to ``maximumAlternatives``.
    static func everyAlternative(of query: [UInt32], prefix: Bool, maximumEdits k: Int, in vocabulary: Vocabulary.Snapshot) -> [Alternative] {
        guard k > 0, !query.isEmpty else { return [] }
        var found: [Alternative] = []
        var rows = [Int](repeating: 0, count: TypoWalk.rowsCount(query: query.count, k: k))
        var path = [UInt32](repeating: 0, count: TypoWalk.depths)
        query.withUnsafeBufferPointer { query in
            vocabulary.scalars.withUnsafeBufferPointer { scalars in
                vocabulary.starts.withUnsafeBufferPointer { starts in
                    vocabulary.shared.withUnsafeBufferPointer { shared in
                        vocabulary.following.withUnsafeBufferPointer { following in
                            vocabulary.blockLeast.withUnsafeBufferPointer { blocks in
                                vocabulary.regionLeast.withUnsafeBufferPointer { regions in
                                    rows.withUnsafeMutableBufferPointer { rows in
                                        path.withUnsafeMutableBufferPointer { path in
                                            TypoWalk(query, prefix: prefix, k: k, vocabulary: vocabulary, scalars: scalars, starts: starts,
                                                     shared: shared, following: following, blocks: blocks, regions: regions,
                                                     rows: rows.baseAddress!, path: path.baseAddress!).run(into: &found)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return found
    }

    /// Alternatives nearest first, then the likelier shape, then the more frequent.
    static func ranked(_ found: [Alternative], of query: [UInt32], prefix: Bool) -> [Alternative] {
        // The letters' part of the closeness once per alternative, not per comparison.
        var keyed = found.map { ($0, shapeCloseness(of: query, to: $0.word, prefix: prefix)) }
        keyed.sort { x, y in
            let (a, b) = (x.0, y.0)
            if a.distance != b.distance { return a.distance < b.distance }
            if x.1 != y.1 { return x.1 > y.1 }
            if a.count != b.count { return a.count > b.count }
            return a.word.lexicographicallyPrecedes(b.word)
        }
        return keyed.map(\.0)
    }

    /// How likely `word`, matched by `query` with typos, is the word meant, from 0 to
    /// below 1, for words within the same distance. First (half of it) whether the match
    /// is a whole word (the prefix term within the distance of the whole word, not only of
    /// its start): a whole-word correction of a rarer word ranks above a start-only
    /// match of a frequent one (`finally reachs` finds `reaches`, not `reached`). Then a
    /// word with the query's first letter, or one neighbour swap away (the commonest
    /// slips), counts as closer; then the more items hold the word, the likelier (log
    /// scale). With `prefix`, `word`'s start is compared.
    static func closeness(of query: [UInt32], to word: [UInt32], prefix: Bool, wholeWord: Bool = true, count: Int,
                          itemCount: Int) -> Double {
        var score = shapeCloseness(of: query, to: word, prefix: prefix)
        if count > 0 && itemCount > 0 {
            score += 0.499 * min(1, log(1 + Double(count)) / log(1 + Double(itemCount)))
        }
        return (wholeWord ? 0.5 : 0) + 0.5 * score
    }

    /// The part of ``closeness(of:to:prefix:wholeWord:count:itemCount:)`` that the letters
    /// decide: 0.25 for the same first letter, 0.25 for a swap of two neighbours.
    static func shapeCloseness(of query: [UInt32], to word: [UInt32], prefix: Bool) -> Double {
        let compared = prefix ? word.prefix(query.count) : word[...]
        var score = query.first == compared.first ? 0.25 : 0
        if query.count == compared.count, query.count >= 2 {
            // The first two places where they differ, if they differ in two only.
            var differences = 0, first = 0, second = 0
            for (offset, (a, b)) in zip(query, compared).enumerated() where a != b {
                differences += 1
                if differences == 1 { first = offset } else if differences == 2 { second = offset } else { break }
            }
            if differences == 2, second == first + 1,
               query[first] == compared[compared.startIndex + second],
               query[second] == compared[compared.startIndex + first] {
                score += 0.25
            }
        }
        return score
    }
}
