import Foundation
import XCTest
@testable import SearchIndex

/// The FTS rowid's quality bucket (``StaticQuality/bucket(rankingHint:engagements:)``)
/// orders items as the ranking rules do, hint before engagement, so that a walk that
/// stops after its candidates keeps the ones the rules rank first; and an index whose
/// buckets summed the two parts (schema 4) is refiled when opened.
final class QualityBucketTests: IndexTestCase {
    private let hints: [Double?] = [nil, 0, 0.4, 0.6, 1, 10, 49.5, 50, 50.4, 51, 89.6, 90, 99.5, 100]
    private let engagementCounts: [Int64] = [0, 1, 2, 3, 7, 31, 100, 1000, 1_000_000]

    func testTheBucketOrdersItemsAsTheRulesDo() {
        // The rules that do not depend on the query, in the rules' order.
        let statics = RankingRule.order.filter { $0 == .rankingHint || $0 == .engagement }
        XCTAssertEqual(statics, [.rankingHint, .engagement])
        var items: [(bucket: Int64, levels: [Int], total: Double)] = []
        for hint in hints {
            for count in engagementCounts {
                let breakdown = ScoreBreakdown(field: 1000, rankingHint: StaticQuality.hintScore(hint),
                                               engagement: StaticQuality.engagementScore(count), recency: 0, bestField: "title")
                let bucket = StaticQuality.bucket(rankingHint: hint, engagements: count)
                XCTAssertTrue((0 ... StaticQuality.maximumBucket).contains(bucket))
                items.append((bucket, statics.map { breakdown.level($0) }, breakdown.total))
            }
        }
        for a in items {
            for b in items {
                XCTAssertEqual(a.bucket < b.bucket, a.levels.lexicographicallyPrecedes(b.levels), "\(a) against \(b)")
                XCTAssertEqual(a.bucket == b.bucket, a.levels == b.levels, "\(a) against \(b)")
                // Otherwise equal hits: the rules' score orders them as the bucket does.
                XCTAssertEqual(a.bucket < b.bucket, a.total < b.total, "\(a) against \(b)")
            }
        }
        // Every level of both rules has a bucket of its own, and the highest fits the rowid.
        XCTAssertEqual(StaticQuality.maximumBucket + 1, Int64(RankingRule.rankingHint.levels * RankingRule.engagement.levels))
        XCTAssertEqual(FTSRowid(itemRowid: FTSRowid.maximumItemRowid, quality: StaticQuality.maximumBucket).quality,
                       StaticQuality.maximumBucket)
    }

    /// 110 items the user engaged with once (hint 50, engagement 10) and one with hint 90
    /// never engaged with, all titled alike: the rules rank the hinted one first. The
    /// walk keeps the first ``CandidateSearch/window`` matches in rowid order; when the
    /// bucket summed the parts (20 against 18), those were all engaged ones.
    func testAHigherHintIsFoundBeforeManyItemsWithMoreEngagement() throws {
        try index.indexItems(Self.harborItems())
        for id in Self.harborEngagements() {
            try index.becomeCurrent(UserActivity(activityType: "org.example.view", relatedUniqueIdentifier: id))
        }
        let page = try index.search("harbor", limit: 10)
        XCTAssertEqual(page.hits.first?.item.id, "hinted")
        XCTAssertEqual(page.hits.first?.breakdown.level(.rankingHint), 90)
        XCTAssertEqual(page.hits.dropFirst().map { $0.breakdown.level(.engagement) }, Array(repeating: 10, count: 9))
        XCTAssertEqual(try index.search("harbor report", limit: 1).hits.map(\.item.id), ["hinted"])
    }

