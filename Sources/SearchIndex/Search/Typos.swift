import Foundation

/// Typo tolerance as SPEC §5 defines it (which terms, how many edits: ``TypoPolicy``):
/// an edit is an insertion, a deletion, a substitution or a swap of two neighbouring
/// characters (the optimal string alignment distance). The word being typed (the last,
/// a prefix) matches an indexed word when it is within that distance of one of the
/// word's prefixes.
///
/// Misspellings are looked up in the index's sorted word list (``Vocabulary``) by
/// walking it as a trie: the list is sorted, so words sharing a prefix are
/// neighbours, and one row of the edit-distance table per character of the prefix is
/// shared by all of them (the rows are a Levenshtein automaton's states; only the
/// cells within the distance of the diagonal are computed). When no cell
/// of the last rows is within the distance, no word with that prefix can match and the
/// walk jumps past them all (to the first word that shares less of its start with the
/// word before, ``Vocabulary/Snapshot/shared``). A 7-letter word visits a few thousand
/// prefixes of a 100k-word list, not the list.
enum Typos {
    /// How many alternatives one query word may expand to: the FTS query ORs them.
    static let maximumAlternatives = 24

    /// The most word occurrences a prefix alternative may stand for. The typed text
    /// with a letter deleted (`inte` for `inter`) starts hundreds of unrelated words,
    /// and FTS5 merges every one of their lists: `staying inter` took 26 ms at 100k
    /// items with such prefixes, which are rarely the word meant.
    static let maximumPrefixPostings = 2_000

    /// One alternative of a query word: a listed word (or, for the prefix, a prefix of
    /// listed words) and its distance.
    struct Alternative: Hashable {
        var word: [UInt32]
        var distance: Int
        var count: Int
        /// For the prefix term: a whole word rather than a prefix of words.
        var isWord = false
    }

    /// The listed words within `maximumEdits` of `query` (complete), or the shortest
    /// prefixes of listed words within it (`prefix`), nearest and most frequent first;
    /// `query` itself is not among them.
    static func alternatives(of query: [UInt32], prefix: Bool, maximumEdits k: Int, in vocabulary: Vocabulary.Snapshot) -> [Alternative] {
        Array(ranked(everyAlternative(of: query, prefix: prefix, maximumEdits: k, in: vocabulary), of: query, prefix: prefix)
            .prefix(maximumAlternatives))
    }

