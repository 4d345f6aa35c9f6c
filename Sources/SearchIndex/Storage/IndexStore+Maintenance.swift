import Foundation

/// Idle-time maintenance: merging FTS segments, returning free pages and truncating the
/// WALs while no write is waiting (scheduled by ``IdleMaintenance``).
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
/// Before each idle step, the word list (``Vocabulary``) is read in the background if
/// no search has read it yet (see ``IndexStore/init(configuration:opening:)``): a new
/// index does not keep its list while it is written, so without this the first search
/// after an app's first import would read it.
///
/// Merge steps commit with `synchronous = NORMAL`: a step lost in a power cut is only
/// work to redo, the index stays consistent.
extension IndexStore {
    /// Runs one maintenance step on the writer; called by ``IdleMaintenance`` on its queue.
    ///
    /// Static, and given the writer and its lock rather than the store: a step in
    /// progress must not keep the store alive, so that releasing the index runs the
    /// store's `deinit` (which waits for the step, then checkpoints) on the releasing
    /// thread, even when the process exits right after.
    static func maintenanceStep(writer: Connection, fullText: FullTextWriter, lock: NSLock, pagesPerStep: Int) -> IdleMaintenance.StepResult {
        lock.lock()
        defer { lock.unlock() }
        return traced {
            // The full-text file's part runs on its writer's thread, which is idle while
            // the lock is held.
            var (result, what) = fullText.run { connection in
                step(on: connection) { try maintenanceWork($0, file: "fulltext", table: "items_fts", pagesPerStep: pagesPerStep) }
            }
            if result != .worked {
                let fullTextResult = result
                (result, what) = step(on: writer) { try maintenanceWork($0, file: "index", table: "items_head", pagesPerStep: pagesPerStep) }
                if result == .finished && fullTextResult == .busy { result = .busy }
            }
            return (result, what)
        }
    }

    /// Runs one step of finishing `items_head`'s merging: an FTS5 `'merge'` of at most
    /// `pagesPerStep` pages with `usermerge` ``Schema/automerge``, which goes on with
    /// a merge FTS5's automerge began and merges a level holding 8 segments, and
    /// nothing else. Called by the store's second ``IdleMaintenance`` once writes have
    /// paused for ``Configuration/headMergeDelay``, whether searches run or not.
    ///
    /// Why: automerge merges a level's 8 segments a share per write, so an import
    /// ends in the middle of one (a 10k import in batches of 1000 leaves 11 segments
    /// where 3 remain once merged), and until idle maintenance finds half a second
    /// without reads, every search sets up each of its prefix lists in each of them:
    /// every typo alternative's, which made typos cost exact queries a fifth more at
    /// 10k on the just-imported index (docs/benchmarks.md, "MEASURED (2026-12-06,
    /// lead, sixteenth session)"). The work is what automerge would do in the next
    /// writes, done in the pause instead: one level's segments (and the next level's,
    /// should that merge give it its eighth), never the whole table as idle
    /// maintenance's `usermerge` 2 goes on to, so it runs beside searches (after a 1M
    /// import, 5 steps and 70 ms).
    static func headMergeStep(writer: Connection, lock: NSLock, pagesPerStep: Int) -> IdleMaintenance.StepResult {
        lock.lock()
        defer { lock.unlock() }
        return traced {
            step(on: writer) { writer in
                try writer.mergeFTSSegments(of: "items_head", pages: pagesPerStep, userMerge: Schema.automerge)
                    ? (.worked, "merged items_head (after writes)") : (.finished, "items_head merged to automerge's rule")
            }
        }
    }

    /// FTS pages one step of ``headMergeStep(writer:lock:pagesPerStep:)`` merges: a
    /// write that comes meanwhile waits for one such step at most.
    static let headMergePagesPerStep = 32

    /// Whether `SEARCHLIGHT_TRACE_MAINTENANCE` asks for one stderr line per step (wall
    /// clock, what the step did, how long it held the writer).
    static let tracesMaintenance = ProcessInfo.processInfo.environment["SEARCHLIGHT_TRACE_MAINTENANCE"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// Runs `body` (one step and what it did), and writes the trace line when asked.
    private static func traced(_ body: () -> (IdleMaintenance.StepResult, String)) -> IdleMaintenance.StepResult {
        let started = DispatchTime.now()
        let (result, what) = body()
        if tracesMaintenance {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            let line = String(format: "searchlight maintenance %.3f: %@ (%.1f ms)\n", Date().timeIntervalSince1970, what, ms)
            FileHandle.standardError.write(Data(line.utf8))
        }
        return result
    }

    /// One step's `work` on one file's connection, with `synchronous = NORMAL`, never
    /// waiting for another process's lock (that would make our next write wait too).
    /// Called with the writer lock held.
    private static func step(on connection: Connection, _ work: (Connection) throws -> (IdleMaintenance.StepResult, String))
        -> (IdleMaintenance.StepResult, String) {
        do {
            return try connection.withoutWaitingForLocks {
                try connection.execute("PRAGMA synchronous = NORMAL")
                defer { try? connection.execute("PRAGMA synchronous = FULL") }
                return try work(connection)
            }
        } catch {
            return connection.lastErrorIsBusy ? (.busy, "busy") : (.finished, "failed: \(error)")
        }
    }

    /// The work of one idle step on one file, in the order described above.
    private static func maintenanceWork(_ writer: Connection, file: String, table: String, pagesPerStep pages: Int) throws -> (IdleMaintenance.StepResult, String) {
        if try writer.mergeFTSSegments(of: table, pages: pages, userMerge: Schema.userMerge) { return (.worked, "merged \(table)") }
        if try writer.scalarInt("PRAGMA auto_vacuum") == 2, let free = try writer.scalarInt("PRAGMA freelist_count"), free > 0 {
            try writer.transaction { try writer.execute("PRAGMA incremental_vacuum(\(vacuumPagesPerStep))") }
            return (.worked, "returned \(min(free, Int64(vacuumPagesPerStep))) free pages of \(file)")
        }
        if writer.truncateWAL() == .busy { return (.busy, "checkpoint of \(file) busy (a reader is in the WAL)") }
        return (.finished, "checkpointed \(file); nothing left")
    }

    /// Database pages returned to the file system per step: 1 MB at 4 KB pages.
    static let vacuumPagesPerStep = 256
}
