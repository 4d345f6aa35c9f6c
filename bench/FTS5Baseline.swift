import CSQLite
import Foundation

/// The indexing baseline: prepared-statement inserts into a plain FTS5 table with the
/// index's five text columns and tokenizer (`unicode61 remove_diacritics 2`), one
/// transaction per batch, WAL with `synchronous = FULL` as the index uses.
///
/// This is the least work any FTS5 index of the same text can do, so the JS path's
/// throughput over it says what the index's own bookkeeping and the bridge cost.
enum FTS5Baseline {
    /// What the baseline took.
    struct Result {
        var seconds: Double
        var bytesOnDisk: Int64
    }

    /// Indexes `items` into a new database at `path` in batches of `batchSize`.
    ///
    /// `hashSize`, when given, sets FTS5's `hashsize` option (bytes of pending terms kept
    /// in memory before a segment is written) as the index does (`Schema.hashSize`):
    /// the plain table keeps FTS5's default, the tuned one shows how much of the
    /// index's rate comes from that setting alone.
    static func run(_ items: [Workload.Item], batchSize: Int, path: String, hashSize: Int? = nil) throws -> Result {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            throw BenchError("cannot create the baseline database \(path)")
        }
        defer { sqlite3_close_v2(db) }
        func execute(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
                throw BenchError("baseline SQL failed: \(String(cString: sqlite3_errmsg(db))) in \(sql)")
            }
        }
        try execute("""
            PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
            CREATE VIRTUAL TABLE plain USING fts5(title, names, keywords, description, text,
                tokenize='unicode61 remove_diacritics 2');
            """)
        if let hashSize { try execute("INSERT INTO plain(plain, rank) VALUES ('hashsize', \(hashSize))") }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, "INSERT INTO plain(title, names, keywords, description, text) VALUES (?, NULL, ?, ?, NULL)",
                                 -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError("cannot prepare the baseline insert: \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        let transient = searchlight_sqlite_transient()

        let start = DispatchTime.now().uptimeNanoseconds
        for batchStart in stride(from: 0, to: items.count, by: batchSize) {
            try execute("BEGIN IMMEDIATE")
            for item in items[batchStart..<min(batchStart + batchSize, items.count)] {
                sqlite3_bind_text(statement, 1, item.title, -1, transient)
                sqlite3_bind_text(statement, 2, item.keywords.joined(separator: " "), -1, transient)
                sqlite3_bind_text(statement, 3, item.description, -1, transient)
                guard sqlite3_step(statement) == SQLITE_DONE else {
                    throw BenchError("baseline insert failed: \(String(cString: sqlite3_errmsg(db)))")
                }
                sqlite3_reset(statement)
            }
            try execute("COMMIT")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return Result(seconds: seconds, bytesOnDisk: DiskUsage.bytes(atPath: path) + DiskUsage.bytes(atPath: path + "-wal"))
    }
}
