/// Checks in Swift whether a short prefix starts a word of an item's fields.
///
/// For a query like `house a`, asking FTS5 for `"a"*` row by row costs a seek in the
/// huge list of words starting with `a` for every `house` match (20 ms at 100k items).
/// The complete term drives the loop instead, and this check reads the fields the
/// candidate lookup fetches anyway, folded as the query language folds text (case and
/// diacritics).
///
/// Most text is ASCII, so the check first reads a column's bytes in place (JSON
/// arrays included: their quotes and commas separate words like spaces do), eight at
/// a time, comparing the prefix only where a byte equals its first letter
/// (``asciiWordStarts(of:in:json:)``). Text with accents, kana or CJK is folded a
/// character at a time from ``FoldingTable`` (``mixedWordStarts(of:in:json:)``); only
/// text that needs Foundation's folding (a combining mark, a letter past U+0800 outside
/// CJK such as `ﬁ`, a JSON escape) is decoded and folded by ``TextFolding``. Reading a
/// byte at a time in place halved the instructions of `a al` at 100k items (the check
/// ran on 2 000 rows); the eight-byte reading and the table then cut the instructions
/// of the typo pass's check on `blats ke`, `scrubbiest fore` and `deices sn` by 35 %.
struct PrefixVerifier {
    private let folding = TextFolding(caseInsensitive: true, diacriticInsensitive: true)
    private let prefix: [UInt8]
    private let prefixIsASCII: Bool

    /// A verifier for the prefix of a plan (the caller's step checks it in Swift,
    /// ``AccessStep``), or `nil` when it has none.
    ///
    /// The prefix is the last term's last token, so `e-m` is checked as `m` here (and
    /// `e` next to it by ``TermMatcher``). Whether the check is worth it is the cost
    /// rule's choice: a prefix rare among many matches of the complete terms (`a
    /// interc`: 20 ms checked, 3 ms merged at 100k items) is left to FTS5.
    init?(plan: MatchPlan) {
        guard plan.prefix != nil, !plan.prefixToken.isEmpty else { return nil }
        prefix = TextFolding(caseInsensitive: true, diacriticInsensitive: true).fold(String(decoding: plan.prefixToken, as: UTF8.self))
        guard !prefix.isEmpty else { return nil }
        prefixIsASCII = prefix.allSatisfy { $0 < 0x80 }
    }

    /// The heavy columns (title, names, keywords) whose text has a word starting with
    /// the prefix (empty when none does), and whether the title's first word does.
    ///
    /// The columns are read from `statement`'s current row: title and display name as
    /// text, alternate names and keywords as JSON arrays of strings.
    func locate(head statement: Statement, title: Int32, displayName: Int32, alternateNames: Int32, keywords: Int32)
        -> (columns: FTSColumns, titleStarts: Bool) {
        var columns: FTSColumns = []
        let found = wordStarts(statement, title, json: false)
        if found.any { columns.insert(.title) }
        if wordStarts(statement, displayName, json: false).any || wordStarts(statement, alternateNames, json: true).any {
            columns.insert(.names)
        }
        if wordStarts(statement, keywords, json: true).any { columns.insert(.keywords) }
        return (columns, found.first)
    }

    /// The body columns (description, text content) whose text, read from `statement`'s
    /// current row, has a word starting with the prefix; empty when none does.
    func locate(body statement: Statement, description: Int32, textContent: Int32) -> FTSColumns {
        var columns: FTSColumns = []
        if wordStarts(statement, description, json: false).any { columns.insert(.description) }
        if wordStarts(statement, textContent, json: false).any { columns.insert(.text) }
        return columns
    }

