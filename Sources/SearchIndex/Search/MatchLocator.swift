/// The `searchlight_match(items_fts)` FTS5 auxiliary function: in which fields each
/// query phrase matched in the current row.
///
/// Ranking needs to know which field a term was found in (title above keywords above
/// description). FTS5 already has this in the row's column lists, so a tiny auxiliary
/// function reads it for the few candidate rows the search keeps, instead of
/// re-tokenizing text in Swift. It returns a ``PhraseLocator``'s integer: for phrase
/// `i` (up to ``PhraseLocator/maximumPhrases``), the set of columns it matched in.
/// With a ``LocatorLayout`` blob argument (`searchlight_match(items_fts, X'000103')`),
/// the entries are per group of phrases instead, as the layout says (a term ORed with
/// its typo alternatives is one group); any other argument is an error.
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
        var blob: UnsafeBufferPointer<UInt8>?
        if call.argumentCount >= 1 {
            blob = call.blob(0)
            if blob == nil { return .error("\(functionName): the layout must be a blob (LocatorLayout)") }
        }
        var layout = LocatorLayout.Decoder(blob)
        for phrase in 0 ..< max(call.phraseCount, 0) {
            guard let (entry, isFirst) = layout.next() else { break }
            guard let columns = call.columns(ofPhrase: phrase) else {
                return .error("\(functionName): no column list")
            }
            let found = FTSColumns(rawValue: Int64(truncatingIfNeeded: columns))
            locator.insert(found, atPhrase: entry)
            if layout.recordsTyped && isFirst { locator.insert(found, atPhrase: entry + 1) }
        }
        return .integer(locator.rawValue)
    }
}
