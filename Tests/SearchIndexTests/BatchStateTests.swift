import Foundation
import XCTest
@testable import SearchIndex

/// Batches are all or nothing, and carry the client state in the same transaction.
final class BatchStateTests: IndexTestCase {
    func testClientStateIsStoredWithTheBatch() throws {
        XCTAssertNil(try index.fetchLastClientState())
        try index.indexItems([item("a", title: "A")], clientState: "page-1")
        XCTAssertEqual(try index.fetchLastClientState(), "page-1")
        try index.indexItems([item("b", title: "B")])
        XCTAssertEqual(try index.fetchLastClientState(), "page-1", "a batch without state keeps the old one")
        XCTAssertEqual(try openIndex().fetchLastClientState(), "page-1", "persisted")
    }

    func testOversizedClientStateIsRejectedAndNothingIsWritten() throws {
        let state = String(repeating: "é", count: 126)  // 252 bytes
        assertIndexError(IndexError.invalidClientState, "250 bytes") {
            try index.indexItems([item("a", title: "A")], clientState: state)
        }
        XCTAssertEqual(try index.items(identifiers: ["a"]), [nil])
        XCTAssertNil(try index.fetchLastClientState())
        try index.indexItems([item("a", title: "A")], clientState: String(repeating: "x", count: 250))
        XCTAssertEqual(try index.fetchLastClientState()?.count, 250)
    }

    func testAnInvalidItemLateInABigBatchWritesNothing() throws {
        var items = (0..<2000).map { item("n\($0)", title: "Item \($0)") }
        items[1999].attributes.rankingHint = -1
        assertIndexError(IndexError.invalidItem, "items[1999].rankingHint") {
            try index.indexItems(items, clientState: "never")
        }
        XCTAssertEqual(try index.statistics().itemCount, 0)
        XCTAssertNil(try index.fetchLastClientState())
    }

    func testAnInvalidMergeRollsBackTheWholeBatch() throws {
        try index.indexItems([item("keep", title: "Kept title")])
        var bad = SearchableItemUpdate(id: "keep")
        bad.rankingHint = .set(500)
        assertIndexError(IndexError.invalidItem, "items[1].rankingHint") {
            try index.indexItems([IndexEntry.replace(item("new", title: "New")), IndexEntry.merge(bad)])
        }
        XCTAssertEqual(try index.items(identifiers: ["new"]), [nil])
        XCTAssertEqual(try index.items(identifiers: ["keep"]).first??.attributes.rankingHint, nil)
    }

    func testARolledBackBatchLeavesNoThumbnailFiles() throws {
        var image = item("a", title: "A")
        image.attributes.thumbnail = .data([1, 2, 3], mimeType: "image/png")
        var update = SearchableItemUpdate(id: "b")
        update.rankingHint = .set(-5)
        XCTAssertThrowsError(try index.indexItems([IndexEntry.replace(image), IndexEntry.merge(update)]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory + "/thumbnails"), [])
    }

    func testReadersSeeCommittedBatchesWhileWritersRun() throws {
        let index = self.index!
        let done = DispatchSemaphore(value: 0)
        let batches = (0..<20).map { batch in (0..<200).map { n in item("b\(batch)-\(n)", title: "Batch \(batch) entry \(n)") } }
        DispatchQueue.global().async {
            for (batch, items) in batches.enumerated() {
                _ = try? index.indexItems(items, clientState: "\(batch)")
            }
            done.signal()
        }
        var lastSeen = -1
        while done.wait(timeout: .now()) == .timedOut {
            // Each read is a consistent snapshot: a batch is either fully there or absent.
            let state = try index.fetchLastClientState().flatMap(Int.init) ?? -1
            XCTAssertGreaterThanOrEqual(state, lastSeen)
            lastSeen = state
            let count = try index.statistics().itemCount
            XCTAssertEqual(count % 200, 0, "never half a batch")
            // Items only ever get added here, so a later search sees at least as many.
            let hits = try index.search("entry").hits.count
            if count >= 20 { XCTAssertEqual(hits, 20) }
        }
        XCTAssertEqual(try index.fetchLastClientState(), "19")
        XCTAssertEqual(try index.statistics().itemCount, 4000)
    }

    func testAsyncWrappersWork() async throws {
        let index = self.index!
        let written = try await index.indexItems([item("a", title: "Async alpha")], clientState: "s")
        XCTAssertEqual(written, 1)
        let results = try await index.search("async")
        XCTAssertEqual(results.hits.map { $0.item.id }, ["a"])
        let state = try await index.fetchLastClientState()
        XCTAssertEqual(state, "s")
    }
}
