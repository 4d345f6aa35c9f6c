import SystemSearch
import XCTest

/// `searchlight activate ID` / `searchlight continue TEXT` and ``SearchProviderClient``
/// reaching a running provider, and failing in one line when there is none.
final class ClientTests: ProviderTestCase {
    func testClientDeliversOpenAndContinueToTheRunningApp() throws {
        let client = try SearchProviderClient(appID: Self.appID, busAddress: bus.address)
        try client.activate(id: "food-1")
        try client.continueSearch(text: "  pad  thai ")
        XCTAssertEqual(received, [.open(id: "food-1"), .continueSearch(text: "  pad  thai ")],
                       "the text arrives exactly as given")
    }

    func testActivateAndContinueCommandsReachTheRunningApp() throws {
        let activate = try SearchlightBinary.run(["activate", "food-3", "--app-id", Self.appID], busAddress: bus.address)
        XCTAssertEqual(activate.status, 0, activate.error)
        let continued = try SearchlightBinary.run(["continue", "green", "curry", "--app-id", Self.appID], busAddress: bus.address)
        XCTAssertEqual(continued.status, 0, continued.error)
        XCTAssertEqual(received, [.open(id: "food-3"), .continueSearch(text: "green curry")])
    }

    func testAnAppThatCannotBeReachedFailsInOneLine() throws {
        let result = try SearchlightBinary.run(["activate", "food-1", "--app-id", "org.example.Nobody"], busAddress: bus.address)
        XCTAssertEqual(result.status, 1)
        let lines = result.error.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.error)
        XCTAssertTrue(result.error.hasPrefix("searchlight activate: cannot reach org.example.Nobody on the session bus"), result.error)

        XCTAssertThrowsError(try SearchProviderClient(appID: "org.example.Nobody", busAddress: bus.address).continueSearch(text: "x")) { error in
            XCTAssertEqual((error as? SystemSearchError)?.code, SystemSearchError.unreachable)
        }
    }

    func testNoSessionBusFailsInOneLine() throws {
        let result = try SearchlightBinary.run(["continue", "pad"], busAddress: "unix:path=/nonexistent/searchlight-test-bus")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
        XCTAssertTrue(result.error.hasPrefix("searchlight continue: cannot connect to the D-Bus session bus"), result.error)
    }

    func testMissingOrEmptyArgumentsAreUsageErrors() throws {
        let noID = try SearchlightBinary.run(["activate"], busAddress: bus.address)
        XCTAssertEqual(noID.status, 2)
        XCTAssertTrue(noID.error.contains("missing the ID"), noID.error)
        let twoIDs = try SearchlightBinary.run(["activate", "a", "b"], busAddress: bus.address)
        XCTAssertEqual(twoIDs.status, 2)
        let noText = try SearchlightBinary.run(["continue", " "], busAddress: bus.address)
        XCTAssertEqual(noText.status, 2)
        XCTAssertTrue(noText.error.contains("missing the TEXT"), noText.error)
        XCTAssertEqual(received, [])
    }
}
