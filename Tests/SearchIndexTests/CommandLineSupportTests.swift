import Foundation
import XCTest
@testable import SearchIndex

/// What `searchlight export`, `import` and `search --domain` rely on: exporting every
/// live item, progress while a batch is written, and a system search limited to domains.
final class CommandLineSupportTests: IndexTestCase {
    func testExportPassesLiveItemsOldestFirstWithoutActivities() throws {
        let past = Date(timeIntervalSinceNow: -60)
        try index.indexItems([
            item("b", title: "Bravo", domain: "org.example.one"),
            item("gone", title: "Expired", expiration: past),
            item("a", title: "Alpha", keywords: ["first"]),
        ])
        try index.becomeCurrent(UserActivity(activityType: "org.example.view", title: "Viewing Alpha", eligibleForSearch: true))
        var exported: [SearchableItem] = []
        let count = try index.exportItems { exported.append($0) }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(exported.map { $0.id }, ["b", "a"])
        XCTAssertEqual(exported[0].domain, "org.example.one")
        XCTAssertEqual(exported[1].attributes.keywords, ["first"])
        XCTAssertEqual(exported[1].domain, "org.example.app")
    }

    func testExportStopsAtTheBodysError() throws {
        try index.indexItems([item("a", title: "A"), item("b", title: "B")])
        struct Stop: Error {}
        var seen = 0
        XCTAssertThrowsError(try index.exportItems { _ in
            seen += 1
            throw Stop()
        })
        XCTAssertEqual(seen, 1)
    }

    func testProgressCountsWrittenEntriesAndAFailedBatchWritesNothing() throws {
        var reported: [Int] = []
        try index.indexItems((1...5).map { IndexEntry.replace(item("i\($0)", title: "Item \($0)")) }, progress: { reported.append($0) })
        XCTAssertEqual(reported, [1, 2, 3, 4, 5])

        // The second merge makes an invalid item: the first, already written in the
        // transaction, is rolled back with it.
        var bad = SearchableItemUpdate(id: "i1")
        bad.rankingHint = .set(500)
        var good = SearchableItemUpdate(id: "i2")
        good.title = .set("Changed")
        reported = []
        assertIndexError(IndexError.invalidItem, "items[1].rankingHint") {
            try index.indexItems([.merge(good), .merge(bad)], progress: { reported.append($0) })
        }
        XCTAssertEqual(reported, [1])
        XCTAssertEqual(try index.items(identifiers: ["i2"]).first??.attributes.title, "Item 2")
    }

    func testSystemSearchKeepsOnlyTheGivenDomainsAndTheirSubdomains() throws {
        try index.indexItems([
            item("r1", title: "Pasta recipe", domain: "com.example.recipes"),
            item("r2", title: "Pasta sauce", domain: "com.example.recipes.sauces"),
            item("s1", title: "Pasta shop", domain: "com.example.shops"),
            item("x1", title: "Pasta elsewhere", domain: "com.example.recipesx"),
        ])
        let all = try index.systemSearch(terms: ["pasta"]).map { $0.id }
        XCTAssertEqual(Set(all), ["r1", "r2", "s1", "x1"])
        let recipes = try index.systemSearch(terms: ["pasta"], domains: ["com.example.recipes"]).map { $0.id }
        XCTAssertEqual(Set(recipes), ["r1", "r2"])
        assertIndexError(IndexError.invalidArgument, "domains[0]") {
            _ = try index.systemSearch(terms: ["pasta"], domains: ["a..b"])
        }
        try index.setIndexingPreference(.disabled)
        XCTAssertEqual(try index.systemSearch(terms: ["pasta"], domains: ["com.example.recipes"]), [])
    }
}