    /// Whether a word of a column starts with the prefix, and whether the first does.
    private func wordStarts(_ statement: Statement, _ column: Int32, json: Bool) -> (any: Bool, first: Bool) {
        guard let bytes = statement.utf8(column) else { return (false, false) }
        if prefixIsASCII, let found = asciiWordStarts(in: bytes, json: json) { return found }
        if prefixIsASCII, let found = Self.mixedWordStarts(of: prefix, in: bytes, json: json) { return found }
        let text = String(decoding: bytes, as: UTF8.self)
        guard json else { return wordStarts(in: text) }
        for (index, element) in (JSONText.decodeArray(text) ?? []).enumerated() {
            let found = wordStarts(in: element)
            if found.any { return (true, index == 0 && found.first) }
        }
        return (false, false)
    }

    /// ``wordStarts(_:_:json:)`` on ASCII bytes, or `nil` when they hold a non-ASCII
    /// byte (or, in JSON, an escape) before a word starting with the prefix.
    private func asciiWordStarts(in text: UnsafeBufferPointer<UInt8>, json: Bool) -> (any: Bool, first: Bool)? {
        Self.asciiWordStarts(of: prefix, in: text, json: json)
    }

    /// Whether a word of ASCII `text` starts with `prefix` (ASCII, folded), and whether
    /// that word is the text's first; `nil` when a non-ASCII byte (or, with `json`, a
    /// backslash) comes before any such word.
    ///
    /// Word starts are those of ``TextFolding/foldWords(_:)``: a letter or digit after
    /// a separator, or an upper-case letter after a lower-case one. The Swift check runs
    /// this on the fields of every row it reads (the body of most), so the text is read
    /// eight bytes at a time: the end of its ASCII part first, then only the bytes equal
    /// to the prefix's first (in either case) are looked at in full, the way
    /// ``HitAnalyzer/containsWord(_:in:)`` finds a word. A third of the instructions of
    /// the typo pass's check on `blats ke` and `scrubbiest fore` went to reading a byte
    /// at a time.
    static func asciiWordStarts(of prefix: [UInt8], in text: UnsafeBufferPointer<UInt8>, json: Bool) -> (any: Bool, first: Bool)? {
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
        @inline(__always) func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        @inline(__always) func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        // Whether a word starting with the prefix starts at `index`, whose byte folds to
        // the prefix's first: a word start, the prefix's bytes (folded), and no
        // upper-case letter after a lower-case one within them (`theBrent` has the
        // words `the` and `Brent`).
        @inline(__always) func startsPrefix(at index: Int) -> Bool {
            guard index + prefix.count <= count else { return false }
            if index > 0 {
                let before = text[index - 1]
                guard !isWord(before) || (isLower(before) && isUpper(text[index])) else { return false }
            }
            for offset in 1 ..< prefix.count {
                let byte = text[index + offset]
                guard (isUpper(byte) ? byte | 0x20 : byte) == prefix[offset] else { return false }
                if isLower(text[index + offset - 1]) && isUpper(byte) { return false }
            }
            return true
        }
        // A match is the text's first word when no letter or digit comes before it.
        @inline(__always) func found(at index: Int) -> (any: Bool, first: Bool) {
            (true, !(0 ..< index).contains { isWord(text[$0]) })
        }
        @inline(__always) func folded(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }
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

    /// ``asciiWordStarts(of:in:json:)`` for text with non-ASCII characters, read a
    /// character at a time and folded as ``TextFolding/foldWords(_:)`` folds it, without
    /// making a `String` or a folded copy; `nil` when it cannot tell (the caller folds
    /// the text through Foundation then).
    ///
    /// Characters below U+0800 fold by ``FoldingTable``; Chinese characters, hiragana and
    /// katakana (each a word of its own) fold to no ASCII byte, so they never start a
    /// match; other characters from U+0800 are looked at only for whether they separate
    /// words. It cannot tell, and says `nil`, at a combining mark (it folds with the
    /// letter before it), a letter from U+0800 that is not one of those (`ﬁ` folds to
    /// `fi`), a JSON escape, or bytes that are not UTF-8.
    ///
    /// A sixth of `make bench`'s descriptions mix Japanese or accented words with
    /// English ones, and folding them through Foundation was a sixth of the
    /// instructions of the typo pass's check on `blats ke` and `scrubbiest fore`.
    static func mixedWordStarts(of prefix: [UInt8], in text: UnsafeBufferPointer<UInt8>, json: Bool) -> (any: Bool, first: Bool)? {
        guard !prefix.isEmpty else { return (false, false) }
        let flat = FoldingTable.bothFoldedFlat, classes = FoldingTable.classes
        return flat.bytes.withUnsafeBufferPointer { foldedBytes in
            flat.starts.withUnsafeBufferPointer { starts in
                classes.withUnsafeBufferPointer { classes in
                    mixedWordStarts(of: prefix, in: text, json: json, foldedBytes: foldedBytes, starts: starts, classes: classes)
                }
            }
        }
    }

    private static func mixedWordStarts(of prefix: [UInt8], in text: UnsafeBufferPointer<UInt8>, json: Bool,
                                        foldedBytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int32>,
                                        classes: UnsafeBufferPointer<TextFolding.CharacterClass>) -> (any: Bool, first: Bool)? {
        var previous = TextFolding.CharacterClass.separator
        var inWord = false
        // Words started before the current one, and how many bytes of the prefix the
        // current word's folded bytes matched so far (-1: they differ).
        var wordsBefore = -1
        var matched = -1
        var index = 0
        let count = text.count, prefixCount = prefix.count
        while index < count {
            let lead = text[index]
            var character = TextFolding.CharacterClass.separator
            var length = 1
            // The folded bytes: `lead` folded for ASCII, else `foldedBytes[folded]`
            // (empty for an ideograph: its bytes are not ASCII, they never match).
            var ascii: UInt8 = 0
            var folded = 0 ..< 0
            if lead < 0x80 {
                if json && lead == 0x5C { return nil }
                switch lead {
                case 0x41 ... 0x5A: character = .upper; ascii = lead | 0x20
                case 0x61 ... 0x7A: character = .lower; ascii = lead
                case 0x30 ... 0x39: character = .otherWord; ascii = lead
                default: break
                }
            } else {
                length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                guard lead >= 0xC2, lead <= 0xF4, index + length <= count else { return nil }
                var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1 ..< length {
                    let byte = text[index + offset]
                    guard byte & 0xC0 == 0x80 else { return nil }
                    value = value << 6 | UInt32(byte & 0x3F)
                }
                if value < 0x800 {
                    character = classes[Int(value)]
                    folded = Int(starts[Int(value)]) ..< Int(starts[Int(value) + 1])
                    if character == .mark || (character.isWord && folded.isEmpty) { return nil }
                } else if (0x3040 ... 0x30FF).contains(value) || (0x4E00 ... 0x9FFF).contains(value) {
                    character = .ideograph
                } else {
                    guard let scalar = Unicode.Scalar(value) else { return nil }
                    character = TextFolding.CharacterClass(scalar)
                    guard character == .separator || character == .ideograph else { return nil }
                }
            }
            if character == .separator {
                inWord = false
                matched = -1
            } else {
                if character.startsWord(after: previous, inWord: inWord) {
                    inWord = true
                    wordsBefore += 1
                    matched = 0
                }
                if matched >= 0 {
                    if length == 1 {
                        matched = ascii == prefix[matched] ? matched + 1 : -1
                    } else if folded.isEmpty {
                        matched = -1
                    } else {
                        for offset in folded where matched >= 0 && matched < prefixCount {
                            matched = foldedBytes[offset] == prefix[matched] ? matched + 1 : -1
                        }
                    }
                    if matched == prefixCount { return (true, wordsBefore == 0) }
                }
            }
            previous = character
            index += length
        }
        return (false, false)
    }

    private func wordStarts(in text: String) -> (any: Bool, first: Bool) {
        var text = text
        let folded = text.withUTF8 { folding.foldWords($0) }
        var any = false
        var first = false
        for (index, word) in folded.words.enumerated() where word.count >= prefix.count {
            if folded.bytes[word.lowerBound ..< word.lowerBound + prefix.count].elementsEqual(prefix) {
                any = true
                if index == 0 { first = true }
                break
            }
        }
        return (any, first)
    }
}
