import Foundation
import XCTest
@testable import SearchIndex

/// `SearchableIndex.query`: the query language run against the index's own tables.
final class QueryIntegrationTests: IndexTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        var soup = item("soup", title: "Onion soup", domain: "com.example.recipes", keywords: ["Trail", "french"], rankingHint: 80)
        soup.attributes.custom = ["servings": .number(4), "vegetarian": .bool(true)]
        soup.attributes.contentCreationDate = Date().addingTimeInterval(-2 * 86_400)
        try index.indexItems([
            soup,
            item("brent", title: "Brent Simmons", domain: "com.example.people", description: "lives in Paris", rankingHint: 30),
            item("salad", title: "Greek salad", domain: "com.example.recipes", rankingHint: 40),
            item("expired", title: "Brent old", domain: "com.example.people", expiration: Date().addingTimeInterval(-5)),
        ])
        try index.becomeCurrent(UserActivity(activityType: "t", title: "Brent activity", eligibleForSearch: true))
    }

    func testSpecExamples() throws {
        XCTAssertEqual(try index.query(#"title == "brent*"cd"#).map { $0.id }, ["brent"], "expired items and activities are left out")
        XCTAssertEqual(try index.query(#"keywords == "trail"cd"#).map { $0.id }, ["soup"])
        XCTAssertEqual(try index.query(#"title == "*paris*"cd || contentDescription == "*paris*"cd"#).map { $0.id }, ["brent"])
        XCTAssertEqual(try index.query(#"(domainIdentifier == "com.example.recipes" && rankingHint > 50)"#).map { $0.id }, ["soup"])
        XCTAssertEqual(try index.query("InRange(contentCreationDate, $time.today(-10), $time.today)").map { $0.id }, ["soup"])
        XCTAssertEqual(try index.query("servings >= 4 && vegetarian == true").map { $0.id }, ["soup"])
    }

    func testResultsAreOrderedByStaticRankAndLimited() throws {
        XCTAssertEqual(try index.query(#"domainIdentifier == "com.example*""#).map { $0.id }, ["soup", "salad", "brent"])
        XCTAssertEqual(try index.query(#"domainIdentifier == "com.example*""#, limit: 1).map { $0.id }, ["soup"])
    }

    func testAttributesSelectTheReturnedFields() throws {
        let soup = try XCTUnwrap(try index.query(#"title == "onion*"c"#, attributes: ["title"]).first)
        XCTAssertEqual(soup.attributes.title, "Onion soup")
        XCTAssertNil(soup.attributes.keywords)
        XCTAssertEqual(soup.attributes.custom, [:])
        XCTAssertEqual(soup.domain, "com.example.recipes")
    }

    func testErrors() throws {
        assertIndexError(IndexError.invalidQuery, "position") { _ = try index.query(#"title == "#) }
        assertIndexError(IndexError.invalidArgument, "attributes[0] 'colour'") { _ = try index.query(#"title == "x""#, attributes: ["colour"]) }
        assertIndexError(IndexError.invalidArgument, "limit") { _ = try index.query(#"title == "x""#, limit: 0) }
    }

    func testWithoutAProviderQueryIsUnavailable() throws {
        var configuration = SearchableIndex.Configuration(directory: directory, defaultDomain: "x", queryLanguage: nil)
        configuration.queryLanguage = nil
        let bare = try SearchableIndex(configuration: configuration)
        assertIndexError(IndexError.indexUnavailable, "query language") { _ = try bare.query(#"title == "x""#) }
    }
}
