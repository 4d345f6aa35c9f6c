/// The one tokenizer's reading of a field: its tokens as FTS5's `unicode61` makes them
/// (``Schema/tokenizer``), one per Chinese, Japanese or Korean character
/// (``CJKText/spaced(utf8:into:insertions:)``), each with its byte range in the
/// stored text, ASCII by ``ASCIIText`` and the rest by FTS5's tokenizer itself.
/// Tokens of a field: `folded[ranges[i]]` is token `i`, `original(i)` its byte
/// range in the stored text. ASCII text is lower-cased into `folded` at the same
/// offsets (the buffer may run past the text: bytes no range covers); other text
/// goes through FTS5's tokenizer.
struct FieldTokens {
    var folded: [UInt8] = []
    var ranges: [Range<Int>] = []
    /// The stored byte ranges of non-ASCII text (ASCII text's are `ranges`).
    var offsets: [Range<Int>] = []
    var isASCII = true
    var count: Int { ranges.count }
    subscript(index: Int) -> ArraySlice<UInt8> { folded[ranges[index]] }

    /// Token `index`'s byte range in the stored text.
    func original(_ index: Int) -> Range<Int> {
        isASCII ? ranges[index] : offsets[index]
    }

    func scalars(_ index: Int) -> [UInt32] {
        isASCII ? folded[ranges[index]].map { UInt32($0) } : String(decoding: folded[ranges[index]], as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// Every token's characters counted.
    func characterTotal() -> Int {
        if isASCII { return ranges.reduce(0) { $0 + $1.count } }
        return folded.withUnsafeBufferPointer { folded in
            var total = 0
            for (range, offset) in zip(ranges, offsets) {
                // An ASCII token of mixed text is folded in place (its range is its
                // offset); the tokenizer's are folded past the text, and counted.
                if range == offset {
                    total += range.count
                } else {
                    for index in range where folded[index] & 0xC0 != 0x80 { total += 1 }
                }
            }
            return total
        }
    }

    func characterCount(_ index: Int) -> Int {
        isASCII ? ranges[index].count : folded[ranges[index]].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// The byte offset `characters` characters after `start` in `bytes`.
    func byteOffset(afterCharacters characters: Int, from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = start, seen = 0
        while offset < bytes.count {
            if bytes[offset] & 0xC0 != 0x80 {
                if seen == characters { return offset }
                seen += 1
            }
            offset += 1
        }
        return offset
    }
}

/// Splits fields into ``FieldTokens``, reusing its buffers from field to field (not
/// thread-safe: each search makes its own).
final class FieldTokenizer {
    private let tokenizer: FTSTokenizer

    /// A tokenizer, or `nil` if this SQLite lacks FTS5.
    init?() {
        guard let tokenizer = FTSTokenizer() else { return nil }
        self.tokenizer = tokenizer
    }

    /// Reused between fields, so that tokenizing an ASCII field allocates nothing once warm.
    private var scratch = FieldTokens()

    func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> FieldTokens {
        // Taken out of `scratch`, so that its buffers are uniquely referenced here and
        // are refilled in place.
        var tokens = scratch
        scratch = FieldTokens()
        var folded = tokens.folded, ranges = tokens.ranges
        tokens.folded = []
        tokens.ranges = []
        ranges.removeAll(keepingCapacity: true)
        // ASCII, split as unicode61 splits it (``ASCIIText/split(_:folding:into:)``); a token and its
        // separator take two bytes at least, which bounds the ranges reserved.
        // The folded bytes are written over the buffer's first `bytes.count` (what lies
        // past them is never in a token's range): grown, never copied into first.
        if folded.count < bytes.count { folded.append(contentsOf: repeatElement(0, count: bytes.count - folded.count)) }
        ranges.reserveCapacity(bytes.count / 2 + 1)
        let resume = folded.withUnsafeMutableBufferPointer { ASCIIText.split(bytes, from: 0, to: bytes.count, folding: $0, into: &ranges) }
        guard let resume else {
            tokens.folded = folded
            tokens.ranges = ranges
            tokens.isASCII = true
            return tokens
        }
        // Other text: ASCII stretches in Swift, the rest by FTS5's tokenizer, from where
        // the split stopped (the tokens before it are split already).
        tokens.isASCII = false
        var offsets = tokens.offsets
        tokens.offsets = []
        splitMixed(bytes, folded: &folded, ranges: &ranges, offsets: &offsets, from: resume)
        tokens.folded = folded
        tokens.ranges = ranges
        tokens.offsets = offsets
        return tokens
    }

    /// Tokens of text with non-ASCII bytes, as FTS5's tokenizer makes them. An ASCII
    /// byte that is not a letter or digit ends a token whatever surrounds it, so each
    /// stretch around non-ASCII bytes, from the separator before them to the one after,
    /// is tokenized alone (``tokenizeStretch(_:at:folded:ranges:offsets:)``), and the
    /// ASCII text between stretches is split in Swift (``ASCIIText/split(_:folding:into:)``).
    /// A description with one `é` or one Japanese word used to go through the
    /// tokenizer whole, at several times the cost of the Swift split.
    ///
    /// `folded` holds the text's ASCII tokens lower-cased at their own offsets (it is at
    /// least as long as the text), then the tokenizer's tokens after the text's length;
    /// `ranges` index it, and `offsets` are every token's byte range in the text.
    ///
    /// From `resume` (a token boundary), when `ranges` holds the tokens before it and
    /// `folded` their folded bytes (``ASCIIText/split(_:from:to:folding:into:)`` stopped there).
    func splitMixed(_ bytes: UnsafeBufferPointer<UInt8>, folded: inout [UInt8], ranges: inout [Range<Int>],
                    offsets: inout [Range<Int>], from resume: Int = 0) {
        let count = bytes.count
        if folded.count < count { folded.append(contentsOf: repeatElement(0, count: count - folded.count)) }
        // What a longer text left past this one's length is where the stretches go.
        folded.removeLast(folded.count - count)
        if resume == 0 { ranges.removeAll(keepingCapacity: true) }
        // The tokens before `resume` are ASCII: their byte ranges are their ranges.
        offsets.removeAll(keepingCapacity: true)
        offsets.append(contentsOf: ranges)
        guard let base = bytes.baseAddress else { return }
        let classes = ASCIIText.classes
        @inline(__always) func isWord(_ byte: UInt8) -> Bool { classes[Int(byte)] & ASCIIText.word != 0 }
        func splitPlain(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let first = ranges.count
            _ = folded.withUnsafeMutableBufferPointer { target in
                ASCIIText.split(bytes, from: range.lowerBound, to: range.upperBound, folding: target, into: &ranges)
            }
            offsets.append(contentsOf: ranges[first...])
        }
        var index = resume
        while index < count {
            var next = index
            // Eight bytes at a time to the next non-ASCII byte.
            while next + 8 <= count, UnsafeRawPointer(base + next).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                next += 8
            }
            while next < count && bytes[next] < 0x80 { next += 1 }
            guard next < count else {
                splitPlain(index ..< count)
                break
            }
            // The stretch: the word characters before the non-ASCII byte, and everything
            // up to the next ASCII separator.
            var start = next
            while start > index && isWord(bytes[start - 1]) { start -= 1 }
            var end = next + 1
            while end < count && (bytes[end] >= 0x80 || isWord(bytes[end])) { end += 1 }
            splitPlain(index ..< start)
            tokenizeStretch(UnsafeBufferPointer(rebasing: bytes[start ..< end]), at: start, folded: &folded, ranges: &ranges, offsets: &offsets)
            index = end
        }
    }

    /// Appends the tokens FTS5's tokenizer makes of `stretch` (which starts at byte
    /// `start` of its text): the folded tokens to `folded`, their ranges there to
    /// `ranges`, their byte ranges in the text to `offsets`. A CJK character is a token
    /// of its own (``CJKText/spaced(utf8:into:insertions:)``).
    private func tokenizeStretch(_ stretch: UnsafeBufferPointer<UInt8>, at start: Int, folded: inout [UInt8],
                                 ranges: inout [Range<Int>], offsets: inout [Range<Int>]) {
        var found = stretchScratch
        stretchScratch = FTSTokenizer.Tokens()
        defer { stretchScratch = found }
        var shifts = false
        if CJKText.spaced(utf8: stretch, into: &spacedScratch, insertions: &insertionsScratch) {
            spacedScratch.withUnsafeBufferPointer { tokenizer.tokens($0, into: &found) }
            shifts = true
        } else {
            tokenizer.tokens(stretch, into: &found)
        }
        let base = folded.count
        folded.append(contentsOf: found.bytes)
        // Offsets in the spaced text map back to the stretch's by the spaces added
        // before them (never inside a token).
        var added = 0
        for index in 0 ..< found.count {
            let range = found.offsets[index]
            if shifts {
                while added < insertionsScratch.count && insertionsScratch[added] < range.lowerBound { added += 1 }
            }
            ranges.append(found.ranges[index].lowerBound + base ..< found.ranges[index].upperBound + base)
            offsets.append(range.lowerBound - added + start ..< range.upperBound - added + start)
        }
    }

    /// The tokenizer's buffers, reused by every stretch.
    private var stretchScratch = FTSTokenizer.Tokens()

    /// Hands a field's buffers back for the next field.
    func recycle(_ tokens: FieldTokens) {
        if tokens.folded.capacity > scratch.folded.capacity { scratch = tokens }
    }

    /// Reused by every field with CJK text: the spaced text and where spaces were added
    /// (``CJKText/spaced(utf8:into:insertions:)``).
    private var spacedScratch: [UInt8] = []
    private var insertionsScratch: [Int] = []
}
