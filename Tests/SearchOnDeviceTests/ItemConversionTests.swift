import Foundation
import JSHost
import XCTest
@testable import SearchOnDevice

/// Items from JS into the index and back: every input key, every alias, dates in
/// their three forms, defaults, the output shape, and `isUpdate`.
final class ItemConversionTests: ModuleTestCase {
    func testEveryFieldIsStoredAndReturnedInTheOutputShape() throws {
        let created = 1_769_860_800_123.0
        let item: BridgeValue = [
            "id": "full", "title": "Spaghetti Carbonara", "description": "Eggs, pecorino, guanciale",
            "keywords": ["pasta", "italian"], "domain": "org.example.recipes", "contentType": "public.item",
            "url": "foodbuds://recipes/full", "displayName": "Carbonara", "alternateNames": ["Pasta alla carbonara"],
            "textContent": "Whisk the eggs.", "phoneNumbers": ["+39 02 5550 1234"], "emailAddresses": ["marco@example.org"],
            "supportsPhoneCall": true, "rankingHint": 70, "contentCreationDate": .number(created),
            "contentModificationDate": .date(created + 1000), "expirationDate": "2100-01-01T00:00:00Z",
            "attributes": ["servings": 2, "vegetarian": false, "tags": ["quick", 3, true], "origin": "Rome"],
        ]
        XCTAssertEqual(try call("indexItems", [item]), 1)
        let stored = try XCTUnwrap(try self.item("full"))
        XCTAssertEqual(stored.keys, [
            "id", "title", "description", "keywords", "thumbnail", "domain", "contentType", "url", "displayName",
            "alternateNames", "textContent", "phoneNumbers", "emailAddresses", "supportsPhoneCall", "rankingHint",
            "contentCreationDate", "contentModificationDate", "expirationDate", "attributes",
        ])
        for key in ["id", "title", "description", "keywords", "domain", "contentType", "url", "displayName",
                    "alternateNames", "textContent", "phoneNumbers", "emailAddresses", "supportsPhoneCall", "rankingHint"] {
            XCTAssertEqual(stored[key], item[key], key)
        }
        XCTAssertEqual(stored["thumbnail"], .null)
        XCTAssertEqual(stored["contentCreationDate"], .number(created), "ms stay ms")
        XCTAssertEqual(stored["contentModificationDate"], .number(created + 1000), "a Date becomes ms")
        XCTAssertEqual(stored["expirationDate"], .number(4_102_444_800_000), "ISO-8601 becomes ms")
        XCTAssertEqual(stored["attributes"], ["origin": "Rome", "servings": 2, "tags": ["quick", 3, true], "vegetarian": false])
    }

    func testAliasesOfTheIOSPackagesAreReadAndTheOutputUsesThePrimaryKeys() throws {
        let cover = try Fixture.writePNG(in: directory + "-images")
        defer { try? FileManager.default.removeItem(atPath: directory + "-images") }
        try call("indexItems", [
            ["uniqueIdentifier": "a1", "contentDescription": "Juicy", "domainIdentifier": "org.example.fruit",
             "thumbnailUri": .string(cover), "title": "Strawberry"],
            ["uniqueIdentifier": "a2", "thumbnailURL": .string("file://" + cover)],
        ])
        let first = try XCTUnwrap(try item("a1"))
        XCTAssertEqual(first["id"], "a1")
        XCTAssertEqual(first["description"], "Juicy")
        XCTAssertEqual(first["domain"], "org.example.fruit")
        XCTAssertNil(first["uniqueIdentifier"])
        XCTAssertNil(first["contentDescription"])
        let thumbnail = try XCTUnwrap(first["thumbnail"]?.stringValue)
        XCTAssertEqual(Fixture.bytes(at: thumbnail), Fixture.png)
        let second = try XCTUnwrap(try item("a2"))
        XCTAssertEqual(Fixture.bytes(at: try XCTUnwrap(second["thumbnail"]?.stringValue)), Fixture.png)
        XCTAssertEqual(warnings.all, [])
    }

    func testDefaultsAreTheAppIdAndThirtyDays() throws {
        let before = Date().timeIntervalSince1970 * 1000
        XCTAssertEqual(try call("indexItem", ["id": "plain"]), 1)
        let after = Date().timeIntervalSince1970 * 1000
        let stored = try XCTUnwrap(try item("plain"))
        XCTAssertEqual(stored["domain"], .string(Self.appID))
        let expiration = try XCTUnwrap(stored["expirationDate"]?.numberValue)
        XCTAssertEqual(expiration, expiration.rounded(), "whole ms")
        XCTAssertGreaterThanOrEqual(expiration, before + 30 * 86_400_000 - 1)
        XCTAssertLessThanOrEqual(expiration, after + 30 * 86_400_000 + 1)
        for key in ["title", "description", "keywords", "thumbnail", "attributes", "rankingHint"] {
            XCTAssertEqual(stored[key], .null, key)
        }
    }

