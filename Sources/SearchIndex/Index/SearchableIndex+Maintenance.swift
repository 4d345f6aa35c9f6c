import CSQLite
import Foundation

/// Idle-time maintenance: merging FTS segments, returning free pages and truncating the
/// WAL while no write is waiting (scheduled by ``IdleMaintenance``), and closing.
///
/// A batch leaves its FTS rows in a new segment, and segments of a level are merged only
/// once 8 have piled up (FTS5's ``Schema/automerge`` for `items_head`, the full-text
/// writer between batches for `items_fts`), so an index built in a few dozen
/// batches holds several segments, each with its own copy of the term dictionary (at
/// 10k items that repetition is a quarter of `items_fts`). Each step is one short
/// transaction on the writer connection or on the full-text writer's (for
/// `fulltext.sqlite3`), with the writer lock held:
///
/// 1. `'merge'` on `items_fts`, then on `items_head`, writing at most
///    ``Configuration/maintenancePagesPerStep`` FTS pages. The count is positive and the
///    tables' `usermerge` is 2, so a step merges two or more segments of the same level
///    (FTS5 levels group segments of similar size). A negative count would merge every
///    segment into one regardless of level, rewriting the whole index after each small
///    write once it is large; merging like sizes only costs each page a logarithmic
///    number of rewrites over the life of the index. FTS5 reports whether a merge did
///    anything through `sqlite3_total_changes()`: fewer than 2 changes, nothing was left.
/// 2. `PRAGMA incremental_vacuum` on the free pages the merges left, in either file
///    (files created with `auto_vacuum = INCREMENTAL`; older ones reuse them for later
///    writes).
/// 3. A `TRUNCATE` checkpoint of both WALs, which needs no reader inside them.
///
/// Merge steps commit with `synchronous = NORMAL`: a step lost in a power cut is only
/// work to redo, the index stays consistent.
extension SearchableIndex {
    /// Runs one maintenance step on the writer; called by ``IdleMaintenance`` on its queue.
    ///
    /// Static, and given the writer and its lock rather than the index: a step in
    /// progress must not keep the index alive, so that releasing the index runs its
    /// `deinit` (which waits for the step, then checkpoints) on the releasing thread,
    /// even when the process exits right after.
    static func maintenanceStep(writer: Connection, fullText: FullTextWriter, lock: NSLock, pagesPerStep: Int) -> IdleMaintenance.StepResult {
        lock.lock()
        defer { lock.unlock() }
        let started = DispatchTime.now()
        // The full-text file's part runs on its writer's thread, which is idle while
        // the lock is held.
        var (result, what) = fullText.run { connection in
            maintenanceStep(on: connection, file: "fulltext", table: "items_fts", pagesPerStep: pagesPerStep)
        }
        if result != .worked {
            let fullTextResult = result
            (result, what) = maintenanceStep(on: writer, file: "index", table: "items_head", pagesPerStep: pagesPerStep)
            if result == .finished && fullTextResult == .busy { result = .busy }
        }
        if tracesMaintenance {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            let line = String(format: "searchlight maintenance %.3f: %@ (%.1f ms)\n", Date().timeIntervalSince1970, what, ms)
            FileHandle.standardError.write(Data(line.utf8))
        }
        return result
    }

