/// The ASCII fast path of the one tokenizer: most text is ASCII, and there the tables'
/// tokenizer (`unicode61`, ``Schema/tokenizer``) keeps runs of letters and digits and
/// lower-cases A–Z, nothing more (no word starts inside `theBrent`). Every Swift reading
/// of ASCII text splits it here, so that the analysis, the prefix check, the title
/// check and the word list see the words FTS5 indexed; `ASCIIScanTests` compare each
/// reading with the tokenizer itself. Text with a byte from 0x80 goes to
/// ``FieldTokenizer`` (FTS5's tokenizer on the stretches around those bytes).
enum ASCIIText {
    /// A letter or digit.
    static let word: UInt8 = 0x01
    /// A–Z: the bit that lower-cases the byte (`byte | (class & upperCase)`).
    static let upperCase: UInt8 = 0x20
    /// A byte from 0x80: the text is not ASCII, the tokenizer splits it.
    static let notASCII: UInt8 = 0x80
    /// Each byte's class.
    static let classes: [UInt8] = (0 ... 255).map { byte -> UInt8 in
        switch byte {
        case 0x30 ... 0x39, 0x61 ... 0x7A: word
        case 0x41 ... 0x5A: word | upperCase
        case 0x80...: notASCII
        default: 0
        }
    }

    /// Writes ASCII `text` lower-cased to the start of `folded` (as long as the text at
    /// least) and appends its tokens' ranges to `ranges`: runs of letters and digits, as
    /// `unicode61` splits ASCII. `false` at the first non-ASCII byte (the text needs
    /// FTS5's tokenizer; what was written is left over).
    ///
    /// Every candidate's fields go through here, so eight bytes are classified at once
    /// (each byte's high bit marks a range: `A`–`Z`, then letters and digits) and only
    /// a token's start and end cost a step; the tail is read a byte at a time through
    /// ``classes``.
    static func split(_ text: UnsafeBufferPointer<UInt8>, folding folded: UnsafeMutableBufferPointer<UInt8>,
                           into ranges: inout [Range<Int>]) -> Bool {
        split(text, from: 0, to: text.count, folding: folded, into: &ranges) == nil
    }

    /// ``split(_:folding:into:)`` of `text[start ..< end]` (`start` at a token
    /// boundary), its folded bytes and ranges at their offsets in the text, up to the
    /// first non-ASCII byte: then it returns where the text is still to be split (that
    /// byte, or the start of the token it is in), every token before appended; `nil`
    /// when it split to `end`.
    static func split(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                           folding folded: UnsafeMutableBufferPointer<UInt8>, into ranges: inout [Range<Int>]) -> Int? {
        precondition(folded.count >= end && end <= text.count)
        guard let base = text.baseAddress, let target = folded.baseAddress else { return nil }
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func splat(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }
        // The high bit of each byte of `x` (all below 0x80) that lies in `low ... high`;
        // no sum carries into the next byte.
        @inline(__always) func within(_ x: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
            (x &+ splat(0x80 - low)) & ~(x &+ splat(0x7F - high)) & highs
        }
        // The start of the token being read, -1 between tokens.
        var token = -1
        var index = start
        while index + 8 <= end {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if chunk & highs != 0 { return token >= 0 ? token : index }
            let lowered = chunk | (within(chunk, 0x41, 0x5A) >> 2)
            UnsafeMutableRawPointer(target + index).storeBytes(of: lowered, as: UInt64.self)
            let words = within(lowered, 0x61, 0x7A) | within(lowered, 0x30, 0x39)
            // A byte whose byte before is a word byte (the chunk before for the first).
            let afterWord = (words << 8) | (token >= 0 ? 0x80 : 0)
            var changes = (words & ~afterWord) | (~words & highs & afterWord)
            while changes != 0 {
                let at = index + changes.trailingZeroBitCount / 8
                if token < 0 {
                    token = at
                } else {
                    ranges.append(token ..< at)
                    token = -1
                }
                changes &= changes &- 1
            }
            index += 8
        }
        let classes = classes
        while index < end {
            let byte = text[index]
            let kind = classes[Int(byte)]
            if kind == notASCII { return token >= 0 ? token : index }
            target[index] = byte | (kind & upperCase)
            if kind & word != 0 {
                if token < 0 { token = index }
            } else if token >= 0 {
                ranges.append(token ..< index)
                token = -1
            }
            index += 1
        }
        if token >= 0 { ranges.append(token ..< end) }
        return nil
    }

