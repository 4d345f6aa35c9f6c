import Foundation
import JSHost
import SearchIndex
import Synchronization
import XCTest
@testable import SearchOnDevice

/// Closing the module at the end of a run waits for queued writes and leaves no WAL.
final class CloseTests: ModuleTestCase {
    private var walPath: String { SearchableIndex.databasePath(in: directory) + "-wal" }

    private func walSize() -> Int {
        (try? FileManager.default.attributesOfItem(atPath: walPath)[.size] as? Int) ?? 0
    }

    func testClosingWaitsForQueuedWritesAndTruncatesTheWAL() throws {
        // Writes queued without waiting, as JS may leave them when its loop ends.
        let group = DispatchGroup()
        for batch in 0 ..< 5 {
            let items: [BridgeValue] = (0 ..< 50).map { number in
                ["id": .string("item-\(batch)-\(number)"), "title": .string("Queued harbor \(batch) \(number)")]
            }
            group.enter()
            module.call("indexItems", [.array(items)]) { _ in group.leave() }
        }
        module.close()
        XCTAssertEqual(group.wait(timeout: .now()), .success, "close returned after the queued writes")
        XCTAssertEqual(walSize(), 0, "nothing is left in the WAL for the next open")

        module = makeModule()
        let hits = try call("search", "queued harbor", ["limit": 1000])
        guard case .array(let values) = hits else { return XCTFail("search returned \(hits)") }
        XCTAssertEqual(values.count, 250)
    }

    func testClosingAModuleThatNeverOpenedItsIndexCreatesNothing() {
        module.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: SearchableIndex.databasePath(in: directory)))
    }
}
