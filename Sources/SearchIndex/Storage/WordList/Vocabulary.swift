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
    static let shortestWord = 1
    static let longestWord = 48

    private let state = Mutex(SyncState())
    /// Where the list is kept between processes; `nil`: nowhere.
    let cacheFile: WordListCacheFile?
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
        cacheFile = cachePath.map(WordListCacheFile.init(path:))
    }

    /// The cache file beside an index's files.
    static func cachePath(in directory: String) -> String {
        WordListCacheFile.path(in: directory)
    }

    /// Waits for a background read scheduled so far (for tests).
    func waitForBackgroundReads() {
        reloads.sync {}
    }

    /// Lets stale lists be read again in the background, on connections from `read`.
    func setReader(_ read: @escaping @Sendable (_ body: (Connection) throws -> Void) throws -> Void) {
        reader.withLock { $0 = read }
    }

    /// Counts snapshot changes (loads and merges), so that what a search derived from an
    /// older list (its typo alternatives, ``TypoLookupCache``) is not used with a newer one.
    private let changes = Atomic<Int>(0)
    var version: Int { changes.load(ordering: .acquiring) }

    /// Whether a folded token is one the list keeps.
    static func keeps(_ word: [UInt32]) -> Bool {
        guard (shortestWord...longestWord).contains(word.count) else { return false }
        return !word.contains { value in Unicode.Scalar(value).map(CJKText.isCJK) ?? true }
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

    // MARK: The full-text writer's changes (on its thread; see ``SyncState``)

    /// A full-text transaction begins; returns whether its rows' words are wanted.
    func beginTransaction() -> Bool { state.withLock { $0.beginTransaction() } }

    /// Counts the distinct words of a row the open transaction inserts (`count` 1) or
    /// deletes (-1); tokens already folded.
    func add(_ words: RowWords, count: Int32) { state.withLock { $0.add(words, count: count) } }

    /// The open transaction empties `items_fts`.
    func clear() { state.withLock { $0.clear() } }

    /// Records that this process's full-text writer is about to commit `generation`.
    func committing(generation: Int64) { state.withLock { $0.willCommit(generation: generation) } }

    /// The open transaction rolled back (or failed to commit): its changes are dropped.
    func rolledBack() { state.withLock { $0.rolledBack() } }

    /// Records that this process committed a full-text write of `generation`, and
    /// merges its changes into the list. The merge runs here, on the full-text writer's
    /// thread, outside the lock: a search never sorts words, it takes the last list.
    func committed(generation: Int64) {
        let work: (base: Snapshot, delta: Delta, version: Int)? = state.withLock { state in
            state.committed(generation: generation).map { ($0.base, $0.delta, changes.load(ordering: .acquiring)) }
        }
        guard let work else { return }
        let merged = Self.merge(work.base, work.delta)
        state.withLock { state in
            // Replaced meanwhile by a read that began after this commit: it holds these words.
            guard changes.load(ordering: .acquiring) == work.version else { return }
            state.snapshot = merged
            changes.add(1, ordering: .releasing)
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
            if let cached = cacheFile?.read(generation: stored) {
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
            changes.add(1, ordering: .releasing)
            return list
        }
        guard let result else { return loaded }
        if !fromCache { reloads.async { [self] in saveCache() } }
        return result
    }

    // MARK: The cache file

    /// Writes the list to ``cacheFile`` when it is complete for a known generation and
    /// not written yet (at close, and after a full read). The file is replaced whole.
    func saveCache() {
        guard let cacheFile else { return }
        let work: (Snapshot, Int64)? = state.withLock { state in
            guard let snapshot = state.snapshot, state.unsaved, !state.loading, !state.inTransaction,
                  state.committing == nil, state.generation > 0 else { return nil }
            state.unsaved = false
            return (snapshot, state.generation)
        }
        guard let (snapshot, generation) = work else { return }
        do {
            try cacheFile.write(snapshot, generation: generation)
        } catch {
            // Only a cost for the next process's first search.
            state.withLock { $0.unsaved = true }
        }
    }

    /// Removes the cache file (its generation may come to name other words).
    func removeCache() {
        cacheFile?.remove()
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
}
