import CSQLite
import Foundation
import XCTest
@testable import SearchIndex

/// Nothing lost: a writer process killed with SIGKILL at random moments, many times,
/// leaves an intact database where every batch is whole or absent and the client
/// state names the last whole batch.
///
/// The writer is this test bundle run again as a child, with
/// ``writerDirectoryVariable`` set, executing only ``testWriterChild()``; without the
/// variable that test is skipped. `SEARCHLIGHT_CRASH_ROUNDS` changes the number of
/// kills (default 25).
final class CrashSafetyTests: XCTestCase {
    static let writerDirectoryVariable = "SEARCHLIGHT_CRASH_WRITER_DIR"

    /// The number of items of batch `n`: 1 to 120, varying from batch to batch.
    static func batchSize(_ n: Int) -> Int { 1 + (n * 37) % 120 }

    /// The items of batch `n`; every few batches one carries a thumbnail file.
    static func batch(_ n: Int) -> [SearchableItem] {
        (0..<batchSize(n)).map { i in
            var attributes = SearchableItemAttributeSet(
                title: "Batch \(n) item \(i)", keywords: ["batch\(n)", "crash"],
                textContent: String(repeating: "lorem ipsum dolor ", count: 1 + i % 40))
            if i == 0, n % 3 == 0 { attributes.thumbnail = .data(Array(repeating: UInt8(n % 256), count: 2048), mimeType: "image/png") }
            return SearchableItem(id: "b\(n)-\(i)", domain: "crash.batch\(n % 5)", attributes: attributes)
        }
    }

