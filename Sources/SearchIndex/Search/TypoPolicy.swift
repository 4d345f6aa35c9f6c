/// Which query terms may match with typos, and with how many: SPEC §5's rules in one
/// value, so that the typo pass (which terms get alternatives), the analysis (which
/// matches count) and the word list's lookups all ask the same question.
///
/// - A word of 5–8 characters may have one edit, 9 or more two.
/// - A word of 3–4 characters (``unmatchedShortWords``) may have one edit only when it
///   matches nothing exactly in the index: a whole word no item holds, or, for the last
///   term, a prefix no word starts with (issue 45; SPEC §5 says such words match
///   exactly). The search decides that per term from the word list
///   (``bound(to:matchesExactly:)``); a shorter word has no typos.
/// - An edit is an insertion, a deletion, a substitution or a swap of two neighbouring
///   characters: a swap is one edit, not two (the optimal string alignment distance that
///   ``Typos`` computes, in the walk, the bit-parallel pattern and the plain table).
/// - The last term (a prefix, search as you type) has the edits of its typed length, and
///   is within them when some start of a word is.
/// - A word with a digit matches exactly: numbers, codes and versions (`n1234` must not
///   find `n1231`).
/// - Chinese, Japanese and Korean text matches exactly (by substring, from one character
///   up), as does a term of several tokens: the word list holds neither.
/// - A word longer than the list's longest matches exactly: no alternative is listed.
///
/// `typoTolerance: false` (SPEC §3) is ``exact``: no term may have typos.
struct TypoPolicy: Sendable, Equatable {
    /// The shortest word that may have one edit.
    var oneEditFrom: Int
    /// The shortest word that may have two edits.
    var twoEditsFrom: Int
    /// Whether the last (prefix) term may have typos.
    var prefixTermHasTypos: Bool
    /// Whether a word holding a digit matches exactly.
    var digitsMatchExactly: Bool
    /// The longest word that may have typos (``Vocabulary/longestWord``: longer words
    /// are not listed, so no alternative could be found).
    var longestWord: Int
    /// The lengths of words that may have one edit when they match nothing exactly
    /// (`nil`: none). Below ``oneEditFrom``: a longer word has its edits by length.
    var unmatchedShortWords: ClosedRange<Int>?
    /// The terms of one search found to match nothing exactly (``bound(to:matchesExactly:)``):
    /// the only ones ``unmatchedShortWords`` gives an edit. Empty in an unbound policy.
    var unmatched: Set<Unmatched> = []

    /// A term that matches nothing exactly: its folded token, and whether it was asked
    /// as a prefix.
    struct Unmatched: Hashable, Sendable {
        var token: [UInt8]
        var isPrefix: Bool
    }

    /// A swap of two neighbours is one edit. A fixed rule, not a setting: every distance
    /// in ``Typos`` is built on it.
    static let transpositionIsOneEdit = true

    /// SPEC §5.
    static let spec = TypoPolicy(oneEditFrom: 5, twoEditsFrom: 9, prefixTermHasTypos: true, digitsMatchExactly: true,
                                 longestWord: Vocabulary.longestWord, unmatchedShortWords: 3 ... 4)

    /// No typos anywhere (`typoTolerance: false`).
    static let exact = TypoPolicy(oneEditFrom: .max, twoEditsFrom: .max, prefixTermHasTypos: false, digitsMatchExactly: true,
                                  longestWord: 0, unmatchedShortWords: nil)

    /// The policy of a search's `typoTolerance` option.
    static func forTolerance(_ typoTolerance: Bool) -> TypoPolicy {
        typoTolerance ? spec : exact
    }

    /// The edits a word (or typed prefix) of `length` characters may have, by length alone.
    func maximumEdits(length: Int) -> Int {
        length >= twoEditsFrom ? 2 : (length >= oneEditFrom ? 1 : 0)
    }

    /// The edits a folded query word (its scalars) may have: by its length (`unmatched`:
    /// it matches nothing exactly, see ``unmatchedShortWords``), and none for a word
    /// with a digit, a Chinese, Japanese or Korean character, or one too long.
    func maximumEdits(word: [UInt32], unmatched: Bool = false) -> Int {
        guard isSpelled(word) else { return 0 }
        let edits = maximumEdits(length: word.count)
        if edits == 0, unmatched, unmatchedShortWords?.contains(word.count) == true { return 1 }
        return edits
    }

    /// Whether a folded word may have typos at all: listed, and of letters only (and
    /// digits when they may have typos): anything else a token holds matches exactly.
    private func isSpelled(_ word: [UInt32]) -> Bool {
        guard word.count <= longestWord, Vocabulary.keeps(word) else { return false }
        return word.allSatisfy { value in
            Unicode.Scalar(value)?.properties.isAlphabetic == true || (!digitsMatchExactly && Self.isDigit(value))
        }
    }

    /// The edits a query term may have: a term of one token by ``maximumEdits(word:unmatched:)``
    /// (the prefix term only when ``prefixTermHasTypos``; a short word only when the
    /// bound policy lists it as ``unmatched``); a term of several tokens (a run of CJK
    /// characters) none.
    func maximumEdits(for term: SearchTerm) -> Int {
        guard term.tokens.count == 1, prefixTermHasTypos || !term.isPrefix else { return 0 }
        let isUnmatched = !unmatched.isEmpty && unmatched.contains(Unmatched(token: term.tokens[0], isPrefix: term.isPrefix))
        return maximumEdits(word: Vocabulary.scalars(term.tokens[0]), unmatched: isUnmatched)
    }

    /// Whether a term's edits depend on its matching nothing exactly: a spelled word of
    /// one token within ``unmatchedShortWords`` (the question a search asks the index).
    func asksWhetherUnmatched(_ term: SearchTerm) -> Bool {
        guard let range = unmatchedShortWords, term.tokens.count == 1, prefixTermHasTypos || !term.isPrefix else { return false }
        let word = Vocabulary.scalars(term.tokens[0])
        return range.contains(word.count) && maximumEdits(length: word.count) == 0 && isSpelled(word)
    }

    /// This policy for one search: the short words of `plan` that `matchesExactly` says
    /// match nothing exactly are ``unmatched``, so that every part of the search (the typo
    /// pass, the analysis, the word list's lookups) gives them the same edit.
    func bound(to plan: MatchPlan, matchesExactly: (SearchTerm) throws -> Bool) rethrows -> TypoPolicy {
        var policy = self
        for term in plan.terms where asksWhetherUnmatched(term) {
            if try !matchesExactly(term) { policy.unmatched.insert(Unmatched(token: term.tokens[0], isPrefix: term.isPrefix)) }
        }
        return policy
    }

    /// Whether a query term may match with typos at all.
    func mayHaveTypos(_ term: SearchTerm) -> Bool {
        maximumEdits(for: term) > 0
    }

    private static func isDigit(_ value: UInt32) -> Bool {
        (0x30 ... 0x39).contains(value)
    }
}
