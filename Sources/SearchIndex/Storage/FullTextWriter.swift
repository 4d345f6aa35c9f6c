import Dispatch
import Foundation
import Synchronization

/// `items_fts`, the full-text table of every field, in a database file of its own
/// (`fulltext.sqlite3`), written by its own connection on its own thread.
///
/// Why a second file: SQLite lets one connection write a file at a time, and building
/// FTS5 segments is most of a batch's work. With both FTS tables in `index.sqlite3`, a
/// batch would keep one core busy while the other has nothing to do (the JS thread
/// waits for the promise). In a file of its own, `items_fts` is written here while the
/// writer connection stores the `items` rows and `items_head`, so a batch uses both
/// cores (a C prototype of the two layouts measured the gain: docs/benchmarks.md, "Figures behind choices in the code").
///
/// The writer hands changes over as it makes them (``apply(_:)``, in chunks), so this
/// thread tokenizes while the writer goes on; ``commit(generation:)`` waits for the
/// last of them and commits. A write transaction commits here first and then in
/// `index.sqlite3`; if this commit fails, the writer rolls back and nothing changed.
/// Both files record the count of such transactions (``Schema/generationKey``): a crash
/// between the two commits, or a failed second commit, leaves them different, and the
/// index rebuilds `items_fts` from `items` (at the next write, and at open). The table
/// holds nothing that is not derived from `items`, so a damaged or missing file is
/// rebuilt too rather than costing the app its index.
///
/// Not thread-safe on its own: ``IndexStore`` calls it under its writer lock, one
/// transaction at a time. The connection is used only on this object's queue.
final class FullTextWriter: @unchecked Sendable {
    /// One change to `items_fts`.
    enum Change: Sendable {
        case insert(rowid: FTSRowid, FTSRow)
        /// A contentless table deletes a row given the values it indexed.
        case delete(rowid: FTSRowid, FTSRow)
        case deleteAll
        /// Drops and creates the table in the current layout (a rebuild's first change).
        case recreate
    }

    /// The file beside `index.sqlite3`.
    static func path(in directory: String) -> String {
        directory + "/fulltext.sqlite3"
    }

    let path: String
    /// The index's words, told about every inserted and deleted row's while it is loaded.
    let vocabulary: Vocabulary

    private let connection: Connection
    /// Splits inserted and deleted rows into words for ``vocabulary``; used on ``queue`` only.
    private var tokenizer: FTSTokenizer?
    private let queue = DispatchQueue(label: "searchlight.SearchIndex.fulltext", qos: .userInitiated)
    /// Work handed to ``queue`` and not yet started: a merge between batches stops for it.
    private let waiting = Atomic<Int>(0)
    // The transaction in progress; touched on `queue` only.
    private var inTransaction = false
    /// Whether the open transaction tells ``vocabulary`` its rows' words.
    private var tracksWords = false
    private var failure: Error?

    /// Opens (creating when needed) `fulltext.sqlite3` in `directory`; a file that is
    /// not a database, or is damaged, is removed and made anew.
    init(directory: String, vocabulary: Vocabulary? = nil) throws {
        let path = Self.path(in: directory)
        self.path = path
        self.vocabulary = vocabulary ?? Vocabulary(cachePath: Vocabulary.cachePath(in: directory))
        do {
            connection = try Self.open(path: path)
        } catch is IndexStore.DatabaseCorruption {
            DataDirectory.removeDatabase(path)
            connection = try Self.open(path: path)
        }
    }

