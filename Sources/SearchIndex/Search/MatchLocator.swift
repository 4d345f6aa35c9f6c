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
        // With groups, the columns of group g are those of its phrases together.
        var groups: [Int] = []
        // Whether each group's first phrase is also recorded on its own.
        var typed = false
        if call.argumentCount >= 1, let text = call.utf8(0) {
            typed = text.first == UInt8(ascii: "+")
            groups = String(decoding: text.dropFirst(typed ? 1 : 0), as: UTF8.self).split(separator: ",").compactMap { Int($0) }
        }
        var group = 0, left = groups.first ?? 1
        let phrases = groups.isEmpty ? min(call.phraseCount, PhraseLocator.maximumPhrases) : call.phraseCount
        var first = true
        for phrase in 0 ..< max(phrases, 0) {
            let slot: Int
            if groups.isEmpty {
                slot = phrase
            } else {
                if left == 0 {
                    group += 1
                    left = group < groups.count ? groups[group] : 1
                    first = true
                }
                left -= 1
                slot = typed ? 2 * group : group
                if slot >= PhraseLocator.maximumPhrases { break }
            }
            guard let columns = call.columns(ofPhrase: phrase) else {
                return .error("\(functionName): no column list")
            }
            let found = FTSColumns(rawValue: Int64(truncatingIfNeeded: columns))
            locator.insert(found, atPhrase: slot)
            if typed && first { locator.insert(found, atPhrase: slot + 1) }
            first = false
        }
        return .integer(locator.rawValue)
    }
}
