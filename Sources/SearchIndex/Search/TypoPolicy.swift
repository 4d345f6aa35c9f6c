/// Which query terms may match with typos, and with how many: SPEC §5's rules in one
/// value, so that the typo pass (which terms get alternatives), the analysis (which
/// matches count) and the word list's lookups all ask the same question.
///
/// - A word of 5–8 characters may have one edit, 9 or more two, a shorter word none.
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

    /// A swap of two neighbours is one edit. A fixed rule, not a setting: every distance
    /// in ``Typos`` is built on it.
    static let transpositionIsOneEdit = true

    /// SPEC §5.
    static let spec = TypoPolicy(oneEditFrom: 5, twoEditsFrom: 9, prefixTermHasTypos: true, digitsMatchExactly: true,
                                 longestWord: Vocabulary.longestWord)

    /// No typos anywhere (`typoTolerance: false`).
    static let exact = TypoPolicy(oneEditFrom: .max, twoEditsFrom: .max, prefixTermHasTypos: false, digitsMatchExactly: true,
                                  longestWord: 0)

    /// The policy of a search's `typoTolerance` option.
    static func forTolerance(_ typoTolerance: Bool) -> TypoPolicy {
        typoTolerance ? spec : exact
    }

    /// The edits a word (or typed prefix) of `length` characters may have, by length alone.
    func maximumEdits(length: Int) -> Int {
        length >= twoEditsFrom ? 2 : (length >= oneEditFrom ? 1 : 0)
    }

    /// The edits a folded query word (its scalars) may have: by its length, and none for
    /// a word with a digit, a Chinese, Japanese or Korean character, or one too long.
    func maximumEdits(word: [UInt32]) -> Int {
        guard word.count <= longestWord, Vocabulary.keeps(word) else { return 0 }
        // Letters only (and digits when they may have typos): anything else a token
        // holds matches exactly.
        let spelled = word.allSatisfy { value in
            Unicode.Scalar(value)?.properties.isAlphabetic == true || (!digitsMatchExactly && Self.isDigit(value))
        }
        return spelled ? maximumEdits(length: word.count) : 0
    }

    /// The edits a query term may have: a term of one token by ``maximumEdits(word:)``
    /// (the prefix term only when ``prefixTermHasTypos``); a term of several tokens
    /// (a run of CJK characters) none.
    func maximumEdits(for term: SearchTerm) -> Int {
        guard term.tokens.count == 1, prefixTermHasTypos || !term.isPrefix else { return 0 }
        return maximumEdits(word: Vocabulary.scalars(term.tokens[0]))
    }

    /// Whether a query term may match with typos at all.
    func mayHaveTypos(_ term: SearchTerm) -> Bool {
        maximumEdits(for: term) > 0
    }

    private static func isDigit(_ value: UInt32) -> Bool {
        (0x30 ... 0x39).contains(value)
    }
}
