import Foundation

extension Vocabulary {
    /// The sorted words as Unicode scalars (UTF-8 byte order, which is scalar order),
    /// with their item counts.
    ///
    /// Stored flat, for the walk of ``TypoWalk``: every word's scalars one after another
    /// in one buffer, word `i` at `scalars[starts[i] ..< starts[i + 1]]`, and the running
    /// sum of the counts, so that the postings of a run of words are one subtraction.
    /// One array per word cost a heap object (and a pointer chase on every visit) per
    /// word, and merging a commit retained and released them all.
    struct Snapshot: Sendable, Equatable {
        private(set) var scalars: [UInt32] = []
        private(set) var starts: [Int] = [0]
        private(set) var counts: [Int32] = []
        /// `cumulative[i]`: the counts of words `0 ..< i` summed.
        private(set) var cumulative: [Int] = [0]
        /// `shared[i]`: how many scalars word `i` starts with that word `i - 1` starts
        /// with too (0 for the first word; at most 255, see ``maximumShared``). The
        /// words starting with word `i`'s first `d` scalars run from `i` to the first
        /// word after it that shares fewer than `d`: the walk of ``TypoWalk`` skips such
        /// runs all the time, and finding their end here reads one byte a word (whole
        /// blocks are passed at once), where a galloping search compared the scalars of
        /// words spread over the list: a profile put three quarters of the walk's time
        /// there.
        private(set) var shared: [UInt8] = []
        /// The least of `shared` over each block of ``blockSize`` words, and over each
        /// region of ``regionSize``: a skip passes a block or a region whose least is at
        /// least `d` without reading it.
        private(set) var blockLeast: [UInt8] = []
        private(set) var regionLeast: [UInt8] = []
        /// `following[i]`: word `i`'s scalar at `shared[i]`, the first it does not share
        /// with word `i - 1` (``noScalar`` when it has none). The walk of ``TypoWalk`` tries
        /// the next word after a prefix it ruled out from `shared` and this alone, and
        /// reads the word's offsets and scalars only when the prefix one scalar longer
        /// stays within the distance. Without it, the stalls on memory of the galloping
        /// search moved to reading the next word's offset and scalar, and the walk took
        /// as long as before; with both (5 bytes a word), the alternatives of the bench's
        /// typo queries take 0.31 ms where they took 0.47 (100k items, means of 109).
        private(set) var following: [UInt32] = []
        static let noScalar = UInt32.max
        static let blockSize = 64
        static let regionSize = 64 * 64
        static let maximumShared = Int(UInt8.max)

        init() {}

        /// A list of sorted words (for tests and benchmarks).
        init<S: Sequence>(words: S) where S.Element == (word: [UInt32], count: Int32) {
            for (word, count) in words { append(word, count: count) }
        }

        var wordCount: Int { counts.count }

        /// Word `index`'s scalars.
        func word(_ index: Int) -> ArraySlice<UInt32> {
            scalars[starts[index] ..< starts[index + 1]]
        }

        /// Every word, one array each (for tests).
        var words: [[UInt32]] { (0 ..< wordCount).map { Array(word($0)) } }

        /// Adds a word after the last (the caller keeps the order).
        mutating func append<C: Collection>(_ word: C, count: Int32) where C.Element == UInt32 {
            // What it shares with the last word, and its scalar after that, in one pass.
            var common = 0, next = Self.noScalar
            let index = counts.count
            let first = starts[index], length = index > 0 ? first - starts[index - 1] : 0
            scalars.withUnsafeBufferPointer { scalars in
                let previous = scalars.baseAddress.map { $0 + (first - length) }
                for scalar in word {
                    if common < length && previous![common] == scalar {
                        common += 1
                    } else {
                        next = scalar
                        break
                    }
                }
            }
            let value = UInt8(min(common, Self.maximumShared))
            shared.append(value)
            following.append(next)
            if index % Self.blockSize == 0 { blockLeast.append(value) } else if value < blockLeast[blockLeast.count - 1] { blockLeast[blockLeast.count - 1] = value }
            if index % Self.regionSize == 0 { regionLeast.append(value) } else if value < regionLeast[regionLeast.count - 1] { regionLeast[regionLeast.count - 1] = value }
            scalars.append(contentsOf: word)
            starts.append(scalars.count)
            counts.append(count)
            cumulative.append(cumulative[cumulative.count - 1] + Int(count))
        }

        mutating func reserveCapacity(words: Int, scalars total: Int) {
            scalars.reserveCapacity(total)
            starts.reserveCapacity(words + 1)
            counts.reserveCapacity(words)
            cumulative.reserveCapacity(words + 1)
            shared.reserveCapacity(words)
            following.reserveCapacity(words)
        }

        /// The summed item counts of words `range`.
        func postings(_ range: Range<Int>) -> Int {
            cumulative[range.upperBound] - cumulative[range.lowerBound]
        }

