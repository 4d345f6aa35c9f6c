import Foundation
import XCTest
@testable import SearchIndex

/// User activities, the indexing preference, and what the system search may see.
final class ActivitiesTests: IndexTestCase {
    private func view(_ id: String, title: String, eligible: Bool) -> UserActivity {
        UserActivity(activityType: "org.example.view-recipe", title: title, userInfo: ["id": .string(id)],
                     keywords: ["recipe"], eligibleForSearch: eligible)
    }

    func testPreferenceDefaultsToAllRecordsAndIsPersisted() throws {
        XCTAssertEqual(try index.indexingPreference(), .allRecords)
        try index.setIndexingPreference(.viewedRecords)
        XCTAssertEqual(try openIndex().indexingPreference(), .viewedRecords)
    }

    func testAllRecordsServesItemsAndEligibleActivities() throws {
        try index.indexItems([item("r1", title: "Lemon tart")])
        try index.becomeCurrent(view("r2", title: "Lemon cake", eligible: true))
        try index.becomeCurrent(view("r3", title: "Lemon pie", eligible: false))
        let results = try index.systemSearch(terms: ["lemon"])
        XCTAssertEqual(Set(results.map { $0.openIdentifier }), ["r1", "r2"])
        let activity = try XCTUnwrap(results.first { $0.isActivity })
        XCTAssertEqual(activity.name, "Lemon cake")
        XCTAssertEqual(try index.systemSearchMetas(ids: [activity.id, "r1", "missing"]).map { $0.openIdentifier }, ["r2", "r1"])
    }

    func testViewedRecordsServesOnlyActivities() throws {
        try index.indexItems([item("r1", title: "Lemon tart")])
        try index.becomeCurrent(view("r2", title: "Lemon cake", eligible: true))
        try index.setIndexingPreference(.viewedRecords)
        let results = try index.systemSearch(terms: ["lemon"])
        XCTAssertEqual(results.map { $0.openIdentifier }, ["r2"])
        XCTAssertEqual(try index.systemSearchMetas(ids: ["r1"]), [])
        XCTAssertEqual(try searchIDs("lemon"), ["r1"], "in-app search is not limited by the preference")
    }

    func testDisabledServesNothing() throws {
        try index.indexItems([item("r1", title: "Lemon tart")])
        try index.becomeCurrent(view("r2", title: "Lemon cake", eligible: true))
        try index.setIndexingPreference(.disabled)
        XCTAssertEqual(try index.systemSearch(terms: ["lemon"]), [])
        XCTAssertEqual(try index.systemSearchMetas(ids: ["r1"]), [])
        XCTAssertEqual(try searchIDs("lemon"), ["r1"])
    }

    func testExpiredRowsNeverReachTheSystemSearch() throws {
        try index.indexItems([item("old", title: "Lemon soda", expiration: Date().addingTimeInterval(-1))])
        var activity = view("gone", title: "Lemon ice", eligible: true)
        activity.expirationDate = Date().addingTimeInterval(-1)
        try index.becomeCurrent(activity)
        XCTAssertEqual(try index.systemSearch(terms: ["lemon"]), [])
        XCTAssertEqual(try index.systemSearchMetas(ids: ["old"]), [])
    }

    func testAnActivityAboutAnItemIsServedOnce() throws {
        try index.indexItems([item("r1", title: "Lemon tart")])
        try index.becomeCurrent(view("r1", title: "Lemon tart", eligible: true))
        let results = try index.systemSearch(terms: ["lemon"])
        XCTAssertEqual(results.map { $0.openIdentifier }, ["r1"])
    }

    func testActivitiesAreNotAppItems() throws {
        try index.becomeCurrent(view("r2", title: "Lemon cake", eligible: true))
        XCTAssertEqual(try searchIDs("lemon"), [])
        XCTAssertEqual(try index.statistics().activityCount, 1)
        XCTAssertEqual(try index.statistics().itemCount, 0)
        try index.becomeCurrent(view("r2", title: "Lemon cake", eligible: true))
        XCTAssertEqual(try index.statistics().activityCount, 1, "viewing the same thing again replaces the activity")
    }

    func testEngagementUsesRelatedIdentifierThenUserInfoID() throws {
        XCTAssertEqual(UserActivity(activityType: "t", userInfo: ["id": .string("u")], relatedUniqueIdentifier: "rel").engagedItemIdentifier, "rel")
        XCTAssertEqual(UserActivity(activityType: "t", userInfo: ["id": .number(42)]).engagedItemIdentifier, "42")
        XCTAssertNil(UserActivity(activityType: "t").engagedItemIdentifier)
    }

    func testEngagementBeforeIndexingCountsOnceTheItemArrives() throws {
        try index.becomeCurrent(UserActivity(activityType: "t", relatedUniqueIdentifier: "later"))
        try index.indexItems([item("later", title: "Picnic"), item("other", title: "Picnic")])
        let hits = try index.search("picnic").hits
        XCTAssertEqual(hits.first?.item.id, "later")
        XCTAssertGreaterThan(hits.first!.breakdown.engagement, 0)
    }

    func testCurrentActivityAndBadInput() throws {
        let activity = view("r1", title: "T", eligible: false)
        try index.becomeCurrent(activity)
        XCTAssertEqual(index.currentActivity, activity)
        index.resignCurrent()
        XCTAssertNil(index.currentActivity)
        assertIndexError(IndexError.invalidArgument, "activityType") { try index.becomeCurrent(UserActivity(activityType: "")) }
        var bad = UserActivity(activityType: "t")
        bad.contentAttributes.rankingHint = 200
        assertIndexError(IndexError.invalidArgument, "activity.rankingHint") { try index.becomeCurrent(bad) }
    }

    func testDeleteAllRemovesActivitiesToo() throws {
        try index.becomeCurrent(view("r2", title: "Lemon cake", eligible: true))
        try index.deleteAllItems()
        XCTAssertEqual(try index.systemSearch(terms: ["lemon"]), [])
    }
}
