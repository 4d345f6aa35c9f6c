import Foundation
import Synchronization

/// The words of the index, sorted, with the number of items holding each: what typo
/// tolerance looks misspelled words up in, and the term statistics ranking breaks
/// ties with.
///
/// **Loading.** The first search that needs the list reads it: from the copy the last
/// process left beside the index (`words.cache`, written when an index closes and after
/// every full read, and used only when it records the generation the full-text file
/// holds), or else from `fts5vocab` over `items_fts`, one pass over the whole term list
/// (170–270 ms at 100k items while a batch is being written, about a second at 1M).
/// That first read is the only time a search waits for the list. The list of an index
/// nothing was written to (full-text generation 0) is read but not kept: there is
/// nothing to keep current, and keeping it would make the first import count every
/// row's words (see ``load(_:stored:)``).
///
/// **Keeping in step.** While the list is loaded, the full-text writer tells it the
/// words of every row it inserts and deletes (``add(_:count:)``), per transaction; when
/// the transaction commits, its changes are merged into the list on the writer's own
/// thread (``committed(generation:)``), so counts stay exact and a search never sorts
/// words. A transaction that rolls back is forgotten.
///
/// **Stale lists.** When the full-text file holds a generation the list does not know
/// (another process wrote, or a transaction began before the list was loaded), a search
/// goes on with the list it has and the list is read again on a background thread
/// (``reloadInBackground()``). So a search may use a slightly stale word list: a word
/// another process wrote a moment ago may not be found *with a typo* (nor count in
/// term statistics) until the reload ends. Exact matches never depend on the list.
///
/// Words of at most ``longestWord`` characters are kept, without Chinese, Japanese or
/// Korean characters (those match by substring, never with typos, and their one- and
/// two-character tokens would be most of the list).
final class Vocabulary: Sendable {
    /// The sorted words as Unicode scalars (UTF-8 byte order, which is scalar order),
    /// with their item counts.
    ///
    /// Stored flat, for the walk of ``Typos``: every word's scalars one after another
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
        /// word after it that shares fewer than `d`: the walk of ``Typos`` skips such
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
        /// with word `i - 1` (``noScalar`` when it has none). The walk of ``Typos`` tries
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

    static let shortestWord = 1
    static let longestWord = 48

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

    private struct State {
        var snapshot: Snapshot?
        /// The full-text generation the list holds every word of.
        var generation: Int64 = -1
        /// The generation this process's full-text writer is committing: readers may
        /// see it stored a moment before ``committed(generation:)`` runs, and must not
        /// take it for another process's write.
        var committing: Int64?
        /// The open transaction's changes; `nil` when it began before any list was
        /// loaded or loading, so that its changes are unknown.
        var open: Delta?
        var inTransaction = false
        /// A full read in progress: the generation its read transaction saw (`nil`
        /// until it saw one), and the commits made meanwhile, whose changes it must add.
        var loading = false
        var loadGeneration: Int64?
        var commitsDuringLoad: [(generation: Int64, delta: Delta?)] = []
        var reloadScheduled = false
        /// Whether the list changed since it was last written to or read from the cache.
        var unsaved = false
    }

    private let state = Mutex(State())
    /// Where the list is kept between processes; `nil`: nowhere.
    let cachePath: String?
    /// Runs a closure on a reader connection of the index (set by ``IndexStore``), for
    /// background reloads.
    private let reader = Mutex<(@Sendable (_ body: (Connection) throws -> Void) throws -> Void)?>(nil)
    private let reloads = DispatchQueue(label: "searchlight.SearchIndex.vocabulary", qos: .utility)
    private let firstLoad = NSLock()
    /// How many times the whole list was read from `items_fts` or the cache (for
    /// ``SearchTrace`` and tests).
    let loads = Atomic<Int>(0)
    /// How many of those reads the cache answered (for tests).
    let cacheReads = Atomic<Int>(0)

    /// A list kept in `cachePath` between processes (`nil`: in memory only).
    init(cachePath: String? = nil) {
        self.cachePath = cachePath
    }

    /// The cache file beside an index's files.
    static func cachePath(in directory: String) -> String {
        directory + "/words.cache"
    }

    /// Waits for a background read scheduled so far (for tests).
    func waitForBackgroundReads() {
        reloads.sync {}
    }

    /// Lets stale lists be read again in the background, on connections from `read`.
    func setReader(_ read: @escaping @Sendable (_ body: (Connection) throws -> Void) throws -> Void) {
        reader.withLock { $0 = read }
    }

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
        // The budget is part of the question: another ``TypoPolicy`` finds other words.
        let key = (prefix ? "p" : "w") + String(maximumEdits) + Self.string(word)
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

    /// Whether a folded token is one the list keeps.
    static func keeps(_ word: [UInt32]) -> Bool {
        guard (shortestWord...longestWord).contains(word.count) else { return false }
        return !word.contains { value in Unicode.Scalar(value).map(SearchText.isCJK) ?? true }
    }