    func testISODatesWithOffsetsFractionsAndDateOnly() throws {
        try call("indexItems", [
            ["id": "d1", "contentCreationDate": "2026-01-31T12:00:00.250+09:00", "contentModificationDate": "2026-01-31"],
        ])
        let stored = try XCTUnwrap(try item("d1"))
        XCTAssertEqual(stored["contentCreationDate"], .number(1_769_828_400_250))
        XCTAssertEqual(stored["contentModificationDate"], .number(1_769_817_600_000))
    }

    func testNullAndUndefinedFieldsOfAWholeItemMeanAbsent() throws {
        try call("indexItem", ["id": "n", "title": "Kept", "description": nil, "keywords": .undefined, "attributes": nil])
        let stored = try XCTUnwrap(try item("n"))
        XCTAssertEqual(stored["title"], "Kept")
        XCTAssertEqual(stored["description"], .null)
        XCTAssertEqual(stored["keywords"], .null)
    }

    func testAWholeItemReplacesTheStoredOne() throws {
        try call("indexItem", ["id": "r", "title": "Old", "description": "old text", "keywords": ["a"]])
        try call("indexItem", ["id": "r", "title": "New", "isUpdate": false])
        let stored = try XCTUnwrap(try item("r"))
        XCTAssertEqual(stored["title"], "New")
        XCTAssertEqual(stored["description"], .null)
        XCTAssertEqual(stored["keywords"], .null)
        XCTAssertEqual(try searchIDs("old"), [])
    }

    func testIsUpdateMergesKeepsAbsentFieldsAndRemovesNullOnes() throws {
        let cover = "data:image/png;base64," + Fixture.pngBase64
        try call("indexItem", ["id": "m", "title": "Brent Reid", "description": "Engineering", "keywords": ["swift"],
                               "rankingHint": 10, "imageUrl": .string(cover), "domain": "org.example.people",
                               "attributes": ["team": "core", "floor": 3]])
        XCTAssertNotEqual(try item("m")?["thumbnail"], .null)
        XCTAssertEqual(try call("indexItem", ["id": "m", "isUpdate": true, "description": nil, "rankingHint": 90,
                                              "attributes": ["floor": nil, "desk": "4B"]]), 1)
        let stored = try XCTUnwrap(try item("m"))
        XCTAssertEqual(stored["title"], "Brent Reid")
        XCTAssertEqual(stored["keywords"], ["swift"])
        XCTAssertEqual(stored["domain"], "org.example.people")
        XCTAssertEqual(stored["rankingHint"], 90)
        XCTAssertEqual(stored["description"], .null)
        XCTAssertEqual(stored["attributes"], ["desk": "4B", "team": "core"])
        XCTAssertEqual(Fixture.bytes(at: try XCTUnwrap(stored["thumbnail"]?.stringValue)), Fixture.png, "the image stays")
        XCTAssertEqual(try searchIDs("engineering"), [], "the removed description is not searchable")

        try call("indexItem", ["id": "m", "isUpdate": true, "imageUrl": nil, "attributes": nil])
        let cleared = try XCTUnwrap(try item("m"))
        XCTAssertEqual(cleared["thumbnail"], .null)
        XCTAssertEqual(cleared["attributes"], .null)
        XCTAssertEqual(cleared["title"], "Brent Reid")
    }

    func testIsUpdateWithNothingStoredCreatesTheItem() throws {
        try call("indexItem", ["id": "fresh", "isUpdate": true, "title": "Fresh"])
        XCTAssertEqual(try item("fresh")?["title"], "Fresh")
        XCTAssertEqual(try item("fresh")?["domain"], .string(Self.appID))
    }

    func testAnItemReadBackCanBeIndexedAgainWithItsThumbnail() throws {
        try call("indexItem", ["id": "t", "title": "Cover", "thumbnailData": .string(Fixture.pngBase64)])
        var stored = try XCTUnwrap(try item("t"))
        XCTAssertNotEqual(stored["thumbnail"], .null)
        for key in stored.keys where stored[key] == .null { stored[key] = nil }
        stored["title"] = "Cover again"
        XCTAssertEqual(try call("indexItem", .object(stored)), 1)
        let again = try XCTUnwrap(try item("t"))
        XCTAssertEqual(again["title"], "Cover again")
        XCTAssertEqual(Fixture.bytes(at: try XCTUnwrap(again["thumbnail"]?.stringValue)), Fixture.png)
    }

    func testUnicodeSurvivesExactly() throws {
        let title = "Crème brûlée 🍮 腾讯新闻 オーディオブック"
        try call("indexItem", ["id": "ü-1", "title": .string(title)])
        XCTAssertEqual(try item("ü-1")?["title"], .string(title))
        XCTAssertEqual(try searchIDs("新闻"), ["ü-1"])
    }
}
