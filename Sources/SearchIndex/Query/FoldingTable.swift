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

    /// The folded UTF-8 bytes of each scalar below ``limit`` under the given folding.
    static func table(caseInsensitive: Bool, diacriticInsensitive: Bool) -> [[UInt8]] {
        switch (caseInsensitive, diacriticInsensitive) {
        case (false, false): return plain
        case (true, false): return caseFolded
        case (false, true): return diacriticFolded
        case (true, true): return bothFolded
        }
    }

    private static func build(_ folding: TextFolding) -> [[UInt8]] {
        (0 ..< limit).map { value in
            guard value >= 0x80, let scalar = Unicode.Scalar(UInt32(value)) else { return [] }
            return folding.foldSlow(String(Character(scalar)))
        }
    }
}
