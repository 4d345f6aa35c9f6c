import Foundation
import XCTest
@testable import SearchIndex

/// Deleting by identifier, by domain (recursively on dot segments) and everything.
final class DeletionTests: IndexTestCase {
    func testDeleteByIdentifierRemovesItemAndSearchHit() throws {
        try index.indexItems([item("a", title: "Apple pie"), item("b", title: "Apple crumble")])
        XCTAssertEqual(try index.deleteItems(identifiers: ["a", "missing", "a"]), 1)
        XCTAssertEqual(try searchIDs("apple"), ["b"])
        XCTAssertEqual(try index.items(identifiers: ["a"]), [nil])
    }

    func testDeleteByDomainIsRecursiveOnDotSegments() throws {
        try index.indexItems([
            item("1", title: "One", domain: "a.b"),
            item("2", title: "Two", domain: "a.b.c"),
            item("3", title: "Three", domain: "a.bc"),
            item("4", title: "Four", domain: "a"),
        ])
        XCTAssertEqual(try index.deleteItems(domains: ["a.b"]), 2)
        XCTAssertEqual(try index.items(identifiers: ["1", "2", "3", "4"]).map { $0?.id }, [nil, nil, "3", "4"])
        assertIndexError(IndexError.invalidArgument, "domains[0]") { try index.deleteItems(domains: [""]) }
    }

    func testDeleteAllClearsItemsAndClientState() throws {
        try index.indexItems([item("a", title: "Alpha"), item("b", title: "Beta")], clientState: "cursor-7")
        XCTAssertEqual(try index.deleteAllItems(), 2)
        XCTAssertNil(try index.fetchLastClientState())
        XCTAssertEqual(try searchIDs("alpha"), [])
        XCTAssertEqual(try index.statistics().itemCount, 0)
        try index.indexItems([item("c", title: "Alpha again")])
        XCTAssertEqual(try searchIDs("alpha"), ["c"], "the FTS index works after delete-all")
    }

    func testThumbnailFileGoesWithTheItem() throws {
        var withImage = item("a", title: "Pic")
        withImage.attributes.thumbnail = .data([0x89, 0x50, 0x4E, 0x47], mimeType: "image/png")
        try index.indexItems([withImage])
        let path = try XCTUnwrap(try index.items(identifiers: ["a"]).first??.attributes.thumbnail?.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        try index.deleteItems(identifiers: ["a"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testReplacingAThumbnailRemovesTheOldFileAndKeepingItKeepsIt() throws {
        var withImage = item("a", title: "Pic")
        withImage.attributes.thumbnail = .data([1, 2, 3], mimeType: "image/png")
        try index.indexItems([withImage])
        let stored = try XCTUnwrap(try index.items(identifiers: ["a"]).first!)
        let firstPath = try XCTUnwrap(stored.attributes.thumbnail?.path)

        var retitled = stored
        retitled.attributes.title = "Picture"
        try index.indexItems([retitled])
        XCTAssertEqual(try index.items(identifiers: ["a"]).first??.attributes.thumbnail?.path, firstPath, "re-indexing the read item keeps its file")

        withImage.attributes.thumbnail = .data([4, 5, 6], mimeType: "image/png")
        try index.indexItems([withImage])
        XCTAssertFalse(FileManager.default.fileExists(atPath: firstPath))
    }

    func testDeletingThousandsByDomainLeavesTheRest() throws {
        try index.indexItems((0..<4000).map { item("n\($0)", title: "Entry \($0)", domain: $0 % 2 == 0 ? "even" : "odd.sub") })
        XCTAssertEqual(try index.deleteItems(domains: ["odd"]), 2000)
        XCTAssertEqual(try index.statistics().itemsPerDomain, ["even": 2000])
        XCTAssertEqual(try index.search("entry").totalCount, SearchableIndex.totalCountCap, "counting stops at the cap")
        // `all`: a deleted item is not found, rather than `entry` alone filling the page.
        XCTAssertEqual(try index.search("entry 3999", matchingStrategy: .all).totalCount, 0)
        XCTAssertEqual(try index.search("entry 3998", matchingStrategy: .all).totalCount, 1)
    }
}
