/// The optimal string alignment distance (insertions, deletions, substitutions and
/// swaps of neighbours), of a word against a token: bit-parallel for ASCII words of at
/// most 64 characters (``Pattern``), else the table.
extension Typos {
    /// A query word prepared for ``distances(_:_:)``: for each ASCII character, the
    /// positions it holds in the word as bits (none for the bytes of other characters).
    /// `nil` for a word longer than 64 or with a character that is not ASCII.
    struct Pattern {
        let masks: [UInt64]
        let length: Int

        init?(_ word: [UInt32]) {
            guard !word.isEmpty, word.count <= 64, word.allSatisfy({ $0 < 128 }) else { return nil }
            var masks = [UInt64](repeating: 0, count: 256)
            for (index, scalar) in word.enumerated() { masks[Int(scalar)] |= 1 << UInt64(index) }
            self.masks = masks
            length = word.count
        }
    }

    /// The distances ``distance(_:_:limit:prefix:)`` gives, without a limit, between
    /// the pattern's word and UTF-8 `b` (`complete`) and the nearest prefix of `b`
    /// (`prefix`), in one pass over `b` with the table's column as bits (Hyyrö's
    /// bit-vector form of the optimal string alignment distance, 2003): a few word
    /// operations per character of `b` instead of a row of the table, and no allocation.
    /// A character of `b` that is not ASCII counts as one that equals none of the
    /// pattern's (its continuation bytes are skipped).
    static func distances(_ pattern: Pattern, _ b: ArraySlice<UInt8>) -> (complete: Int, prefix: Int) {
        let top: UInt64 = 1 << UInt64(pattern.length - 1)
        var vp: UInt64 = ~0, vn: UInt64 = 0, d0: UInt64 = 0, previousMatch: UInt64 = 0
        var score = pattern.length, nearest = pattern.length
        pattern.masks.withUnsafeBufferPointer { masks in
            b.withUnsafeBufferPointer { b in
                for byte in b where byte & 0xC0 != 0x80 {
                    let match = masks[Int(byte)]
                    // A swap: the diagonal two steps back was free and the characters cross.
                    let swap = ((~d0 & match) << 1) & previousMatch
                    d0 = (((match & vp) &+ vp) ^ vp) | match | vn | swap
                    var hp = vn | ~(d0 | vp)
                    var hn = d0 & vp
                    if hp & top != 0 { score += 1 } else if hn & top != 0 { score -= 1 }
                    nearest = min(nearest, score)
                    // Row 0 of the table grows by one per character of b.
                    hp = (hp << 1) | 1
                    hn = hn << 1
                    vp = hn | ~(d0 | hp)
                    vn = hp & d0
                    previousMatch = match
                }
            }
        }
        return (score, nearest)
    }

    /// The optimal string alignment distance between `a` and `b` if it is at most
    /// `limit`, else `nil`; with `prefix`, the smallest distance between `a` and any
    /// prefix of `b`.
    static func distance<A: Collection, B: Collection>(_ a: A, _ b: B, limit: Int, prefix: Bool = false) -> Int?
    where A.Element == UInt32, B.Element == UInt32 {
        let a = Array(a), b = Array(b)
        let n = a.count
        guard n > 0 else { return prefix || b.isEmpty ? 0 : (b.count <= limit ? b.count : nil) }
        if !prefix && abs(n - b.count) > limit { return nil }
        if prefix && b.count < n - limit { return nil }
        var before = [Int](repeating: 0, count: n + 1)
        var previous = Array(0...n)
        var row = [Int](repeating: 0, count: n + 1)
        var best = prefix ? previous[n] : Int.max
        for i in 0 ..< b.count {
            row[0] = i + 1
            var smallest = row[0]
            for j in 1...n {
                var value = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[j - 1] == b[i] ? 0 : 1))
                if i >= 1 && j >= 2 && a[j - 1] == b[i - 1] && a[j - 2] == b[i] { value = min(value, before[j - 2] + 1) }
                row[j] = value
                smallest = min(smallest, value)
            }
            if prefix { best = min(best, row[n]) }
            swap(&before, &previous)
            swap(&previous, &row)
            // previous is now this row, before the last one.
            if smallest > limit && before.min()! + 1 > limit { break }
        }
        let result = prefix ? best : previous[n]
        return result <= limit ? result : nil
    }
}