    /// Whether ASCII text holds `word` (folded) as a whole token; `nil` when the text
    /// has a non-ASCII byte before the first such token (it would need FTS5's tokenizer).
    ///
    /// It runs on the description of most candidates of an as-you-type query (is the
    /// word being typed there whole?), so it reads the text eight bytes at a time: a
    /// word lets through only the bytes equal to its first, in either case, and only
    /// those are compared in full.
    static func containsWord(_ word: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = word.first, let base = text.baseAddress else { return false }
        @inline(__always) func isWord(_ byte: UInt8) -> Bool {
            let lowered = byte | 0x20
            return (byte >= 0x30 && byte <= 0x39) || (lowered >= 0x61 && lowered <= 0x7A)
        }
        @inline(__always) func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        let count = text.count
        // The text up to its first non-ASCII byte is what a token can be found in.
        var end = 0
        while end + 8 <= count, UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { end += 8 }
        while end < count && text[end] < 0x80 { end += 1 }
        // Whether the word starts at `index` (its first byte already matched): the bytes
        // after it equal the word's (folded), and whole tokens on both sides.
        @inline(__always) func matches(at index: Int) -> Bool {
            guard index + word.count <= end, index == 0 || !isWord(text[index - 1]) else { return false }
            for offset in 1 ..< word.count where folded(text[index + offset]) != word[offset] { return false }
            return index + word.count == count || !isWord(text[index + word.count])
        }
        // Eight bytes with 0x20 set are compared with `first` at once: that lets through
        // the letter in either case (and, for a digit, a control byte too), and every
        // byte let through is checked in full.
        let spread = UInt64(first) &* 0x0101_0101_0101_0101
        var index = 0
        while index + 8 <= end {
            let difference = (UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) | 0x2020_2020_2020_2020) ^ spread
            // Flags the bytes of `difference` that are zero (a flag above a zero byte
            // may be false: each one is checked).
            var zeros = (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
            while zeros != 0 {
                let at = index + zeros.trailingZeroBitCount / 8
                if folded(text[at]) == first, matches(at: at) { return true }
                zeros &= zeros &- 1
            }
            index += 8
        }
        while index < end {
            if folded(text[index]) == first, matches(at: index) { return true }
            index += 1
        }
        return end < count ? nil : false
    }

    /// Whether a word of ASCII `text` starts with `prefix` (ASCII, folded), and whether
    /// that word is the text's first; `nil` when a non-ASCII byte (or, with `json`, a
    /// backslash) comes before any such word. A word is a token as ``split(_:folding:into:)``
    /// makes them; in JSON, quotes and commas separate words like spaces do.
    ///
    /// The Swift prefix check runs this on the fields of every row it reads (the body
    /// of most), so the text is read eight bytes at a time: the end of its ASCII part
    /// first, then only the bytes equal to the prefix's first (in either case) are
    /// looked at in full, as ``containsWord(_:in:)`` finds a word.
    static func wordStarts(of prefix: [UInt8], in text: UnsafeBufferPointer<UInt8>, json: Bool) -> (any: Bool, first: Bool)? {
        guard let first = prefix.first, let base = text.baseAddress else { return (false, false) }
        let count = text.count
        @inline(__always) func load(_ index: Int) -> UInt64 { UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) }
        @inline(__always) func splat(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }
        // Flags (high bit) the zero bytes of `x`; a flag above a zero byte may be false.
        @inline(__always) func zeros(_ x: UInt64) -> UInt64 { (x &- splat(0x01)) & ~x & splat(0x80) }
        // The ASCII part: up to the first byte from 0x80 (or a backslash in JSON).
        var end = 0
        while end + 8 <= count {
            let chunk = load(end)
            if chunk & splat(0x80) != 0 || (json && zeros(chunk ^ splat(0x5C)) != 0) { break }
            end += 8
        }
        while end < count && text[end] < 0x80 && !(json && text[end] == 0x5C) { end += 1 }
        @inline(__always) func isWord(_ byte: UInt8) -> Bool {
            let lowered = byte | 0x20
            return (byte >= 0x30 && byte <= 0x39) || (lowered >= 0x61 && lowered <= 0x7A)
        }
        @inline(__always) func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        // Whether a word starting with the prefix starts at `index`, whose byte folds to
        // the prefix's first: a word start, then the prefix's bytes (folded).
        @inline(__always) func startsPrefix(at index: Int) -> Bool {
            guard index + prefix.count <= end, index == 0 || !isWord(text[index - 1]) else { return false }
            for offset in 1 ..< prefix.count where folded(text[index + offset]) != prefix[offset] { return false }
            return true
        }
        // A match is the text's first word when no letter or digit comes before it.
        @inline(__always) func found(at index: Int) -> (any: Bool, first: Bool) {
            (true, !(0 ..< index).contains { isWord(text[$0]) })
        }
        // With 0x20 set, a byte equals `first` when it is the letter in either case (for
        // a digit, a control byte is let through too); each one let through is checked.
        let spread = splat(first)
        var index = 0
        while index + 8 <= end {
            var candidates = zeros((load(index) | splat(0x20)) ^ spread)
            while candidates != 0 {
                let at = index + candidates.trailingZeroBitCount / 8
                if folded(text[at]) == first && startsPrefix(at: at) { return found(at: at) }
                candidates &= candidates &- 1
            }
            index += 8
        }
        while index < end {
            if folded(text[index]) == first && startsPrefix(at: index) { return found(at: index) }
            index += 1
        }
        return end < count ? nil : (false, false)
    }

    /// Calls `body` with each token of ASCII `text`, folded (a view of its bytes
    /// lower-cased, for the word list's counts); `false`, calling it for none, when the
    /// text has a non-ASCII byte.
    static func forEachWord(_ text: UnsafeBufferPointer<UInt8>,
                            _ body: (LazyMapSequence<UnsafeBufferPointer<UInt8>, UInt8>) -> Void) -> Bool {
        guard !text.contains(where: { $0 >= 0x80 }) else { return false }
        classes.withUnsafeBufferPointer { classes in
            var start = -1
            func emit(_ range: Range<Int>) {
                body(UnsafeBufferPointer(rebasing: text[range]).lazy.map { $0 | (classes[Int($0)] & upperCase) })
            }
            for index in 0 ..< text.count {
                if classes[Int(text[index])] & word != 0 {
                    if start < 0 { start = index }
                } else if start >= 0 {
                    emit(start ..< index)
                    start = -1
                }
            }
            if start >= 0 { emit(start ..< text.count) }
        }
        return true
    }
}
