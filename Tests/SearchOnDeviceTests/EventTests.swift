import Foundation
import JSHost
import SearchIndex
import XCTest
@testable import SearchOnDevice

/// `onSearchOnDeviceRequest` and `onReindexRequest` as the module sends them, recorded
/// by a sink standing in for the bridge's.
final class EventTests: ModuleTestCase {
    func testRequestsBecomeEventBodiesWithExactlyOneOfIdAndQuery() {
        module.attach(sender: sink)
        module.handle(.open(id: "recipe-42"))
        module.handle(.continueSearch(text: "brent reid"))
        XCTAssertEqual(sink.events.map { $0.name }, ["onSearchOnDeviceRequest", "onSearchOnDeviceRequest"])
        XCTAssertEqual(sink.events.map { $0.body }, [
            ["id": "recipe-42", "query": nil, "timestamp": 0],
            ["id": nil, "query": "brent reid", "timestamp": 0],
        ])
    }

    func testARequestCarriesItsTimestampAndAViewedRecordItsTypeAndUserInfo() {
        module.attach(sender: sink)
        module.handle(.open(id: "recipe-42", timestamp: 123_456,
                            activity: ViewedActivity(activityType: "org.example.recipes.view",
                                                     userInfo: ["step": .number(3), "id": .string("recipe-42")])))
        module.handle(.continueSearch(text: "soup", timestamp: 9))
        XCTAssertEqual(sink.events.map { $0.body }, [
            ["id": "recipe-42", "query": nil, "timestamp": 123_456, "activityType": "org.example.recipes.view",
             "userInfo": ["id": "recipe-42", "step": 3]],
            ["id": nil, "query": "soup", "timestamp": 9],
        ])
    }

    func testRequestsBeforeTheSinkIsAttachedAreKeptInOrder() {
        for index in 0..<70 { module.handle(.open(id: "item-\(index)")) }
        XCTAssertEqual(sink.events.count, 0)
        module.attach(sender: sink)
        XCTAssertEqual(sink.events.map { $0.body["id"] }, (6..<70).map { .string("item-\($0)") }, "the newest 64, oldest first")
        module.handle(.open(id: "after"))
        XCTAssertEqual(sink.events.last?.body, ["id": "after", "query": nil, "timestamp": 0])
    }

    func testTheColdStartRequestIsSentFirstAndAnsweredByGetInitialRequest() throws {
        module = makeModule(initialRequest: .open(id: "fixture-item"))
        module.handle(.continueSearch(text: "later"))
        module.attach(sender: sink)
        XCTAssertEqual(sink.events.map { $0.body }, [["id": "fixture-item", "query": nil, "timestamp": 0], ["id": nil, "query": "later", "timestamp": 0]])
        XCTAssertEqual(try call("getInitialRequest"), ["id": "fixture-item", "query": nil, "timestamp": 0])
        XCTAssertEqual(try call("getInitialRequest"), ["id": "fixture-item", "query": nil, "timestamp": 0], "asked again, same answer")

        let continued = makeModule(initialRequest: .continueSearch(text: "fixture text"))
        XCTAssertEqual(try result("getInitialRequest", [], on: continued).get(), ["id": nil, "query": "fixture text", "timestamp": 0])
    }

    func testWithoutAColdStartThereIsNoInitialRequestAndNoEvent() throws {
        module.attach(sender: sink)
        XCTAssertEqual(try call("getInitialRequest"), .null)
        try call("indexItem", ["id": "quiet", "title": "Indexing sends no event"])
        XCTAssertEqual(sink.events.count, 0)
    }

    func testLaunchOptionsGiveTheColdStartRequest() {
        XCTAssertEqual(LaunchOptions(activateID: "a").initialRequest, .open(id: "a"))
        XCTAssertEqual(LaunchOptions(continueText: "b c").initialRequest, .continueSearch(text: "b c"))
        XCTAssertNil(LaunchOptions(serve: true).initialRequest)
    }

    func testACorruptIndexIsReportedOnceAsAReindexRequest() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: directory + "/index.sqlite3"))
        module.attach(sender: sink)
        XCTAssertEqual(try call("indexItem", ["id": "after-reset", "title": "Fresh start"]), 1)
        XCTAssertEqual(try call("getItems", ["after-reset"]).arrayValue?.first?["title"], "Fresh start")
        XCTAssertEqual(sink.events.map { $0.name }, ["onReindexRequest"])
        XCTAssertEqual(sink.events.first?.body, ["ids": nil, "reason": "corrupt"])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertTrue(names.contains { $0.hasPrefix("index.sqlite3.corrupt-") }, "\(names)")
    }

    func testConstantsNameTheAppTheDirectoryAndTheEvents() {
        XCTAssertEqual(module.name, "SearchOnDevice")
        XCTAssertTrue(module.buffersEventsUntilListener)
        XCTAssertEqual(module.constants(), [
            "appId": .string(Self.appID), "dataDir": .string(directory),
            "supportedEvents": ["onSearchOnDeviceRequest", "onReindexRequest"],
        ])
        XCTAssertEqual(module.supportedEvents, ["onSearchOnDeviceRequest", "onReindexRequest"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory), "nothing is created before the index is used")
    }
}
