import Foundation
import XCTest
@testable import SearchIndex

/// An index written by an older schema version is brought up to date when opened.
final class MigrationTests: IndexTestCase {
    /// Turns the test's index into one laid out as schema version 1 wrote it: FTS
    /// tables with `detail=full` and `prefix='1 2 3'`, CJK text indexed one character
    /// per token and no bigrams.
    private func downgradeToVersion1() throws {
        index = nil
        let connection = try Connection(path: SearchableIndex.databasePath(in: directory), create: false)
        // Versions 1 and 2 kept `items_fts` in index.sqlite3, and had no other file.
        removeFullTextFile()
        try connection.execute("""
            BEGIN;
            DROP TABLE items_head;
            CREATE VIRTUAL TABLE items_fts USING fts5(
                title, names, keywords, description, text,
                content='', columnsize=0, tokenize='unicode61 remove_diacritics 2'
            );
            CREATE VIRTUAL TABLE items_head USING fts5(
                title, names, keywords,
                content='', columnsize=0, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'
            );
            UPDATE settings SET value = '1' WHERE key = 'schema_version';
            COMMIT;
            """)
        // Version 1's segmentation: a space around each CJK character, nothing more.
        let rows = try connection.prepare("SELECT fts_rowid, title, content_description FROM items")
        let insert = try connection.prepare("INSERT INTO items_fts(rowid, title, description) VALUES (?, ?, ?)")
        let head = try connection.prepare("INSERT INTO items_head(rowid, title) VALUES (?, ?)")
        while try rows.step() {
            let title = rows.text(1).map(CJKText.spaced)
            insert.bind([.integer(rows.int64(0)), title.map(SQLValue.text) ?? .null, rows.text(2).map(SQLValue.text) ?? .null])
            try insert.run()
            head.bind([.integer(rows.int64(0)), title.map(SQLValue.text) ?? .null])
            try head.run()
        }
    }

    /// Turns the test's index into one laid out as schema version 2 wrote it: the
    /// same tables as now, with `items_fts` in index.sqlite3.
    private func downgradeToVersion2() throws {
        index = nil
        removeFullTextFile()
        let connection = try Connection(path: SearchableIndex.databasePath(in: directory), create: false)
        try connection.execute("""
            BEGIN;
            \(Schema.fullTextStatements)
            UPDATE settings SET value = '2' WHERE key = 'schema_version';
            DELETE FROM settings WHERE key = 'fulltext_generation';
            COMMIT;
            """)
        let rows = try connection.prepare("SELECT fts_rowid, title, content_description FROM items")
        let insert = try connection.prepare("INSERT INTO items_fts(rowid, title, description) VALUES (?, ?, ?)")
        while try rows.step() {
            insert.bind([.integer(rows.int64(0)), rows.text(1).map(SQLValue.text) ?? .null, rows.text(2).map(SQLValue.text) ?? .null])
            try insert.run()
        }
    }

    /// Turns the test's index into one laid out as schema version 3 wrote it: the same
    /// tables as now, with prefixes of 1–2 characters only in `items_head`.
    private func downgradeToVersion3() throws {
        index = nil
        let connection = try Connection(path: SearchableIndex.databasePath(in: directory), create: false)
        try connection.execute("""
            BEGIN;
            DROP TABLE items_head;
            \(Schema.headStatements.replacingOccurrences(of: "prefix='1 2 3'", with: "prefix='1 2'"))
            UPDATE settings SET value = '3' WHERE key = 'schema_version';
            COMMIT;
            """)
        let rows = try connection.prepare("SELECT fts_rowid, title FROM items")
        let head = try connection.prepare("INSERT INTO items_head(rowid, title) VALUES (?, ?)")
        while try rows.step() {
            head.bind([.integer(rows.int64(0)), rows.text(1).map(SQLValue.text) ?? .null])
            try head.run()
        }
    }

    private func removeFullTextFile() {
        for suffix in ["", "-wal", "-shm"] { unlink(FullTextWriter.path(in: directory) + suffix) }
    }

    /// The `CREATE` statement of `table` in `file` (index.sqlite3 or fulltext.sqlite3),
    /// "" when it has no such table or there is no such file.
    private func schema(of table: String, in file: String = "index.sqlite3") throws -> String {
        let path = directory + "/" + file
        guard FileManager.default.fileExists(atPath: path) else { return "" }
        let connection = try Connection(path: path, create: false)
        let statement = try connection.prepare("SELECT sql FROM sqlite_master WHERE name = ?").bind([.text(table)])
        return try statement.step() ? statement.text(0) ?? "" : ""
    }

