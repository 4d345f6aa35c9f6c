/// The `searchlight_match(items_fts)` FTS5 auxiliary function: in which fields each
/// query phrase matched in the current row.
///
/// Ranking needs to know which field a term was found in (title above keywords above
/// description). FTS5 already has this in the row's column lists, so a tiny auxiliary
/// function reads it for the few candidate rows the search keeps, instead of
/// re-tokenizing text in Swift. It returns a ``PhraseLocator``'s integer: for phrase
/// `i` (up to ``PhraseLocator/maximumPhrases``), the set of columns it matched in.
/// With a text argument of group sizes (`searchlight_match(items_fts, '1,3,2')`: the
/// phrases in order, grouped), entry `g` is instead the columns any phrase of group
/// `g` matched in, for up to as many groups: a term ORed with its typo alternatives is
/// one group. With the sizes after a `+` (`'+1,3,2'`), each group takes two entries:
/// `2g` the columns of any of its phrases, `2g + 1` those of its first phrase (the term
/// as typed), for up to half as many groups; so one walk of a typo plan tells which
/// rows match without typos.
///
/// The tables are `detail=column` (see ``Schema``): FTS5 keeps which columns a token is
/// in, not its offsets, and `xInst` of a contentless table then reports nothing. Whether
/// the title starts with a term is therefore checked in Swift (``TermMatcher``).
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#custom_auxiliary_functions>
enum MatchLocator {
    static let functionName = "searchlight_match"

    /// Registers the function on a connection.
    static func register(on connection: Connection) throws {
        try connection.register(FTS5Function(name: functionName, body: locate))
    }

    @Sendable private static func locate(_ call: FTS5Function.Call) -> SQLFunction.Result {
        var locator = PhraseLocator()
        // With groups, the columns of group g are those of its phrases together. The
        // sizes are read from the text as the groups begin: the function runs on every
        // row a walk steps, and splitting the text into an array each time was two
        // fifths of its cost.
        var sizes = GroupSizes(call.argumentCount >= 1 ? call.utf8(0) : nil)
        var group = 0, left = sizes.next() ?? 1
        let phrases = sizes.isEmpty ? min(call.phraseCount, PhraseLocator.maximumPhrases) : call.phraseCount
        var first = true
        for phrase in 0 ..< max(phrases, 0) {
            let slot: Int
            if sizes.isEmpty {
                slot = phrase
            } else {
                if left == 0 {
                    group += 1
                    left = sizes.next() ?? 1
                    first = true
                }
                left -= 1
                slot = sizes.typed ? 2 * group : group
                if slot >= PhraseLocator.maximumPhrases { break }
            }
            guard let columns = call.columns(ofPhrase: phrase) else {
                return .error("\(functionName): no column list")
            }
            let found = FTSColumns(rawValue: Int64(truncatingIfNeeded: columns))
            locator.insert(found, atPhrase: slot)
            if sizes.typed && first { locator.insert(found, atPhrase: slot + 1) }
            first = false
        }
        return .integer(locator.rawValue)
    }

    /// The group sizes of the function's text argument (`'1,3,2'`, or `'+1,3,2'` when
    /// each group's first phrase is also recorded alone), read one at a time.
    struct GroupSizes {
        private let text: UnsafeBufferPointer<UInt8>?
        private var offset: Int
        /// Whether the text starts with `+`.
        let typed: Bool
        /// Whether the text names no group (no text, or no number in it).
        private(set) var isEmpty: Bool

        init(_ text: UnsafeBufferPointer<UInt8>?) {
            self.text = text
            typed = text?.first == UInt8(ascii: "+")
            offset = typed ? 1 : 0
            isEmpty = false
            var probe = self
            isEmpty = probe.next() == nil
        }

        /// The next size; `nil` past the last. Text between commas that is not a
        /// number is skipped, as a list of sizes without it would read.
        mutating func next() -> Int? {
            guard let text else { return nil }
            while offset < text.count {
                var value = 0, digits = 0
                while offset < text.count, text[offset] != UInt8(ascii: ",") {
                    let byte = text[offset]
                    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits >= 0 {
                        value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
                        digits += 1
                    } else {
                        digits = -1
                    }
                    offset += 1
                }
                offset += 1
                if digits > 0 { return value }
            }
            return nil
        }
    }
}