    /// A schema-4 index written by main 9259385's `searchlight`
    /// (Fixtures/make-schema4-fixture.js, the items of ``harborItems()``) opens at the
    /// current version with every row under its new bucket, and answers as an index the
    /// current code writes from the same items and engagements.
    func testASchema4IndexIsRefiledUnderTheNewBucketsAndAnswersAsANewOne() throws {
        index = nil
        try FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema4")
        for file in ["index.sqlite3", "fulltext.sqlite3"] {
            try FileManager.default.copyItem(atPath: fixture.appendingPathComponent(file).path, toPath: directory + "/" + file)
        }
        XCTAssertEqual(try Self.schemaVersion(in: directory), 4, "the fixture is a schema-4 index")
        XCTAssertEqual(try Self.qualities(in: directory)["hinted"], 18, "schema 4 summed the parts (18 + 0)")
        XCTAssertEqual(try Self.qualities(in: directory)["engaged-0"], 20, "schema 4 summed the parts (10 + 10)")

        index = try openIndex()
        XCTAssertFalse(index.wasReset)
        XCTAssertEqual(try Self.schemaVersion(in: directory), Int64(Schema.version))
        let connection = try Connection.inspecting(directory)
        let rows = try connection.prepare("""
            SELECT items.rowid, items.fts_rowid, items.ranking_hint, coalesce(engagements.count, 0)
            FROM items LEFT JOIN engagements ON engagements.id = items.id
            """)
        var count = 0
        while try rows.step() {
            let bucket = StaticQuality.bucket(rankingHint: rows.optionalDouble(2), engagements: rows.int64(3))
            XCTAssertEqual(FTSRowid(rawValue: rows.int64(1)), FTSRowid(itemRowid: rows.int64(0), quality: bucket))
            count += 1
        }
        XCTAssertEqual(count, Self.harborItems().count)
        XCTAssertNoThrow(try connection.execute("INSERT INTO items_fts(items_fts, rank) VALUES('integrity-check', 0)"))
        XCTAssertNoThrow(try connection.execute("INSERT INTO items_head(items_head, rank) VALUES('integrity-check', 0)"))
        // FTS5 has the rows under the new rowids: the head walk finds the hinted item.
        XCTAssertEqual(try connection.scalarInt("SELECT count(*) FROM items_head WHERE items_head MATCH 'harbor' AND rowid = (SELECT fts_rowid FROM items WHERE id = 'hinted')"), 1)

        let fresh = NSTemporaryDirectory() + "searchindex-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        let reference = try SearchableIndex(configuration: SearchableIndex.Configuration(directory: fresh, defaultDomain: "org.example.app"))
        try reference.indexItems(Self.harborItems())
        for id in Self.harborEngagements() {
            try reference.becomeCurrent(UserActivity(activityType: "org.example.view", relatedUniqueIdentifier: id))
        }
        for query in ["harbor", "harbor report", "harbor sche", "meeting", "minutes", "crew", "harbr", "新闻", "notes 1"] {
            for limit in [10, 200] {
                let migrated = try index.search(query, limit: limit), expected = try reference.search(query, limit: limit)
                XCTAssertEqual(migrated.hits.map(\.item.id), expected.hits.map(\.item.id), "\(query), limit \(limit)")
                // Every level but recency, which counts from when the fixture was written.
                let rules = RankingRule.order.filter { $0 != .recency }
                XCTAssertEqual(migrated.hits.map { hit in rules.map { hit.breakdown.level($0) } },
                               expected.hits.map { hit in rules.map { hit.breakdown.level($0) } }, "\(query), limit \(limit)")
                XCTAssertEqual(migrated.totalCount, expected.totalCount, "\(query), limit \(limit)")
            }
        }
        XCTAssertEqual(try searchIDs("harbor", limit: 1), ["hinted"])
    }

    // MARK: The fixture's items (as Fixtures/make-schema4-fixture.js indexes them)

    private static func harborItems() -> [SearchableItem] {
        func item(_ id: String, _ title: String, description: String? = nil, keywords: [String]? = nil, hint: Double? = nil) -> SearchableItem {
            SearchableItem(id: id, attributes: SearchableItemAttributeSet(
                title: title, contentDescription: description, keywords: keywords, rankingHint: hint))
        }
        var items = [item("hinted", "Harbor report", hint: 90)]
        items += (0 ..< 110).map { item("engaged-\($0)", "Harbor report") }
        items.append(item("low-hint", "Harbor report", hint: 10))
        items += (0 ..< 30).map {
            item("notes-\($0)", "Meeting notes \($0)", description: "harbor schedule and crew", keywords: ["minutes"], hint: Double($0 * 37 % 101))
        }
        items.append(item("news", "腾讯新闻", description: "Daily headlines"))
        return items
    }

    /// The items engaged with, once per engagement, in the fixture's order.
    private static func harborEngagements() -> [String] {
        (0 ..< 110).map { "engaged-\($0)" } + Array(repeating: "low-hint", count: 3)
            + (0 ..< 30).flatMap { n in Array(repeating: "notes-\(n)", count: n % 4) }
    }

    private static func schemaVersion(in directory: String) throws -> Int64? {
        try Connection(path: SearchableIndex.databasePath(in: directory), create: false)
            .scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'schema_version'")
    }

    /// Each item's quality bucket as stored.
    private static func qualities(in directory: String) throws -> [String: Int64] {
        let statement = try Connection(path: SearchableIndex.databasePath(in: directory), create: false)
            .prepare("SELECT id, fts_rowid FROM items")
        var qualities: [String: Int64] = [:]
        while try statement.step() { qualities[statement.text(0)!] = FTSRowid(rawValue: statement.int64(1)).quality }
        return qualities
    }
}
