import SearchIndex
import SystemSearch
import XCTest

/// `org.kde.krunner1`, called with `gdbus call` the way KRunner calls a D-Bus runner,
/// answered from a real index.
final class KRunnerProviderTests: ProviderTestCase {
    private let interface = "org.kde.krunner1"

    func testMatchReturnsHitsWithTextSubtextTypeAndRelevance() throws {
        let reply = try provider.call(interface, "Match", "'pad'")
        XCTAssertEqual(reply.typeString, "(a(sssida{sv}))")
        let matches = reply[0]
        XCTAssertEqual(matches.count, 2)
        let first = matches[0], second = matches[1]
        let byID = [first[0].string: first, second[0].string: second]
        XCTAssertEqual(Set(byID.keys), ["food-1", "food-3"])
        let padThai = try XCTUnwrap(byID["food-1"]), padSeeEw = try XCTUnwrap(byID["food-3"])
        XCTAssertEqual(padThai[1].string, "Pad Thai")
        XCTAssertEqual(padThai[2].string, "system-search")
        XCTAssertEqual(padThai[3].int32, 30, "'pad' is not the whole title: PossibleMatch, never HelperMatch (70)")
        XCTAssertEqual(padThai[5].lookup("urls")?.strings, ["https://foods.example/1"], "the item's url")
        XCTAssertEqual(padSeeEw[5].lookup("urls")?.strings, [])
        // The thumbnail as KRunner's (iiibiiay) image: width, height, stride, alpha, bits, channels, RGBA bytes.
        let image = try XCTUnwrap(padThai[5].lookup("icon-data"), "the thumbnail travels as icon-data")
        XCTAssertEqual(image.typeString, "(iiibiiay)")
        XCTAssertEqual([image[0].int32, image[1].int32, image[2].int32], [3, 2, 12])
        XCTAssertTrue(image[3].bool)
        XCTAssertEqual([image[4].int32, image[5].int32], [8, 4])
        XCTAssertEqual(image[6].bytes, Self.tinyPNGPixels)
        XCTAssertNil(padSeeEw[5].lookup("icon-data"), "no thumbnail, and the app icon is a themed name")
        XCTAssertEqual(padSeeEw[2].string, "system-search")
        XCTAssertEqual(padThai[5].lookup("subtext")?.string, "Rice noodles with peanuts")
        XCTAssertEqual(padSeeEw[1].string, "Pad See Ew")
        XCTAssertEqual(padSeeEw[5].lookup("subtext")?.string, "Wide rice noodles, soy sauce")
        XCTAssertGreaterThan(first[4].double, second[4].double, "the better hit is more relevant")
        for match in [first, second] {
            XCTAssertTrue((0.0...1.0).contains(match[4].double))
        }
    }

    func testMatchOfTheWholeTitleIsExact() throws {
        let matches = try provider.call(interface, "Match", "'  pad   THAI '")[0]
        XCTAssertEqual(matches.count, 2, "Pad Thai, then (`thai` dropped) Pad See Ew")
        XCTAssertEqual(matches[0][0].string, "food-1")
        XCTAssertEqual(matches[0][3].int32, 100)
        XCTAssertEqual(matches[1][0].string, "food-3")
        XCTAssertLessThan(matches[1][3].int32, 100, "a match of fewer terms is no exact match")
    }

    func testRunAsksTheAppToOpenTheMatch() throws {
        _ = try provider.call(interface, "Run", "'food-3'", "''")
        try viewCurry()
        try index.setIndexingPreference(.viewedRecords)
        let activity = try XCTUnwrap(try provider.call(interface, "Match", "'curry'")[0][0][0].string)
        _ = try provider.call(interface, "Run", "'\(activity)'", "''")
        XCTAssertEqual(received, [.open(id: "food-3"),
                                      .open(id: "food-2", activity: ViewedActivity(activityType: "org.example.foods.view",
                                                                                   userInfo: ["night": .string("friday")]))],
                       "an activity opens its item, with its type and userInfo; KRunner sends no timestamp")
    }

    func testConfigAnswersADictionary() throws {
        let config = try provider.call(interface, "Config")
        XCTAssertEqual(config.typeString, "(a{sv})")
        XCTAssertEqual(config[0].lookup("MinLetterCount")?.int32, 1)
    }

    func testActionsIsEmptyAndTeardownAnswers() throws {
        let actions = try provider.call(interface, "Actions")
        XCTAssertEqual(actions.typeString, "(a(sss))")
        XCTAssertEqual(actions[0].count, 0)
        XCTAssertEqual(try provider.call(interface, "Teardown").typeString, "()")
        XCTAssertEqual(received, [])
    }

    func testWhatMayNotLeaveTheAppNeverMatches() throws {
        XCTAssertEqual(try provider.call(interface, "Match", "'expired'")[0].count, 0)
        let thai = try provider.call(interface, "Match", "'thai'")[0]
        XCTAssertEqual(thai.count, 2)
        XCTAssertFalse((0..<thai.count).contains { thai[$0][0].string == "food-4" })
        try index.setIndexingPreference(.disabled)
        XCTAssertEqual(try provider.call(interface, "Match", "'thai'")[0].count, 0)
        XCTAssertEqual(try provider.call(interface, "Match", "''")[0].count, 0, "an empty query matches nothing")
    }
}