    /// The child's body: index batch after batch, each with its number as the client
    /// state, until killed (or after 60 s, so an orphan cannot run on).
    func testWriterChild() throws {
        guard let directory = ProcessInfo.processInfo.environment[Self.writerDirectoryVariable] else {
            throw XCTSkip("runs only as the child of testSIGKILLedWriterNeverLeavesAPartialBatch")
        }
        let index = try SearchableIndex(directory: directory, defaultDomain: "crash")
        var n = (try index.fetchLastClientState()).flatMap { Int($0) } ?? 0
        FileHandle.standardOutput.write(Data("ready \(n)\n".utf8))
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            n += 1
            // Every fourth batch also rewrites the previous one in the same transaction,
            // so kills land in transactions that replace rows and thumbnails too.
            let items = n % 4 == 0 ? Self.batch(n - 1) + Self.batch(n) : Self.batch(n)
            try index.indexItems(items, clientState: String(n))
        }
    }

    func testSIGKILLedWriterNeverLeavesAPartialBatch() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["SEARCHLIGHT_CRASH_ROUNDS"] ?? "") ?? 25
        let directory = NSTemporaryDirectory() + "crash-safety-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runner = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var generator = SystemRandomNumberGenerator()
        var startStates: [Int] = []

        for round in 1...rounds {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: runner)
            child.arguments = ["SearchIndexTests.CrashSafetyTests/testWriterChild"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.writerDirectoryVariable] = directory
            child.environment = environment
            let output = Pipe()
            child.standardOutput = output
            child.standardError = FileHandle.nullDevice
            try child.run()
            // Wait until the child has opened the index, then let it write for a random
            // while (0–300 ms) before the kill.
            var ready = Self.readLine(from: output.fileHandleForReading)
            while let line = ready, !line.hasPrefix("ready ") { ready = Self.readLine(from: output.fileHandleForReading) }
            guard let ready, ready.hasPrefix("ready ") else {
                child.terminate()
                child.waitUntilExit()
                return XCTFail("round \(round): the writer did not start (\(ready ?? "no output"))")
            }
            startStates.append(Int(ready.dropFirst(6)) ?? -1)
            usleep(UInt32.random(in: 0...300_000, using: &generator))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .uncaughtSignal, "round \(round): the writer ended before the kill")

            try verify(directory: directory, round: round)
        }

        // Every round started from where the previous one was killed, and wrote.
        let final = try verify(directory: directory, round: rounds + 1)
        XCTAssertGreaterThan(final, rounds / 2, "the writers completed too few batches to test anything")
        XCTAssertEqual(startStates.count, rounds)
        XCTAssertEqual(startStates, startStates.sorted(), "a client state went backwards: \(startStates)")
        print("crash safety: \(rounds) SIGKILL rounds, \(final) batches committed, start states \(startStates), "
              + "\(roundsWithFullTextAhead) killed between the two commits")

        // The index keeps working: it opens without a reset, takes writes and finds them.
        let index = try SearchableIndex(directory: directory, defaultDomain: "crash")
        XCTAssertFalse(index.wasReset)
        try index.indexItems([SearchableItem(id: "after", attributes: SearchableItemAttributeSet(title: "Survivor"))], clientState: "done")
        XCTAssertEqual(try index.search("survivor").hits.map { $0.item.id }, ["after"])
        XCTAssertEqual(try index.fetchLastClientState(), "done")
        XCTAssertEqual(try index.search("batch\(final)").totalCount, Self.batchSize(final))
        // `lorem` is only in the text content, which only `items_fts` indexes: after every
        // repair it matches each batch's items, no more, no fewer. A page as large as
        // the largest batch reads every match (past a full page, a prefix checked on the
        // complete word's matches counts only those it read, as a lower bound).
        // Every term must match (`all`): the count is of one batch, not of every `lorem`.
        for n in Set([1, final / 2, final]) where n > 0 {
            let found = try index.search("batch\(n) lorem", options: SearchOptions(limit: 120, matchingStrategy: .all))
            XCTAssertEqual(found.totalCount, Self.batchSize(n), "batch \(n) in items_fts")
            XCTAssertTrue(found.totalCountIsExact, "batch \(n) in items_fts")
        }
    }

    private var roundsWithFullTextAhead = 0

    /// Checks the database in `directory` and returns the last complete batch.
    @discardableResult
    private func verify(directory: String, round: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let connection = try Connection.inspecting(directory)
        for schema in ["main", "fulltext"] {
            let integrity = try connection.prepare("PRAGMA \(schema).integrity_check")
            var problems: [String] = []
            while try integrity.step() { problems.append(integrity.text(0) ?? "") }
            XCTAssertEqual(problems, ["ok"], "round \(round): integrity_check of \(schema)", file: file, line: line)
        }
        // The FTS tables are sound.
        for table in ["items_fts", "items_head"] {
            XCTAssertNoThrow(try connection.execute("INSERT INTO \(table)(\(table), rank) VALUES('integrity-check', 0)"),
                             "round \(round): \(table) integrity", file: file, line: line)
        }
        // The full-text file committed the same transactions, or (killed between the two
        // commits) one more, which the next open rebuilds.
        let generation = try connection.scalarInt("SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'fulltext_generation'") ?? 0
        let fullTextGeneration = try connection.scalarInt("SELECT value FROM fulltext.fulltext_state WHERE key = 'fulltext_generation'") ?? 0
        XCTAssertTrue(fullTextGeneration == generation || fullTextGeneration == generation + 1,
                      "round \(round): fulltext generation \(fullTextGeneration), index \(generation)", file: file, line: line)
        if fullTextGeneration != generation { roundsWithFullTextAhead += 1 }

        let state = try connection.prepare("SELECT value FROM settings WHERE key = 'client_state'")
        let last = try state.step() ? Int(state.text(0) ?? "") ?? -1 : 0
        XCTAssertGreaterThanOrEqual(last, 0, "round \(round): client state", file: file, line: line)

        var counts: [Int: Int] = [:]
        let ids = try connection.prepare("SELECT id FROM items")
        while try ids.step() {
            let id = ids.text(0) ?? ""
            guard id.hasPrefix("b"), let dash = id.firstIndex(of: "-"), let n = Int(id[id.index(after: id.startIndex)..<dash]) else { continue }
            counts[n, default: 0] += 1
        }
        for n in 1...max(last, 1) where last > 0 {
            XCTAssertEqual(counts[n], Self.batchSize(n), "round \(round): batch \(n) of \(last) is not whole", file: file, line: line)
        }
        let beyond = counts.keys.filter { $0 > last }.sorted()
        XCTAssertEqual(beyond, [], "round \(round): batches after the client state \(last) are stored", file: file, line: line)
        return last
    }

    /// One line from a pipe, without its newline; `nil` at end of file.
    private static func readLine(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
