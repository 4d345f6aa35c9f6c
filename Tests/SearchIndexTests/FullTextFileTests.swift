import CSQLite
import Foundation
import XCTest
@testable import SearchIndex

/// `items_fts` lives in `fulltext.sqlite3`, written on a thread of its own: whatever
/// happens to that file, the index opens with every item findable by every field, and
/// never with text that `items` no longer holds.
final class FullTextFileTests: IndexTestCase {
    private var fullTextPath: String { FullTextWriter.path(in: directory) }

    /// 1 500 items whose descriptions (indexed only in `items_fts`) say which they are.
    private func indexCatalog() throws {
        try index.indexItems((0 ..< 1500).map {
            item("n\($0)", title: "Note \($0)", description: "body\($0) " + ($0 % 2 == 0 ? "evenword" : "oddword"))
        })
    }

    /// The rebuilt tables answer each query as before; `all`, so that a lost term finds
    /// nothing rather than the items of the others.
    private func assertCatalogIsFound(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try searchIDs("body1234"), ["n1234"], file: file, line: line)
        XCTAssertEqual(try index.search("evenwor").totalCount, SearchableIndex.totalCountCap, file: file, line: line)
        XCTAssertEqual(try index.search("note oddword").totalCount, SearchableIndex.totalCountCap, file: file, line: line)
        XCTAssertEqual(try searchIDs("note body7 oddword", matching: .all), ["n7"], file: file, line: line)
    }

    func testAMissingFullTextFileIsRebuiltFromTheItems() throws {
        try indexCatalog()
        index = nil
        for suffix in ["", "-wal", "-shm"] { unlink(fullTextPath + suffix) }
        index = try openIndex()
        XCTAssertFalse(index.wasReset, "the items were never lost")
        try assertCatalogIsFound()
    }

    func testADamagedFullTextFileIsReplacedAndRebuilt() throws {
        try indexCatalog()
        index = nil
        for suffix in ["-wal", "-shm"] { unlink(fullTextPath + suffix) }
        try Data(repeating: 0x5A, count: 16384).write(to: URL(fileURLWithPath: fullTextPath))
        index = try openIndex()
        XCTAssertFalse(index.wasReset)
        try assertCatalogIsFound()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertFalse(names.contains { $0.contains("corrupt") }, "derived data is not kept aside: \(names)")
    }

    /// A crash between the two commits leaves `fulltext.sqlite3` one transaction ahead:
    /// text `items` does not have. Opening rebuilds it, so that text finds nothing.
    func testAFullTextFileAheadOfTheItemsIsRebuiltOnOpen() throws {
        try indexCatalog()
        index = nil
        let connection = try Connection.inspecting(directory)
        let rowid = try XCTUnwrap(connection.scalarInt("SELECT fts_rowid FROM items WHERE id = 'n3'"))
        try connection.execute("""
            BEGIN;
            INSERT INTO fulltext.items_fts(rowid, description) VALUES (\(rowid), 'phantomword');
            UPDATE fulltext.fulltext_state SET value = value + 1 WHERE key = 'fulltext_generation';
            COMMIT;
            """)
        XCTAssertEqual(try connection.scalarInt("SELECT count(*) FROM items_fts WHERE items_fts MATCH 'phantomword'"), 1)

        index = try openIndex()
        XCTAssertEqual(try searchIDs("phantomword"), [], "text items never had is gone")
        try assertCatalogIsFound()
    }

    /// Both files record the same generation after every write, and each write that
    /// changes text raises it by one; a write that changes no text leaves it.
    func testEveryTextWriteRaisesBothGenerationsTogether() throws {
        func generations() throws -> (Int64, Int64) {
            let connection = try Connection.inspecting(directory)
            return (try connection.scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'fulltext_generation'") ?? 0,
                    try connection.scalarInt("SELECT value FROM fulltext.fulltext_state WHERE key = 'fulltext_generation'") ?? 0)
        }
        XCTAssertEqual(try generations().0, try generations().1)
        let start = try generations().0
        try index.indexItems([item("a", title: "Alpha")])
        try index.deleteItems(identifiers: ["a"])
        try index.deleteItems(identifiers: ["nothing-here"])
        try index.setIndexingPreference(.disabled)
        let (mainGeneration, fullTextGeneration) = try generations()
        XCTAssertEqual(mainGeneration, fullTextGeneration)
        XCTAssertEqual(mainGeneration, start + 2)
    }

    /// A batch that fails validation leaves both files as they were.
    func testARejectedBatchChangesNeitherFile() throws {
        try reopenWithoutIdleMaintenance()
        try indexCatalog()
        let before = try IndexSnapshot(of: index)
        let fullTextBefore = try fullTextDump()
        assertIndexError(IndexError.invalidItem, "items[1]") {
            try index.indexItems([item("x", title: "Fine"), SearchableItem(id: "", attributes: SearchableItemAttributeSet(title: "No id"))])
        }
        XCTAssertEqual(try IndexSnapshot(of: index), before)
        XCTAssertEqual(try fullTextDump(), fullTextBefore)
        XCTAssertEqual(try searchIDs("fine"), [])
    }

    /// The full-text file commits first: when it cannot (here another process holds its
    /// write lock past the busy timeout), the batch fails with a coded error and
    /// neither file changes; the next batch goes through.
    func testAFullTextFileThatCannotCommitFailsTheBatchAndChangesNothing() throws {
        try reopenWithoutIdleMaintenance()
        try indexCatalog()
        let before = try IndexSnapshot(of: index)
        let fullTextBefore = try fullTextDump()
        let other = try Connection(path: fullTextPath, create: false)
        try other.execute("BEGIN IMMEDIATE")
        assertIndexError(IndexError.indexUnavailable, "locked") {
            try index.indexItems([item("blocked", title: "Blocked", description: "stuckword")])
        }
        try other.execute("ROLLBACK")
        XCTAssertEqual(try IndexSnapshot(of: index), before)
        XCTAssertEqual(try fullTextDump(), fullTextBefore)
        XCTAssertEqual(try searchIDs("blocked"), [])

        try index.indexItems([item("free", title: "Free", description: "unstuckword")])
        XCTAssertEqual(try searchIDs("unstuckw"), ["free"])
        try assertCatalogIsFound()
    }

    /// The two writer threads allocate without SQLite's memory statistics, whose one
    /// global mutex they would otherwise take on every allocation: SQLite then counts
    /// no memory at all, though an index is open and has written.
    func testSQLiteRunsWithoutMemoryStatistics() throws {
        try indexCatalog()
        XCTAssertTrue(SearchableIndex.configureSQLite())
        XCTAssertEqual(sqlite3_memory_used(), 0)
    }

    /// `items_fts` merges between batches, not in them: an import that pauses between
    /// batches as an app does (preparing the next one) keeps few segments, each batch
    /// adding one, with idle maintenance off.
    func testSegmentsAreMergedBetweenBatches() throws {
        try reopenWithoutIdleMaintenance()
        func segments() throws -> Int64 {
            try Connection.inspecting(directory).scalarInt("SELECT count(DISTINCT segid) FROM items_fts_idx") ?? 0
        }
        for batch in 0 ..< 15 {
            try index.indexItems((0 ..< 200).map { item("b\(batch)-\($0)", title: "Batch \(batch)", description: "word\(batch)x\($0)y text") })
            XCTAssertLessThanOrEqual(try segments(), 8, "after batch \(batch)")
            usleep(100_000)
        }
        // Without merging, 15 batches would leave 15 segments; 8 of them were merged.
        XCTAssertLessThanOrEqual(try segments(), 8)
        XCTAssertEqual(try searchIDs("word3x17y"), ["b3-17"])
        XCTAssertEqual(try index.search("batch 14 text").totalCount, 200)
        XCTAssertNoThrow(try Connection.inspecting(directory).execute("INSERT INTO items_fts(items_fts, rank) VALUES('integrity-check', 0)"))
    }

    /// Opens the test's index again with idle maintenance off: a test that compares
    /// the segments before and after something must not see maintenance merge them
    /// meanwhile (on a loaded machine its 0.5 s delay passes within the test).
    private func reopenWithoutIdleMaintenance() throws {
        index = nil
        var configuration = SearchableIndex.Configuration(directory: directory, defaultDomain: "org.example.app")
        configuration.idleMaintenanceDelay = nil
        index = try SearchableIndex(configuration: configuration)
    }

    /// Every row of `items_fts`'s segment table, as text.
    /// What `items_fts` holds, term by term: every (term, row, column) entry, read
    /// through an `fts5vocab` table. This is the index's content, not its layout: the
    /// full-text writer merges segments between batches, which rewrites the pages of
    /// `items_fts_data` without changing a single entry.
    private func fullTextDump() throws -> [String] {
        let connection = try Connection(path: fullTextPath, create: false)
        try connection.execute("CREATE VIRTUAL TABLE temp.entries USING fts5vocab(main, items_fts, 'instance')")
        let statement = try connection.prepare("SELECT term, doc, col FROM temp.entries ORDER BY term, doc, col")
        var rows: [String] = []
        while try statement.step() { rows.append("\(statement.text(0) ?? "") \(statement.int64(1)) \(statement.text(2) ?? "")") }
        return rows
    }
}
