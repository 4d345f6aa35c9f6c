import Foundation

/// The app's on-device search index: CoreSpotlight's `CSSearchableIndex` over SQLite
/// FTS5.
///
/// Thread-safe. Every method is synchronous and may be called from any thread; writes
/// are serialized on one writer connection, and reads use their own connections in
/// WAL mode, so a search never waits behind a long batch. A caller that needs calls to
/// take effect in order (the `SearchOnDevice` module) makes them from one serial
/// queue. `async` wrappers run the same methods off the caller's task.
///
/// This type holds CoreSpotlight's rules: validation, items and their domains,
/// expiry, user activities, the indexing preference and the search entry points.
/// Storage is ``IndexStore``'s: the files, connections, the two-file commit, idle
/// maintenance (after ``Configuration/idleMaintenanceDelay`` without activity) and the
/// WALs. Call ``close(maintenanceBudget:)`` before the process exits, or release the
/// index: either stops maintenance and truncates the WALs.
///
/// Files: the data directory (0700) holds `index.sqlite3` (items, `items_head`,
/// settings), `fulltext.sqlite3` (`items_fts`, see ``FullTextWriter``), their WALs
/// (0600) and `thumbnails/` (0600 files).
public final class SearchableIndex: @unchecked Sendable {
    /// How an index is opened.
    public struct Configuration: Sendable {
        /// The data directory; created (0700) when missing.
        public var directory: String
        /// The domain of items indexed without one (the app id).
        public var defaultDomain: String
        /// How long an item without an expiration date lives: 30 days.
        public var defaultLifetime: TimeInterval = 30 * 86_400
        /// The query language `query` uses; `nil` makes `query` fail with
        /// `E_INDEX_UNAVAILABLE`.
        public var queryLanguage: QueryLanguageProvider?
        /// The calendar `$time.today` and friends use.
        public var calendar: Calendar = .current
        /// The clock, replaceable in tests.
        public var now: @Sendable () -> Date = { Date() }
        /// How long the writer must have been idle before maintenance merges FTS
        /// segments and truncates the WAL (see ``SearchableIndex/close(maintenanceBudget:)``); `nil` turns
        /// idle maintenance off.
        ///
        /// 0.5 s: an app importing batch after batch leaves the writer idle between two
        /// awaited calls while its promise resolves on the JS thread and JS builds and
        /// converts the next batch: 30–45 ms for 1 000 items measured, more on a loaded
        /// machine. Half a second keeps maintenance out of such a sequence, and is
        /// still short enough to run before an app that has finished indexing exits.
        public var idleMaintenanceDelay: TimeInterval? = 0.5
        /// The most FTS pages (about 4 KB each) one maintenance step merges, which bounds
        /// how long a write waits for maintenance. With 16, steps at 100k items held the
        /// writer 1.7 ms (median), 15 ms (p99); a step ends at a term boundary, so one
        /// writing a very common term's doclist took 66 ms.
        var maintenancePagesPerStep = 16
        /// How long writes must have paused before `items_head`'s segments are merged
        /// to the end by automerge's rule, reads or not (see ``IndexStore``); `nil`
        /// leaves that to FTS5's automerge and idle maintenance.
        ///
        /// 0.2 s: four to six times the 30–45 ms an app's JS takes between two batches
        /// of 1 000 items (above), so that an import never shares its gaps with these
        /// merges (merging there cost a JS import a sixth of its speed; docs/benchmarks.md,
        /// "MEASURED (2026-12-05, lead, fifteenth session)"), and short enough that
        /// the searches a user types right after an import find the head merged.
        public var headMergeDelay: TimeInterval? = 0.2

        /// Makes a configuration for a data directory and the app's default domain.
        public init(directory: String, defaultDomain: String, queryLanguage: QueryLanguageProvider? = QueryLanguageProvider.standard) {
            self.directory = directory
            self.defaultDomain = defaultDomain
            self.queryLanguage = queryLanguage
        }
    }

    /// The configuration the index was opened with.
    public let configuration: Configuration
    /// The database file.
    public let databasePath: String
    /// Whether opening found a corrupt database, moved it aside and started empty; the
    /// app should index everything again (SPEC `onReindexRequest` with `ids: null`).
    public let wasReset: Bool

    /// At most this many matches are counted for ``SearchResults/totalCount``; beyond
    /// it the count is reported as a lower bound.
    public static let totalCountCap = 500

