import Foundation

/// The trie walk behind ``Typos/everyAlternative(of:prefix:maximumEdits:in:)``: one
/// row of the edit-distance table per character of the path, shared by every word
/// under it, over the flat arrays of a ``Vocabulary/Snapshot``. It is one function,
/// longer than the rest of the core's, because it is the hottest loop of a typo
/// search: its helpers are local closures over the same pointers.
extension Typos {
    /// Room per depth for the characters ``walk`` finds may follow a prefix without
    /// the rows leaving the distance: one per cell of the band, and one per cell for
    /// a swap.
    static func liveWidth(k: Int) -> Int { 2 * (2 * k + 2) }

    /// The walk of ``alternatives(of:prefix:maximumEdits:in:)`` over the flat list. The
    /// path (the prefix whose rows are computed) is always a prefix of the word before
    /// the one being visited, so it is kept as a length and a copy of its scalars: the
    /// word shares with it what it shares with the word before
    /// (``Vocabulary/Snapshot/shared``), its next scalar is
    /// ``Vocabulary/Snapshot/following``, and where the words under a prefix end is
    /// found from those counts too. The word's own offsets and scalars are read only
    /// when the path grows past that scalar.
    static func walk(_ query: UnsafeBufferPointer<UInt32>, prefix: Bool, k: Int, vocabulary: Vocabulary.Snapshot,
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
}
