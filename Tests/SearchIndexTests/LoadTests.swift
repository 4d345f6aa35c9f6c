import Foundation
import Synchronization
import XCTest
@testable import SearchIndex

/// Eight callers on one index at once, indexing, searching, querying and deleting:
/// no write is lost, every caller finishes, and memory stays flat.
///
/// Runs 20 s; `SEARCHLIGHT_LOAD_SECONDS=60` for the full minute.
final class LoadTests: IndexTestCase {
    static let callers = 8

    /// What one caller did and what it expects the index to hold of its items.
    final class Caller: @unchecked Sendable {
        let number: Int
        var live: [String: String] = [:]  // id → domain
        var everUsed: [String] = []
        var operations: [String: Int] = [:]
        var failure: String?
        private var next = 0
        private var generator: SplitMix

        init(number: Int) {
            self.number = number
            generator = SplitMix(seed: UInt64(number) &* 0x9E37_79B9 &+ 1)
        }

        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

        func newID() -> String {
            next += 1
            let id = "w\(number)-\(next)"
            everUsed.append(id)
            return id
        }

        static let words = ["apple", "banana", "cherry", "delta", "echo", "forest", "garden", "harbor", "island", "jungle"]

        func step(_ index: SearchableIndex) throws {
            switch random(20) {
            case 0..<8:
                var items: [SearchableItem] = []
                for _ in 0..<(1 + random(10)) {
                    let id = random(4) == 0 && !live.isEmpty ? live.keys.randomElement()! : newID()
                    let domain = "load.w\(number).d\(random(3))"
                    items.append(SearchableItem(id: id, domain: domain, attributes: SearchableItemAttributeSet(
                        title: "\(Self.words[random(10)]) \(Self.words[random(10)]) \(id)",
                        keywords: [Self.words[random(10)]], textContent: String(repeating: Self.words[random(10)] + " ", count: random(50)),
                        rankingHint: Double(random(101)))))
                }
                try index.indexItems(items, clientState: "w\(number)")
                for item in items { live[item.id] = item.domain }
                // Read your own writes (a batch may name an id twice; the last one wins).
                let check = items[random(items.count)].id
                let stored = try index.items(identifiers: [check]).first ?? nil
                if stored?.domain != live[check] {
                    failure = "caller \(number) reads \(check) back in \(stored?.domain ?? "no domain"), not \(live[check] ?? "?")"
                }
                operations["index", default: 0] += 1
            case 8..<13:
                _ = try index.search(Self.words[random(10)] + " " + String(Self.words[random(10)].prefix(2)), limit: 10)
                operations["search", default: 0] += 1
            case 13..<15:
                let found = try index.query(#"uniqueIdentifier == "w\#(number)-*" && rankingHint >= 50"#, limit: 20)
                if let stranger = found.first(where: { !$0.id.hasPrefix("w\(number)-") }) {
                    failure = "caller \(number)'s query returned \(stranger.id)"
                }
                operations["query", default: 0] += 1
            case 15..<18:
                let victims = Array(live.keys.shuffled().prefix(1 + random(5)))
                let deleted = try index.deleteItems(identifiers: victims)
                if deleted != victims.count { failure = "caller \(number) deleted \(deleted) of its \(victims.count) live items" }
                for id in victims { live[id] = nil }
                operations["delete", default: 0] += 1
            default:
                let domain = "load.w\(number).d\(random(3))"
                let expected = live.values.filter { $0 == domain }.count
                let deleted = try index.deleteItems(domains: [domain])
                if deleted != expected { failure = "caller \(number) deleted \(deleted) items of \(domain), expected \(expected)" }
                live = live.filter { $0.value != domain }
                operations["deleteDomain", default: 0] += 1
            }
        }
    }

    /// The resident set size of this process, in kB.
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    func testEightConcurrentCallersLoseNothingAndNeverDeadlock() throws {
        let seconds = Double(ProcessInfo.processInfo.environment["SEARCHLIGHT_LOAD_SECONDS"] ?? "") ?? 20
        let index = self.index!
        let callers = (0..<Self.callers).map { Caller(number: $0) }
        let start = Date()
        let end = start.addingTimeInterval(seconds)
        let finished = DispatchGroup()
        for caller in callers {
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                while Date() < end, caller.failure == nil {
                    do { try caller.step(index) } catch { caller.failure = "caller \(caller.number): \(error)" }
                }
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        // Memory at a quarter of the run (after warm-up) and at the end.
        let quarter = Mutex(0)
        let sampler = Thread {
            Thread.sleep(forTimeInterval: seconds / 4)
            quarter.withLock { $0 = Self.residentKilobytes() }
        }
        sampler.start()

        // Every caller must come back; a deadlock would keep one waiting forever.
        let outcome = finished.wait(timeout: .now() + seconds + 120)
        XCTAssertEqual(outcome, .success, "a caller never finished: deadlock")
        guard outcome == .success else { return }
        Thread.sleep(forTimeInterval: 0.1)
        let atQuarter = quarter.withLock { $0 }
        let atEnd = Self.residentKilobytes()

        for caller in callers { XCTAssertNil(caller.failure) }
        // Nothing lost: each caller's live items, exactly, and nothing else.
        var expectedTotal = 0
        for caller in callers {
            let stored = try index.items(identifiers: caller.everUsed)
            for (id, item) in zip(caller.everUsed, stored) {
                XCTAssertEqual(item?.domain, caller.live[id], "caller \(caller.number): \(id)")
            }
            expectedTotal += caller.live.count
        }
        XCTAssertEqual(try index.statistics().itemCount, expectedTotal)

        let operations = callers.reduce(into: [String: Int]()) { total, caller in
            total.merge(caller.operations, uniquingKeysWith: +)
        }
        let wal = DataDirectory.fileSize(index.databasePath + "-wal")
        print("load: \(Self.callers) callers for \(Int(seconds)) s: \(operations.sorted { $0.key < $1.key }), \(expectedTotal) items at the end; RSS \(atQuarter / 1024) MB at 25%, \(atEnd / 1024) MB at 100%; WAL \(wal / 1024) kB")
        // Flat within a generous margin: the figures above are the real report.
        XCTAssertLessThan(atEnd, atQuarter + 256 * 1024, "memory grew from \(atQuarter) kB to \(atEnd) kB")
    }
}

/// A small, fast random number generator, one per caller, so callers never share one.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
