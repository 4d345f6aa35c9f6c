import Foundation

/// The index's storage: the only owner of its database files and their connections.
///
/// An index is two SQLite files in its data directory, each in WAL mode:
/// `index.sqlite3` (the `items` rows, `items_head`, engagements, settings), written by
/// the writer connection, and `fulltext.sqlite3` (`items_fts`), written by
/// ``FullTextWriter`` on its own thread; beside them `thumbnails/` (``ThumbnailStore``).
/// The store offers two ways in:
///
/// - ``read(_:)`` runs a closure on a reader connection (`fulltext.sqlite3` attached as
///   `fulltext`) inside one read transaction: it sees one snapshot, the last committed
///   write, and never waits for the writer. Reads run concurrently.
/// - ``write(_:)`` runs a closure with a ``WriteTransaction`` on the writer
///   connection. Writes are serialized by a lock. A write that changes `items_fts`
///   commits `fulltext.sqlite3` first and `index.sqlite3` second, both recording the
///   raised generation (``Schema/generationKey``): a crash between the two commits
///   leaves them different, and the next open rebuilds `items_fts` from `items`, as it
///   does for a missing or damaged `fulltext.sqlite3` (it holds nothing that is not
///   derived from `items`). A failed second commit makes the next write rebuild it.
///
/// While neither a write nor a read has come for
/// ``Configuration/idleMaintenanceDelay``, the store merges FTS segments, returns free
/// pages and truncates both WALs, in steps that give way to the next write
/// (``IdleMaintenance``, `IndexStore+Maintenance.swift`). Sooner, once writes alone
/// have paused for ``Configuration/headMergeDelay``, it finishes merging `items_head`
/// by automerge's rule, whether searches run or not (a second ``IdleMaintenance`` that
/// is not told of reads; see ``headMergeStep(writer:lock:pagesPerStep:)``).
/// ``close(maintenanceBudget:)`` and `deinit` stop both and truncate the WALs.
///
/// Thread-safe; modelled on a connection pool with one writer and many readers.
final class IndexStore: @unchecked Sendable {
    /// How a store is opened.
    struct Configuration {
        /// The data directory (it must exist).
        var directory: String
        /// The idle time after which maintenance runs; `nil` turns it off (see
        /// ``SearchableIndex/Configuration/idleMaintenanceDelay``).
        var idleMaintenanceDelay: TimeInterval?
        /// The most FTS pages one maintenance step merges (see
        /// ``SearchableIndex/Configuration``).
        var maintenancePagesPerStep: Int
        /// The pause in writes after which `items_head`'s merging is finished; `nil`
        /// turns that off (see ``SearchableIndex/Configuration/headMergeDelay``).
        var headMergeDelay: TimeInterval?
        /// SQL functions to register on every connection (the query language's).
        var functions: [SQLFunction]
        /// The clock, in ms since the epoch, that stamps each write transaction.
        var now: @Sendable () -> Double
    }

    /// The database file of the store in `directory` (it may not exist yet).
    static func databasePath(in directory: String) -> String {
        directory + "/index.sqlite3"
    }

    /// `index.sqlite3`.
    let databasePath: String
    /// `fulltext.sqlite3`.
    var fullTextPath: String { fullText.path }
    /// Whether opening found `index.sqlite3` corrupt, moved it aside and started empty.
    let wasReset: Bool
    /// The thumbnail files, written and removed with the write transactions.
    let thumbnails: ThumbnailStore
    /// The index's words (typos, term statistics), loaded by the first search that
    /// needs them and kept in step by the full-text writer.
    var vocabulary: Vocabulary { fullText.vocabulary }

    private let now: @Sendable () -> Double
    private let maintenancePagesPerStep: Int
    private let writerLock = NSLock()
    private let writer: Connection
    /// `items_fts`'s file and thread; used under ``writerLock``.
    private let fullText: FullTextWriter
    /// Set when `index.sqlite3` failed to commit after `fulltext.sqlite3` had: the next
    /// write rebuilds `items_fts` first. Under ``writerLock``.
    private var fullTextNeedsRebuild = false
    private let readers: ReaderPool
    /// Idle-time maintenance; `nil` when the configuration turns it off. Set once, at
    /// the end of `init`.
    private var maintenance: IdleMaintenance?
    /// Finishes `items_head`'s merging once writes pause; `nil` when the configuration
    /// turns it off. Told of writes only. Set once, at the end of `init`.
    private var headMerging: IdleMaintenance?

