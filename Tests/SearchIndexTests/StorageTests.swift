import Foundation
import XCTest
@testable import SearchIndex

/// Files, permissions, reopening and round-tripping every field.
final class StorageTests: IndexTestCase {
    func testDataDirectoryAndFilesArePrivate() throws {
        try index.indexItems([item("a", title: "Alpha")])
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue & 0o777
        }
        XCTAssertEqual(try mode(directory), 0o700)
        XCTAssertEqual(try mode(directory + "/index.sqlite3"), 0o600)
        XCTAssertEqual(try mode(directory + "/index.sqlite3-wal"), 0o600)
        XCTAssertEqual(try mode(directory + "/fulltext.sqlite3"), 0o600)
        XCTAssertEqual(try mode(directory + "/fulltext.sqlite3-wal"), 0o600)
        XCTAssertEqual(try mode(directory + "/thumbnails"), 0o700)
    }

    func testEveryFieldRoundTrips() throws {
        let created = Date(timeIntervalSince1970: 1_700_000_000.123)
        let modified = Date(timeIntervalSince1970: 1_700_000_500)
        let expires = Date().addingTimeInterval(3600)
        let full = SearchableItem(id: "recipe-1", domain: "com.example.recipes", expirationDate: expires, attributes: SearchableItemAttributeSet(
            title: "Crème brûlée", contentDescription: "A custard", keywords: ["dessert", "french"],
            thumbnail: .data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3], mimeType: "image/png"), contentType: "public.text",
            url: "foods://recipe/1", displayName: "Brûlée", alternateNames: ["burnt cream"], textContent: "Eggs, cream, sugar",
            phoneNumbers: ["+33 1 23"], emailAddresses: ["chef@example.org"], supportsPhoneCall: true, rankingHint: 75,
            contentCreationDate: created, contentModificationDate: modified,
            custom: ["servings": .number(4), "vegetarian": .bool(true), "tags": .array([.string("x"), .number(1.5)]), "chef": .string("Anne")]))
        XCTAssertEqual(try index.indexItems([full]), 1)

        let reopened = try openIndex()
        let stored = try XCTUnwrap(try reopened.items(identifiers: ["recipe-1"]).first!)
        XCTAssertEqual(stored.domain, "com.example.recipes")
        XCTAssertEqual(stored.attributes.title, "Crème brûlée")
        XCTAssertEqual(stored.attributes.keywords, ["dessert", "french"])
        XCTAssertEqual(stored.attributes.alternateNames, ["burnt cream"])
        XCTAssertEqual(stored.attributes.phoneNumbers, ["+33 1 23"])
        XCTAssertEqual(stored.attributes.emailAddresses, ["chef@example.org"])
        XCTAssertEqual(stored.attributes.supportsPhoneCall, true)
        XCTAssertEqual(stored.attributes.rankingHint, 75)
        XCTAssertEqual(stored.attributes.contentCreationDate!.timeIntervalSince1970, created.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertEqual(stored.attributes.contentModificationDate, modified)
        XCTAssertEqual(stored.expirationDate!.timeIntervalSince1970, expires.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertEqual(stored.attributes.custom, full.attributes.custom)
        XCTAssertEqual(stored.attributes.url, "foods://recipe/1")
        XCTAssertEqual(stored.attributes.contentType, "public.text")
        let path = try XCTUnwrap(stored.attributes.thumbnail?.path)
        XCTAssertTrue(path.hasPrefix(directory + "/thumbnails/"))
        XCTAssertTrue(path.hasSuffix(".png"))
        XCTAssertEqual(FileManager.default.contents(atPath: path).map { Array($0) }, [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
    }

    func testMissingItemsAreNilInOrder() throws {
        try index.indexItems([item("b", title: "Beta")])
        let found = try index.items(identifiers: ["x", "b", "y"])
        XCTAssertEqual(found.map { $0?.id }, [nil, "b", nil])
    }

    func testDefaultDomainIsTheConfiguredOne() throws {
        try index.indexItems([item("a", title: "Alpha")])
        XCTAssertEqual(try index.items(identifiers: ["a"]).first??.domain, "org.example.app")
    }

    func testCorruptDatabaseIsMovedAsideAndReported() throws {
        index = nil
        let path = directory + "/index.sqlite3"
        unlink(path + "-wal"); unlink(path + "-shm")
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
        let reopened = try openIndex()
        XCTAssertTrue(reopened.wasReset)
        XCTAssertEqual(try reopened.indexItems([item("a", title: "Alpha")]), 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertTrue(names.contains { $0.hasPrefix("index.sqlite3.corrupt-") }, "\(names)")
    }

    func testThousandsOfItemsAreStoredAndCounted() throws {
        let items = (0..<3000).map { item("n\($0)", title: "Note \($0)", domain: $0 % 3 == 0 ? "notes.work" : "notes.home") }
        XCTAssertEqual(try index.indexItems(items), 3000)
        let stats = try index.statistics()
        XCTAssertEqual(stats.itemsPerDomain, ["notes.work": 1000, "notes.home": 2000])
        XCTAssertEqual(stats.itemCount, 3000)
        XCTAssertGreaterThan(stats.sizeOnDisk, 0)
    }

    /// The bytes in both WALs (index.sqlite3's and fulltext.sqlite3's).
    private func walSize() -> Int {
        [SearchableIndex.databasePath(in: directory), FullTextWriter.path(in: directory)].reduce(0) { total, path in
            total + (((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0)
        }
    }

    func testALargeBatchLeavesNoWALOnceIdle() throws {
        try index.indexItems((0 ..< 3000).map {
            item("item-\($0)", title: "Item \($0)", description: String(repeating: "word\($0 % 97) other\($0) ", count: 30))
        })
        // Idle maintenance (0.5 s after the last write) checkpoints and truncates it.
        let deadline = Date().addingTimeInterval(60)
        while !index.store.maintenanceIsIdle, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(walSize(), 0, "the batch's WAL is checkpointed and truncated once the index is idle")
        XCTAssertEqual(try searchIDs("other2999"), ["item-2999"])
    }

    func testClosingTheIndexLeavesNoWAL() throws {
        try index.indexItems((0 ..< 200).map { item("item-\($0)", title: "Item \($0)") })
        index = nil
        XCTAssertEqual(walSize(), 0)
    }
}
