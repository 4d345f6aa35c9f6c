import SystemSearch
import XCTest

/// `org.gnome.Shell.SearchProvider2`, called by a real client (`gdbus call`) the way
/// GNOME Shell calls it.
final class GNOMEShellProviderTests: ProviderTestCase {
    private let interface = "org.gnome.Shell.SearchProvider2"

    func testInitialResultSetHoldsItemsMatchingEveryTerm() throws {
        XCTAssertEqual(try provider.call(interface, "GetInitialResultSet", "['pad']")[0].strings, ["food-1", "food-3"])
        XCTAssertEqual(try provider.call(interface, "GetInitialResultSet", "['pad', 'thai']")[0].strings, ["food-1"])
        XCTAssertEqual(try provider.call(interface, "GetInitialResultSet", "['THAI']")[0].strings, ["food-1", "food-2", "activity-7"])
        XCTAssertEqual(try provider.call(interface, "GetInitialResultSet", "['pad', 'curry']")[0].strings, [])
    }

    func testSubsearchNarrowsThePreviousResults() throws {
        let narrowed = try provider.call(interface, "GetSubsearchResultSet", "['food-1', 'food-3']", "['pad', 'see']")
        XCTAssertEqual(narrowed[0].strings, ["food-3"])
        // Thai Green Curry matches 'thai' but was not among the previous results.
        let kept = try provider.call(interface, "GetSubsearchResultSet", "['food-1', 'food-3']", "['thai']")
        XCTAssertEqual(kept[0].strings, ["food-1"])
    }

    func testResultMetasDescribeEachShownItem() throws {
        let reply = try provider.call(interface, "GetResultMetas", "['food-1', 'food-2', 'no-such-id']")
        XCTAssertEqual(reply.typeString, "(aa{sv})")
        let metas = reply[0]
        XCTAssertEqual(metas.count, 2, "an id the source does not describe gets no meta")

        let padThai = metas[0]
        XCTAssertEqual(padThai.lookup("id")?.string, "food-1")
        XCTAssertEqual(padThai.lookup("name")?.string, "Pad Thai")
        XCTAssertEqual(padThai.lookup("description")?.string, "Rice noodles with peanuts")
        XCTAssertEqual(padThai.lookup("clipboardText")?.string, "https://foods.example/1")
        XCTAssertEqual(padThai.lookup("icon")?.fileIconPath, "/tmp/searchlight-thumbs/food-1.png",
                       "the thumbnail travels as a serialized GFileIcon")

        let curry = metas[1]
        XCTAssertEqual(curry.lookup("id")?.string, "food-2")
        XCTAssertEqual(curry.lookup("clipboardText")?.string, "Thai Green Curry")
        XCTAssertNil(curry.lookup("icon"), "no icon without a thumbnail")
    }

    func testActivateResultAsksTheAppToOpenTheItem() throws {
        _ = try provider.call(interface, "ActivateResult", "food-3", "['pad', 'see']", "uint32 1234")
        // An activity opens the item it is related to.
        _ = try provider.call(interface, "ActivateResult", "activity-7", "['curry']", "uint32 1235")
        XCTAssertEqual(recorder.all, [.open(id: "food-3"), .open(id: "food-2")])
    }

    func testLaunchSearchAsksTheAppToContinueTheTermsJoinedBySpaces() throws {
        _ = try provider.call(interface, "LaunchSearch", "['pad', 'thai']", "uint32 99")
        XCTAssertEqual(recorder.all, [.continueSearch(text: "pad thai")])
    }

    func testWhatTheSourceWithholdsNeverAppears() throws {
        XCTAssertEqual(try provider.call(interface, "GetInitialResultSet", "['secret']")[0].strings, [])
        XCTAssertFalse(try provider.call(interface, "GetInitialResultSet", "['recipe']")[0].strings.contains("food-4"))
        XCTAssertEqual(try provider.call(interface, "GetSubsearchResultSet", "['food-4']", "['secret']")[0].strings, [])
        XCTAssertEqual(try provider.call(interface, "GetResultMetas", "['food-4']")[0].count, 0)
    }

    func testASourceErrorReachesTheCallerWithItsCode() throws {
        struct Broken: SystemSearchSource {
            func systemSearch(terms: [String], limit: Int) throws -> [SystemSearchHit] {
                throw SystemSearchError(code: "E_INDEX_UNAVAILABLE", message: "the index file is locked")
            }
            func systemSearchMetas(ids: [String]) throws -> [SystemSearchHit] { [] }
        }
        let broken = try makeService(source: Broken(), appID: "org.example.Broken")
        try broken.start(context: loop.context, busAddress: bus.address)
        defer { broken.stop() }
        let client = GDBusClient(busAddress: bus.address, busName: "org.example.Broken", objectPath: "/org/example/Broken/SearchProvider")
        XCTAssertThrowsError(try client.call(interface, "GetInitialResultSet", "['x']")) { error in
            XCTAssertTrue("\(error)".contains("org.searchlight.Error.E_INDEX_UNAVAILABLE"), "\(error)")
            XCTAssertTrue("\(error)".contains("the index file is locked"), "\(error)")
        }
    }

    func testASecondServiceForTheSameAppSaysTheNameIsTaken() throws {
        let second = try makeService(source: MemorySource(items: []))
        XCTAssertThrowsError(try second.start(context: loop.context, busAddress: bus.address)) { error in
            let error = error as? SystemSearchError
            XCTAssertEqual(error?.code, SystemSearchError.nameTaken)
            XCTAssertEqual(error?.message.contains("another process already owns org.example.Foods"), true, "\(String(describing: error))")
        }
        // The first one still answers.
        XCTAssertEqual(try provider.call(interface, "GetInitialResultSet", "['pad']")[0].strings, ["food-1", "food-3"])
    }

    func testAStoppedServiceReleasesItsName() throws {
        service.stop()
        XCTAssertThrowsError(try provider.call(interface, "GetInitialResultSet", "['pad']"))
        let again = try makeService(source: MemorySource(items: Self.items))
        try again.start(context: loop.context, busAddress: bus.address)
        defer { again.stop() }
        XCTAssertEqual(try provider.call(interface, "GetInitialResultSet", "['pad']")[0].strings, ["food-1", "food-3"])
    }
}