    /// The text of scalars, as UTF-8 (building a `String.UnicodeScalarView` cost about
    /// 5,000 instructions a word, ten times this; a typo plan spells two dozen).
    static func string(_ scalars: [UInt32]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for value in scalars {
            guard let scalar = Unicode.Scalar(value) else { continue }
            UTF8.encode(scalar) { bytes.append($0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The scalars of UTF-8 text.
    static func scalars<S: Sequence>(_ utf8: S) -> [UInt32] where S.Element == UInt8 {
        let bytes = Array(utf8)
        // ASCII (most words) without a String between.
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.map(UInt32.init) }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    // MARK: The full-text writer's changes (on its thread)

    /// A full-text transaction begins; returns whether its rows' words are wanted
    /// (a list is loaded or loading).
    func beginTransaction() -> Bool {
        state.withLock { state in
            state.inTransaction = true
            state.open = state.snapshot != nil || state.loading ? Delta() : nil
            return state.open != nil
        }
    }

    /// Counts the distinct words of a row the open transaction inserts (`count` 1) or
    /// deletes (-1); tokens already folded.
    func add(_ words: RowWords, count: Int32) {
        state.withLock { state in
            guard state.open != nil else { return }
            // Packed words are ASCII and short: every one is kept.
            for word in words.packed { state.open!.packed[word, default: 0] += count }
            for word in words.other where Self.keeps(word) { state.open!.counts[word, default: 0] += count }
        }
    }

    /// The open transaction empties `items_fts`.
    func clear() {
        state.withLock { state in
            guard state.open != nil else { return }
            state.open = Delta(clears: true)
        }
    }

    /// Records that this process's full-text writer is about to commit `generation`.
    func committing(generation: Int64) {
        state.withLock { state in
            if state.snapshot != nil && state.generation == generation - 1 { state.committing = generation }
        }
    }

    /// The open transaction rolled back (or failed to commit): its changes are dropped.
    func rolledBack() {
        state.withLock { state in
            state.committing = nil
            state.open = nil
            state.inTransaction = false
        }
    }

    /// Records that this process committed a full-text write of `generation`, and
    /// merges its changes into the list. The merge runs here, on the full-text writer's
    /// thread, outside the lock: a search never sorts words, it takes the last list.
    func committed(generation: Int64) {
        let work: (base: Snapshot, delta: Delta, version: Int)? = state.withLock { state in
            state.committing = nil
            state.inTransaction = false
            let delta = state.open
            state.open = nil
            if state.loading {
                // The read in progress adds it when it ends, if it did not see it.
                state.commitsDuringLoad.append((generation, delta))
                return nil
            }
            // Without its changes (begun before the list was loaded), or after a commit the
            // list missed, the list stays behind and the next search reloads it.
            guard let snapshot = state.snapshot, let delta, state.generation == generation - 1 else { return nil }
            state.generation = generation
            guard delta.clears || !delta.isEmpty else { return nil }
            state.unsaved = true
            return (snapshot, delta, version.load(ordering: .acquiring))
        }
        guard let work else { return }
        let merged = Self.merge(work.base, work.delta)
        state.withLock { state in
            // Replaced meanwhile by a read that began after this commit: it holds these words.
            guard version.load(ordering: .acquiring) == work.version else { return }
            state.snapshot = merged
            version.add(1, ordering: .releasing)
        }
    }

    // MARK: Searches

    /// The current words for a search on `connection` (a reader with `fulltext`
    /// attached). The first call reads them (from the cache or the index) and waits for
    /// that; later calls never wait: a list that another process's writes made stale is
    /// returned as it is while a background read replaces it.
    func snapshot(_ connection: Connection) throws -> Snapshot {
        let stored = try Self.storedGeneration(connection)
        let current: Snapshot? = state.withLock { state in
            guard let snapshot = state.snapshot else { return nil }
            if stored > max(state.generation, state.committing ?? -1) && !state.loading && !state.reloadScheduled {
                state.reloadScheduled = true
                reloads.async { [self] in reloadInBackground() }
            }
            return snapshot
        }
        if let current { return current }
        return try firstRead(connection, stored: stored)
    }

    /// The first read of the list, one at a time: a caller that waited for another's
    /// takes its list. Callers hold a reader connection when they take the lock, so a
    /// search waiting here never keeps a reader from the read it waits for.
    private func firstRead(_ connection: Connection, stored: Int64?) throws -> Snapshot {
        firstLoad.lock()
        defer { firstLoad.unlock() }
        if let loaded = state.withLock({ $0.snapshot }) { return loaded }
        return try load(connection, stored: stored)
    }

    /// Starts reading the list in the background when none is loaded, loading or
    /// scheduled: idle maintenance calls this, so that the first search after an app's
    /// first import into a new index (whose list is not kept while it is written) does
    /// not read the whole list while the user waits (6.5 s at 1M items). A search that
    /// comes during the read waits for it instead of making a second one.
    func loadInBackgroundIfAbsent() {
        let starts = state.withLock { state in
            guard state.snapshot == nil, !state.loading, !state.reloadScheduled else { return false }
            state.reloadScheduled = true
            return true
        }
        if starts { reloads.async { [self] in readInBackground { _ = try firstRead($0, stored: nil) } } }
    }

    /// Whether a list is loaded (for tests).
    var isLoaded: Bool { state.withLock { $0.snapshot != nil } }

    /// Reads the whole list again on a reader connection of the index.
    private func reloadInBackground() {
        readInBackground { _ = try load($0, stored: nil) }
    }

    /// Runs a scheduled background read (on ``reloads``) on a reader connection.
    private func readInBackground(_ body: (Connection) throws -> Void) {
        defer { state.withLock { $0.reloadScheduled = false } }
        guard let read = reader.withLock({ $0 }) else { return }
        try? read(body)
    }

    /// Reads the list (from the cache when it holds the stored generation, else from
    /// `items_fts`), adds the changes of the commits made meanwhile that the read did
    /// not see, and installs it.
    private func load(_ connection: Connection, stored known: Int64?) throws -> Snapshot {
        // Collect the commits from here on; the read's own snapshot of the files is taken
        // by its first statement, after this (in the background) or before (a search's,
        // whose commits in between the chain below leaves out, to be read again later).
        state.withLock { state in
            state.loading = true
            state.loadGeneration = nil
            state.commitsDuringLoad = []
        }
        loads.add(1, ordering: .relaxed)
        let loaded: Snapshot
        let stored: Int64
        var fromCache = false
        do {
            stored = try known ?? Self.storedGeneration(connection)
            if let cached = readCache(generation: stored) {
                loaded = cached
                fromCache = true
                cacheReads.add(1, ordering: .relaxed)
            } else {
                loaded = try Self.readIndex(connection)
            }
        } catch {
            state.withLock { $0.loading = false }
            throw error
        }
        let result: Snapshot? = state.withLock { state in
            var list = loaded
            var generation = stored
            for commit in state.commitsDuringLoad where commit.generation > generation {
                // A gap or a commit whose changes are unknown: the list stays behind there.
                guard commit.generation == generation + 1, let delta = commit.delta else { break }
                list = Self.merge(list, delta)
                generation = commit.generation
            }
            state.commitsDuringLoad = []
            state.loading = false
            // An index nothing was ever written to has no words to keep current: its
            // list is not kept, so that its first import does not count every row's
            // words (which made it about 0.6× as fast). The list is read once that
            // import's writes go idle, as for a new index, and a search before then
            // reads the empty list again, at no cost.
            guard generation > 0 else { return nil }
            state.snapshot = list
            state.generation = generation
            state.unsaved = !fromCache || generation != stored
            version.add(1, ordering: .releasing)
            return list
        }
        guard let result else { return loaded }
        if !fromCache { reloads.async { [self] in saveCache() } }
        return result
    }

    // MARK: The cache file

    /// Writes the list to ``cachePath`` when it is complete for a known generation and
    /// not written yet (at close, and after a full read). The file is replaced whole.
    func saveCache() {
        guard let cachePath else { return }
        let work: (Snapshot, Int64)? = state.withLock { state in
            guard let snapshot = state.snapshot, state.unsaved, !state.loading, !state.inTransaction,
                  state.committing == nil, state.generation > 0 else { return nil }
            state.unsaved = false
            return (snapshot, state.generation)
        }
        guard let (snapshot, generation) = work else { return }
        let bytes = WordListFile.bytes(of: snapshot, generation: generation)
        let temporary = cachePath + ".new"
        do {
            try DataDirectory.writePrivateFile(temporary, bytes: bytes)
            if rename(temporary, cachePath) != 0 { unlink(temporary) }
        } catch {
            // Only a cost for the next process's first search.
            state.withLock { $0.unsaved = true }
        }
    }

    /// Removes the cache file (its generation may come to name other words).
    func removeCache() {
        if let cachePath { unlink(cachePath) }
    }

    /// The cached list if the cache file records `generation` and reads back whole.
    private func readCache(generation: Int64) -> Snapshot? {
        guard let cachePath, let data = FileManager.default.contents(atPath: cachePath) else { return nil }
        return data.withUnsafeBytes { WordListFile.snapshot(from: $0, generation: generation) }
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
    private static func readIndex(_ connection: Connection) throws -> Snapshot {
        let statement = try connection.prepare("SELECT term, doc FROM temp.items_fts_words")
        var snapshot = Snapshot()
        while try statement.step() {
            guard let term = statement.text(0) else { continue }
            let word = term.unicodeScalars.map(\.value)
            guard keeps(word) else { continue }
            snapshot.append(word, count: Int32(clamping: statement.int64(1)))
        }
        return snapshot
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
