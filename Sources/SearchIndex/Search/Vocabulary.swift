import Foundation
import Synchronization

/// The words of the index, sorted, with the number of items holding each: what typo
/// tolerance looks misspelled words up in, and the term statistics ranking breaks
/// ties with.
///
/// Built on the first search from `fts5vocab` over `items_fts` (one
/// pass over the index's term list: about a second at 100k items, see
/// docs/benchmarks.md), then kept in step with this process's writes: while it is
/// loaded, the full-text writer adds the words of every row it inserts
/// (``add(_:)``). Words of deleted items stay and counts are not lowered: a word that
/// no longer matches costs a typo candidate that finds nothing. A write by another
/// process raises the stored full-text generation past the one recorded here, and
/// the next search rebuilds the list.
///
/// Words of at most ``longestWord`` characters are kept, without Chinese, Japanese or
/// Korean characters (those match by substring, never with typos, and their one- and
/// two-character tokens would be most of the list).
final class Vocabulary: Sendable {
    /// The sorted words as Unicode scalars (UTF-8 byte order, which is scalar order),
    /// with their item counts.
    struct Snapshot: Sendable {
        var words: [[UInt32]] = []
        var counts: [Int32] = []

        /// The item count of a word, 0 when it is not listed.
        func count(of word: [UInt32]) -> Int {
            let index = lowerBound(word)
            return index < words.count && words[index] == word ? Int(counts[index]) : 0
        }

        /// The summed item counts of the words starting with `prefix`: how many
        /// entries FTS5 merges for it.
        func postings(withPrefix prefix: [UInt32]) -> Int {
            let first = lowerBound(prefix)
            guard first < words.count, words[first].starts(with: prefix) else { return 0 }
            let last = end(ofPrefix: prefix[...], from: first)
            var total = 0
            for index in first ..< last { total += Int(counts[index]) }
            return total
        }

