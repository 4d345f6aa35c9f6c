import Foundation
import JSHost
import XCTest
@testable import SearchOnDevice

/// The resolved values of SPEC §3's methods, called as JS calls them.
final class MethodTests: ModuleTestCase {
    func testEveryMethodOfTheSpecIsAPromiseMethod() {
        let names = module.methods.map { $0.name }
        XCTAssertEqual(names, [
            "indexItems", "indexItem", "deleteItemsWithIdentifiers", "deleteItemsInDomains", "deleteAllItems",
            "fetchLastClientState", "getItems", "search", "query", "userQuery", "becomeCurrent", "resignCurrent",
            "setIndexingPreference", "getIndexingPreference", "getInitialRequest",
        ])
        for method in module.methods {
            guard case .promiseConvertingLater = method.body else { return XCTFail("\(method.name) is not a promise method") }
        }
    }

    func testUserQueryResolvesToHitsTotalsAndSuggestions() throws {
        try call("indexItems", [
            ["id": "u1", "title": "Lantern festival", "keywords": ["paper", "lantern"]],
            ["id": "u2", "title": "Lantern fuel", "rankingHint": 90],
            ["id": "u3", "title": "Tent"],
        ])
        let result = try call("userQuery", "lant", ["suggestions": 2, "limit": 1])
        XCTAssertEqual(result["hits"].arrayValue?.count, 1)
        XCTAssertEqual(result["totalCount"], 2)
        XCTAssertEqual(result["totalIsExact"], true)
        XCTAssertEqual(result["matching"], "all")
        XCTAssertEqual(result["suggestions"], [["text": "lantern", "count": 2], ["text": "Lantern fuel", "count": 1]])
        // The one full match, then (`last` drops `fes`) the other lantern: hits matching
        // more terms come first, the sort orders each group.
        let sorted = try call("userQuery", "lantern fes", ["sort": [["attribute": "title", "order": "desc"]]])
        let hits = sorted["hits"]
        XCTAssertEqual(hits.arrayValue?.map { $0["id"] }, ["u1", "u2"])
        XCTAssertEqual(sorted["matching"], "last")
        XCTAssertEqual(sorted["totalCount"], 2)
        XCTAssertEqual(hits.arrayValue?.map { $0["scoreDetails"]["matchedTerms"] }, [2, 1])
        let all = try call("userQuery", "lantern fes", ["matchingStrategy": "all"])
        XCTAssertEqual(all["hits"].arrayValue?.map { $0["id"] }, ["u1"])
        XCTAssertEqual(all["matching"], "all")
        XCTAssertEqual(all["totalCount"], 1)
        XCTAssertEqual(hits.arrayValue?.first?["highlights"], ["title": [[0, 7], [8, 11]], "keywords": [[], [[0, 7]]]])
        XCTAssertEqual(try call("userQuery", "lant")["suggestions"], [], "none unless asked for")
    }

    func testDeletesCountWhatExistedAndDomainsAreRecursive() throws {
        try call("indexItems", [
            ["id": "d1"], ["id": "d2"],
            ["id": "parent", "domain": "org.example.a"], ["id": "self", "domain": "org.example.a.b"],
            ["id": "child", "domain": "org.example.a.b.c"], ["id": "lookalike", "domain": "org.example.a.bc"],
        ])
        XCTAssertEqual(try call("deleteItemsWithIdentifiers", ["d1", "missing"]), 1)
        XCTAssertEqual(try call("deleteItemsWithIdentifiers", []), 0)
        XCTAssertEqual(try call("deleteItemsInDomains", ["org.example.a.b"]), 2)
        XCTAssertEqual(try call("getItems", ["parent", "self", "child", "lookalike"]).arrayValue?.map { $0["id"] },
                       ["parent", .undefined, .undefined, "lookalike"])
        try call("indexItems", [["id": "e1"]], ["clientState": "page-3"])
        XCTAssertEqual(try call("deleteAllItems"), 4)
        XCTAssertEqual(try call("fetchLastClientState"), .null, "deleteAllItems clears the client state")
        XCTAssertEqual(try call("deleteAllItems"), 0)
    }

    func testClientStateIsStoredWithItsBatchAndKeptByOthers() throws {
        XCTAssertEqual(try call("fetchLastClientState"), .null)
        XCTAssertEqual(try call("indexItems", [], ["clientState": "checkpoint"]), 0)
        XCTAssertEqual(try call("fetchLastClientState"), "checkpoint")
        try call("indexItems", [["id": "c"]], ["clientState": nil])
        try call("indexItem", ["id": "c2"])
        XCTAssertEqual(try call("fetchLastClientState"), "checkpoint")
        let full = String(repeating: "状態", count: 41) + "ab"  // 248 bytes
        try call("indexItems", [["id": "c3"]], ["clientState": .string(full)])
        XCTAssertEqual(try call("fetchLastClientState"), .string(full))
    }

    func testGetItemsAnswersInOrderWithNullForUnknownAndExpired() throws {
        try call("indexItems", [["id": "a"], ["id": "b"], ["id": "old", "expirationDate": 1000]])
        XCTAssertEqual(try call("getItems", ["b", "nope", "a", "old"]).arrayValue?.map { $0.isNullish ? nil : $0["id"] },
                       ["b", nil, "a", nil])
        XCTAssertEqual(try call("getItems", []), [])
    }