    /// Opens the file, creating what is missing. A new file records no generation (0),
    /// so it matches only an index that never had an item.
    private static func open(path: String) throws -> Connection {
        try IndexStore.openDatabaseFile(path) { connection in
            try connection.execute(Schema.fullTextStateStatements)
            if try connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'items_fts'") != 1 {
                try connection.transaction { try Self.createTable(on: connection) }
            } else if try connection.scalarInt("SELECT v FROM items_fts_config WHERE k = 'automerge'") != Int64(Schema.fullTextAutomerge) {
                try connection.execute("INSERT INTO items_fts(items_fts, rank) VALUES ('automerge', \(Schema.fullTextAutomerge))")
            }
            return connection
        }
    }

    private static func createTable(on connection: Connection) throws {
        try connection.execute(Schema.fullTextStatements)
        try connection.execute(Schema.ftsConfiguration("items_fts", automerge: Schema.fullTextAutomerge))
    }

    // MARK: One transaction

    /// Applies `changes` in order on this writer's thread, beginning a transaction with
    /// the first. Returns at once; a failure is reported by ``commit(generation:)``.
    func apply(_ changes: [Change]) {
        enqueue { [self] in
            if !inTransaction {
                inTransaction = true
                tracksWords = vocabulary.beginTransaction()
                failure = nil
                do { try connection.execute("BEGIN IMMEDIATE") } catch { failure = error }
            }
            guard failure == nil else { return }
            do {
                for change in changes { try write(change) }
            } catch {
                failure = error
            }
        }
    }

    /// Commits, after the changes applied so far, recording `generation`; on any
    /// failure rolls back. Returns at once: the writer goes on with its own work (its
    /// head table's segment) while this thread builds the segment of `items_fts`;
    /// ``waitForCommit()`` tells how it went.
    func commit(generation: Int64) {
        let outcome = pendingCommit
        outcome.start()
        enqueue { [self] in
            guard inTransaction else { return outcome.finish(.success(false)) }
            inTransaction = false
            if let failure {
                self.failure = nil
                vocabulary.rolledBack()
                try? connection.execute("ROLLBACK")
                return outcome.finish(.failure(failure))
            }
            do {
                try connection.cached("INSERT INTO fulltext_state(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
                    .bind([.text(Schema.generationKey), .integer(generation)]).run()
                vocabulary.committing(generation: generation)
                try connection.execute("COMMIT")
                vocabulary.committed(generation: generation)
                outcome.finish(.success(true))
            } catch {
                vocabulary.rolledBack()
                try? connection.execute("ROLLBACK")
                return outcome.finish(.failure(error))
            }
            // The writer commits its own file now and the app prepares its next batch:
            // this thread would be idle until the next batch's first rows.
            mergeUntilWorkArrives()
        }
    }

    /// Waits for the commit ``commit(generation:)`` started; returns whether a
    /// transaction was committed, or throws why it was rolled back.
    @discardableResult
    func waitForCommit() throws -> Bool {
        try pendingCommit.wait()
    }

    /// The outcome of the last commit; one at a time (the writer lock sees to it).
    private let pendingCommit = CommitOutcome()

    private final class CommitOutcome: @unchecked Sendable {
        private let condition = NSCondition()
        private var result: Result<Bool, Error>?

        func start() {
            condition.lock()
            result = nil
            condition.unlock()
        }

        func finish(_ outcome: Result<Bool, Error>) {
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
        }

        func wait() throws -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while result == nil { condition.wait() }
            return try result!.get()
        }
    }

    /// Rolls back the transaction in progress, if any (after the changes applied so far).
    func rollback() {
        enqueue { [self] in
            guard inTransaction else { return }
            inTransaction = false
            failure = nil
            vocabulary.rolledBack()
            try? connection.execute("ROLLBACK")
        }
    }

    /// The generation the file holds now (no transaction may be in progress).
    func generation() throws -> Int64 {
        try run { connection in
            try connection.scalarInt("SELECT value FROM fulltext_state WHERE key = ?", [.text(Schema.generationKey)]) ?? 0
        }
    }

    /// Runs `body` with the connection on this writer's thread and waits for it: for
    /// maintenance, checkpoints and tests, never inside a transaction.
    func run<T>(_ body: (Connection) throws -> T) rethrows -> T {
        waiting.add(1, ordering: .relaxed)
        return try queue.sync {
            waiting.subtract(1, ordering: .relaxed)
            return try body(connection)
        }
    }

    private func enqueue(_ work: @escaping @Sendable () -> Void) {
        waiting.add(1, ordering: .relaxed)
        queue.async { [self] in
            waiting.subtract(1, ordering: .relaxed)
            work()
        }
    }

    // MARK: Merging between batches

    /// FTS pages one merge step between batches writes at most: a step takes 1–3 ms, so
    /// the next batch's rows wait about that long.
    static let pagesPerGapStep = 32

    /// Merges `items_fts` segments in short transactions until some other work is
    /// handed to this thread or nothing is left to merge.
    ///
    /// With FTS5's automerge, the commit that makes a level's 8th segment, and the next
    /// one, would do most of merging them, several times a normal commit's time, on the
    /// path of the app's `await`. Between two batches of an import this thread is idle
    /// while the writer commits its own file and the app prepares its next batch
    /// (15–20 ms for 1000 items), so `items_fts` has no automerge
    /// (``Schema/fullTextAutomerge``) and is merged here, with automerge's rule:
    /// segments of one level once there are 8 (`usermerge` 8; idle maintenance then
    /// merges by 2). The merging is then done in the gaps, at the same size
    /// (docs/benchmarks.md, "Figures behind choices in the code"). Steps commit with `synchronous = NORMAL`, as idle
    /// maintenance does: a step lost in a power cut is only work to redo.
    private func mergeUntilWorkArrives() {
        guard waiting.load(ordering: .relaxed) == 0 else { return }
        let started = DispatchTime.now().uptimeNanoseconds
        var steps = 0
        defer {
            if IndexStore.tracesMaintenance && steps > 0 {
                let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                let line = String(format: "searchlight maintenance %.3f: merged items_fts between batches, %d steps (%.1f ms)\n",
                                  Date().timeIntervalSince1970, steps, ms)
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
        do {
            try connection.execute("PRAGMA synchronous = NORMAL")
            defer { try? connection.execute("PRAGMA synchronous = FULL") }
            try connection.withoutWaitingForLocks {
                while waiting.load(ordering: .relaxed) == 0,
                      try connection.mergeFTSSegments(of: "items_fts", pages: Self.pagesPerGapStep, userMerge: Schema.automerge) { steps += 1 }
            }
        } catch {
            // Busy (another process) or failed: the next gap, idle maintenance, or a
            // crisis merge does the work.
        }
    }

    /// The distinct words of the row being told, reused from row to row.
    private var rowWords = Vocabulary.RowWords()

    /// Tells ``vocabulary`` the distinct words of a row inserted (`count` 1) or deleted (-1).
    private func addWords(of row: FTSRow, count: Int32) {
        if tokenizer == nil { tokenizer = FTSTokenizer() }
        guard let tokenizer else { return }
        rowWords.removeAll()
        for var text in [row.title, row.names, row.keywords, row.description, row.text] {
            guard text != nil else { continue }
            if text!.withUTF8({ Self.asciiWords($0, into: &rowWords) }) { continue }
            let tokens = tokenizer.tokens(text!)
            for index in 0 ..< tokens.count where tokens.ranges[index].count >= Vocabulary.shortestWord {
                rowWords.insert(Vocabulary.scalars(tokens[index]))
            }
        }
        vocabulary.add(rowWords, count: count)
    }

    /// Adds the words of ASCII text to `words` (``ASCIIText/forEachWord(_:_:)``);
    /// `false`, having added nothing, when the text has a non-ASCII byte (FTS5's
    /// tokenizer splits it).
    static func asciiWords(_ text: UnsafeBufferPointer<UInt8>, into words: inout Vocabulary.RowWords) -> Bool {
        ASCIIText.forEachWord(text) { words.insert($0.lazy.map(UInt32.init)) }
    }

    private func write(_ change: Change) throws {
        switch change {
        case .insert(let rowid, let row):
            let statement = try connection.cached("INSERT INTO items_fts(rowid, title, names, keywords, description, text) VALUES (?, ?, ?, ?, ?, ?)")
            statement.bind(.integer(rowid), at: 1)
            row.bind(to: statement, first: 2)
            try statement.run()
            if tracksWords { addWords(of: row, count: 1) }
        case .delete(let rowid, let row):
            let statement = try connection.cached(
                "INSERT INTO items_fts(items_fts, rowid, title, names, keywords, description, text) VALUES ('delete', ?, ?, ?, ?, ?, ?)")
            statement.bind(.integer(rowid), at: 1)
            row.bind(to: statement, first: 2)
            try statement.run()
            if tracksWords { addWords(of: row, count: -1) }
        case .deleteAll:
            try connection.execute("INSERT INTO items_fts(items_fts) VALUES ('delete-all')")
            if tracksWords { vocabulary.clear() }
        case .recreate:
            // Statements prepared on the old table would fail on the new one.
            connection.clearCache()
            try connection.execute("DROP TABLE IF EXISTS items_fts")
            try Self.createTable(on: connection)
            if tracksWords { vocabulary.clear() }
        }
    }
}
