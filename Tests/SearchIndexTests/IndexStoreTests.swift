import Foundation
import XCTest
@testable import SearchIndex

/// `IndexStore`'s contract, below CoreSpotlight's rules: a read sees one committed
/// state, a write commits both files or neither, and a released store leaves no WAL.
final class IndexStoreTests: XCTestCase {
    private var directory: String!
    private var store: IndexStore!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "indexstore-tests-" + UUID().uuidString
        try DataDirectory.create(directory)
        store = try openStore()
    }

    override func tearDownWithError() throws {
        store = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func openStore() throws -> IndexStore {
        try IndexStore(
            configuration: IndexStore.Configuration(
                directory: directory, idleMaintenanceDelay: nil, maintenancePagesPerStep: 16, functions: [],
                now: { Date().timeIntervalSince1970 * 1000 }),
            opening: { _ in })
    }

    private func storeItems(_ ids: [String], in transaction: WriteTransaction) throws {
        for id in ids {
            let item = SearchableItem(id: id, attributes: SearchableItemAttributeSet(title: "Title \(id)", contentDescription: "body of \(id)"))
            try transaction.store(item, domain: "org.example.app", expirationDate: transaction.now + 86_400_000,
                                  kind: Schema.itemKind, activity: nil, existing: try transaction.row(id: id))
        }
    }

    private func itemCount() throws -> Int64 {
        try store.read { try $0.scalarInt("SELECT count(*) FROM items") ?? -1 }
    }

    /// The rows of `items_fts` matching `word`, read through the reader's attached file.
    private func fullTextMatches(_ word: String) throws -> Int64 {
        try store.read { try $0.scalarInt("SELECT count(*) FROM fulltext.items_fts WHERE items_fts MATCH ?", [.text(word)]) ?? -1 }
    }

    private func generations() throws -> (index: Int64, fullText: Int64) {
        try store.read { connection in
            (try connection.scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'fulltext_generation'") ?? 0,
             try connection.scalarInt("SELECT value FROM fulltext.fulltext_state WHERE key = 'fulltext_generation'") ?? 0)
        }
    }

    func testAReadSeesOneSnapshotWhileAWriteCommits() throws {
        try store.write { try storeItems(["a", "b"], in: $0) }
        let written = DispatchSemaphore(value: 0)
        let store = store!
        let counts = try store.read { connection -> [Int64] in
            let first = try connection.scalarInt("SELECT count(*) FROM items") ?? -1
            // A write commits while this read is between two statements: it does not
            // wait for the read, and the read does not see it.
            DispatchQueue.global().async {
                try? store.write { transaction in
                    let item = SearchableItem(id: "c", attributes: SearchableItemAttributeSet(title: "Title c"))
                    try transaction.store(item, domain: "org.example.app", expirationDate: transaction.now + 86_400_000,
                                          kind: Schema.itemKind, activity: nil, existing: nil)
                }
                written.signal()
            }
            XCTAssertEqual(written.wait(timeout: .now() + 10), .success, "the write waited for the read")
            return [first, try connection.scalarInt("SELECT count(*) FROM items") ?? -1]
        }
        XCTAssertEqual(counts, [2, 2])
        XCTAssertEqual(try itemCount(), 3, "the next read sees the write")
    }

    func testAWriteThatThrowsChangesNeitherFile() throws {
        try store.write { try storeItems(["a"], in: $0) }
        let before = try generations()
        struct Refused: Error {}
        XCTAssertThrowsError(try store.write { transaction in
            try storeItems(["b", "c"], in: transaction)
            throw Refused()
        }) { XCTAssertTrue($0 is Refused) }
        XCTAssertEqual(try itemCount(), 1)
        XCTAssertEqual(try fullTextMatches("c"), 0, "items_fts did not keep the rolled-back rows")
        XCTAssertEqual(try fullTextMatches("a"), 1)
        XCTAssertEqual(try generations().index, before.index)
        XCTAssertEqual(try generations().fullText, before.fullText)

        try store.write { try storeItems(["d"], in: $0) }
        let after = try generations()
        XCTAssertEqual(after.index, before.index + 1)
        XCTAssertEqual(after.fullText, after.index)
        XCTAssertEqual(try fullTextMatches("d"), 1)
    }

    func testAReleasedStoreLeavesNoWAL() throws {
        try store.write { try storeItems((0 ..< 200).map { "item\($0)" }, in: $0) }
        let wals = [IndexStore.databasePath(in: directory), FullTextWriter.path(in: directory)].map { $0 + "-wal" }
        XCTAssertGreaterThan(wals.map(DataDirectory.fileSize).reduce(0, +), 0, "the writes went to the WALs")
        store = nil
        XCTAssertEqual(wals.map(DataDirectory.fileSize), [0, 0])
        store = try openStore()
        XCTAssertEqual(try itemCount(), 200)
    }
}
