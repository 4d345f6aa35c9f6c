/// A set of the FTS tables' columns (the fields a term can match in), as bits: title 1,
/// names (display and alternate) 2, keywords 4, description 8, text content 16, the
/// order of `items_fts`'s columns (`items_head` has the first three).
struct FTSColumns: OptionSet, Hashable {
    let rawValue: Int64

    /// The columns among `rawValue`'s bits (bits past the last column are dropped).
    init(rawValue: Int64) {
        self.rawValue = rawValue & 0x1F
    }

    /// The column numbered `column` (0-based, as FTS5 numbers them).
    init(column: Int) {
        self.init(rawValue: 1 << Int64(column))
    }

    static let title = FTSColumns(rawValue: 1)
    static let names = FTSColumns(rawValue: 2)
    static let keywords = FTSColumns(rawValue: 4)
    static let description = FTSColumns(rawValue: 8)
    static let text = FTSColumns(rawValue: 16)
    /// The heavy fields, `items_head`'s columns: title, names and keywords.
    static let heavy: FTSColumns = [.title, .names, .keywords]
    /// Every column.
    static let all = FTSColumns(rawValue: 0x1F)
    /// How many columns there are.
    static let count = 5
}

/// Where each phrase of an FTS query matched in one row: for phrase `i` (up to
/// ``maximumPhrases``), the set of columns it is in, and whether the title starts with
/// a query term.
///
/// What the `searchlight_match` auxiliary function returns (``MatchLocator``), what
/// ``TermMatcher`` and ``PrefixVerifier`` find in Swift, merged per candidate. A plain
/// value over one `Int64` (5 bits a phrase, so SQLite can return it as one integer);
/// this type is the only place its bits are spelled out.
struct PhraseLocator: Equatable {
    /// The bits, as the SQL function returns them.
    private(set) var rawValue: Int64

    init(rawValue: Int64 = 0) {
        self.rawValue = rawValue
    }

    /// How many phrases a locator has room for; later phrases are not recorded.
    static let maximumPhrases = 12

    private static let bitsPerPhrase: Int64 = 5
    private static let titleStartBit: Int64 = 1 << 62

    /// The columns phrase `phrase` matched in; setting a phrase at or past
    /// ``maximumPhrases`` records nothing, and reading one gives the empty set.
    subscript(phrase: Int) -> FTSColumns {
        get {
            guard phrase < Self.maximumPhrases else { return [] }
            return FTSColumns(rawValue: rawValue >> (Self.bitsPerPhrase * Int64(phrase)))
        }
        set {
            guard phrase < Self.maximumPhrases else { return }
            let shift = Self.bitsPerPhrase * Int64(phrase)
            rawValue = rawValue & ~(0x1F << shift) | newValue.rawValue << shift
        }
    }

    /// Adds `columns` to those of phrase `phrase` (nothing past ``maximumPhrases``).
    mutating func insert(_ columns: FTSColumns, atPhrase phrase: Int) {
        guard phrase < Self.maximumPhrases else { return }
        rawValue |= columns.rawValue << (Self.bitsPerPhrase * Int64(phrase))
    }

    /// The columns any recorded phrase matched in.
    var columns: FTSColumns {
        var union: Int64 = 0
        for phrase in 0 ..< Self.maximumPhrases { union |= rawValue >> (Self.bitsPerPhrase * Int64(phrase)) & 0x1F }
        return FTSColumns(rawValue: union)
    }

    /// Whether the title starts with a term of the query.
    var titleStarts: Bool {
        get { rawValue & Self.titleStartBit != 0 }
        set { rawValue = newValue ? rawValue | Self.titleStartBit : rawValue & ~Self.titleStartBit }
    }

    /// Adds what `other` found to what this one did.
    mutating func formUnion(_ other: PhraseLocator) {
        rawValue |= other.rawValue
    }
}
