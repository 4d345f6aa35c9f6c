import Foundation

extension Vocabulary {
    /// The changes one committed (or open) transaction made to the words.
    struct Delta: Sendable {
        /// Items gained (positive) or lost (negative) per word of 1–16 ASCII characters.
        var packed: [PackedWord: Int32] = [:]
        /// The same for every other word.
        var counts: [[UInt32]: Int32] = [:]
        /// Whether the transaction emptied `items_fts` first (`deleteAll`, a rebuild).
        var clears = false

        /// Whether it changed no word's count.
        var isEmpty: Bool { packed.isEmpty && counts.isEmpty }
    }

    /// A word of 1–16 ASCII characters in two integers, its first character in the
    /// highest byte and zeros after its last: hashing or comparing it is two integer
    /// operations, where a `[UInt32]` word hashes and compares character by character
    /// (counting every written row's words that way took a third of the full-text
    /// writer's time). The integers' order is the words' (a zero is below every
    /// character, as a shorter word sorts before the longer ones it starts).
    struct PackedWord: Hashable, Comparable, Sendable {
        var high: UInt64 = 0
        var low: UInt64 = 0

        /// `nil` for an empty word, one longer than 16 characters, or one with a
        /// character that is not ASCII (or is NUL).
        init?<C: Collection>(_ word: C) where C.Element == UInt32 {
            guard !word.isEmpty, word.count <= 16 else { return nil }
            var index = 0
            for scalar in word {
                guard scalar > 0, scalar < 0x80 else { return nil }
                let shift = UInt64(56 - 8 * (index % 8))
                if index < 8 { high |= UInt64(scalar) << shift } else { low |= UInt64(scalar) << shift }
                index += 1
            }
        }

        /// The word's characters.
        var scalars: [UInt32] {
            var word: [UInt32] = []
            for half in [high, low] {
                for index in 0 ..< 8 {
                    let byte = UInt32((half >> UInt64(56 - 8 * index)) & 0xFF)
                    if byte == 0 { return word }
                    word.append(byte)
                }
            }
            return word
        }

        static func < (a: PackedWord, b: PackedWord) -> Bool {
            a.high != b.high ? a.high < b.high : a.low < b.low
        }
    }

    /// The distinct words of one row, packed where they can be (see ``PackedWord``).
    struct RowWords {
        var packed = Set<PackedWord>()
        var other = Set<[UInt32]>()

        mutating func insert<C: Collection>(_ word: C) where C.Element == UInt32 {
            if let short = PackedWord(word) { packed.insert(short) } else { other.insert(Array(word)) }
        }

        mutating func removeAll() {
            packed.removeAll(keepingCapacity: true)
            other.removeAll(keepingCapacity: true)
        }
    }
}
