import Foundation
import XCTest
@testable import SearchIndex

/// Idle-time maintenance merges the FTS segments that batches leave, without changing
/// what a search finds, and gives way to writes and to closing.
final class IdleMaintenanceTests: IndexTestCase {
    /// Reopens the test's index with idle maintenance after `delay` (off when `nil`),
    /// and `items_head`'s merging after writes pause for `headMergeDelay` (off unless
    /// given, so that the other tests see idle maintenance alone).
    private func reopen(delay: TimeInterval?, pagesPerStep: Int = 64, headMergeDelay: TimeInterval? = nil) throws {
        index = nil
        var configuration = SearchableIndex.Configuration(directory: directory, defaultDomain: "org.example.app")
        configuration.idleMaintenanceDelay = delay
        configuration.maintenancePagesPerStep = pagesPerStep
        configuration.headMergeDelay = headMergeDelay
        index = try SearchableIndex(configuration: configuration)
    }

    /// Indexes `batches` batches of `size` items, each with words of its own, so that
    /// every batch leaves FTS segments with their own terms.
    private func indexInBatches(_ batches: Int, size: Int) throws {
        for batch in 0 ..< batches {
            let items = (0 ..< size).map { number in
                item("item-\(batch)-\(number)", title: "Harbor \(word(batch, number)) \(word(number, batch))",
                     description: "Notes \(word(batch * 7, number)) about \(word(number, batch * 3)) and tides",
                     keywords: [word(batch, batch), "shared"])
            }
            try index.indexItems(items)
        }
    }

    /// A made-up word that differs with both numbers.
    private func word(_ first: Int, _ second: Int) -> String {
        let letters = Array("bcdfghjklmnpqrstvwz")
        var value = first * 131 + second * 17 + 5
        var text = ""
        for _ in 0 ..< 6 {
            text.append(letters[value % letters.count])
            value = value / letters.count + first + 3
        }
        return text
    }

    /// A connection of the test's own on the index files.
    private func inspect() throws -> Connection {
        try Connection.inspecting(directory)
    }

    /// The number of segments of an FTS table: each has at least one row in its `%_idx`
    /// table (the first term of its first leaf page).
    private func segments(_ table: String) throws -> Int64 {
        try inspect().scalarInt("SELECT count(DISTINCT segid) FROM \(table)_idx") ?? 0
    }

    /// Runs FTS5's `integrity-check` on both tables; throws when one finds corruption.
    private func checkIntegrity() throws {
        let connection = try inspect()
        try connection.execute("INSERT INTO items_fts(items_fts) VALUES ('integrity-check')")
        try connection.execute("INSERT INTO items_head(items_head) VALUES ('integrity-check')")
        for schema in ["main", "fulltext"] {
            let statement = try connection.prepare("PRAGMA \(schema).integrity_check")
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(statement.text(0), "ok", schema)
        }
    }

