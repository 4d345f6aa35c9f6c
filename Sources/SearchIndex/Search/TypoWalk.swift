import Foundation

/// The trie walk behind ``Typos/everyAlternative(of:prefix:maximumEdits:in:)``: one
/// row of the edit-distance table per character of the path, shared by every word
/// under it, over the flat arrays of a ``Vocabulary/Snapshot``.
///
/// The path (the prefix whose rows are computed) is always a prefix of the word
/// before the one visited, so it is kept as a length and a copy of its scalars: the
/// word shares with it what it shares with the word before
/// (``Vocabulary/Snapshot/shared``), its next scalar is
/// ``Vocabulary/Snapshot/following``, and where the words under a prefix end is
/// found from those counts too. The word's own offsets and scalars are read only
/// when the path grows past that scalar.
///
/// It is the hottest loop of a typo search: it reads everything through pointers,
/// and its small steps are inlined into ``run(into:)``.
struct TypoWalk {
    typealias Alternative = Typos.Alternative

    /// Rows are kept for paths up to one scalar longer than the longest word.
    static let depths = Vocabulary.longestWord + 2

    /// Room per depth for the characters ``liveCount(_:)`` finds: one per cell of the
    /// band, and one per cell for a swap.
    static func liveWidth(k: Int) -> Int { 2 * (2 * k + 2) }

    /// The size of the `rows` buffer a walk of a query of `n` scalars needs: the rows,
    /// then ``liveCount(_:)``'s counts and characters per depth.
    static func rowsCount(query n: Int, k: Int) -> Int { depths * (n + 1) + depths * (1 + liveWidth(k: k)) }

    let query: UnsafeBufferPointer<UInt32>
    let prefix: Bool
    let k: Int
    let vocabulary: Vocabulary.Snapshot
    let scalars: UnsafeBufferPointer<UInt32>, starts: UnsafeBufferPointer<Int>
    let shared: UnsafeBufferPointer<UInt8>, following: UnsafeBufferPointer<UInt32>
    let blocks: UnsafeBufferPointer<UInt8>, regions: UnsafeBufferPointer<UInt8>
    /// Row `d` (the distances of the query against the path's first `d` scalars) is
    /// `rows[d * width ..< (d + 1) * width]`.
    let rows: UnsafeMutablePointer<Int>
    /// The path's scalars.
    let path: UnsafeMutablePointer<UInt32>
    let n: Int, width: Int, liveStride: Int
    /// Per depth, what ``liveCount(_:)`` found: the count, then the characters at
    /// `live + d * liveStride`.
    let liveCounts: UnsafeMutablePointer<Int>, live: UnsafeMutablePointer<Int>

    /// `rows` holds ``rowsCount(query:k:)`` values and `path` ``depths``.
    init(_ query: UnsafeBufferPointer<UInt32>, prefix: Bool, k: Int, vocabulary: Vocabulary.Snapshot,
         scalars: UnsafeBufferPointer<UInt32>, starts: UnsafeBufferPointer<Int>,
         shared: UnsafeBufferPointer<UInt8>, following: UnsafeBufferPointer<UInt32>,
         blocks: UnsafeBufferPointer<UInt8>, regions: UnsafeBufferPointer<UInt8>,
         rows: UnsafeMutablePointer<Int>, path: UnsafeMutablePointer<UInt32>) {
        (self.query, self.prefix, self.k, self.vocabulary) = (query, prefix, k, vocabulary)
        (self.scalars, self.starts, self.shared, self.following) = (scalars, starts, shared, following)
        (self.blocks, self.regions, self.rows, self.path) = (blocks, regions, rows, path)
        n = query.count
        width = n + 1
        liveStride = Self.liveWidth(k: k)
        liveCounts = rows + Self.depths * width
        live = liveCounts + Self.depths
    }

    /// A visited word's offset and length in `scalars`, read only once the path grows
    /// past ``Vocabulary/Snapshot/following``: most words are pruned before.
    struct Word {
        let index: Int
        var start = 0, length = 0, isRead = false
    }

    /// Appends every alternative to `found`.
    func run(into found: inout [Alternative]) {
        for j in 0 ... n { rows[j] = j }
        for d in 0 ..< Self.depths { liveCounts[d] = -1 }
        let total = starts.count - 1
        var index = 0, pathLength = 0
        while index < total {
            index = visit(index, pathLength: &pathLength, into: &found)
        }
    }

    /// Extends the path along word `index` while its rows can stay within the distance;
    /// returns the next word to visit, past every word under a pruned prefix.
    @inline(__always)
    private func visit(_ index: Int, pathLength: inout Int, into found: inout [Alternative]) -> Int {
        var word = Word(index: index)
        let common = min(pathLength, Int(shared[index]))
        var next = following[index]
        if common < Int(shared[index]) {
            // The path is shorter than what the word shares with the one before (not
            // after a visit of ``run(into:)``; kept for any order of visits).
            read(&word)
            next = scalars[word.start + common]
        }
        var depth = common
        while next != Vocabulary.Snapshot.noScalar {
            path[depth] = next
            if depth >= k && !mayFollow(next, depth: depth) {
                pathLength = depth + 1
                return max(end(depth + 1, from: index), index + 1)
            }
            let (smallest, previousSmallest) = computeRow(after: depth, character: next)
            depth += 1
            if prefix, let stop = takePrefix(depth, of: &word, into: &found) {
                pathLength = depth
                return max(stop, index + 1)
            }
            // A swap reads the row before this one: prune only when neither can lead
            // back within the distance.
            if (smallest > k && previousSmallest + 1 > k) || depth > n + k || depth > Vocabulary.longestWord {
                pathLength = depth
                return max(end(depth, from: index), index + 1)
            }
            read(&word)
            next = depth < word.length ? scalars[word.start + depth] : Vocabulary.Snapshot.noScalar
        }
        pathLength = depth
        // The word ended here (its scalars were read, or it has none past the word before).
        if !prefix { takeWord(&word, depth: depth, into: &found) }
        return index + 1
    }

