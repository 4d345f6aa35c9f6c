import CSQLite
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
/// While no write has come for ``Configuration/idleMaintenanceDelay`` (0.5 s), the
/// index merges the FTS segments batches leave, returns free pages and truncates its
/// WAL, in steps of a few ms that give way to the next write (see
/// ``maintenanceStep(writer:fullText:lock:pagesPerStep:)``). Call ``close()`` before the
/// process exits, or release the index: either stops maintenance and truncates the WAL.
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
        /// segments and truncates the WAL (see ``SearchableIndex/close()``); `nil` turns
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
        directory + "/index.sqlite3"
    }

    let thumbnails: ThumbnailStore
    let writerLock = NSLock()
    let writer: Connection
    /// `items_fts`'s file and thread; used under ``writerLock``.
    let fullText: FullTextWriter
    /// The index's words (typos, term statistics), loaded by the first search that
    /// needs them and kept in step by ``fullText``.
    var vocabulary: Vocabulary { fullText.vocabulary }
    /// Set when `index.sqlite3` failed to commit after `fulltext.sqlite3` had: the next
    /// write rebuilds `items_fts` first. Under ``writerLock``.
    private var fullTextNeedsRebuild = false
    let readers: ReaderPool
    private let stateLock = NSLock()
    private var lastPurge: Double = 0
    private var current: UserActivity?
    /// Idle-time maintenance; `nil` when the configuration turns it off. Set once, at
    /// the end of `init`.
    private(set) var maintenance: IdleMaintenance?

    /// Opens (creating when needed) the index in `directory`.
    public convenience init(directory: String, defaultDomain: String) throws {
        try self.init(configuration: Configuration(directory: directory, defaultDomain: defaultDomain))
    }

    /// Opens (creating when needed) the index a configuration describes.
    public init(configuration: Configuration) throws {
        self.configuration = configuration
        try DataDirectory.create(configuration.directory)
        let path = Self.databasePath(in: configuration.directory)
        databasePath = path
        thumbnails = try ThumbnailStore(dataDirectory: configuration.directory)

        var reset = false
        let connection: Connection
        var storedVersion: Int
        do {
            (connection, storedVersion) = try Self.openWriter(path: path)
        } catch is DatabaseCorruption {
            // Keep the damaged file for inspection; start over empty.
            let aside = path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
            rename(path, aside)
            unlink(path + "-wal")
            unlink(path + "-shm")
            reset = true
            (connection, storedVersion) = try Self.openWriter(path: path)
        }
        writer = connection
        wasReset = reset
        if reset {
            // Whatever the old full-text file holds belongs to the items just lost.
            DataDirectory.removeDatabase(FullTextWriter.path(in: configuration.directory))
        }
        fullText = try FullTextWriter(directory: configuration.directory)
        let compiler = configuration.queryLanguage
        let fullTextPath = fullText.path
        readers = ReaderPool {
            let reader = try Connection(path: path, create: false)
            try reader.attach(fullTextPath, as: "fulltext")
            try reader.execute(Vocabulary.readerStatements)
            try reader.execute("PRAGMA query_only = 1")
            try MatchLocator.register(on: reader)
            compiler?.registerFunctions(reader.handle)
            return reader
        }
        compiler?.registerFunctions(writer.handle)
        let version = storedVersion
        _ = try write { transaction in
            if version < Schema.version {
                // Written by an older version: rebuild its FTS tables, all or nothing
                // (`items_head` kept its layout in version 2).
                try transaction.rebuildFTS(includingHead: version < 2)
                try transaction.setSetting(Schema.versionKey, String(Schema.version))
            } else if try transaction.fullTextIsStale() {
                try transaction.rebuildFTS(includingHead: false)
            }
            return try transaction.purgeExpired()
        }
        if let delay = configuration.idleMaintenanceDelay {
            let writer = writer, fullText = fullText, lock = writerLock, pages = configuration.maintenancePagesPerStep
            let maintenance = IdleMaintenance(delay: delay) {
                Self.maintenanceStep(writer: writer, fullText: fullText, lock: lock, pagesPerStep: pages)
            }
            self.maintenance = maintenance
            readers.willRead = { [weak maintenance] in maintenance?.readWillBegin() }
            maintenance.start()
        }
    }

    deinit {
        // Waits for a maintenance step in progress (steps do not keep the index alive).
        maintenance?.stop()
        // Leave no WAL behind: copy it into the database and truncate it.
        truncateWALWithoutWaiting()
    }

    /// The database file is not a database or is damaged beyond opening.
    struct DatabaseCorruption: Error {}

    /// The most bytes the WAL keeps on disk after a checkpoint: a batch can grow it to
    /// many megabytes, which an index left open would otherwise keep. The WAL is
    /// truncated to nothing by idle maintenance and by ``close()``, not after every
    /// batch: checkpointing and truncating after each 1000-item batch (as this index
    /// did for a while) made SQLite regrow and fsync a new WAL file every batch, which
    /// no instruction count shows but the bulk-indexing rate did.
    static let journalSizeLimit = 1 << 20

    /// Opens the writer connection, creating the schema when missing; returns it and
    /// the schema version the database was written with.
    private static func openWriter(path: String) throws -> (Connection, Int) {
        try openDatabaseFile(path) { connection in
            try connection.execute(Schema.statements)
            let versionStatement = try connection.prepare("SELECT value FROM settings WHERE key = ?").bind([.text(Schema.versionKey)])
            let stored = try versionStatement.step() ? versionStatement.text(0).flatMap { Int($0) } ?? 0 : nil
            versionStatement.reset()
            if stored == nil {
                // A new database: its tables were just created in the current layout.
                try connection.transaction {
                    try connection.execute(Schema.ftsConfiguration("items_head"))
                    try connection.execute("INSERT INTO settings(key, value) VALUES ('\(Schema.versionKey)', '\(Schema.version)')")
                }
            }
            try MatchLocator.register(on: connection)
            return (connection, stored ?? Schema.version)
        }
    }

    /// Opens one of the index's database files for writing, creating it when missing
    /// (mode 0600; its WAL copies the mode), in WAL mode with `synchronous = FULL`, then
    /// lets `setUp` create what it needs. A file SQLite finds damaged or not a database
    /// throws ``DatabaseCorruption``.
    static func openDatabaseFile<T>(_ path: String, setUp: (Connection) throws -> T) throws -> T {
        let isNew = DataDirectory.fileSize(path) == 0
        if access(path, F_OK) != 0 {
            // Create the file ourselves so it (and the WAL, which copies its mode) is 0600.
            try DataDirectory.writePrivateFile(path, bytes: [])
        }
        DataDirectory.restrict(path)
        let connection = try Connection(path: path, create: true)
        do {
            if isNew {
                // Before any table exists: lets idle maintenance return the pages its
                // merges free (``maintenanceStep(writer:fullText:lock:pagesPerStep:)``).
                try connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
            }
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA journal_size_limit = \(journalSizeLimit);")
            return try setUp(connection)
        } catch {
            let code = sqlite3_extended_errcode(connection.handle) & 0xFF
            if code == SQLITE_CORRUPT || code == SQLITE_NOTADB { throw DatabaseCorruption() }
            throw error
        }
    }

    /// The current time in ms since the epoch.
    var nowMs: Double { configuration.now().timeIntervalSince1970 * 1000 }

    /// Runs `body` in a write transaction on the writer connection (and on the
    /// full-text writer, when it changes `items_fts`).
    ///
    /// Thumbnail files written by a transaction that rolls back are removed; files the
    /// committed transaction stopped using are removed after the commit.
    func write<T>(_ body: (WriteTransaction) throws -> T) throws -> T {
        maintenance?.writeWillBegin()
        defer { maintenance?.writeDidEnd() }
        writerLock.lock()
        defer { writerLock.unlock() }
        if fullTextNeedsRebuild {
            try transact { transaction in try transaction.rebuildFTS(includingHead: false) }
            fullTextNeedsRebuild = false
        }
        return try transact(body)
    }

    /// One write transaction; called with the writer lock held.
    ///
    /// `fulltext.sqlite3` commits first, recording the raised generation, then
    /// `index.sqlite3` with the same generation. If the first commit fails, both roll
    /// back; if the second does, `items_fts` holds a write that `items` does not, and
    /// is rebuilt by the next write (or, after a crash, by the next open).
    private func transact<T>(_ body: (WriteTransaction) throws -> T) throws -> T {
        let transaction = WriteTransaction(connection: writer, index: self, now: nowMs)
        var fullTextCommitting = false
        do {
            try writer.execute("BEGIN IMMEDIATE")
            let result = try body(transaction)
            if transaction.changedFullText {
                // The full-text writer commits while this thread writes `items_head`.
                let generation = (try transaction.setting(Schema.generationKey).flatMap { Int64($0) } ?? 0) + 1
                try transaction.setSetting(Schema.generationKey, String(generation))
                try transaction.finishFullText()
                fullText.commit(generation: generation)
                fullTextCommitting = true
            }
            try transaction.flushFTS()
            if fullTextCommitting {
                // FTS5 writes a table's pending terms out at a savepoint: `items_head`'s
                // segment is built now, beside the full-text writer's, not after it.
                try writer.execute("SAVEPOINT head; RELEASE head")
                // And this file's changed pages go to its WAL now, so that its COMMIT,
                // after the full-text writer's, only appends the commit frame and syncs
                // (a failure here is the COMMIT's to report).
                _ = sqlite3_db_cacheflush(writer.handle)
                fullTextCommitting = false
                try fullText.waitForCommit()
            }
            do {
                try writer.execute("COMMIT")
            } catch {
                if transaction.changedFullText { fullTextNeedsRebuild = true }
                throw error
            }
            thumbnails.remove(transaction.filesToRemoveAfterCommit)
            return result
        } catch {
            if fullTextCommitting, (try? fullText.waitForCommit()) == true { fullTextNeedsRebuild = true }
            fullText.rollback()
            if !writer.isAutocommit { try? writer.execute("ROLLBACK") }
            thumbnails.remove(transaction.filesWritten)
            throw error
        }
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

extension SearchableIndex {
    /// Copies the WALs into the database files and truncates them (for size measurements).
    func checkpoint() throws {
        writerLock.lock()
        defer { writerLock.unlock() }
        try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try fullText.run { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }
}
