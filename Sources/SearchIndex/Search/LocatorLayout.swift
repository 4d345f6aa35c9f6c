/// Which entries of a ``PhraseLocator`` the `searchlight_match` function fills for a
/// ``MatchExpression``'s groups, and how the search reads them back: entry `g` holds
/// the columns any phrase of group `g` matched in; with ``recordsTyped``, group `g`
/// takes two entries, `2g` as before and `2g + 1` the columns of its first phrase (the
/// term as typed), so one walk of a typo plan tells which rows match without typos.
///
/// The function gets the layout as a blob (``encoded``, read by ``Decoder``): a flags
/// byte, then one byte per group, its phrase count.
struct LocatorLayout: Equatable {
    /// The phrase count of each group, in order.
    let sizes: [Int]
    /// Whether each group's first phrase has an entry of its own.
    let recordsTyped: Bool

    init(sizes: [Int], recordsTyped: Bool) {
        precondition(sizes.allSatisfy { (1 ... 255).contains($0) }, "a group's size fits a byte")
        self.sizes = sizes
        self.recordsTyped = recordsTyped
    }

    private static let typedFlag: UInt8 = 1

    /// The entry of group `group`'s columns.
    func entry(ofGroup group: Int) -> Int { recordsTyped ? 2 * group : group }

    /// The entry of group `group`'s first phrase (only with ``recordsTyped``).
    func typedEntry(ofGroup group: Int) -> Int { 2 * group + 1 }

    /// Whether every group matched in a heavy field (title, names, keywords).
    func isHeavy(_ locator: PhraseLocator) -> Bool {
        for group in sizes.indices where locator[entry(ofGroup: group)].isDisjoint(with: .heavy) { return false }
        return true
    }

    /// Whether every group matched through its first phrase: the row matches as typed.
    func matchesAsTyped(_ locator: PhraseLocator) -> Bool {
        recordsTyped && sizes.indices.allSatisfy { !locator[typedEntry(ofGroup: $0)].isEmpty }
    }

    /// The blob the function reads.
    var encoded: [UInt8] {
        [recordsTyped ? Self.typedFlag : 0] + sizes.map { UInt8($0) }
    }

    /// The function's arguments after the table, as SQL: none when every group is one
    /// phrase and nothing is typed (the function's default, one entry per phrase), else
    /// the blob as a literal. A literal, not a parameter: the statements are cached by
    /// their text, and a layout is fixed for a statement.
    var sqlArguments: String {
        guard recordsTyped || sizes.contains(where: { $0 > 1 }) else { return "" }
        let hex: [Character] = Array("0123456789ABCDEF")
        var literal = ", X'"
        for byte in encoded {
            literal.append(hex[Int(byte >> 4)])
            literal.append(hex[Int(byte & 0xF)])
        }
        return literal + "'"
    }

    /// Reads an encoded layout phrase by phrase, as the function meets them, without
    /// copying it: the function runs on every row a walk steps, and making an array of
    /// sizes each time was two fifths of its cost.
    struct Decoder {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var offset = 1
        /// Whether groups take two entries (``LocatorLayout/recordsTyped``).
        let recordsTyped: Bool
        /// Whether the blob names a group; without one each phrase has its own entry.
        let isGrouped: Bool
        private var phrase = 0, group = -1, left = 0

        /// A decoder of `blob`; `nil` (no argument) or an empty blob lays one entry a phrase.
        init(_ blob: UnsafeBufferPointer<UInt8>?) {
            bytes = blob ?? UnsafeBufferPointer(start: nil, count: 0)
            isGrouped = bytes.dropFirst().contains { $0 > 0 }
            recordsTyped = isGrouped && bytes.first.map { $0 & LocatorLayout.typedFlag != 0 } ?? false
        }

        /// The entry of the next phrase, and whether it is its group's first; `nil` past
        /// the locator's entries. Phrases past the named groups are a group each; a
        /// zero size is skipped.
        mutating func next() -> (entry: Int, isFirst: Bool)? {
            guard isGrouped else {
                defer { phrase += 1 }
                return phrase < PhraseLocator.maximumPhrases ? (phrase, false) : nil
            }
            var isFirst = false
            if left == 0 {
                group += 1
                left = 1
                while offset < bytes.count {
                    offset += 1
                    if bytes[offset - 1] > 0 {
                        left = Int(bytes[offset - 1])
                        break
                    }
                }
                isFirst = true
            }
            left -= 1
            let entry = recordsTyped ? 2 * group : group
            return entry < PhraseLocator.maximumPhrases ? (entry, isFirst) : nil
        }
    }
}
