import CSQLite
import Foundation

/// One SQLite connection; the only owner of its `sqlite3` handle.
///
/// Not thread-safe: ``IndexStore`` gives each connection to one thread at a time
/// (the writer behind a lock, readers through ``ReaderPool``).
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/open.html>
final class Connection {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]

    /// Opens (creating when `create`) the database at `path`.
    init(path: String, create: Bool) throws {
        _ = Self.libraryIsConfigured
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if create { flags |= SQLITE_OPEN_CREATE }
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw IndexError.unavailable("cannot open \(path): \(message)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Self.busyTimeoutMs)
    }

    /// Turns SQLite's memory statistics off before the library's first use in the
    /// process. Debian's SQLite keeps them on, so every allocation takes one global
    /// mutex, and it is built without the lookaside allocator, so FTS5 allocates a lot:
    /// with the index's two writer threads (``FullTextWriter``) that mutex is contended
    /// on every allocation (docs/benchmarks.md, "Figures behind choices in the code").
    /// The index never reads them.
    /// Evaluated once, by the first connection (or ``SearchableIndex/configureSQLite()``);
    /// `false` when SQLite was already in use, and the setting could not be applied.
    static let libraryIsConfigured: Bool = {
        searchlight_sqlite_config_memstatus(0) == SQLITE_OK
    }()

    /// How long a statement waits for another connection's lock before `SQLITE_BUSY`.
    static let busyTimeoutMs: Int32 = 5000

    /// Runs `body` with lock waits off: a statement finding another connection's lock
    /// fails with `SQLITE_BUSY` at once (idle maintenance and closing must never wait).
    func withoutWaitingForLocks<T>(_ body: () throws -> T) rethrows -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Self.busyTimeoutMs) }
        return try body()
    }

    /// What a ``truncateWAL()`` did.
    enum CheckpointResult {
        /// The WAL was copied into the database and truncated to nothing.
        case truncated
        /// A reader (of any connection) is inside the WAL: it was left as it is.
        case busy
        /// SQLite reported another error.
        case failed
    }

    /// Copies the WAL into the database and truncates it to nothing, unless a reader
    /// still uses it.
    ///
    /// Related SQLite documentation: <https://sqlite.org/c3ref/wal_checkpoint_v2.html>
    @discardableResult
    func truncateWAL() -> CheckpointResult {
        switch sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) {
        case SQLITE_OK: return .truncated
        case SQLITE_BUSY: return .busy
        default: return .failed
        }
    }

    /// Writes the pages the open transaction changed to the WAL now, rather than at
    /// `COMMIT`; a failure is left for the `COMMIT` to report.
    ///
    /// Related SQLite documentation: <https://sqlite.org/c3ref/db_cacheflush.html>
    func writeDirtyPages() {
        _ = sqlite3_db_cacheflush(handle)
    }

    /// Whether the last failed call failed because the file is damaged or is not a
    /// database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    var lastErrorIsCorruption: Bool {
        let code = sqlite3_extended_errcode(handle) & 0xFF
        return code == SQLITE_CORRUPT || code == SQLITE_NOTADB
    }

    /// Whether the last failed call failed on another connection's lock
    /// (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    var lastErrorIsBusy: Bool {
        let code = sqlite3_extended_errcode(handle) & 0xFF
        return code == SQLITE_BUSY || code == SQLITE_LOCKED
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without results.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? ""
            sqlite3_free(message)
            throw error(code, context: "\(text) in \(sql.prefix(80))")
        }
    }

    /// A statement prepared once and kept for the life of the connection.
    func cached(_ sql: String) throws -> Statement {
        if let statement = cache[sql] {
            sqlite3_reset(statement.handle)
            return statement
        }
        let statement = try Statement(connection: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Finalizes every cached statement (before a table they use is dropped).
    func clearCache() {
        cache.removeAll()
    }

    /// Attaches the database file at `path` as schema `name`.
    func attach(_ path: String, as name: String) throws {
        try prepare("ATTACH DATABASE ? AS \(name)").bind([.text(path)]).run()
    }

    /// Resets every cached statement, so none holds the read transaction open.
    func resetCachedStatements() {
        for statement in cache.values { statement.reset() }
    }

    /// A statement for one use.
    func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Whether no transaction is open.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rows changed by every statement since the connection was opened.
    var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    /// Runs `body` in an immediate transaction, committing on return and rolling back
    /// on a thrown error.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The first column of the first row of `sql`, as an integer.
    func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        let statement = try cached(sql).bind(values)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : nil
    }

    /// An ``IndexError`` for an SQLite result code: a full disk is `E_QUOTA_EXCEEDED`,
    /// anything else `E_INDEX_UNAVAILABLE`.
    func error(_ code: Int32, context: String) -> IndexError {
        let message = String(cString: sqlite3_errmsg(handle))
        let primary = code & 0xFF
        if primary == SQLITE_FULL {
            return IndexError(code: IndexError.quotaExceeded, message: "the disk is full (\(message))")
        }
        return IndexError.unavailable("SQLite error \(code): \(message) (\(context))")
    }
}
