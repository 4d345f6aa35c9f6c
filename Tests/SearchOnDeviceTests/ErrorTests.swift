import Foundation
import JSHost
import XCTest
@testable import SearchOnDevice

/// Bad input: each entry point rejects with its code and a message naming the field,
/// and leaves the stored items and client state as they were.
final class ErrorTests: ModuleTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try call("indexItems", [["id": "good", "title": "A good item"]], ["clientState": "kept"])
    }

    /// The item stored in `setUp` and the client state are unchanged.
    func assertUntouched(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try item("good", file: file, line: line)?["title"], "A good item", file: file, line: line)
        XCTAssertEqual(try call("fetchLastClientState", file: file, line: line), "kept", file: file, line: line)
        XCTAssertEqual(try call("search", "item", file: file, line: line).arrayValue?.count, 1, file: file, line: line)
    }

    func testInvalidItemsAreRejectedNamingTheField() throws {
        let cases: [(BridgeValue, String)] = [
            (42, "items[0] must be an object with at least an id, got number"),
            (nil, "items[0] must be an object with at least an id, got null"),
            (["title": "no id"], "items[0].id is required (a non-empty string)"),
            (["id": ""], "items[0].id must be a non-empty string, got ''"),
            (["id": 7], "items[0].id must be a non-empty string, got 7"),
            (["uniqueIdentifier": true], "items[0].uniqueIdentifier must be a non-empty string, got true"),
            (["id": "x", "title": 42], "items[0].title must be a string, got number"),
            (["id": "x", "contentDescription": ["a"]], "items[0].contentDescription must be a string, got array"),
            (["id": "x", "keywords": "a, b"], "items[0].keywords must be an array of strings, got string"),
            (["id": "x", "keywords": ["a", 3]], "items[0].keywords must be an array of strings (items[0].keywords[1] is number)"),
            (["id": "x", "alternateNames": [nil]], "items[0].alternateNames must be an array of strings (items[0].alternateNames[0] is null)"),
            (["id": "x", "phoneNumbers": "+1 555"], "items[0].phoneNumbers must be an array of strings, got string"),
            (["id": "x", "emailAddresses": 1], "items[0].emailAddresses must be an array of strings, got number"),
            (["id": "x", "supportsPhoneCall": "yes"], "items[0].supportsPhoneCall must be a boolean, got string"),
            (["id": "x", "rankingHint": 101], "items[0].rankingHint must be a number from 0 to 100, got 101"),
            (["id": "x", "rankingHint": -1], "items[0].rankingHint must be a number from 0 to 100, got -1"),
            (["id": "x", "rankingHint": "high"], "items[0].rankingHint must be a number from 0 to 100, got 'high'"),
            (["id": "x", "expirationDate": "next tuesday"],
             "items[0].expirationDate must be a date (ms since the epoch, a Date or an ISO-8601 string), got 'next tuesday'"),
            (["id": "x", "contentCreationDate": true],
             "items[0].contentCreationDate must be a date (ms since the epoch, a Date or an ISO-8601 string), got boolean"),
            (["id": "x", "contentModificationDate": "2026-02-30"],
             "items[0].contentModificationDate must be a date (ms since the epoch, a Date or an ISO-8601 string), got '2026-02-30'"),
            (["id": "x", "imageUrl": "images/cover.png"],
             "items[0].imageUrl must be an http(s)://, file:// or data: URL or an absolute path, got 'images/cover.png'"),
            (["id": "x", "thumbnailUri": "ftp://example.org/c.png"],
             "items[0].thumbnailUri must be an http(s)://, file:// or data: URL or an absolute path, got 'ftp://example.org/c.png'"),
            (["id": "x", "imageUrl": "data:image/png;base64,@@@"], "items[0].imageUrl is not a valid data: URL"),
            (["id": "x", "imageUrl": 5], "items[0].imageUrl must be a string, got number"),
            (["id": "x", "thumbnailData": "not base64 at all!"], "items[0].thumbnailData must be base64, optionally as a data: URL"),
            (["id": "x", "thumbnailData": 5], "items[0].thumbnailData must be a base64 string (optionally a data: URL) or bytes, got number"),
            (["id": "x", "thumbnail": "cover.png"], "items[0].thumbnail must be an absolute file path, got 'cover.png'"),
            (["id": "x", "id2": 1], "items[0].id2 is not an item field (known: \(ItemInput.fields.keys.sorted().joined(separator: ", ")))"),
            (["id": "x", "uniqueIdentifier": "y"], "items[0] has both id and uniqueIdentifier; give one of them"),
            (["id": "x", "thumbnailUri": "/a.png", "thumbnailURL": "/b.png"], "items[0] has both thumbnailUri and thumbnailURL; give one of them"),
            (["id": "x", "imageUrl": "/a.png", "thumbnailData": .string(Fixture.pngBase64)], "items[0] has both imageUrl and thumbnailData; give one image"),
            (["id": "x", "attributes": "red"], "items[0].attributes must be an object of custom attributes, got string"),
            (["id": "x", "attributes": ["bad-key": 1]], "items[0].attributes key 'bad-key' must match [A-Za-z0-9_]+"),
            (["id": "x", "attributes": ["nested": ["a": 1]]],
             "items[0].attributes.nested must be a string, finite number, boolean or an array of those, got object"),
            (["id": "x", "attributes": ["tags": ["a", ["b"]]]],
             "items[0].attributes.tags[1] must be a string, finite number or boolean, got array"),
            (["id": "x", "isUpdate": "yes"], "items[0].isUpdate must be a boolean, got string"),
            (["id": "x", "domain": "org..example"], "items[0].domain must not have an empty dot-separated segment"),
            (["id": "x", "domainIdentifier": 3], "items[0].domainIdentifier must be a string, got number"),
        ]
        for (item, message) in cases {
            let error = rejection("indexItems", [item])
            XCTAssertEqual(error, NativeError(code: "E_INVALID_ITEM", message: message), "\(item)")
        }
        try assertUntouched()
        XCTAssertEqual(try call("getItems", ["x"]), [nil])
    }

    func testIndexItemNamesItsSingleItem() throws {
        assertRejects("indexItem", ["id": "one", "title": ["not", "text"]], code: "E_INVALID_ITEM",
                      message: "item.title must be a string, got array")
        assertRejects("indexItem", code: "E_INVALID_ITEM", message: "item must be an object with at least an id, got undefined")
        XCTAssertEqual(try call("getItems", ["one"]), [nil])
    }

    func testABatchWithOneInvalidItemWritesNothing() throws {
        let batch: BridgeValue = [
            ["id": "b0", "title": "zero"], ["id": "b1", "title": "one"],
            ["id": "b2", "title": "two", "keywords": [nil]], ["id": "good", "title": "would overwrite"],
        ]
        assertRejects("indexItems", batch, ["clientState": "lost"], code: "E_INVALID_ITEM",
                      message: "items[2].keywords must be an array of strings (items[2].keywords[0] is null)")
        // Caught by the index rather than by conversion: still nothing written.
        let late: BridgeValue = [["id": "b0", "title": "zero"], ["id": "b1", "domain": "org.example."]]
        assertRejects("indexItems", late, ["clientState": "lost"], code: "E_INVALID_ITEM",
                      message: "items[1].domain must not have an empty dot-separated segment")
        XCTAssertEqual(try call("getItems", ["b0", "b1", "b2"]), [nil, nil, nil])
        XCTAssertEqual(try searchIDs("zero"), [])
        try assertUntouched()
    }

    func testArgumentsOfTheWrongTypeAreRejectedNamingThem() throws {
        let cases: [(String, [BridgeValue], String)] = [
            ("indexItems", [["id": "x"]], "items must be an array of items, got object"),
            ("indexItems", [], "items must be an array of items, got undefined"),
            ("indexItems", [[["id": "x"]], "fast"], "options must be an object, got string"),
            ("indexItems", [[["id": "x"]], ["fast": true]], "options.fast is not an option of indexItems (clientState)"),
            ("deleteItemsWithIdentifiers", ["good"], "ids must be an array of strings, got string"),
            ("deleteItemsWithIdentifiers", [["good", 5]], "ids[1] must be a string, got number"),
            ("deleteItemsInDomains", [nil], "domains must be an array of strings, got null"),
            ("getItems", ["good"], "ids must be an array of strings, got string"),
            ("search", [42], "text must be a string, got number"),
            ("search", ["good", ["limit": -1]], "options.limit must be a positive integer, got -1"),
            ("search", ["good", ["limit": 2.5]], "options.limit must be a positive integer, got 2.5"),
            ("search", ["good", ["limit": "ten"]], "options.limit must be a positive integer, got 'ten'"),
            ("search", ["good", ["offset": -3]], "options.offset must be a non-negative integer, got -3"),
            ("search", ["good", ["domains": "org.example"]], "options.domains must be an array of strings, got string"),
            ("search", ["good", ["limt": 5]], "options.limt is not an option of search (domains, limit, offset, typoTolerance, matchingStrategy)"),
            ("search", ["good", ["matchingStrategy": "most"]], "options.matchingStrategy must be one of 'last', 'all', 'frequency', got 'most'"),
            ("search", ["good", ["matchingStrategy": "LAST"]], "options.matchingStrategy must be one of 'last', 'all', 'frequency', got 'LAST'"),
            ("search", ["good", ["matchingStrategy": 1]], "options.matchingStrategy must be one of 'last', 'all', 'frequency', got 1"),
            ("search", ["good", ["typoTolerance": "no"]], "options.typoTolerance must be a boolean, got string"),
            ("search", ["good", ["limit": 1001]], "options.limit must be an integer from 1 to 1000, got 1001"),
            ("userQuery", [42], "text must be a string, got number"),
            ("userQuery", ["good", "fast"], "options must be an object, got string"),
            ("userQuery", ["good", ["order": "title"]],
             "options.order is not an option of userQuery (domains, filter, sort, limit, offset, typoTolerance, matchingStrategy, suggestions)"),
            ("userQuery", ["good", ["matchingStrategy": true]], "options.matchingStrategy must be one of 'last', 'all', 'frequency', got true"),
            ("userQuery", ["good", ["domains": "org.example"]], "options.domains must be an array of strings, got string"),
            ("userQuery", ["good", ["filter": 3]], "options.filter must be a query-language string, got number"),
            ("userQuery", ["good", ["sort": "title"]], "options.sort must be an array of { attribute, order } objects, got string"),
            ("userQuery", ["good", ["sort": ["title"]]], "options.sort[0] must be an object { attribute, order }, got string"),
            ("userQuery", ["good", ["sort": [["attribute": "title"], ["order": "desc"]]]],
             "options.sort[1].attribute must be a non-empty string naming an attribute, got undefined"),
            ("userQuery", ["good", ["sort": [["attribute": ""]]]], "options.sort[0].attribute must be a non-empty string naming an attribute, got ''"),
            ("userQuery", ["good", ["sort": [["attribute": "title", "order": "up"]]]], "options.sort[0].order must be 'asc' or 'desc', got 'up'"),
            ("userQuery", ["good", ["sort": [["attribute": "title", "order": 1]]]], "options.sort[0].order must be 'asc' or 'desc', got 1"),
            ("userQuery", ["good", ["sort": [["attribute": "title", "ascending": true]]]],
             "options.sort[0].ascending is not a key of a sort key (attribute, order)"),
            ("userQuery", ["good", ["limit": 0]], "options.limit must be a positive integer, got 0"),
            ("userQuery", ["good", ["offset": 10_001]], "options.offset must be an integer from 0 to 10000, got 10001"),
            ("userQuery", ["good", ["typoTolerance": 1]], "options.typoTolerance must be a boolean, got number"),
            ("userQuery", ["good", ["suggestions": -1]], "options.suggestions must be an integer from 0 to 100, got -1"),
            ("userQuery", ["good", ["suggestions": 2.5]], "options.suggestions must be an integer from 0 to 100, got 2.5"),
            ("userQuery", ["good", ["suggestions": 101]], "options.suggestions must be an integer from 0 to 100, got 101"),
            ("userQuery", ["good", ["suggestions": true]], "options.suggestions must be an integer from 0 to 100, got true"),
            ("query", [42], "queryString must be a string, got number"),
            ("query", ["title == \"x\"", ["limit": "all"]], "options.limit must be a positive integer, got 'all'"),
            ("query", ["title == \"x\"", ["attributes": "title"]], "options.attributes must be an array of strings, got string"),
            ("query", ["title == \"x\"", ["order": "title"]], "options.order is not an option of query (limit, attributes)"),
            ("becomeCurrent", ["viewing"], "activity must be an object with an activityType, got string"),
            ("becomeCurrent", [nil], "activity must be an object with an activityType, got null"),
            ("becomeCurrent", [["title": "x"]], "activity.activityType is required (a non-empty string such as org.example.app.view)"),
            ("becomeCurrent", [["activityType": "org.example.x", "eligibleForSearch": "yes"]],
             "activity.eligibleForSearch must be a boolean, got string"),
            ("becomeCurrent", [["activityType": "org.example.x", "userInfo": ["id": ["a": 1]]]],
             "activity.userInfo.id must be a string, finite number, boolean or an array of those, got object"),
            ("becomeCurrent", [["activityType": "org.example.x", "keywords": "a"]], "activity.keywords must be an array of strings, got string"),
            ("setIndexingPreference", ["sometimes"], "preference must be one of 'disabled', 'viewedRecords', 'allRecords', got 'sometimes'"),
            ("setIndexingPreference", ["ALLRECORDS"], "preference must be one of 'disabled', 'viewedRecords', 'allRecords', got 'ALLRECORDS'"),
        ]
        for (method, arguments, message) in cases {
            XCTAssertEqual(result(method, arguments).failure, NativeError(code: "E_INVALID_ARGUMENT", message: message), "\(method)\(arguments)")
        }
        let unknown = rejection("becomeCurrent", ["activityType": "org.example.x", "colour": "red"])
        XCTAssertEqual(unknown.code, "E_INVALID_ARGUMENT")
        XCTAssertTrue(unknown.message.hasPrefix("activity.colour is not an activity field (known: "), unknown.message)
        XCTAssertEqual(rejection("query", "title == \"x\"", ["attributes": ["colour"]]).code, "E_INVALID_ARGUMENT")
        XCTAssertEqual(try call("getIndexingPreference"), "allRecords")
        try assertUntouched()
    }

    func testClientStateErrors() throws {
        assertRejects("indexItems", [["id": "c1"]], ["clientState": 12], code: "E_INVALID_CLIENT_STATE",
                      message: "options.clientState must be a string of at most 250 bytes, got number")
        let long = rejection("indexItems", [["id": "c2"]], ["clientState": .string(String(repeating: "日", count: 84))])
        XCTAssertEqual(long.code, "E_INVALID_CLIENT_STATE")
        XCTAssertTrue(long.message.contains("250"), long.message)
        XCTAssertEqual(try call("getItems", ["c1", "c2"]), [nil, nil])
        try assertUntouched()
    }

    func testQuerySyntaxErrorsGiveThePosition() throws {
        let error = rejection("query", "title ~= \"x\"")
        XCTAssertEqual(error.code, "E_INVALID_QUERY")
        XCTAssertNotNil(error.message.range(of: #"\b[67]\b"#, options: .regularExpression), error.message)
    }

    func testAnIndexThatCannotBeOpenedIsUnavailableAndTheModuleKeepsAnswering() throws {
        let blocked = directory + "-file"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocked, contents: Data("not a directory".utf8)))
        defer { try? FileManager.default.removeItem(atPath: blocked) }
        let module = SearchOnDeviceModule(appID: Self.appID, dataDirectory: blocked)
        for (method, arguments) in [("indexItems", [[["id": "x"]]]), ("search", ["x"]), ("getIndexingPreference", [])] as [(String, [BridgeValue])] {
            let error = result(method, arguments, on: module).failure
            XCTAssertEqual(error?.code, "E_INDEX_UNAVAILABLE", method)
            XCTAssertTrue(error?.message.hasPrefix("cannot open the index in \(blocked): ") ?? false, error?.message ?? "")
        }
        XCTAssertEqual(try result("getInitialRequest", [], on: module).get(), .null, "calls that need no index still answer")
        XCTAssertEqual(module.constants()["dataDir"], .string(blocked))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
