/// What one text of a candidate's field says about the query's terms
/// (``HitAnalyzer/match(_:wantsRanges:typos:into:)``).
extension HitAnalyzer {
    /// The matches of every term in one text. One value is refilled for every text
    /// of a candidate (``match(_:wantsRanges:typos:into:)``), so that its arrays are
    /// allocated once per search, not once per field.
    struct ElementMatches {
        var best: [Found?] = []
        var any = false
        var first = false
        var proximity = 0.0
        var coverage = 0.0
        var ranges: [Range<Int>] = []
        /// Whether the text is ASCII (its byte offsets are its UTF-16 offsets).
        var isASCII = true
        /// Where each term matched (token indices), for proximity; empty for one term.
        var positions: [[Int]] = []
        /// Which tokens a match covers: filled at the first match (most texts of a typo
        /// candidate have none).
        var covered: [Bool] = []
        /// The characters the matches cover.
        var coveredCharacters = 0

        /// Clears what one text found, for `terms` terms.
        mutating func reset(terms: Int) {
            // Cleared in place (appending a repeated `nil` made a buffer every time).
            if best.count == terms {
                for term in 0 ..< terms { best[term] = nil }
            } else {
                best = Array(repeating: nil, count: terms)
            }
            any = false
            first = false
            proximity = 0
            coverage = 0
            ranges.removeAll(keepingCapacity: true)
            covered.removeAll(keepingCapacity: true)
            coveredCharacters = 0
            // Positions matter only for proximity, between two or more terms.
            if terms > 1 {
                if positions.count != terms { positions = Array(repeating: [], count: terms) }
                for term in 0 ..< terms { positions[term].removeAll(keepingCapacity: true) }
            }
        }

        /// Records a match of term `term` at token `start` of a text of `tokenCount`
        /// tokens: where it is, and whether it is the term's best so far.
        @inline(__always)
        mutating func record(_ found: Found, ofTerm term: Int, at start: Int, tokenCount: Int) {
            // `best` has one entry per term (``reset(terms:)``); positions only for two or more.
            if best.count > 1 { positions[term].append(start) }
            if let known = best[term] {
                if HitAnalyzer.isBetter(found, than: known) { best[term] = found }
            } else {
                best[term] = found
            }
            if !any { covered.append(contentsOf: repeatElement(false, count: tokenCount)) }
            any = true
            if start == 0 { first = true }
        }

        /// Marks the tokens a match of `term` at `start` covers, counting their
        /// characters (a prefix covers the characters typed, a whole token all of its
        /// own) and, with `wantsRanges`, keeping their byte ranges in `bytes`.
        @inline(__always)
        mutating func cover(_ found: Found, of term: Term, at start: Int, in tokens: FieldTokens,
                            bytes: UnsafeBufferPointer<UInt8>, wantsRanges: Bool) {
            let width = term.tokens.count
            for index in start ..< start + width where !covered[index] {
                covered[index] = true
                let tokenLength = tokens.characterCount(index)
                let isLast = index == start + width - 1
                let length = isLast && term.isPrefix && !found.wholeWord ? min(tokenLength, term.tokenLength(width - 1)) : tokenLength
                coveredCharacters += length
                if wantsRanges {
                    let range = tokens.original(index)
                    let end = length == tokenLength ? range.upperBound : tokens.byteOffset(afterCharacters: length, from: range.lowerBound, in: bytes)
                    ranges.append(range.lowerBound ..< end)
                }
            }
        }
    }
}
