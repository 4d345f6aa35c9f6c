/// Checks in Swift whether a short prefix starts a word of an item's fields.
///
/// For a query like `house a`, asking FTS5 for `"a"*` row by row costs a seek in the
/// huge list of words starting with `a` for every `house` match (20 ms at 100k items).
/// The complete term drives the loop instead, and this check reads the fields the
/// candidate lookup fetches anyway. Its words are the tokens FTS5 indexed (``ASCIIText``,
/// ``FieldTokenizer``), and the prefix is the query's token as FTS5 folded it, so the
/// check finds a prefix exactly where FTS5's merge of `"a"*` would: not at `Brent` in
/// `theBrent`, not `strass` in `Straße`, not `fi` in `ﬁre`.
///
/// Most text is ASCII, so the check first reads a column's bytes in place (JSON
/// arrays included: their quotes and commas separate words like spaces do), eight at
/// a time (``ASCIIText/wordStarts(of:in:json:)``). Other text is tokenized as the
/// analysis tokenizes it: ASCII stretches in Swift, the rest by FTS5's tokenizer.
struct PrefixVerifier {
    private let prefix: [UInt8]
    private let prefixIsASCII: Bool
    private let fields: FieldTokenizer

    /// A verifier for the prefix of a plan (the caller's step checks it in Swift,
    /// ``AccessStep``), or `nil` when it has none.
    ///
    /// The prefix is the last term's last token, so `e-m` is checked as `m` here (and
    /// `e` next to it by ``TermMatcher``). Whether the check is worth it is the cost
    /// rule's choice: a prefix rare among many matches of the complete terms (`a
    /// interc`: 20 ms checked, 3 ms merged at 100k items) is left to FTS5.
    init?(plan: MatchPlan) {
        guard plan.prefix != nil, !plan.prefixToken.isEmpty, let fields = FieldTokenizer() else { return nil }
        prefix = plan.prefixToken
        prefixIsASCII = prefix.allSatisfy { $0 < 0x80 }
        self.fields = fields
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
        if prefixIsASCII, let found = ASCIIText.wordStarts(of: prefix, in: bytes, json: json) { return found }
        guard json else { return wordStarts(in: bytes) }
        for (index, var element) in (JSONText.decodeArray(String(decoding: bytes, as: UTF8.self)) ?? []).enumerated() {
            let found = element.withUTF8 { wordStarts(in: $0) }
            if found.any { return (true, index == 0 && found.first) }
        }
        return (false, false)
    }

    /// Whether a token of `text` starts with the prefix, and whether the first does.
    private func wordStarts(in text: UnsafeBufferPointer<UInt8>) -> (any: Bool, first: Bool) {
        let tokens = fields.tokenize(text)
        defer { fields.recycle(tokens) }
        return Self.wordStarts(of: prefix, in: tokens)
    }

    /// Whether a token of `tokens` starts with `prefix`, and whether the first does.
    static func wordStarts(of prefix: [UInt8], in tokens: FieldTokens) -> (any: Bool, first: Bool) {
        for index in 0 ..< tokens.count where tokens[index].starts(with: prefix) { return (true, index == 0) }
        return (false, false)
    }
}
