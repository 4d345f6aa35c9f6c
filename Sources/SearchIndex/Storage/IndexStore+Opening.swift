import Foundation

/// Opening the store's files: the writer connection (a damaged `index.sqlite3` moved
/// aside), the files derived from it that opening makes stale, and the readers.
extension IndexStore {
    /// The writer connection as opened, and what opening found.
    struct OpenedWriter {
        var connection: Connection
        /// The schema version the database was written with.
        var storedVersion: Int
        /// Whether `index.sqlite3` was corrupt, moved aside, and started over empty.
        var wasReset: Bool
    }

    /// Opens the writer connection; a corrupt `index.sqlite3` is moved aside and an
    /// empty one created.
    static func openWriterOrStartOver(path: String) throws -> OpenedWriter {
        do {
            let (connection, version) = try openWriter(path: path)
            return OpenedWriter(connection: connection, storedVersion: version, wasReset: false)
        } catch is DatabaseCorruption {
            // Keep the damaged file for inspection; start over empty.
            let aside = path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
            rename(path, aside)
            unlink(path + "-wal")
            unlink(path + "-shm")
            let (connection, version) = try openWriter(path: path)
            return OpenedWriter(connection: connection, storedVersion: version, wasReset: true)
        }
    }

    /// Removes what `opened` made stale: after a reset the full-text file (it belongs
    /// to the items just lost), and after a reset or an older schema the saved word list.
    static func removeStaleDerivedFiles(in directory: String, after opened: OpenedWriter) {
        if opened.wasReset {
            DataDirectory.removeDatabase(FullTextWriter.path(in: directory))
        }
        if opened.wasReset || opened.storedVersion < Schema.version {
            unlink(Vocabulary.cachePath(in: directory))
        }
    }

    /// The pool of reader connections: `index.sqlite3` read-only with `fulltext.sqlite3`
    /// attached as `fulltext`, both mapped (``readerMapSize``), with `functions`.
    static func readerPool(path: String, fullTextPath: String, functions: [SQLFunction]) -> ReaderPool {
        ReaderPool {
            let reader = try Connection(path: path, create: false)
            try reader.attach(fullTextPath, as: "fulltext")
            try reader.execute(Vocabulary.readerStatements)
            try reader.execute("PRAGMA query_only = 1")
            try reader.execute("PRAGMA main.mmap_size = \(Self.readerMapSize); PRAGMA fulltext.mmap_size = \(Self.readerMapSize)")
            try MatchLocator.register(on: reader)
            for function in functions { try reader.register(function) }
            return reader
        }
    }

    /// Opens the writer connection, creating the schema when missing; returns it and
    /// the schema version the database was written with.
    fileprivate static func openWriter(path: String) throws -> (Connection, Int) {
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

    /// Opens one of the store's database files for writing, creating it when missing
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
                // Before any table exists: pages of 8 KiB, because an `items` row is
                // about 700 bytes and a 4 KiB page left a partial row's room empty in
                // every page (8 % of the table; 4 % now); and incremental auto-vacuum,
                // so idle maintenance can return the pages its merges free
                // (`IndexStore+Maintenance.swift`). SQLite keeps 4 KiB pages when
                // `page_size` comes after `auto_vacuum`.
                try connection.execute("PRAGMA page_size = \(pageSize); PRAGMA auto_vacuum = INCREMENTAL")
            }
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA journal_size_limit = \(journalSizeLimit);")
            return try setUp(connection)
        } catch {
            if connection.lastErrorIsCorruption { throw DatabaseCorruption() }
            throw error
        }
    }
}