    /// Opens (creating when needed) the store's files in the configuration's directory,
    /// brings them to the current schema (rebuilding the FTS tables of an older version,
    /// or `items_fts` when it does not match `items`), then runs `opening` in the same
    /// first write transaction.
    init(configuration: Configuration, opening: (WriteTransaction) throws -> Void) throws {
        let directory = configuration.directory
        let path = Self.databasePath(in: directory)
        databasePath = path
        now = configuration.now
        maintenancePagesPerStep = configuration.maintenancePagesPerStep
        thumbnails = try ThumbnailStore(dataDirectory: directory)
        let opened = try Self.openWriterOrStartOver(path: path)
        writer = opened.connection
        wasReset = opened.wasReset
        Self.removeStaleDerivedFiles(in: directory, after: opened)
        fullText = try FullTextWriter(directory: directory)
        readers = Self.readerPool(path: path, fullTextPath: fullText.path, functions: configuration.functions)
        for function in configuration.functions { try writer.register(function) }
        let readers = readers
        fullText.vocabulary.setReader { body in try readers.read(body) }
        try write { transaction in
            try bringFullTextUpToDate(transaction, storedVersion: opened.storedVersion)
            try opening(transaction)
        }
        startMaintenance(configuration)
    }

    /// Rebuilds the FTS tables of an index written by an older version, or `items_fts`
    /// when it does not match `items`; in the first write transaction of `init`.
    private func bringFullTextUpToDate(_ transaction: WriteTransaction, storedVersion version: Int) throws {
        if version < Schema.version {
            // Written by an older version: rebuild its FTS tables, all or nothing
            // (`items_head` kept its layout in version 2, and gained its 3-character
            // prefix index in version 4); before version 5 every FTS rowid held
            // another quality bucket, so both tables are rebuilt under the new ones.
            if version < 5 { try transaction.refileQualityBuckets() }
            try transaction.rebuildFTS(includingHead: version < 5)
            try transaction.setSetting(Schema.versionKey, String(Schema.version))
        } else if try fullTextIsStale(transaction) {
            // A rebuild may record a generation a saved word list had for other words.
            vocabulary.removeCache()
            try transaction.rebuildFTS(includingHead: false)
        }
    }

    /// Starts the idle maintenance and the merging of `items_head` the configuration
    /// asks for; the last step of `init`.
    private func startMaintenance(_ configuration: Configuration) {
        if let delay = configuration.idleMaintenanceDelay {
            let writer = writer, fullText = fullText, lock = writerLock, pages = maintenancePagesPerStep
            let maintenance = IdleMaintenance(delay: delay) {
                // Idle after writes: read the word list now if no search has (a read on
                // the list's own queue), rather than in the user's first search.
                fullText.vocabulary.loadInBackgroundIfAbsent()
                return Self.maintenanceStep(writer: writer, fullText: fullText, lock: lock, pagesPerStep: pages)
            }
            self.maintenance = maintenance
            readers.willRead = { [weak maintenance] in maintenance?.readWillBegin() }
            readers.didRead = { [weak maintenance] in maintenance?.readDidEnd() }
            maintenance.start()
        }
        if let delay = configuration.headMergeDelay {
            let writer = writer, lock = writerLock
            let headMerging = IdleMaintenance(delay: delay) {
                Self.headMergeStep(writer: writer, lock: lock, pagesPerStep: Self.headMergePagesPerStep)
            }
            self.headMerging = headMerging
            headMerging.start()
        }
    }

    deinit {
        // Waits for a step in progress (steps do not keep the store alive).
        headMerging?.stop()
        maintenance?.stop()
        // Leave no WAL behind: copy it into the database and truncate it.
        truncateWALWithoutWaiting()
        saveVocabulary()
    }

    /// Leaves the word list for the next process's first search (see ``Vocabulary``),
    /// unless `items_fts` is due to be rebuilt.
    private func saveVocabulary() {
        // A save or read in the background first: the process may exit right after.
        vocabulary.waitForBackgroundReads()
        writerLock.lock()
        defer { writerLock.unlock() }
        if !fullTextNeedsRebuild { vocabulary.saveCache() }
    }

    /// The database file is not a database or is damaged beyond opening.
    struct DatabaseCorruption: Error {}

    /// The most bytes the WAL keeps on disk after a checkpoint: a batch can grow it to
    /// many megabytes, which an index left open would otherwise keep. The WAL is
    /// truncated to nothing by idle maintenance and by ``close(maintenanceBudget:)``,
    /// not after every batch: checkpointing and truncating after each batch would make
    /// SQLite regrow and fsync a new WAL file every batch, which slows bulk indexing
    /// (docs/benchmarks.md, "Figures behind choices in the code").
    static let journalSizeLimit = 1 << 20