    func testAVersion1IndexIsRebuiltAndStaysSearchable() throws {
        var items = [
            item("news", title: "腾讯新闻", description: "Daily headlines"),
            item("mail", title: "E-mail setup", description: "Configure your account"),
        ]
        for number in 0 ..< 300 { items.append(item("filler-\(number)", title: "Filler item \(number)", description: "padding")) }
        try index.indexItems(items)
        try downgradeToVersion1()
        XCTAssertFalse(try schema(of: "items_fts").contains("detail=column"))

        index = try openIndex()
        XCTAssertFalse(index.wasReset, "a migration keeps the items")
        XCTAssertEqual(try schema(of: "items_fts"), "", "items_fts moved out of index.sqlite3")
        XCTAssertTrue(try schema(of: "items_fts", in: "fulltext.sqlite3").contains("detail=column"))
        XCTAssertTrue(try schema(of: "items_head").contains("prefix='1 2 3'"))
        XCTAssertEqual(try searchIDs("新闻"), ["news"], "CJK bigrams exist after the rebuild")
        XCTAssertEqual(try searchIDs("e-ma"), ["mail"])
        XCTAssertEqual(try searchIDs("headl"), ["news"])
        XCTAssertEqual(try index.search("filler").totalCount, 300)

        // Writes after the migration keep the contentless tables consistent.
        try index.deleteItems(identifiers: ["news"])
        XCTAssertEqual(try searchIDs("新闻"), [])
        let connection = try Connection.inspecting(directory)
        XCTAssertNoThrow(try connection.execute("INSERT INTO items_fts(items_fts, rank) VALUES('integrity-check', 0)"))
        XCTAssertEqual(try connection.scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'schema_version'"), Int64(Schema.version))
    }

    func testAVersion2IndexMovesItsFullTextTableToItsOwnFile() throws {
        var items = [item("mail", title: "E-mail setup", description: "Configure your account")]
        for number in 0 ..< 300 { items.append(item("filler-\(number)", title: "Filler item \(number)", description: "padding")) }
        try index.indexItems(items)
        try downgradeToVersion2()
        XCTAssertTrue(try schema(of: "items_fts").contains("detail=column"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: FullTextWriter.path(in: directory)))

        index = try openIndex()
        XCTAssertFalse(index.wasReset)
        XCTAssertEqual(try schema(of: "items_fts"), "")
        XCTAssertTrue(try schema(of: "items_fts", in: "fulltext.sqlite3").contains("detail=column"))
        // `accou` is only in a description: found through items_fts.
        XCTAssertEqual(try searchIDs("accou"), ["mail"])
        XCTAssertEqual(try index.search("filler padd").totalCount, 300)
        let connection = try Connection.inspecting(directory)
        XCTAssertEqual(try connection.scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'schema_version'"), Int64(Schema.version))
    }

    func testAVersion3IndexGainsThreeCharacterPrefixesInItsHeadTable() throws {
        var items = [item("mail", title: "E-mail setup", description: "Configure your account", keywords: ["inbox"])]
        for number in 0 ..< 300 { items.append(item("filler-\(number)", title: "Filler item \(number)", description: "padding")) }
        try index.indexItems(items)
        try downgradeToVersion3()
        XCTAssertTrue(try schema(of: "items_head").contains("prefix='1 2'"))

        index = try openIndex()
        XCTAssertFalse(index.wasReset)
        XCTAssertTrue(try schema(of: "items_head").contains("prefix='1 2 3'"))
        XCTAssertEqual(try searchIDs("setup inb"), ["mail"])
        XCTAssertEqual(try index.search("filler ite").totalCount, 300)
        let connection = try Connection.inspecting(directory)
        // The keyword was not in the downgraded head table: the rebuild put it back.
        XCTAssertEqual(try connection.scalarInt("SELECT count(*) FROM items_head WHERE items_head MATCH 'keywords : inb*'"), 1)
        XCTAssertNoThrow(try connection.execute("INSERT INTO items_head(items_head, rank) VALUES('integrity-check', 0)"))
        XCTAssertEqual(try connection.scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'schema_version'"), Int64(Schema.version))
    }

    func testANewIndexIsWrittenAtTheCurrentVersion() throws {
        let connection = try Connection.inspecting(directory)
        XCTAssertEqual(try connection.scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'schema_version'"), Int64(Schema.version))
        XCTAssertEqual(try connection.scalarInt("SELECT v FROM items_fts_config WHERE k = 'automerge'"), Int64(Schema.fullTextAutomerge))
        XCTAssertEqual(try connection.scalarInt("SELECT v FROM items_head_config WHERE k = 'automerge'"), Int64(Schema.automerge))
        XCTAssertEqual(try connection.scalarInt("SELECT v FROM items_fts_config WHERE k = 'hashsize'"), Int64(Schema.hashSize))
        XCTAssertEqual(try connection.scalarInt("SELECT v FROM items_head_config WHERE k = 'hashsize'"), Int64(Schema.hashSize))
    }
}