    /// The bytes in both WALs.
    private func walSize() -> Int {
        [SearchableIndex.databasePath(in: directory), FullTextWriter.path(in: directory)].reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0)
        }
    }

    /// Waits (up to a minute) until maintenance has nothing left to do.
    private func waitForMaintenance(file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(60)
        while !index.store.maintenanceIsIdle, Date() < deadline { usleep(20_000) }
        XCTAssertTrue(index.store.maintenanceIsIdle, "maintenance did not finish", file: file, line: line)
    }

    /// Waits until maintenance has run a step and is not finished yet.
    private func waitForMaintenanceInProgress() {
        let deadline = Date().addingTimeInterval(60)
        while index.store.maintenanceSteps == 0, Date() < deadline { usleep(1_000) }
    }

    private let queries = ["harbor", "shared", "tides", "no", "b", "harbor sh", "notes ab"]

    private func results() throws -> [[String]] {
        try queries.map { try searchIDs($0, limit: 50) }
    }

    func testAnIdleIndexHasFewerSegmentsAndFindsTheSame() throws {
        try reopen(delay: nil)
        try indexInBatches(20, size: 40)
        let before = (fts: try segments("items_fts"), head: try segments("items_head"))
        XCTAssertGreaterThan(before.fts, 2, "20 batches with automerge 8 leave several segments")
        let expected = try results()

        try reopen(delay: 0.05)
        waitForMaintenance()
        XCTAssertGreaterThan(index.store.maintenanceSteps, 0)
        let after = (fts: try segments("items_fts"), head: try segments("items_head"))
        XCTAssertLessThan(after.fts, before.fts)
        XCTAssertLessThan(after.head, before.head)
        XCTAssertLessThanOrEqual(after.fts, 2)
        XCTAssertEqual(try results(), expected)
        try checkIntegrity()
        XCTAssertEqual(try inspect().scalarInt("PRAGMA freelist_count"), 0, "freed pages go back to the file system")
        XCTAssertEqual(walSize(), 0, "the WAL is truncated once maintenance is done")
    }

    func testAWriteDuringMaintenanceCompletesAndIsVisible() throws {
        try reopen(delay: nil)
        try indexInBatches(24, size: 60)
        let before = try segments("items_fts")
        let expected = try results()

        // One page per step: maintenance takes many steps, and the write comes between two.
        try reopen(delay: 0.01, pagesPerStep: 1)
        waitForMaintenanceInProgress()
        XCTAssertFalse(index.store.maintenanceIsIdle, "maintenance should still be running")
        try index.indexItems([item("late", title: "Lighthouse keeper", keywords: ["shared"])])
        let stepsAtWrite = index.store.maintenanceSteps
        XCTAssertEqual(try searchIDs("lighthouse"), ["late"])

        waitForMaintenance()
        XCTAssertGreaterThan(index.store.maintenanceSteps, stepsAtWrite, "maintenance resumes after the write")
        XCTAssertLessThan(try segments("items_fts"), before)
        // `all`: only the late item holds both words.
        XCTAssertEqual(try searchIDs("lighthouse keeper", matching: .all), ["late"])
        XCTAssertEqual(try searchIDs("harbor", limit: 50), expected[0])
        XCTAssertEqual(try searchIDs("shared lighth", matching: .all), ["late"])
        try checkIntegrity()
    }

    func testReadsPostponeMaintenanceUntilTheyPause() throws {
        try reopen(delay: nil)
        try indexInBatches(20, size: 40)
        let expected = try results()

        // Someone types: a search every 10 ms for 2 s, never a 1 s pause.
        try reopen(delay: 1)
        let typingEnds = Date().addingTimeInterval(2)
        while Date() < typingEnds {
            XCTAssertEqual(try searchIDs("harbor", limit: 50), expected[0])
            usleep(10_000)
        }
        XCTAssertEqual(index.store.maintenanceSteps, 0, "no step runs while searches keep coming")

        // The searches stop: maintenance runs once they have paused.
        waitForMaintenance()
        XCTAssertGreaterThan(index.store.maintenanceSteps, 0)
        XCTAssertEqual(try results(), expected)
    }

    func testNoStepStartsDuringAReadLongerThanTheDelay() throws {
        try reopen(delay: nil)
        try indexInBatches(20, size: 40)
        let expected = try results()

        // One read lasts three delays (a slow search at 1M items does): no step starts
        // beside it, however long ago it began.
        try reopen(delay: 0.2)
        let stepsDuringRead = try index.store.read { _ -> Int in
            usleep(700_000)
            return index.store.maintenanceSteps
        }
        XCTAssertEqual(stepsDuringRead, 0, "a step started while a read was in progress")

        // It has ended: maintenance runs once reads have paused.
        waitForMaintenance()
        XCTAssertGreaterThan(index.store.maintenanceSteps, 0)
        XCTAssertEqual(try results(), expected)
    }

    func testClosingGivesUnfinishedMaintenanceABudget() throws {
        try reopen(delay: nil)
        try indexInBatches(20, size: 40)
        let before = try segments("items_fts")
        let expected = try results()

        // Maintenance would start only after a minute: close does it instead.
        try reopen(delay: 60)
        index.close(maintenanceBudget: 0)
        XCTAssertEqual(try segments("items_fts"), before, "no budget: nothing merged")
        try reopen(delay: 60)
        index.close()
        XCTAssertLessThan(try segments("items_fts"), before)
        XCTAssertLessThanOrEqual(try segments("items_fts"), 2)
        XCTAssertEqual(walSize(), 0)
        try checkIntegrity()
        try reopen(delay: nil)
        XCTAssertEqual(try results(), expected)
    }

    func testClosingDuringMaintenanceIsClean() throws {
        try reopen(delay: nil)
        try indexInBatches(24, size: 60)
        let expected = try results()

        try reopen(delay: 0.01, pagesPerStep: 1)
        waitForMaintenanceInProgress()
        index.close()
        let steps = index.store.maintenanceSteps
        XCTAssertEqual(walSize(), 0, "closing checkpoints and truncates the WAL")
        usleep(100_000)
        XCTAssertEqual(index.store.maintenanceSteps, steps, "no step runs after close")
        try checkIntegrity()

        // Reopened, the index finds the same and finishes merging.
        try reopen(delay: 0.01)
        XCTAssertEqual(try results(), expected)
        waitForMaintenance()
        XCTAssertEqual(try results(), expected)
        try checkIntegrity()
    }

    /// An import leaves `items_head` with more segments than automerge's rule keeps
    /// (a level of 8 or more, or a merge begun and not finished). Once writes pause,
    /// they are merged while searches keep coming, before idle maintenance (off here)
    /// would have run, and the searches find the same throughout.
    func testTheHeadIsMergedOnceWritesPauseWhileSearchesGoOn() throws {
        // Without it, searches that never pause leave every segment where it is.
        try reopen(delay: nil)
        try indexInBatches(10, size: 30)
        let left = try segments("items_head")
        XCTAssertGreaterThanOrEqual(left, 8, "10 batches leave a level of 8 or more segments")
        let expected = try results()
        for _ in 0 ..< 40 {
            XCTAssertEqual(try searchIDs("harbor", limit: 50), expected[0])
            usleep(10_000)
        }
        XCTAssertEqual(try segments("items_head"), left)

        // With it: the same import into a new index, then searches every 10 ms.
        index = nil
        try FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try reopen(delay: nil, headMergeDelay: 0.3)
        try indexInBatches(10, size: 30)
        XCTAssertEqual(try results(), expected)
        let deadline = Date().addingTimeInterval(30)
        while !index.store.headMergingIsIdle, Date() < deadline {
            XCTAssertEqual(try searchIDs("harbor", limit: 50), expected[0])
            usleep(10_000)
        }
        XCTAssertTrue(index.store.headMergingIsIdle, "the head's merging did not finish while searches went on")
        XCTAssertLessThan(try segments("items_head"), 8)
        XCTAssertEqual(index.store.maintenanceSteps, 0)
        XCTAssertEqual(try results(), expected)
        try checkIntegrity()

        // A later write that makes no level of 8 leaves nothing to merge.
        let merged = try segments("items_head")
        try index.indexItems([item("late", title: "Lighthouse keeper", keywords: ["shared"])])
        while !index.store.headMergingIsIdle, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(try segments("items_head"), merged + 1)
        XCTAssertEqual(try searchIDs("lighthouse"), ["late"])
    }

    func testNewIndexesReturnFreePagesIncrementally() throws {
        XCTAssertEqual(try inspect().scalarInt("PRAGMA auto_vacuum"), 2)
    }
}