    func testSearchRanksAndScoresHitsAndPages() throws {
        try call("indexItems", [
            ["id": "t", "title": "Lantern", "domain": "org.example.gear"],
            ["id": "k", "title": "Camping gear", "keywords": ["lantern"], "domain": "org.example.gear"],
            ["id": "d", "title": "Night kit", "description": "A lantern for the night", "domain": "org.example.kits"],
        ])
        let hits = try XCTUnwrap(try call("search", "lant").arrayValue)
        XCTAssertEqual(hits.map { $0["id"] }, ["t", "k", "d"])
        let scores = hits.compactMap { $0["score"].numberValue }
        XCTAssertEqual(scores.count, 3)
        XCTAssertEqual(scores, scores.sorted(by: >))
        XCTAssertEqual(hits[0]["title"], "Lantern", "hits carry the item's fields")
        XCTAssertEqual(hits[0]["scoreDetails"]["bestField"], "title")
        XCTAssertEqual(hits[2]["scoreDetails"]["bestField"], "description")
        let rules = ["typos", "exactness", "field", "proximity", "coverage", "rankingHint", "engagement", "recency", "termStatistics"]
        XCTAssertEqual(rules.compactMap { hits[0]["scoreDetails"][$0].numberValue }.count, rules.count, "every rule's signal")
        let levels = hits.map { hit in rules.compactMap { hit["scoreDetails"]["levels"][$0].numberValue } }
        XCTAssertEqual(levels.map(\.count), [rules.count, rules.count, rules.count], "every rule's level")
        XCTAssertGreaterThan(levels[0][2], levels[1][2], "the title's field level above the keywords'")
        XCTAssertEqual(try call("search", "lantern", ["domains": ["org.example.kits"]]).arrayValue?.map { $0["id"] }, ["d"])
        XCTAssertEqual(try call("search", "lantern", ["limit": 1, "offset": 1]).arrayValue?.map { $0["id"] }, ["k"])
        XCTAssertEqual(try call("search", "lantern", ["limit": nil, "offset": .undefined]).arrayValue?.count, 3)
        XCTAssertEqual(try call("search", "xylophone"), [])
    }

    func testSearchReturnsTwentyHitsByDefault() throws {
        try call("indexItems", .array((0..<25).map { ["id": .string("p\($0)"), "title": .string("Pageable \($0)")] }))
        XCTAssertEqual(try call("search", "pageable").arrayValue?.count, 20)
        XCTAssertEqual(try call("search", "pageable", ["limit": 100]).arrayValue?.count, 25)
    }

    func testQueryReturnsItemsAndTheAttributesAskedFor() throws {
        try call("indexItems", [
            ["id": "brent", "title": "Brent Reid", "keywords": ["Trail"], "rankingHint": 80, "attributes": ["minutes": 120]],
            ["id": "ana", "title": "Ana Souza", "keywords": ["trail"], "rankingHint": 60],
            ["id": "paris", "title": "Paris-Brest", "rankingHint": 40],
        ])
        let trail = try XCTUnwrap(try call("query", "keywords == \"trail\"cd").arrayValue)
        XCTAssertEqual(Set(trail.compactMap { $0["id"].stringValue }), ["brent", "ana"])
        XCTAssertNil(trail.first?["score"].numberValue, "only search hits have a score")
        XCTAssertEqual(try call("query", "rankingHint > 0", ["limit": 2]).arrayValue?.count, 2)
        XCTAssertEqual(try call("query", "minutes > 100").arrayValue?.map { $0["id"] }, ["brent"])
        let projected = try XCTUnwrap(try call("query", "uniqueIdentifier == \"brent\"", ["attributes": ["title"]]).arrayValue?.first)
        XCTAssertEqual(projected["id"], "brent")
        XCTAssertEqual(projected["title"], "Brent Reid")
        XCTAssertEqual(projected["keywords"], .null)
    }

    func testEngagementRaisesAnItemAndResignCurrentIsAccepted() throws {
        try call("indexItems", [["id": "a", "title": "Weekly planning notes"], ["id": "b", "title": "Weekly planning notes"]])
        let before = try searchIDs("weekly planning")
        let lower = try XCTUnwrap(before.last)
        for _ in 0..<3 {
            try call("becomeCurrent", ["activityType": "org.example.notes.view", "userInfo": ["id": .string(lower)],
                                       "persistentIdentifier": "ignored", "needsSave": true])
            try call("resignCurrent")
        }
        XCTAssertEqual(try searchIDs("weekly planning").first, lower)
        try call("resignCurrent")
    }

    func testAViewedRecordLeavesTheItemAlone() throws {
        try call("indexItem", ["id": "employee-42", "title": "Zebedee Quartermaine", "description": "Logistics"])
        try call("becomeCurrent", [
            "activityType": "org.example.colleagues.employee", "title": "Zebedee Quartermaine",
            "userInfo": ["id": "employee-42"], "relatedUniqueIdentifier": "employee-42",
            "keywords": ["zebedee@example.org"], "contentDescription": "Logistics, Dispatcher",
            "phoneNumbers": ["+1 555 0142"], "supportsPhoneCall": true, "eligibleForSearch": true,
            "eligibleForPublicIndexing": false, "eligibleForHandoff": false, "expirationDate": "2100-01-01",
        ])
        XCTAssertEqual(try item("employee-42")?["description"], "Logistics")
        XCTAssertEqual(try searchIDs("zebedee").filter { $0 == "employee-42" }.count, 1)
    }

    func testTheIndexingPreferenceIsStored() throws {
        XCTAssertEqual(try call("getIndexingPreference"), "allRecords")
        for preference in ["disabled", "viewedRecords", "allRecords"] as [BridgeValue] {
            XCTAssertEqual(try call("setIndexingPreference", preference), .null)
            XCTAssertEqual(try call("getIndexingPreference"), preference)
        }
    }
}
