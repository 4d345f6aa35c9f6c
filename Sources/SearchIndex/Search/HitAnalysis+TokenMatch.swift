/// How one query term matches one token of a field: exactly, as a prefix, or within
/// its typo distance, with the closeness that ranks typo matches (``Typos``). Run on
/// every token of every field a candidate's analysis reads, so most tokens are ruled
/// out by their first bytes and length before any distance is computed.
extension HitAnalyzer {
    /// How a term matched one token.
    typealias Found = (typos: Int, wholeWord: Bool, closeness: Double)

    /// Fewer typos, then the likelier word meant, then a whole word.
    static func isBetter(_ a: Found, than b: Found) -> Bool {
        if a.typos != b.typos { return a.typos < b.typos }
        if a.closeness != b.closeness { return a.closeness > b.closeness }
        return a.wholeWord && !b.wholeWord
    }

    /// Whether token `range` of `folded` surely does not match `term` (of one token),
    /// from its first bytes and its length: most tokens are ruled out here, without
    /// ``matchAt(_:term:tokens:typos:)``'s slices and comparisons. A token that starts
    /// like the term is left to it; one that does not may only be a typo match, of a
    /// length within the distance whose first characters share one with the term's
    /// (``Typos/startsShareACharacter(_:_:k:)``).
    @inline(__always)
    static func surelyMisses(_ term: Term, _ range: Range<Int>, _ folded: UnsafeBufferPointer<UInt8>, typos: Bool) -> Bool {
        guard !range.isEmpty else { return false }
        if folded[range.lowerBound] == term.firstByte { return false }
        guard typos, term.maximumEdits > 0 else { return true }
        let length = range.count
        if length < term.shortestToken || (!term.isPrefix && length > term.longestToken) { return true }
        guard term.pattern != nil else { return false }
        // The token has at least n - k > k bytes; the rule reads ASCII characters (a
        // token with another in its first k + 1 bytes is left to the comparison).
        return !Typos.startsShareACharacter(term.leading, folded.baseAddress! + range.lowerBound, k: term.maximumEdits,
                                            orHasOther: true)
    }

    /// Whether `term` matches the tokens from `start`, and how.
    func matchAt(_ start: Int, term: Term, tokens: FieldTokens, typos: Bool) -> Found? {
        let last = term.tokens.count - 1
        for offset in 0 ..< last {
            guard tokens[start + offset].elementsEqual(term.tokens[offset]) else { return nil }
            // Characters of one CJK run in the query: side by side in the stored text.
            if term.joins[offset] && tokens.original(start + offset).upperBound != tokens.original(start + offset + 1).lowerBound {
                return nil
            }
        }
        let token = tokens[start + last]
        let wanted = term.tokens[last]
        // Most tokens differ from the term in their first byte.
        if token.first == wanted.first {
            if token.elementsEqual(wanted) { return (0, true, 0) }
            if term.isPrefix && token.starts(with: wanted) { return (0, false, 0) }
        }
        guard typos, term.maximumEdits > 0 else { return nil }
        let n = term.scalars.count, k = term.maximumEdits
        if token.count < term.shortestToken || (!term.isPrefix && token.count > term.longestToken) { return nil }
        if let pattern = term.pattern {
            // An ASCII query word (most): compared with the stored bytes, without a table.
            // (``surelyMisses(_:_:_:typos:)`` ruled out most tokens.)
            if tokens.isASCII && !Typos.mayShareLetters(k, of: term.letterSet, count: n, token, prefix: term.isPrefix) { return nil }
            if k > 1 && tokens.isASCII && !Typos.mayBeWithin(k, of: term.letters, token, prefix: term.isPrefix, scratch: &letterScratch) { return nil }
            let (complete, nearest) = Typos.distances(pattern, token)
            let typos = term.isPrefix ? nearest : complete
            guard typos <= k else { return nil }
            let whole = complete <= k
            let closeness = tokens.isASCII ? asciiCloseness(of: term, to: token, wholeWord: whole)
                : closeness(of: term, to: tokens.scalars(start + last), wholeWord: whole)
            return (typos, whole, closeness)
        }
        let scalars = tokens.scalars(start + last)
        guard let typos = Typos.distance(term.scalars, scalars, limit: term.maximumEdits, prefix: term.isPrefix) else { return nil }
        let whole = term.isPrefix ? Typos.distance(term.scalars, scalars, limit: term.maximumEdits) != nil : true
        return (typos, whole, closeness(of: term, to: scalars, wholeWord: whole))
    }

    /// ``closeness(of:to:)`` of an ASCII token, remembered by the term for words of up
    /// to 16 letters (looking the word's count up in the list was most of its cost).
    func asciiCloseness(of term: Term, to token: ArraySlice<UInt8>, wholeWord: Bool) -> Double {
        guard let word = PackedWord(token) else { return closeness(of: term, to: token.map { UInt32($0) }, wholeWord: wholeWord) }
        if let known = term.closenessByWord[word] { return known }
        let value = closeness(of: term, to: token.map { UInt32($0) }, wholeWord: wholeWord)
        term.closenessByWord[word] = value
        return value
    }

    /// An ASCII word of 1–16 bytes as two integers (a byte of an ASCII word is never 0,
    /// so the padding tells the length).
    struct PackedWord: Hashable {
        let low: UInt64, high: UInt64

        init?(_ bytes: ArraySlice<UInt8>) {
            guard (1 ... 16).contains(bytes.count) else { return nil }
            var low: UInt64 = 0, high: UInt64 = 0
            for (offset, byte) in bytes.enumerated() {
                if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
            }
            self.low = low
            self.high = high
        }
    }

    /// How likely `scalars`, a typo match of `term`, is the word meant.
    func closeness(of term: Term, to scalars: [UInt32], wholeWord: Bool) -> Double {
        Typos.closeness(of: term.scalars, to: scalars, prefix: term.isPrefix, wholeWord: wholeWord,
                        count: vocabulary?.count(of: scalars) ?? 0, itemCount: itemCount)
    }
}
