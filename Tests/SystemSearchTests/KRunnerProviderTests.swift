import SystemSearch
import XCTest

/// `org.kde.krunner1`, called with `gdbus call` the way KRunner calls a D-Bus runner.
final class KRunnerProviderTests: ProviderTestCase {
    private let interface = "org.kde.krunner1"

    func testMatchReturnsHitsWithTextSubtextTypeAndRelevance() throws {
        let reply = try provider.call(interface, "Match", "'pad'")
        XCTAssertEqual(reply.typeString, "(a(sssida{sv}))")
        let matches = reply[0]
        XCTAssertEqual(matches.count, 2)
        let first = matches[0], second = matches[1]
        XCTAssertEqual(first[0].string, "food-1")
        XCTAssertEqual(first[1].string, "Pad Thai")
        XCTAssertEqual(first[2].string, "system-search")
        XCTAssertEqual(first[3].int32, 70, "'pad' is not the whole title")
        XCTAssertEqual(first[5].lookup("subtext")?.string, "Rice noodles with peanuts")
        XCTAssertEqual(second[0].string, "food-3")
        XCTAssertEqual(second[5].lookup("subtext")?.string, "Wide rice noodles, soy sauce")
        XCTAssertGreaterThan(first[4].double, second[4].double, "the better hit is more relevant")
        for match in [first, second] {
            XCTAssertTrue((0.0...1.0).contains(match[4].double))
        }
    }

    func testMatchOfTheWholeTitleIsExact() throws {
        let matches = try provider.call(interface, "Match", "'  pad   THAI '")[0]
        XCTAssertEqual(matches.count, 1)
        XCTAssertEqual(matches[0][0].string, "food-1")
        XCTAssertEqual(matches[0][3].int32, 100)
    }

    func testRunAsksTheAppToOpenTheMatch() throws {
        _ = try provider.call(interface, "Run", "'food-3'", "''")
        _ = try provider.call(interface, "Run", "'activity-7'", "''")
        XCTAssertEqual(recorder.all, [.open(id: "food-3"), .open(id: "food-2")])
    }

    func testActionsIsEmptyAndTeardownAnswers() throws {
        let actions = try provider.call(interface, "Actions")
        XCTAssertEqual(actions.typeString, "(a(sss))")
        XCTAssertEqual(actions[0].count, 0)
        XCTAssertEqual(try provider.call(interface, "Teardown").typeString, "()")
        XCTAssertEqual(recorder.all, [])
    }

    func testWhatTheSourceWithholdsNeverMatches() throws {
        XCTAssertEqual(try provider.call(interface, "Match", "'secret'")[0].count, 0)
        let recipe = try provider.call(interface, "Match", "'thai'")[0]
        XCTAssertFalse((0..<recipe.count).contains { recipe[$0][0].string == "food-4" })
        XCTAssertEqual(try provider.call(interface, "Match", "''")[0].count, 0, "an empty query matches nothing")
    }
}