    /// What the walk finds, unsorted and not cut to ``maximumAlternatives``.
    static func everyAlternative(of query: [UInt32], prefix: Bool, maximumEdits k: Int, in vocabulary: Vocabulary.Snapshot) -> [Alternative] {
        guard k > 0, !query.isEmpty else { return [] }
        var found: [Alternative] = []
        // Row d (the distances of query against the word's first d scalars) is
        // rows[d*width ..< (d+1)*width].
        // Then, per depth, what ``walk`` keeps of the characters that may follow it.
        let depths = Vocabulary.longestWord + 2
        var rows = [Int](repeating: 0, count: depths * (query.count + 1) + depths * (1 + liveWidth(k: k)))
        // The path's scalars (it is at most one longer than the longest word).
        var path = [UInt32](repeating: 0, count: Vocabulary.longestWord + 2)
        query.withUnsafeBufferPointer { query in
            vocabulary.scalars.withUnsafeBufferPointer { scalars in
                vocabulary.starts.withUnsafeBufferPointer { starts in
                    vocabulary.shared.withUnsafeBufferPointer { shared in
                        vocabulary.following.withUnsafeBufferPointer { following in
                            vocabulary.blockLeast.withUnsafeBufferPointer { blocks in
                                vocabulary.regionLeast.withUnsafeBufferPointer { regions in
                                    rows.withUnsafeMutableBufferPointer { rows in
                                        path.withUnsafeMutableBufferPointer { path in
                                            walk(query, prefix: prefix, k: k, vocabulary: vocabulary, scalars: scalars, starts: starts,
                                                 shared: shared, following: following, blocks: blocks, regions: regions,
                                                 rows: rows.baseAddress!, path: path.baseAddress!, found: &found)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return found
    }

    /// Alternatives nearest first, then the likelier shape, then the more frequent.
    static func ranked(_ found: [Alternative], of query: [UInt32], prefix: Bool) -> [Alternative] {
        // The letters' part of the closeness once per alternative, not per comparison.
        var keyed = found.map { ($0, shapeCloseness(of: query, to: $0.word, prefix: prefix)) }
        keyed.sort { x, y in
            let (a, b) = (x.0, y.0)
            if a.distance != b.distance { return a.distance < b.distance }
            if x.1 != y.1 { return x.1 > y.1 }
            if a.count != b.count { return a.count > b.count }
            return a.word.lexicographicallyPrecedes(b.word)
        }
        return keyed.map(\.0)
    }

    /// Room per depth for the characters ``walk`` finds may follow a prefix without
    /// the rows leaving the distance: one per cell of the band, and one per cell for
    /// a swap.
    private static func liveWidth(k: Int) -> Int { 2 * (2 * k + 2) }

    /// The walk of ``alternatives(of:prefix:maximumEdits:in:)`` over the flat list. The
    /// path (the prefix whose rows are computed) is always a prefix of the word before
    /// the one being visited, so it is kept as a length and a copy of its scalars: the
    /// word shares with it what it shares with the word before
    /// (``Vocabulary/Snapshot/shared``), its next scalar is
    /// ``Vocabulary/Snapshot/following``, and where the words under a prefix end is
    /// found from those counts too. The word's own offsets and scalars are read only
    /// when the path grows past that scalar.
    private static func walk(_ query: UnsafeBufferPointer<UInt32>, prefix: Bool, k: Int, vocabulary: Vocabulary.Snapshot,
                             scalars: UnsafeBufferPointer<UInt32>, starts: UnsafeBufferPointer<Int>,
                             shared: UnsafeBufferPointer<UInt8>, following: UnsafeBufferPointer<UInt32>,
                             blocks: UnsafeBufferPointer<UInt8>, regions: UnsafeBufferPointer<UInt8>,
                             rows: UnsafeMutablePointer<Int>, path: UnsafeMutablePointer<UInt32>, found: inout [Alternative]) {
        let n = query.count
        let width = n + 1
        let total = starts.count - 1
        for j in 0 ... n { rows[j] = j }
        var pathLength = 0
        // A prefix of `d` characters whose row has no cell below `k` in the next row's
        // band (nor cell 0) can be followed, within the distance, only by a character
        // that matches the query where the row holds `k` (a diagonal within it) or that
        // completes a swap from the row before: after any other, every cell of the next
        // row is past the distance and the walk prunes there. So those few characters
        // are found once per prefix, and a word whose next character is none of them is
        // pruned without computing its row: most words the walk tries are. For row `d`,
        // `liveCounts[d]` is how many there are, in `live[d * liveStride...]`; -1 when
        // not found yet (reset whenever row `d` is computed again), -2 when some cell is
        // below `k` (no character is pruned so).
        let depths = Vocabulary.longestWord + 2
        let liveStride = liveWidth(k: k)
        let liveCounts = rows + depths * width, live = liveCounts + depths
        for d in 0 ..< depths { liveCounts[d] = -1 }
        // Finds the characters that may follow the prefix of `d` characters (see above).
        func liveCount(_ d: Int) -> Int {
            if liveCounts[d] != -1 { return liveCounts[d] }
            let row = rows + d * width
            let low = max(1, d - k), high = min(n, d + 1 + k)
            var count = row[0] < k ? -2 : 0
            var j = low
            while count >= 0 && j <= high {
                if row[j] < k { count = -2 }
                j += 1
            }
            if count == 0 {
                let characters = live + d * liveStride
                for j in low ... high where row[j - 1] <= k {
                    characters[count] = Int(query[j - 1])
                    count += 1
                }
                if d >= 1 {
                    let before = path[d - 1], rowBefore = row - width
                    for j in max(2, low) ... max(2, high) where j <= high && query[j - 1] == before && rowBefore[j - 2] + 1 <= k {
                        characters[count] = Int(query[j - 2])
                        count += 1
                    }
                }
            }
            liveCounts[d] = count
            return count
        }
        // The walk goes no deeper than `Vocabulary.longestWord + 1` scalars, far below
        // `Vocabulary.Snapshot.maximumShared`.
        func end(_ length: Int, from index: Int) -> Int {
            Vocabulary.Snapshot.end(sharing: length, from: index, shared: shared, blocks: blocks, regions: regions)
        }
        let noScalar = Vocabulary.Snapshot.noScalar
        var index = 0
        while index < total {
            let common = min(pathLength, Int(shared[index]))
            // The word's offset and length, read once the path grows past `following`.
            var start = 0, length = 0, read = false
            @inline(__always) func readWord() {
                guard !read else { return }
                start = starts[index]
                length = starts[index + 1] - start
                read = true
            }
            var next = following[index]
            if common < Int(shared[index]) {
                // The path is shorter than what the word shares with the one before
                // (not after a walk as above; kept for any order of visits).
                readWord()
                next = scalars[start + common]
            }
            var skip: Int?
            var depth = common
            var smallest = 0, previousSmallest = 0
            while next != noScalar {
                let character = next
                path[depth] = character
                if depth >= k {
                    let count = liveCount(depth)
                    if count >= 0 {
                        let characters = live + depth * liveStride
                        var alive = false
                        for c in 0 ..< count where characters[c] == Int(character) {
                            alive = true
                            break
                        }
                        if !alive {
                            depth += 1
                            skip = end(depth, from: index)
                            break
                        }
                    }
                }
                liveCounts[depth + 1] = -1
                let before = depth >= 1 ? path[depth - 1] : 0
                let previous = rows + depth * width, row = previous + width
                row[0] = depth &+ 1
                smallest = row[0]
                previousSmallest = previous[0]
                // Only the band of cells within `k` of the diagonal can be within the
                // distance (cell j of the row for `depth + 1` characters is at least
                // `|depth + 1 - j|`), so only it is computed, from the previous row's
                // band (one cell further left, for `previousSmallest`); the cells just
                // outside hold `k + 1`, which stands for every value past the distance.
                // Values within the distance come out exact, the others past it: the
                // same walk at a fraction of the cells for a long word (5–6 of 12).
                let low = max(1, depth - k), high = min(n, depth + 1 + k)
                if low > 1 { row[low - 1] = k + 1 }
                var j = low
                while j <= high {
                    let above = previous[j]
                    previousSmallest = min(previousSmallest, above)
                    let q = query[j - 1]
                    var value = min(above &+ 1, row[j - 1] &+ 1, previous[j - 1] &+ (q == character ? 0 : 1))
                    if depth >= 1 && j >= 2 && q == before && query[j - 2] == character {
                        value = min(value, previous[j - 2 - width] &+ 1)
                    }
                    row[j] = value
                    smallest = min(smallest, value)
                    j &+= 1
                }
                if high < n { row[high + 1] = k + 1 }
                depth += 1
                let last = n <= depth + k ? row[n] : k + 1
                if prefix && last <= k {
                    // Every word under this prefix matches. Too broad a prefix is not
                    // taken: the walk goes on to the longer prefixes under it.
                    let stop = end(depth, from: index)
                    let postings = vocabulary.postings(index ..< stop)
                    let typed = last == 0 && depth == n  // the exact prefix, searched anyway
                    if typed || postings <= maximumPrefixPostings || depth >= n + k {
                        if !typed { found.append(Alternative(word: Array(UnsafeBufferPointer(start: path, count: depth)), distance: last, count: postings)) }
                        skip = stop
                        break
                    }
                    // A listed word ending here is still one alternative (`engine` for
                    // `enginee`), as a whole word.
                    readWord()
                    if depth == length {
                        found.append(Alternative(word: Array(UnsafeBufferPointer(start: path, count: depth)), distance: last,
                                                 count: Int(vocabulary.counts[index]), isWord: true))
                    }
                }
                // A swap reads the row before this one: prune only when neither can lead
                // back within the distance.
                if (smallest > k && previousSmallest + 1 > k) || depth > n + k || depth > Vocabulary.longestWord {
                    skip = end(depth, from: index)
                    break
                }
                readWord()
                next = depth < length ? scalars[start + depth] : noScalar
            }
            pathLength = depth
            if let skip {
                index = max(skip, index + 1)
                continue
            }
            // The word ended (its scalars were read, or it has none past the word before).
            readWord()
            let last = n <= length + k && length <= n + k ? rows[length * width + n] : k + 1
            if !prefix, length == depth, last <= k, last > 0 {
                found.append(Alternative(word: Array(UnsafeBufferPointer(start: path, count: length)), distance: last, count: Int(vocabulary.counts[index])))
            }
            index += 1
        }
    }

    /// How likely `word`, matched by `query` with typos, is the word meant, from 0 to
    /// below 1, for words within the same distance: a word with the query's first
    /// letter, or one neighbour swap away (the commonest slips), counts as closer; then
    /// the more items hold the word, the likelier (log scale). With `prefix`, `word`'s
    /// start is compared.
    static func closeness(of query: [UInt32], to word: [UInt32], prefix: Bool, count: Int, itemCount: Int) -> Double {
        var score = shapeCloseness(of: query, to: word, prefix: prefix)
        if count > 0 && itemCount > 0 {
            score += 0.499 * min(1, log(1 + Double(count)) / log(1 + Double(itemCount)))
        }
        return score
    }

    /// The part of ``closeness(of:to:prefix:count:itemCount:)`` that the letters
    /// decide: 0.25 for the same first letter, 0.25 for a swap of two neighbours.
    static func shapeCloseness(of query: [UInt32], to word: [UInt32], prefix: Bool) -> Double {
        let compared = prefix ? word.prefix(query.count) : word[...]
        var score = query.first == compared.first ? 0.25 : 0
        if query.count == compared.count, query.count >= 2 {
            // The first two places where they differ, if they differ in two only.
            var differences = 0, first = 0, second = 0
            for (offset, (a, b)) in zip(query, compared).enumerated() where a != b {
                differences += 1
                if differences == 1 { first = offset } else if differences == 2 { second = offset } else { break }
            }
            if differences == 2, second == first + 1,
               query[first] == compared[compared.startIndex + second],
               query[second] == compared[compared.startIndex + first] {
                score += 0.25
            }
        }
        return score
    }

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
