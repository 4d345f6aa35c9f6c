import Foundation

/// Checks in Swift what a `detail=column` index cannot: that a term's tokens are
/// adjacent and in order, and whether the title starts with a term.
///
/// FTS5 finds the candidates from single tokens AND-ed (see ``SearchText/plan(for:)``);
/// for a term of several tokens (`e-mail`, `オーディオ`, `新闻abc`) that proves only
/// that each token is somewhere in the item. This check tokenizes the candidate's
/// fields with FTS5's own tokenizer (``FTSTokenizer``, one token per CJK character) and
/// looks for the term's tokens side by side, the last one as a prefix when the term is
/// the one being typed. A candidate where such a term is in no field is dropped. It
/// runs on candidates only (a few dozen rows per search, at most a few thousand when
/// the check rejects most), and only for the terms that need it.
///
/// Whether the title starts with a term (a ranking bonus) used to come from FTS5's
/// token offsets, which `detail=column` does not keep: it is read here from the title
/// the candidate lookup fetches anyway.
final class TermMatcher {
    let terms: [SearchTerm]
    /// Indexes of the terms to check.
    let checked: [Int]
    private let tokenizer: FTSTokenizer

    /// A matcher for a plan, or `nil` if FTS5's tokenizer is missing.
    init?(plan: MatchPlan) {
        guard let tokenizer = FTSTokenizer() else { return nil }
        self.tokenizer = tokenizer
        terms = plan.terms
        checked = plan.termPhrases.indices.filter { plan.termPhrases[$0] == nil }
    }

    /// Whether some term needs checking on each candidate.
    var checksTerms: Bool { !checked.isEmpty }

    /// For each checked term `i`, entry `i` of the locator holds the best field holding
    /// it; `nil` when a checked term is in no field.
    ///
    /// `statement`'s current row holds, from column `first`: title, display name,
    /// alternate names (JSON), keywords (JSON), description, text content. Fields are
    /// read best first and the check stops once every term is found: ranking reads
    /// only a term's best field (and whether it is in the title), so most candidates
    /// never have their description and text content split.
    func check(_ statement: Statement, first: Int32) -> PhraseLocator? {
        var found = [FTSColumns](repeating: [], count: checked.count)
        var missing = checked.count
        let fields: [(Int32, FTSColumns, Bool)] = [
            (first, .title, false), (first + 1, .names, false), (first + 2, .names, true),
            (first + 3, .keywords, true), (first + 4, .description, false), (first + 5, .text, false),
        ]
        for (column, field, json) in fields where missing > 0 {
            forEachText(statement, column, json: json) { tokens in
                for (slot, term) in checked.enumerated() where found[slot].isEmpty {
                    if Self.position(of: terms[term], in: tokens, onlyAtStart: false) != nil {
                        found[slot] = field
                        missing -= 1
                    }
                }
            }
        }
        guard missing == 0 else { return nil }
        var result = PhraseLocator()
        for (slot, term) in checked.enumerated() { result[term] = found[slot] }
        return result
    }

    /// Calls `body` with the tokens of a column's text, or of each element of a JSON
    /// array of strings.
    private func forEachText(_ statement: Statement, _ column: Int32, json: Bool, _ body: (Tokens) -> Void) {
        guard let bytes = statement.utf8(column) else { return }
        guard json else { return withTokens(bytes, body) }
        for var element in JSONText.decodeArray(String(decoding: bytes, as: UTF8.self)) ?? [] {
            element.withUTF8 { withTokens($0, body) }
        }
    }

    /// Calls `body` with the tokens of text, one per CJK character; the buffers are
    /// reused from text to text (`body` must not keep the tokens).
    private func withTokens(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Tokens) -> Void) {
        var found = scratch
        scratch = Tokens()
        if CJKText.spaced(utf8: bytes, into: &spaced, insertions: &insertions) {
            spaced.withUnsafeBufferPointer { tokenizer.tokens($0, into: &found) }
        } else {
            tokenizer.tokens(bytes, into: &found)
        }
        body(found)
        scratch = found
    }

    /// Buffers ``withTokens(_:_:)`` refills.
    private var scratch = Tokens()
    private var spaced: [UInt8] = []
    private var insertions: [Int] = []

    /// Whether the title (column `column` of `statement`'s current row) starts with a term.
    ///
    /// It runs on every accepted candidate, so an ASCII title (most) is split in place
    /// as `unicode61` splits ASCII (runs of letters and digits, lower-cased), and only
    /// as far as the longest term reaches.
    func titleStarts(_ statement: Statement, _ column: Int32) -> Bool {
        guard let bytes = statement.utf8(column) else { return false }
        if let ascii = Self.asciiTokens(bytes, limit: longestTerm) {
            return terms.contains { Self.position(of: $0, in: ascii, onlyAtStart: true) != nil }
        }
        var starts = false
        withTokens(bytes) { tokens in
            starts = terms.contains { Self.position(of: $0, in: tokens, onlyAtStart: true) != nil }
        }
        return starts
    }

    private typealias Tokens = FTSTokenizer.Tokens

    private var longestTerm: Int { terms.reduce(0) { max($0, $1.tokens.count) } }

    /// The first `limit` tokens of ASCII text as `unicode61` makes them
    /// (``ASCIIText/split(_:from:to:folding:into:)``), or `nil` when the text has a
    /// non-ASCII byte before them.
    static func asciiTokens(_ text: UnsafeBufferPointer<UInt8>, limit: Int) -> FTSTokenizer.Tokens? {
        var folded = [UInt8](repeating: 0, count: text.count), ranges: [Range<Int>] = []
        let resume = folded.withUnsafeMutableBufferPointer { ASCIIText.split(text, from: 0, to: text.count, folding: $0, into: &ranges) }
        // The tokens before a non-ASCII byte are whole: enough of them do.
        if resume != nil && ranges.count < limit { return nil }
        if ranges.count > limit { ranges.removeLast(ranges.count - limit) }
        return FTSTokenizer.Tokens(bytes: folded, ranges: ranges, offsets: ranges)
    }

    /// The first token index where `term`'s tokens appear side by side in `tokens` (of
    /// spaced text: characters of one CJK run are one space apart, ``SearchTerm/joins``).
    static func position(of term: SearchTerm, in tokens: FTSTokenizer.Tokens, onlyAtStart: Bool) -> Int? {
        let wanted = term.tokens
        guard !wanted.isEmpty, tokens.count >= wanted.count else { return nil }
        let last = wanted.count - 1
        for start in 0 ... (onlyAtStart ? 0 : tokens.count - wanted.count) {
            var matches = true
            for offset in 0 ... last {
                let token = tokens[start + offset]
                let word = wanted[offset]
                if offset == last && term.isPrefix ? !token.starts(with: word) : !token.elementsEqual(word) {
                    matches = false
                    break
                }
                if offset > 0 && term.joins[offset - 1] && !CJKText.areSideBySide(tokens, start + offset - 1) {
                    matches = false
                    break
                }
            }
            if matches { return start }
        }
        return nil
    }
}
