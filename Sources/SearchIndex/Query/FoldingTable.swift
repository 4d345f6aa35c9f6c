/// Per-scalar folding results for U+0080 ..< U+0800, computed once from Foundation
/// so that ``TextFolding`` can fold common non-ASCII text without calling it.
///
/// Folding a single scalar of this range (none of which is a combining mark here,
/// those take the slow path) gives the same bytes as folding it inside a string,
/// because case folding without a locale and diacritic removal are context-free.
enum FoldingTable {
    /// Scalars below this bound are in the tables.
    static let limit = 0x800

    /// How each ASCII character takes part in word segmentation.
    static let asciiClasses: [TextFolding.CharacterClass] = (0 ..< 0x80).map {
        TextFolding.CharacterClass(Unicode.Scalar(UInt8($0)))
    }

    /// How each scalar below ``limit`` takes part in word segmentation.
    static let classes: [TextFolding.CharacterClass] = (0 ..< limit).map {
        Unicode.Scalar(UInt32($0)).map(TextFolding.CharacterClass.init) ?? .separator
    }

    private static let plain = build(TextFolding(caseInsensitive: false, diacriticInsensitive: false))
    private static let caseFolded = build(TextFolding(caseInsensitive: true, diacriticInsensitive: false))
    private static let diacriticFolded = build(TextFolding(caseInsensitive: false, diacriticInsensitive: true))
    private static let bothFolded = build(TextFolding(caseInsensitive: true, diacriticInsensitive: true))

    /// The folded UTF-8 bytes of each scalar below ``limit`` under the given folding;
    /// empty for ASCII (folded inline) and for combining marks (text holding one takes
    /// the slow path, since a mark folds with the letter before it).
    static func table(caseInsensitive: Bool, diacriticInsensitive: Bool) -> [[UInt8]] {
        switch (caseInsensitive, diacriticInsensitive) {
        case (false, false): return plain
        case (true, false): return caseFolded
        case (false, true): return diacriticFolded
        case (true, true): return bothFolded
        }
    }

    /// The table for `folding` (see ``table(caseInsensitive:diacriticInsensitive:)``).
    static func build(_ folding: TextFolding) -> [[UInt8]] {
        buildInOneCall(folding) ?? buildOneByOne(folding)
    }

    /// The table for `folding` from one Foundation call over the whole range, or nil
    /// when the pieces do not come out one per scalar.
    ///
    /// Each scalar stands after a line feed, a starter that folds to itself, so that
    /// no scalar composes or reorders with its neighbours: the pieces between the line
    /// feeds are the scalars folded one by one (``buildOneByOne(_:)``, which the tests
    /// compare with), for a fraction of the cost (one by one takes milliseconds, paid by
    /// the first search).
    static func buildInOneCall(_ folding: TextFolding) -> [[UInt8]]? {
        let scalars = (0x80 ..< limit).filter { classes[$0] != .mark }
        var text: [UInt8] = []
        text.reserveCapacity(scalars.count * 3)
        for value in scalars {  // "\n" and the scalar's two UTF-8 bytes
            text += [0x0A, UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        }
        let pieces = folding.foldSlow(String(decoding: text, as: UTF8.self)).split(separator: 0x0A, omittingEmptySubsequences: false)
        guard pieces.count == scalars.count + 1, pieces[0].isEmpty else { return nil }
        var table = [[UInt8]](repeating: [], count: limit)
        for (value, piece) in zip(scalars, pieces.dropFirst()) { table[value] = Array(piece) }
        return table
    }

    /// The table for `folding`, one Foundation call per scalar.
    static func buildOneByOne(_ folding: TextFolding) -> [[UInt8]] {
        (0 ..< limit).map { value in
            guard value >= 0x80, classes[value] != .mark, let scalar = Unicode.Scalar(UInt32(value)) else { return [] }
            return folding.foldSlow(String(Character(scalar)))
        }
    }
}