    /// The FTS5 `hashsize` the index's tables use (bytes of pending terms before a
    /// segment is written; see `Schema.hashSize`), for benchmarks that compare with it.
    public static var ftsHashSize: Int { Schema.hashSize }

    /// Applies the process-wide SQLite settings the index runs with (memory statistics
    /// off: see `Connection`), if SQLite has not been used yet in this process; returns
    /// whether they are in force. Opening an index does it; a program that uses SQLite
    /// itself first (the benchmark's baselines) calls this before.
    @discardableResult
    public static func configureSQLite() -> Bool { Connection.libraryIsConfigured }

    /// The database file of the index in `directory` (it may not exist yet).
    public static func databasePath(in directory: String) -> String {
        IndexStore.databasePath(in: directory)
    }

    /// The files, connections, write transactions and maintenance of the index.
    let store: IndexStore
    var thumbnails: ThumbnailStore { store.thumbnails }
    /// The index's words (typos, term statistics).
    var vocabulary: Vocabulary { store.vocabulary }
    /// Typo alternatives looked up in ``vocabulary`` lately (a user typing looks the
    /// same complete words up at every keystroke).
    let typoLookups = TypoLookupCache()
    private let stateLock = NSLock()
    private var lastPurge: Double = 0
    private var current: UserActivity?

    /// Opens (creating when needed) the index in `directory`.
    public convenience init(directory: String, defaultDomain: String) throws {
        try self.init(configuration: Configuration(directory: directory, defaultDomain: defaultDomain))
    }

    /// Opens (creating when needed) the index a configuration describes, and deletes
    /// the items that expired while it was closed.
    public init(configuration: Configuration) throws {
        self.configuration = configuration
        try DataDirectory.create(configuration.directory)
        let clock = configuration.now
        store = try IndexStore(
            configuration: IndexStore.Configuration(
                directory: configuration.directory,
                idleMaintenanceDelay: configuration.idleMaintenanceDelay,
                maintenancePagesPerStep: configuration.maintenancePagesPerStep,
                headMergeDelay: configuration.headMergeDelay,
                functions: configuration.queryLanguage?.functions ?? [],
                now: { clock().timeIntervalSince1970 * 1000 }),
            opening: { transaction in try transaction.purgeExpired() })
        databasePath = store.databasePath
        wasReset = store.wasReset
    }

    /// The current time in ms since the epoch.
    var nowMs: Double { configuration.now().timeIntervalSince1970 * 1000 }

    /// Runs `body` in a write transaction of the store.
    func write<T>(_ body: (WriteTransaction) throws -> T) throws -> T {
        try store.write(body)
    }

    /// Stores a validated item in `transaction`, with the index's domain and lifetime
    /// for an item that has none.
    func storeItem(_ item: SearchableItem, kind: Int64, activity: String?, existing: StoredRow?, in transaction: WriteTransaction) throws {
        let expiration = item.expirationDate.map(WriteTransaction.milliseconds) ?? transaction.now + configuration.defaultLifetime * 1000
        try transaction.store(item, domain: item.domain ?? configuration.defaultDomain, expirationDate: expiration,
                              kind: kind, activity: activity, existing: existing)
    }

    /// Finishes with the index before the process exits: stops idle maintenance (waiting
    /// for a step in progress, which is one short transaction), then copies the WALs into
    /// the database files and truncates them, so the next open finds no WAL to recover.
    ///
    /// Maintenance left unfinished gets up to `maintenanceBudget` seconds first, on the
    /// calling thread, as SQLite suggests running `PRAGMA optimize` before closing: an
    /// app that indexes and exits at once still leaves a compact index when the work is
    /// small, and never waits long when it is large (the rest is done at the next idle
    /// moment; docs/benchmarks.md, "Figures behind choices in the code").
    ///
    /// Call it once no more calls are coming (writes still queued elsewhere should be
    /// waited for first). The index stays usable afterwards, but later writes are no
    /// longer maintained; releasing the index checkpoints again.
    public func close(maintenanceBudget: TimeInterval = 0.25) {
        store.close(maintenanceBudget: maintenanceBudget)
    }

    /// Whether a lazy purge of expired items is due (at most once a minute).
    func purgeIsDue(now: Double) -> Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        if now - lastPurge < 60_000 { return false }
        lastPurge = now
        return true
    }

    /// The activity last made current and not resigned.
    public var currentActivity: UserActivity? {
        stateLock.lock()
        defer { stateLock.unlock() }
        return current
    }

    func setCurrentActivity(_ activity: UserActivity?) {
        stateLock.lock()
        current = activity
        stateLock.unlock()
    }
}
