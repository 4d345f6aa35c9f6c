/// Checks in Swift whether a short prefix starts a word of an item's fields.
///
/// For a query like `house a`, asking FTS5 for `"a"*` row by row costs a seek in the
/// huge list of words starting with `a` for every `house` match (20 ms at 100k items).
/// The complete term drives the loop instead, and this check reads the fields the
/// candidate lookup fetches anyway, folded as the query language folds text (case and
/// diacritics).
///
/// Most text is ASCII, so the check first walks a column's bytes in place (JSON
/// arrays included: their quotes and commas separate words like spaces do), comparing
/// the prefix at each word start without making a `String`; only text with a non-ASCII
/// byte or a JSON escape is decoded and folded by ``TextFolding``. That halved the
/// instructions of `a al` at 100k items (the check ran on 2 000 rows).
struct PrefixVerifier {
    private let folding = TextFolding(caseInsensitive: true, diacriticInsensitive: true)
    private let prefix: [UInt8]
    private let prefixIsASCII: Bool

    /// A verifier for the prefix of a plan that checks it in Swift
    /// (``MatchPlan/prefixPath``), else `nil`.
    ///
    /// The prefix is the last term's last token, so `e-m` is checked as `m` here (and
    /// `e` next to it by ``TermMatcher``). Whether the check is worth it is the cost
    /// rule's choice: a prefix rare among many matches of the complete terms (`a
    /// interc`: 20 ms checked, 3 ms merged at 100k items) is left to FTS5.
    init?(plan: MatchPlan) {
        guard plan.prefix != nil, !plan.prefixToken.isEmpty, plan.prefixPath == .swiftCheck else { return nil }
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
        if prefixIsASCII, lacksPrefix(bytes, json: json) { return (false, false) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard json else { return wordStarts(in: text) }
        for (index, element) in (JSONText.decodeArray(text) ?? []).enumerated() {
            let found = wordStarts(in: element)
            if found.any { return (true, index == 0 && found.first) }
        }
        return (false, false)
    }

    /// ``wordStarts(_:_:json:)`` on ASCII bytes, or `nil` when they hold a non-ASCII
    /// byte (or, in JSON, an escape) and must be folded.
    ///
    /// Word starts are those of ``TextFolding/foldWords(_:)``: a letter or digit after
    /// a separator, or an upper-case letter after a lower-case one.
    private func asciiWordStarts(in text: UnsafeBufferPointer<UInt8>, json: Bool) -> (any: Bool, first: Bool)? {
        let classes = FoldingTable.asciiClasses
        var previous = TextFolding.CharacterClass.separator
        var seenWord = false
        for index in text.indices {
            let byte = text[index]
            if byte >= 0x80 || (json && byte == UInt8(ascii: "\\")) { return nil }
            let current = classes[Int(byte)]
            if current.isWord && (!previous.isWord || previous == .lower && current == .upper) {
                if prefixStarts(at: index, in: text) {
                    // Later bytes are not checked: a non-ASCII one cannot change this word.
                    return (true, !seenWord)
                }
                seenWord = true
            }
            previous = current
        }
        return (false, false)
    }

    /// Whether text that ``asciiWordStarts(in:json:)`` could not check (it holds a
    /// non-ASCII byte) certainly has no word starting with the ASCII prefix, without
    /// decoding and folding it: the prefix's letters appear nowhere in it (ignoring
    /// case), and every other character is kana (U+3040–U+30FF) or a CJK ideograph
    /// (U+4E00–U+9FFF), which fold to no ASCII letter or digit. `false` when unsure
    /// (any other non-ASCII character, such as `é` folding to `e`; a JSON escape).
    ///
    /// A sixth of `make bench`'s descriptions mix Japanese and English words, and folding
    /// them was a third of the Swift check's time on the typo pass of `deices sn`.
    private func lacksPrefix(_ text: UnsafeBufferPointer<UInt8>, json: Bool) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte < 0x80 {
                if json && byte == UInt8(ascii: "\\") { return false }
                if (byte | 0x20) == prefix[0] || byte == prefix[0], asciiPrefix(at: index, in: text) { return false }
                index += 1
                continue
            }
            // A lead byte of three: U+3040–U+30FF is E3 81–83 xx, U+4E00–U+9FFF is E4 B8–BF xx to E9 xx xx.
            guard index + 2 < text.endIndex else { return false }
            let second = text[index + 1]
            switch byte {
            case 0xE3 where (0x81 ... 0x83).contains(second): break
            case 0xE4 where second >= 0xB8: break
            case 0xE5 ... 0xE9: break
            default: return false
            }
            index += 3
        }
        return true
    }

    /// Whether the prefix's bytes (ASCII, folded) start at `start`, ignoring case.
    private func asciiPrefix(at start: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start + prefix.count <= text.count else { return false }
        for offset in 0 ..< prefix.count {
            let byte = text[start + offset]
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            guard lowered == prefix[offset] else { return false }
        }
        return true
    }

    /// Whether the word starting at `start` begins with the prefix (ASCII, folded).
    private func prefixStarts(at start: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start + prefix.count <= text.count else { return false }
        let classes = FoldingTable.asciiClasses
        for offset in 0 ..< prefix.count {
            let byte = text[start + offset]
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            guard lowered == prefix[offset] else { return false }
            if offset > 0 && classes[Int(text[start + offset - 1])] == .lower && classes[Int(byte)] == .upper {
                return false  // `theBrent` has the words `the` and `Brent`
            }
        }
        return true
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
