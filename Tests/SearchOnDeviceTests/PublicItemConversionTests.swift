import Foundation
import JSHost
import SearchIndex
import SearchOnDevice
import XCTest

/// `ItemConversion`, the public way into SPEC §3's item rules for callers outside JS
/// (`searchlight import`): the same checks and messages as `indexItems`, images
/// fetched the same way, and the same output shape.
final class PublicItemConversionTests: XCTestCase {
    func testAnEmptyPathNamesTheFieldAlone() {
        let cases: [(BridgeValue, String, String)] = [
            (["id": "a", "keywords": "x"], "", "keywords must be an array of strings, got string"),
            (["id": "a", "keywords": "x"], "items[3]", "items[3].keywords must be an array of strings, got string"),
            (["id": "a", "attributes": ["tags": ["x", ["y"]]]], "",
             "attributes.tags[1] must be a string, finite number or boolean, got array"),
            (["title": "no id"], "", "id is required (a non-empty string)"),
            (["id": "a", "colour": "red"], "", "colour is not an item field (known: "),
            (["uniqueIdentifier": "b", "id": "a"], "", "has both uniqueIdentifier and id; give one of them"),
            (["a"], "", "must be an object with at least an id, got array"),
        ]
        for (value, path, message) in cases {
            XCTAssertThrowsError(try ItemConversion.item(value, path: path), message) { error in
                let error = error as? NativeError
                XCTAssertEqual(error?.code, IndexError.invalidItem)
                XCTAssertTrue(error?.message.hasPrefix(message) == true, "\(String(describing: error)) lacks \(message)")
            }
        }
    }

    func testImagesAreFetchedIntoTheEntriesAndFailuresWarnByPosition() throws {
        let directory = NSTemporaryDirectory() + "public-items-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cover = try Fixture.writePNG(in: directory)
        var items = [
            try ItemConversion.item(["id": "plain", "title": "No image"], path: ""),
            try ItemConversion.item(["id": "file", "imageUrl": .string(cover)], path: ""),
            try ItemConversion.item(["id": "gone", "thumbnailUri": .string(directory + "/gone.png")], path: ""),
        ]
        XCTAssertEqual(items.map { $0.namesImage }, [false, true, true])
        let warnings = ItemConversion.fetchImages(&items)
        XCTAssertEqual(warnings.map { $0.position }, [2])
        XCTAssertEqual(warnings.map { $0.message },
                       ["thumbnailUri: could not fetch \(directory)/gone.png (no such file); indexed without a thumbnail"])
        guard case .replace(let fetched) = items[1].entry, case .replace(let gone) = items[2].entry else {
            return XCTFail("whole items stay whole items")
        }
        XCTAssertEqual(fetched.attributes.thumbnail, .data(Fixture.png, mimeType: "image/png"))
        XCTAssertNil(gone.attributes.thumbnail)
    }

    func testTheOutputShapeHasEveryKeyInSPECOrder() throws {
        let entry = try ItemConversion.item(["id": "r1", "title": "Pasta", "rankingHint": 80,
                                             "attributes": ["spicy": false, "cuisine": "italian"]], path: "").entry
        guard case .replace(let item) = entry else { return XCTFail("a whole item") }
        let object = ItemConversion.object(item)
        XCTAssertEqual(object.keys, [
            "id", "title", "description", "keywords", "thumbnail", "domain", "contentType", "url", "displayName",
            "alternateNames", "textContent", "phoneNumbers", "emailAddresses", "supportsPhoneCall", "rankingHint",
            "contentCreationDate", "contentModificationDate", "expirationDate", "attributes",
        ])
        XCTAssertEqual(object["title"], "Pasta")
        XCTAssertEqual(object["rankingHint"], 80)
        XCTAssertEqual(object["description"], .null)
        XCTAssertEqual(object["attributes"], ["cuisine": "italian", "spicy": false])
    }
}