    /// The page size of the files a new index creates (an existing file keeps its own).
    static let pageSize = 8192

    /// How much of each database file a reader maps into memory (`PRAGMA mmap_size`;
    /// SQLite caps it at 2 GB), 1 GiB: all of a million-item index's `items_fts`.
    ///
    /// A search reads pages nobody read before it (another word's lists, other rows),
    /// and SQLite's page cache (2 MB) holds few of them, so without the map each page
    /// was a `pread` copying it from the kernel's cache. Mapped, a search reads the
    /// kernel's pages in place: at 100k items the first search of a multi-term query
    /// took about an eighth less CPU time, p50 2.14 → 1.88 ms (docs/benchmarks.md,
    /// "MEASURED (2026-12-03, lead, third session)"). Mapped pages the process touched
    /// count in its resident memory, though the kernel can drop them as it drops its
    /// cache. Only readers map: the writer writes as before, and a reader sees its
    /// changes through the WAL, which is read as before.
    static let readerMapSize = 1 << 30

    // MARK: Reading

    /// Runs `body` on a reader connection no other thread uses meanwhile, in one read
    /// transaction: every statement of `body` sees the same committed state.
    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try readers.read(body)
    }

    // MARK: Writing

    /// Runs `body` in a write transaction on the writer connection (and on the
    /// full-text writer, when it changes `items_fts`), stamped with the store's clock.
    ///
    /// Thumbnail files written by a transaction that rolls back are removed; files the
    /// committed transaction stopped using are removed after the commit.
    func write<T>(_ body: (WriteTransaction) throws -> T) throws -> T {
        maintenance?.writeWillBegin()
        headMerging?.writeWillBegin()
        defer {
            headMerging?.writeDidEnd()
            maintenance?.writeDidEnd()
        }
        writerLock.lock()
        defer { writerLock.unlock() }
        if fullTextNeedsRebuild {
            vocabulary.removeCache()
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
        let transaction = WriteTransaction(connection: writer, fullText: fullText, thumbnails: thumbnails, now: now())
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
                // after the full-text writer's, only appends the commit frame and syncs.
                writer.writeDirtyPages()
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

    /// Whether `fulltext.sqlite3` recorded another generation than `index.sqlite3`: a
    /// crash came between their commits, or the file is new (missing or damaged).
    private func fullTextIsStale(_ transaction: WriteTransaction) throws -> Bool {
        let expected = try transaction.setting(Schema.generationKey).flatMap { Int64($0) } ?? 0
        return try fullText.generation() != expected
    }

    // MARK: WAL

    /// Truncates the WALs unless a reader (of any process) is inside one: closing
    /// never waits; the next open or idle moment truncates it then.
    private func truncateWALWithoutWaiting() {
        // A background read of the word list would hold a reader inside the WAL.
        vocabulary.waitForBackgroundReads()
        writerLock.lock()
        defer { writerLock.unlock() }
        _ = writer.withoutWaitingForLocks { writer.truncateWAL() }
        fullText.run { connection in _ = connection.withoutWaitingForLocks { connection.truncateWAL() } }
    }

    // MARK: Closing

    /// Stops idle maintenance (waiting for a step in progress, which is one short
    /// transaction), then copies the WALs into the database files and truncates them,
    /// so the next open finds no WAL to recover.
    ///
    /// Maintenance left unfinished gets up to `maintenanceBudget` seconds first, on the
    /// calling thread (see ``SearchableIndex/close(maintenanceBudget:)``).
    func close(maintenanceBudget: TimeInterval) {
        let unfinished = maintenance.map { !$0.isIdle } ?? false
        headMerging?.stop()
        maintenance?.stop()
        if unfinished && maintenanceBudget > 0 {
            let deadline = DispatchTime.now() + maintenanceBudget
            while DispatchTime.now() < deadline,
                  Self.maintenanceStep(writer: writer, fullText: fullText, lock: writerLock, pagesPerStep: maintenancePagesPerStep) == .worked {}
        }
        truncateWALWithoutWaiting()
        saveVocabulary()
    }

    /// Whether idle maintenance has nothing left to do since the last write (for tests).
    var maintenanceIsIdle: Bool { maintenance?.isIdle ?? true }
    /// Whether `items_head`'s merging has nothing left to do since the last write (for tests).
    var headMergingIsIdle: Bool { headMerging?.isIdle ?? true }
    /// Maintenance steps run since the store was opened (for tests).
    var maintenanceSteps: Int { maintenance?.stepsRun ?? 0 }
}