    /// Whether `SEARCHLIGHT_TRACE_MAINTENANCE` asks for one stderr line per step (wall
    /// clock, what the step did, how long it held the writer).
    static let tracesMaintenance = ProcessInfo.processInfo.environment["SEARCHLIGHT_TRACE_MAINTENANCE"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// One step's work on one file's connection (its FTS `table`), never waiting for
    /// another process's lock (that would make our next write wait too).
    private static func maintenanceStep(on connection: Connection, file: String, table: String, pagesPerStep: Int) -> (IdleMaintenance.StepResult, String) {
        do {
            return try connection.withoutWaitingForLocks {
                try maintenanceWork(connection, file: file, table: table, pagesPerStep: pagesPerStep)
            }
        } catch {
            let code = sqlite3_extended_errcode(connection.handle) & 0xFF
            return code == SQLITE_BUSY || code == SQLITE_LOCKED ? (.busy, "busy") : (.finished, "failed: \(error)")
        }
    }

    /// The work of one step on one file, in the order described above. Called with the
    /// writer lock held.
    private static func maintenanceWork(_ writer: Connection, file: String, table: String, pagesPerStep pages: Int) throws -> (IdleMaintenance.StepResult, String) {
        try writer.execute("PRAGMA synchronous = NORMAL")
        defer { try? writer.execute("PRAGMA synchronous = FULL") }
        if try writer.mergeFTSSegments(of: table, pages: pages, userMerge: Schema.userMerge) { return (.worked, "merged \(table)") }
        if try writer.scalarInt("PRAGMA auto_vacuum") == 2, let free = try writer.scalarInt("PRAGMA freelist_count"), free > 0 {
            try writer.transaction { try writer.execute("PRAGMA incremental_vacuum(\(vacuumPagesPerStep))") }
            return (.worked, "returned \(min(free, Int64(vacuumPagesPerStep))) free pages of \(file)")
        }
        if writer.truncateWAL() == SQLITE_BUSY { return (.busy, "checkpoint of \(file) busy (a reader is in the WAL)") }
        return (.finished, "checkpointed \(file); nothing left")
    }

    /// Database pages returned to the file system per step: 1 MB at 4 KB pages.
    static let vacuumPagesPerStep = 256


    /// Finishes with the index before the process exits: stops idle maintenance (waiting
    /// for a step in progress, which is one short transaction), then copies the WAL into
    /// the database and truncates it, so the next open finds no WAL to recover.
    ///
    /// Maintenance left unfinished gets up to `maintenanceBudget` seconds first, on the
    /// calling thread, as SQLite suggests running `PRAGMA optimize` before closing: an
    /// app that indexes and exits at once still leaves a compact index when the work is
    /// small (at 10k items about 50 ms of merging, which shrinks the index by a fifth), and
    /// never waits long when it is large (the rest is done at the next idle moment).
    ///
    /// Call it once no more calls are coming (writes still queued elsewhere should be
    /// waited for first). The index stays usable afterwards, but later writes are no
    /// longer maintained; releasing the index checkpoints again.
    public func close(maintenanceBudget: TimeInterval = 0.25) {
        let unfinished = maintenance.map { !$0.isIdle } ?? false
        maintenance?.stop()
        if unfinished && maintenanceBudget > 0 {
            let deadline = DispatchTime.now() + maintenanceBudget
            let pages = configuration.maintenancePagesPerStep
            while DispatchTime.now() < deadline,
                  Self.maintenanceStep(writer: writer, fullText: fullText, lock: writerLock, pagesPerStep: pages) == .worked {}
        }
        truncateWALWithoutWaiting()
    }

    /// Truncates the WALs unless a reader (of any process) is inside one: closing
    /// never waits; the next open or idle moment truncates it then.
    func truncateWALWithoutWaiting() {
        writerLock.lock()
        defer { writerLock.unlock() }
        _ = writer.withoutWaitingForLocks { writer.truncateWAL() }
        fullText.run { connection in _ = connection.withoutWaitingForLocks { connection.truncateWAL() } }
    }

    /// Whether idle maintenance has nothing left to do since the last write (for tests).
    var maintenanceIsIdle: Bool { maintenance?.isIdle ?? true }
    /// Maintenance steps run since the index was opened (for tests).
    var maintenanceSteps: Int { maintenance?.stepsRun ?? 0 }
}

extension Connection {
    /// One FTS5 `'merge'` of at most `pages` pages on `table`, in a transaction of its
    /// own: merges segments of one level once `userMerge` of them are there. Sets the
    /// table's `usermerge` first when it differs (idle maintenance merges by
    /// ``Schema/userMerge``, the full-text writer between batches by
    /// ``Schema/automerge``; indexes made before either have FTS5's default, 4).
    /// Returns whether it merged anything: FTS5 reports it only through
    /// `sqlite3_total_changes()`, and fewer than 2 changes means nothing was left.
    func mergeFTSSegments(of table: String, pages: Int, userMerge: Int) throws -> Bool {
        try transaction {
            if try scalarInt("SELECT v FROM \(table)_config WHERE k = 'usermerge'") != Int64(userMerge) {
                try execute("INSERT INTO \(table)(\(table), rank) VALUES ('usermerge', \(userMerge))")
            }
            let before = sqlite3_total_changes(handle)
            try execute("INSERT INTO \(table)(\(table), rank) VALUES ('merge', \(pages))")
            return sqlite3_total_changes(handle) - before >= 2
        }
    }
}
