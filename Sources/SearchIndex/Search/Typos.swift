/// Typo tolerance as SPEC §5 defines it: a word of 5–8 characters matches with one
/// edit, 9 or more with two, shorter words only exactly; an edit is an insertion, a
/// deletion, a substitution or a swap of two neighbouring characters (the optimal
/// string alignment distance). The word being typed (the last, a prefix) matches an
/// indexed word when it is within that distance of one of the word's prefixes.
///
/// Misspellings are looked up in the index's sorted word list (``Vocabulary``) by
/// walking it as a trie: the list is sorted, so words sharing a prefix are
/// neighbours, and one row of the edit-distance table per character of the prefix is
/// shared by all of them (the rows are a Levenshtein automaton's states). When no cell
/// of the last rows is within the distance, no word with that prefix can match and the
/// walk jumps past them all with a binary search. A 7-letter word visits a few thousand
/// prefixes of a 100k-word list, not the list.
enum Typos {
    /// The edits a word (or prefix) of `length` characters may have.
    static func maximumEdits(length: Int) -> Int {
        length >= 9 ? 2 : (length >= 5 ? 1 : 0)
    }

    /// The edits a query word may have: by its length, and none for a word with a
    /// digit (numbers, codes and versions match exactly: `n1234` must not find
    /// `n1231`) or a Chinese, Japanese or Korean character.
    static func maximumEdits(word: [UInt32]) -> Int {
        guard Vocabulary.keeps(word), word.allSatisfy({ Unicode.Scalar($0)?.properties.isAlphabetic == true }) else { return 0 }
        return maximumEdits(length: word.count)
    }

    /// How many alternatives one query word may expand to: the FTS query ORs them.
    static let maximumAlternatives = 24

    /// The most word occurrences a prefix alternative may stand for. The typed text
    /// with a letter deleted (`inte` for `inter`) starts hundreds of unrelated words,
    /// and FTS5 merges every one of their lists: `staying inter` took 26 ms at 100k
    /// items with such prefixes, which are rarely the word meant.
    static let maximumPrefixPostings = 2_000

    /// One alternative of a query word: a listed word (or, for the prefix, a prefix of
    /// listed words) and its distance.
    struct Alternative: Equatable {
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
        guard k > 0, !query.isEmpty else { return [] }
        let words = vocabulary.words
        let n = query.count
        let width = n + 1
        var found: [Alternative] = []
        // Row d (the distances of query against path[0..<d]) is rows[d*width ..< (d+1)*width].
        var rows = [Int](repeating: 0, count: (Vocabulary.longestWord + 2) * width)
        for j in 0 ... n { rows[j] = j }
        var path: [UInt32] = []
        path.reserveCapacity(Vocabulary.longestWord)
        var index = 0
        while index < words.count {
            let word = words[index]
            var common = 0
            while common < path.count && common < word.count && path[common] == word[common] { common += 1 }
            path.removeSubrange(common...)
            var skip: Int?
            var depth = common
            var smallest = 0, previousSmallest = 0
            while depth < word.count {
                let character = word[depth]
                let previous = depth * width, row = (depth + 1) * width
                rows[row] = depth + 1
                smallest = rows[row]
                previousSmallest = rows[previous]
                for j in 1 ... n {
                    previousSmallest = min(previousSmallest, rows[previous + j])
                    var value = min(rows[previous + j] + 1, rows[row + j - 1] + 1, rows[previous + j - 1] + (query[j - 1] == character ? 0 : 1))
                    if depth >= 1 && j >= 2 && query[j - 1] == path[depth - 1] && query[j - 2] == character {
                        value = min(value, rows[previous - width + j - 2] + 1)
                    }
                    rows[row + j] = value
                    smallest = min(smallest, value)
                }
                path.append(character)
                depth += 1
                let last = rows[row + n]
                if prefix && last <= k {
                    // Every word under this prefix matches. Too broad a prefix is not
                    // taken: the walk goes on to the longer prefixes under it.
                    let end = vocabulary.end(ofPrefix: path[...], from: index)
                    var postings = 0
                    for word in index ..< end { postings += Int(vocabulary.counts[word]) }
                    let typed = last == 0 && depth == n  // the exact prefix, searched anyway
                    if typed || postings <= maximumPrefixPostings || depth >= n + k {
                        if !typed { found.append(Alternative(word: path, distance: last, count: postings)) }
                        skip = end
                        break
                    }
                    // A listed word ending here is still one alternative (`engine` for
                    // `enginee`), as a whole word.
                    if depth == word.count {
                        found.append(Alternative(word: path, distance: last, count: Int(vocabulary.counts[index]), isWord: true))
                    }
                }
                // A swap reads the row before this one: prune only when neither can lead
                // back within the distance.
                if (smallest > k && previousSmallest + 1 > k) || depth > n + k || depth > Vocabulary.longestWord {
                    skip = vocabulary.end(ofPrefix: path[...], from: index)
                    break
                }
            }
            if let skip {
                index = max(skip, index + 1)
                continue
            }
            let last = rows[word.count * width + n]
            if !prefix, word.count == depth, last <= k, last > 0 {
                found.append(Alternative(word: word, distance: last, count: Int(vocabulary.counts[index])))
            }
            index += 1
        }
        found.sort { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            if a.count != b.count { return a.count > b.count }
            return a.word.lexicographicallyPrecedes(b.word)
        }
        return Array(found.prefix(maximumAlternatives))
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

    /// ``distance(_:_:limit:prefix:)`` with a limit of one edit, without a table or an
    /// allocation: past the common start, the rest must be equal after one
    /// substitution, insertion, deletion or swap. With `prefix`, the distance to the
    /// nearest prefix of `b` (only prefixes within one character of `a`'s length can
    /// be). Candidates' words are compared with query words this way (``HitAnalyzer``).
    static func withinOneEdit<B: RandomAccessCollection>(_ a: [UInt32], _ b: B, prefix: Bool) -> Int?
    where B.Index == Int, B.Element: BinaryInteger {
        let n = a.count
        guard n > 0 else { return prefix || b.isEmpty ? 0 : (b.count <= 1 ? b.count : nil) }
        guard prefix else { return oneEdit(a, b, length: b.count) }
        guard b.count >= n - 1 else { return nil }
        var found: Int?
        for length in n - 1 ... min(b.count, n + 1) {
            guard let distance = oneEdit(a, b, length: length) else { continue }
            if distance == 0 { return 0 }
            found = distance
        }
        return found
    }

    /// 0 or 1: the distance between `a` and the first `m` elements of `b` if within one edit.
    private static func oneEdit<B: RandomAccessCollection>(_ a: [UInt32], _ b: B, length m: Int) -> Int?
    where B.Index == Int, B.Element: BinaryInteger {
        let n = a.count, start = b.startIndex
        guard abs(n - m) <= 1 else { return nil }
        var common = 0
        while common < n && common < m && a[common] == UInt32(b[start + common]) { common += 1 }
        if common == n && common == m { return 0 }
        // Whether a[x...] equals b[y..<m].
        func same(_ x: Int, _ y: Int) -> Bool {
            guard n - x == m - y else { return false }
            var p = x, q = y
            while p < n {
                if a[p] != UInt32(b[start + q]) { return false }
                p += 1
                q += 1
            }
            return true
        }
        if same(common + 1, common + 1) || same(common + 1, common) || same(common, common + 1) { return 1 }
        if common + 1 < n && common + 1 < m && a[common] == UInt32(b[start + common + 1]) && a[common + 1] == UInt32(b[start + common])
            && same(common + 2, common + 2) { return 1 }
        return nil
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