        /// The item count of a word, 0 when it is not listed.
        func count(of word: [UInt32]) -> Int {
            let index = lowerBound(word)
            return index < wordCount && compare(index, word) == 0 ? Int(counts[index]) : 0
        }

        /// The summed item counts of the words starting with `prefix`: how many
        /// entries FTS5 merges for it.
        func postings(withPrefix prefix: [UInt32]) -> Int {
            let first = lowerBound(prefix)
            guard first < wordCount, word(first).starts(with: prefix) else { return 0 }
            return postings(first ..< end(ofPrefix: prefix[...], from: first))
        }

        /// The first index whose word is not less than `word`.
        func lowerBound(_ word: [UInt32], from start: Int = 0) -> Int {
            var low = start, high = wordCount
            while low < high {
                let middle = (low + high) / 2
                if compare(middle, word) < 0 { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// Word `index` against `word`: negative when it sorts first, 0 when equal.
        private func compare(_ index: Int, _ word: [UInt32]) -> Int {
            scalars.withUnsafeBufferPointer { scalars in
                word.withUnsafeBufferPointer { word in
                    let first = starts[index], length = starts[index + 1] - first
                    var offset = 0
                    while offset < length && offset < word.count {
                        let a = scalars[first + offset], b = word[offset]
                        if a != b { return a < b ? -1 : 1 }
                        offset += 1
                    }
                    return length - word.count
                }
            }
        }

        /// The first index from `start` whose word does not start with `prefix`
        /// (`word(start)` does).
        func end(ofPrefix prefix: ArraySlice<UInt32>, from start: Int) -> Int {
            guard prefix.count <= Self.maximumShared else {
                var index = start + 1
                while index < wordCount && word(index).starts(with: prefix) { index += 1 }
                return index
            }
            return shared.withUnsafeBufferPointer { shared in
                blockLeast.withUnsafeBufferPointer { blocks in
                    regionLeast.withUnsafeBufferPointer { regions in
                        Self.end(sharing: prefix.count, from: start, shared: shared, blocks: blocks, regions: regions)
                    }
                }
            }
        }

        /// ``end(ofPrefix:from:)`` on the buffers of ``shared``, ``blockLeast`` and
        /// ``regionLeast``, for the walk's inner loop: the first index after `start`
        /// whose word shares fewer than `length` scalars with the word before it (at
        /// most ``maximumShared``), or the word count.
        @inline(__always)
        static func end(sharing length: Int, from start: Int, shared: UnsafeBufferPointer<UInt8>,
                        blocks: UnsafeBufferPointer<UInt8>, regions: UnsafeBufferPointer<UInt8>) -> Int {
            let total = shared.count
            var index = start + 1
            // To the end of start's block, then block by block.
            while index < total && index % blockSize != 0 {
                if Int(shared[index]) < length { return index }
                index += 1
            }
            while index < total {
                if index % regionSize == 0 && Int(regions[index / regionSize]) >= length {
                    index += regionSize
                } else if Int(blocks[index / blockSize]) >= length {
                    index += blockSize
                } else {
                    while Int(shared[index]) >= length { index += 1 }
                    return index
                }
            }
            return total
        }
    }

    /// `snapshot` with a transaction's changes (counts summed; words no item holds any
    /// more left out), still sorted.
    static func merge(_ snapshot: Snapshot, _ delta: Delta) -> Snapshot {
        let base = delta.clears ? Snapshot() : snapshot
        guard !delta.isEmpty else { return base }
        // Both kinds of words in one order (a word is packed whenever it can be, so
        // none is in both).
        let packed = delta.packed.sorted { $0.key < $1.key }.map { (key: $0.key.scalars, value: $0.value) }
        let others = delta.counts.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var added: [(key: [UInt32], value: Int32)] = []
        added.reserveCapacity(packed.count + others.count)
        var p = 0, o = 0
        while p < packed.count || o < others.count {
            if o == others.count || (p < packed.count && packed[p].key.lexicographicallyPrecedes(others[o].key)) {
                added.append(packed[p])
                p += 1
            } else {
                added.append(others[o])
                o += 1
            }
        }
        var result = Snapshot()
        result.reserveCapacity(words: base.wordCount + added.count, scalars: base.scalars.count + added.reduce(0) { $0 + $1.key.count })
        func append<C: Collection>(_ word: C, _ count: Int32) where C.Element == UInt32 {
            guard count > 0 else { return }
            result.append(word, count: count)
        }
        var i = 0, j = 0
        while i < base.wordCount || j < added.count {
            if j == added.count || (i < base.wordCount && base.word(i).lexicographicallyPrecedes(added[j].key)) {
                append(base.word(i), base.counts[i])
                i += 1
            } else if i < base.wordCount && base.word(i).elementsEqual(added[j].key) {
                append(base.word(i), base.counts[i] &+ added[j].value)
                i += 1
                j += 1
            } else {
                append(added[j].key, added[j].value)
                j += 1
            }
        }
        return result
    }
}