        /// The first index whose word is not less than `word`.
        func lowerBound(_ word: [UInt32], from start: Int = 0) -> Int {
            var low = start, high = words.count
            while low < high {
                let middle = (low + high) / 2
                if words[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The first index from `start` whose word does not start with `prefix`
        /// (`words[start]` does): a galloping search, since the walk of ``Typos``
        /// mostly skips short runs of words.
        func end(ofPrefix prefix: ArraySlice<UInt32>, from start: Int) -> Int {
            // Whether a word's first prefix.count scalars are at most the prefix.
            func within(_ index: Int) -> Bool {
                let word = words[index]
                var offset = 0
                var position = prefix.startIndex
                while position < prefix.endIndex {
                    guard offset < word.count else { return true }
                    let a = word[offset], b = prefix[position]
                    if a != b { return a < b }
                    offset += 1
                    position += 1
                }
                return true
            }
            var low = start + 1, step = 1
            var high = low
            while high < words.count && within(high) {
                low = high + 1
                high = low + step
                step *= 2
            }
            high = min(high, words.count)
            while low < high {
                let middle = (low + high) / 2
                if within(middle) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    static let shortestWord = 1
    static let longestWord = 48

    private struct State {
        var snapshot: Snapshot?
        /// Words added since the snapshot was sorted.
        var pending: [[UInt32]: Int32] = [:]
        /// The full-text generation the words are known up to.
        var generation: Int64 = -1
    }

    private let state = Mutex(State())

    /// Typo alternatives already looked up, for the snapshot they were found in: as a
    /// user types, the complete words before the prefix are looked up again with every
    /// keystroke.
    private struct Cached {
        var version = 0
        var alternatives: [String: [Typos.Alternative]] = [:]
    }
    private let cache = Mutex(Cached())
    /// Counts snapshot changes (loads and merges), so that cached alternatives of an
    /// older word list are not used.
    private let version = Atomic<Int>(0)
    static let cachedLookups = 512

    /// ``Typos/alternatives(of:prefix:maximumEdits:in:)`` through a small cache.
    func alternatives(of word: [UInt32], prefix: Bool, maximumEdits: Int, in snapshot: Snapshot) -> [Typos.Alternative] {
        let key = (prefix ? "p" : "w") + String(String.UnicodeScalarView(word.compactMap(Unicode.Scalar.init)))
        let current = version.load(ordering: .acquiring)
        if let known = cache.withLock({ $0.version == current ? $0.alternatives[key] : nil }) { return known }
        let found = Typos.alternatives(of: word, prefix: prefix, maximumEdits: maximumEdits, in: snapshot)
        cache.withLock { cached in
            if cached.version != current || cached.alternatives.count >= Self.cachedLookups {
                cached = Cached(version: current)
            }
            cached.alternatives[key] = found
        }
        return found
    }

    /// Whether the words are loaded or loading (writes need to add theirs only then).
    var isLoaded: Bool { state.withLock { $0.snapshot != nil } }



    /// Whether a folded token is one the list keeps.
    static func keeps(_ word: [UInt32]) -> Bool {
        guard (shortestWord...longestWord).contains(word.count) else { return false }
        return !word.contains { value in Unicode.Scalar(value).map(SearchText.isCJK) ?? true }
    }

    /// The scalars of UTF-8 text.
    static func scalars<S: Sequence>(_ utf8: S) -> [UInt32] where S.Element == UInt8 {
        String(decoding: Array(utf8), as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// Adds the words of a row written by this process (tokens already folded).
    func add(_ words: [[UInt32]]) {
        state.withLock { state in
            guard state.snapshot != nil else { return }
            for word in words where Self.keeps(word) { state.pending[word, default: 0] += 1 }
        }
    }

    /// Records that this process committed a full-text write of `generation`.
    func committed(generation: Int64) {
        state.withLock { state in
            if state.snapshot != nil && state.generation == generation - 1 { state.generation = generation }
        }
    }

    /// The current words, loading or reloading them with `connection` (a reader with
    /// `fulltext` attached) when they are missing or another process wrote since.
    func snapshot(_ connection: Connection) throws -> Snapshot {
        let stored = try Self.storedGeneration(connection)
        let current: Snapshot? = state.withLock { state in
            guard var snapshot = state.snapshot, stored <= state.generation else { return nil }
            if !state.pending.isEmpty {
                snapshot = Self.merge(snapshot, state.pending)
                state.pending = [:]
                state.snapshot = snapshot
                version.add(1, ordering: .releasing)
            }
            return snapshot
        }
        if let current { return current }
        // Start collecting this process's writes before reading, so none falls between.
        state.withLock { state in
            if state.snapshot == nil { state.snapshot = Snapshot() }
        }
        let loaded = try Self.load(connection)
        return state.withLock { state in
            let merged = Self.merge(loaded, state.pending)
            state.pending = [:]
            state.snapshot = merged
            state.generation = max(stored, state.generation)
            version.add(1, ordering: .releasing)
            return merged
        }
    }

    private static func storedGeneration(_ connection: Connection) throws -> Int64 {
        let statement = try connection.cached("SELECT value FROM fulltext.fulltext_state WHERE key = ?")
        statement.bind([.text(Schema.generationKey)])
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : 0
    }

    /// Run on each reader before it turns query-only: the `fts5vocab` table the words
    /// are read from (in `temp`, nothing is stored).
    static let readerStatements = "CREATE VIRTUAL TABLE IF NOT EXISTS temp.items_fts_words USING fts5vocab('fulltext', 'items_fts', 'row')"

    /// Reads every word of `items_fts` with its item count.
    private static func load(_ connection: Connection) throws -> Snapshot {
        let statement = try connection.prepare("SELECT term, doc FROM temp.items_fts_words")
        var snapshot = Snapshot()
        while try statement.step() {
            guard let term = statement.text(0) else { continue }
            let word = term.unicodeScalars.map(\.value)
            guard keeps(word) else { continue }
            snapshot.words.append(word)
            snapshot.counts.append(Int32(clamping: statement.int64(1)))
        }
        return snapshot
    }

    /// `snapshot` with `pending` words added (counts summed), still sorted.
    private static func merge(_ snapshot: Snapshot, _ pending: [[UInt32]: Int32]) -> Snapshot {
        guard !pending.isEmpty else { return snapshot }
        let added = pending.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var result = Snapshot()
        result.words.reserveCapacity(snapshot.words.count + added.count)
        result.counts.reserveCapacity(snapshot.words.count + added.count)
        var i = 0, j = 0
        while i < snapshot.words.count || j < added.count {
            if j == added.count || (i < snapshot.words.count && snapshot.words[i].lexicographicallyPrecedes(added[j].key)) {
                result.words.append(snapshot.words[i])
                result.counts.append(snapshot.counts[i])
                i += 1
            } else if i < snapshot.words.count && snapshot.words[i] == added[j].key {
                result.words.append(snapshot.words[i])
                result.counts.append(snapshot.counts[i] &+ added[j].value)
                i += 1
                j += 1
            } else {
                result.words.append(added[j].key)
                result.counts.append(added[j].value)
                j += 1
            }
        }
        return result
    }
}