    @inline(__always)
    private func read(_ word: inout Word) {
        guard !word.isRead else { return }
        word.start = starts[word.index]
        word.length = starts[word.index + 1] - word.start
        word.isRead = true
    }

    /// The walk goes no deeper than `Vocabulary.longestWord + 1` scalars, far below
    /// `Vocabulary.Snapshot.maximumShared`.
    @inline(__always)
    private func end(_ length: Int, from index: Int) -> Int {
        Vocabulary.Snapshot.end(sharing: length, from: index, shared: shared, blocks: blocks, regions: regions)
    }

    /// Whether `character` may follow the path's first `depth` scalars without every
    /// cell of the next row leaving the distance (see ``liveCount(_:)``).
    @inline(__always)
    private func mayFollow(_ character: UInt32, depth: Int) -> Bool {
        let count = liveCount(depth)
        guard count >= 0 else { return true }
        let characters = live + depth * liveStride
        for c in 0 ..< count where characters[c] == Int(character) { return true }
        return false
    }

    /// A row of `d` characters with no cell below `k` in the next row's band (nor cell
    /// 0) can be followed within the distance only by a character that matches the
    /// query where the row holds `k` (a diagonal), or that completes a swap from the
    /// row before. Those few are found once per prefix, so most words the walk tries
    /// are pruned without computing a row. Returns how many there are, or -2 when
    /// some cell is below `k` (nothing is pruned so); a count of -1 means not found
    /// yet, and is reset whenever row `d` is computed again.
    @inline(__always)
    private func liveCount(_ d: Int) -> Int {
        liveCounts[d] != -1 ? liveCounts[d] : findLive(d)
    }

    /// Finds and keeps ``liveCount(_:)``'s characters for row `d`: out of line, as it
    /// runs once per row computed and the check above once per step.
    private func findLive(_ d: Int) -> Int {
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

    /// Computes the row of the path's first `depth + 1` scalars (the last `character`)
    /// from the row before; returns the smallest cell of each.
    ///
    /// Only the band within `k` of the diagonal can be within the distance (cell `j`
    /// of row `d` is at least `|d - j|`), so only it is computed; the cells just
    /// outside hold `k + 1`, standing for every value past the distance. Values within
    /// the distance come out exact.
    @inline(__always)
    private func computeRow(after depth: Int, character: UInt32) -> (smallest: Int, previousSmallest: Int) {
        liveCounts[depth + 1] = -1
        let before = depth >= 1 ? path[depth - 1] : 0
        let previous = rows + depth * width, row = previous + width
        row[0] = depth &+ 1
        var smallest = row[0], previousSmallest = previous[0]
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
        return (smallest, previousSmallest)
    }

    /// With `prefix`, once the path's first `depth` scalars are within the distance:
    /// every word under them matches, so they are one alternative and the walk goes
    /// on past those words (the returned index). Too broad a prefix is not taken (nil):
    /// the walk goes on to the longer prefixes under it.
    @inline(__always)
    private func takePrefix(_ depth: Int, of word: inout Word, into found: inout [Alternative]) -> Int? {
        let last = n <= depth + k ? rows[depth * width + n] : k + 1
        guard last <= k else { return nil }
        let stop = end(depth, from: word.index)
        let postings = vocabulary.postings(word.index ..< stop)
        let typed = last == 0 && depth == n  // the exact prefix, searched anyway
        if typed || postings <= Typos.maximumPrefixPostings || depth >= n + k {
            if !typed { found.append(Alternative(word: pathScalars(depth), distance: last, count: postings)) }
            return stop
        }
        // A listed word ending here is still one alternative (`engine` for `enginee`),
        // as a whole word.
        read(&word)
        if depth == word.length {
            found.append(Alternative(word: pathScalars(depth), distance: last, count: Int(vocabulary.counts[word.index]),
                                     isWord: true))
        }
        return nil
    }

    /// Without `prefix`: the word that ended at `depth` is an alternative when within
    /// the distance and not the query itself.
    @inline(__always)
    private func takeWord(_ word: inout Word, depth: Int, into found: inout [Alternative]) {
        read(&word)
        let length = word.length
        let last = n <= length + k && length <= n + k ? rows[length * width + n] : k + 1
        if length == depth, last <= k, last > 0 {
            found.append(Alternative(word: pathScalars(length), distance: last, count: Int(vocabulary.counts[word.index])))
        }
    }

    @inline(__always)
    private func pathScalars(_ count: Int) -> [UInt32] { Array(UnsafeBufferPointer(start: path, count: count)) }
}
