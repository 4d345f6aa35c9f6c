import Foundation
import XCTest

@testable import SearchIndex

/// The FTS rowid's layout (``FTSRowid``): quality bucket above the item's rowid, so
/// FTS5's rowid order is best-first.
final class FTSRowidTests: IndexTestCase {
    func testTheLayoutKeepsBothPartsAndOrdersByQualityFirst() {
        let rowid = FTSRowid(itemRowid: 7, quality: 50)
        XCTAssertEqual(rowid.itemRowid, 7)
        XCTAssertEqual(rowid.quality, 50)
        XCTAssertEqual(FTSRowid(rawValue: rowid.rawValue), rowid)
        let largest = FTSRowid(itemRowid: FTSRowid.maximumItemRowid, quality: 0)
        XCTAssertEqual(largest.itemRowid, FTSRowid.maximumItemRowid)
        XCTAssertEqual(largest.quality, 0)
        // Any item of a better bucket comes after (is walked before, DESC) every item of a worse one.
        XCTAssertLessThan(largest, FTSRowid(itemRowid: 1, quality: 1))
        XCTAssertLessThan(FTSRowid(itemRowid: 1, quality: 3), FTSRowid(itemRowid: 2, quality: 3))
        XCTAssertEqual(FTSRowid.itemRowidSQL("r"), "(r & \(FTSRowid.maximumItemRowid))")
    }

    /// What the index stores: each item's FTS row under the rowid of its bucket, and a
    /// changed ranking hint moves it.
    func testStoredRowsCarryTheirQualityBucket() throws {
        _ = try index.indexItems([item("low", title: "apple", rankingHint: 0), item("high", title: "apple", rankingHint: 100)])
        func stored() throws -> [String: (item: Int64, fts: FTSRowid, inFTS: Bool)] {
            try index.store.read { connection in
                let statement = try connection.prepare("""
                    SELECT id, rowid, fts_rowid, fts_rowid IN (SELECT rowid FROM items_fts WHERE items_fts MATCH 'apple') FROM items
                    """)
                var rows: [String: (item: Int64, fts: FTSRowid, inFTS: Bool)] = [:]
                while try statement.step() {
                    rows[statement.text(0)!] = (statement.int64(1), FTSRowid(rawValue: statement.int64(2)), statement.int64(3) == 1)
                }
                return rows
            }
        }
        var rows = try stored()
        for (id, hint) in [("low", 0.0), ("high", 100.0)] {
            let row = try XCTUnwrap(rows[id])
            XCTAssertEqual(row.fts.itemRowid, row.item)
            XCTAssertEqual(row.fts.quality, StaticQuality.bucket(rankingHint: hint, engagements: 0))
            XCTAssertTrue(row.inFTS)
        }
        XCTAssertGreaterThan(rows["high"]!.fts, rows["low"]!.fts)
        XCTAssertEqual(try searchIDs("apple"), ["high", "low"])

        _ = try index.indexItems([item("low", title: "apple", rankingHint: 100), item("high", title: "apple", rankingHint: 0)])
        rows = try stored()
        XCTAssertEqual(rows["low"]!.fts.quality, StaticQuality.bucket(rankingHint: 100, engagements: 0))
        XCTAssertTrue(rows["low"]!.inFTS && rows["high"]!.inFTS)
        XCTAssertEqual(try searchIDs("apple"), ["low", "high"])
    }
}
