/// Cheap tests that rule a word out before its edit distance is computed: letters a
/// word lacks, and first characters. ``HitAnalyzer`` runs them on every token of a
/// candidate's text when a query has typo terms.
extension Typos {
    /// A word's characters counted, for ``mayBeWithin(_:of:_:prefix:scratch:)``: ASCII
    /// ones by value, the others together (an ASCII word never has them).
    struct Letters {
        var counts = [Int8](repeating: 0, count: 128)
        var other = 0
        var count = 0

        init(_ word: [UInt32]) {
            count = word.count
            for scalar in word {
                if scalar < 128 { counts[Int(scalar)] &+= 1 } else { other += 1 }
            }
        }
    }

    /// `false` when ASCII `b` is surely more than `k` edits from the word counted in
    /// `letters` (with `prefix`, from every prefix of `b`): each edit changes at most one
    /// character on each side, so at most `k` characters of either may lack a partner in
    /// the other (a prefix of `b` within `k` is among its first `count + k` characters).
    /// A few operations per character, where the table costs a few per pair; `scratch`
    /// is 128 zeros, and is left so.
    static func mayBeWithin(_ k: Int, of letters: Letters, _ b: ArraySlice<UInt8>, prefix: Bool, scratch: inout [Int8]) -> Bool {
        let length = prefix ? min(b.count, letters.count + k) : b.count
        let end = b.startIndex + length
        var paired = 0
        scratch.withUnsafeMutableBufferPointer { used in
            letters.counts.withUnsafeBufferPointer { counts in
                for index in b.startIndex ..< end {
                    let byte = Int(b[index] & 0x7F)
                    if used[byte] < counts[byte] {
                        used[byte] += 1
                        paired += 1
                    }
                }
                for index in b.startIndex ..< end { used[Int(b[index] & 0x7F)] = 0 }
            }
        }
        if letters.count - paired > k { return false }
        return prefix || length - paired <= k
    }

    /// `false` when ASCII `b` is surely more than `k` edits from a word of `count`
    /// characters whose letters are `letters` (with `prefix`, from every prefix of `b`):
    /// an edit takes at most one character of the word out and brings at most one in
    /// (a swap neither), so at most `k` of the word's distinct letters are missing from
    /// `b` (from its first `count + k` bytes, which hold every prefix within `k`), and
    /// for a whole match at most `k` of `b`'s are missing from the word. Weaker than
    /// ``mayBeWithin(_:of:_:prefix:scratch:)`` (sets, not counts) at a few operations a
    /// byte, where the distance costs a few dozen: nine in ten tokens compared with a
    /// typo term are not within its distance.
    static func mayShareLetters(_ k: Int, of letters: ByteSet, count: Int, _ b: ArraySlice<UInt8>, prefix: Bool) -> Bool {
        let end = prefix ? b.startIndex + min(b.count, count + k) : b.endIndex
        var found = ByteSet()
        for index in b.startIndex ..< end { found.insert(b[index]) }
        if letters.lacksMoreThan(k, in: found) { return false }
        return prefix || !found.lacksMoreThan(k, in: letters)
    }

    /// Whether `b` may be within `k` edits of `a` (or, with a prefix, have a prefix
    /// within `k` edits of it), from the first `k + 1` characters of each, ASCII bytes
    /// in `b` (both have at least `k + 1`): `false` rules it out, in a few comparisons.
    ///
    /// Some character among `a`'s first `k + 1` survives the edits (matched or moved by
    /// a swap): removing or replacing all of them would take `k + 1` edits. Take the
    /// first that survives, `a[i]`: the `i` before it were each deleted or replaced (an
    /// edit each), so at most `k - i` insertions come before it, and it lands at
    /// `b[j]` with `j ≤ i + (k - i) = k` (in a swap, `a[i]` moves one place right, and
    /// the swap is one of the `k` edits: `j ≤ i + (k - 1 - i) + 1`). So one of `a`'s
    /// first `k + 1` characters equals one of `b`'s. For one edit: `a[0]` or `a[1]`
    /// is `b[0]` or `b[1]`.
    static func startsShareACharacter(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafePointer<UInt8>, k: Int) -> Bool {
        startsShareACharacter(ByteSet(a.prefix(k + 1)), b, k: k)
    }

    /// The same with `a`'s first `k + 1` characters as a set (``HitAnalyzer`` keeps it
    /// per term); with `orHasOther`, also `true` when one of `b`'s first `k + 1` bytes
    /// is not ASCII (the rule does not apply: the caller compares).
    @inline(__always)
    static func startsShareACharacter(_ leading: ByteSet, _ b: UnsafePointer<UInt8>, k: Int, orHasOther: Bool = false) -> Bool {
        for j in 0 ... k {
            let byte = b[j]
            if leading.contains(byte) || (orHasOther && byte >= 0x80) { return true }
        }
        return false
    }

    /// A set of ASCII bytes as bits, for ``HitAnalyzer``'s test of a token's first
    /// bytes (``startsShareACharacter(_:_:k:)`` as a lookup per byte).
    struct ByteSet {
        private var low: UInt64 = 0, high: UInt64 = 0

        init() {}

        /// The ASCII characters among `scalars`.
        init<S: Sequence>(_ scalars: S) where S.Element == UInt32 {
            for scalar in scalars where scalar < 128 { insert(UInt8(scalar)) }
        }

        @inline(__always)
        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
        }

        /// Whether `other` lacks more than `k` of the set's bytes (the lowest `k` are
        /// cleared, then any left: no population count, which is a loop of its own
        /// on the processors the package is built for).
        @inline(__always)
        func lacksMoreThan(_ k: Int, in other: ByteSet) -> Bool {
            var low = self.low & ~other.low, high = self.high & ~other.high
            for _ in 0 ..< k {
                if low != 0 { low &= low &- 1 } else { high &= high &- 1 }
            }
            return low | high != 0
        }

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 128 && ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
        }
    }
}
