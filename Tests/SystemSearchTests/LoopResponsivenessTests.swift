import Foundation
import SearchIndex
import SystemSearch
import XCTest

/// The loop thread never waits for the index: while one search is stuck in the
/// source, other calls are still answered.
final class LoopResponsivenessTests: ProviderTestCase {
    /// The real index, except that a search for `slow` waits until the test opens the gate.
    private struct GatedSource: SystemSearchSource {
        let index: IndexSystemSearchSource
        let gate: DispatchSemaphore
        let entered: DispatchSemaphore

        func systemSearch(terms: [String], limit: Int) throws -> [SystemSearchHit] {
            if terms == ["slow"] {
                entered.signal()
                gate.wait()
            }
            return try index.systemSearch(terms: terms, limit: limit)
        }

        func systemSearchMetas(ids: [String]) throws -> [SystemSearchHit] {
            try index.systemSearchMetas(ids: ids)
        }
    }

    func testOtherCallsAreAnsweredWhileASearchWaitsForTheIndex() throws {
        let gate = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        let gated = try makeService(source: GatedSource(index: IndexSystemSearchSource(index: index), gate: gate, entered: entered),
                                    appID: "org.example.Gated")
        try gated.start(context: loop.context, busAddress: bus.address)
        defer { gated.stop() }
        let client = GDBusClient(busAddress: bus.address, busName: "org.example.Gated", objectPath: "/org/example/Gated/SearchProvider")

        let slowCall = DispatchQueue(label: "slow call")
        let slowResult = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var slowIDs: [String]?
        slowCall.async {
            slowIDs = try? client.call("org.gnome.Shell.SearchProvider2", "GetInitialResultSet", "['slow']")[0].strings
            slowResult.signal()
        }
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success, "the slow search reached the source")

        // The slow search holds its queue thread, not the loop: these are answered now.
        XCTAssertEqual(try client.call("org.gnome.Shell.SearchProvider2", "GetInitialResultSet", "['pad', 'thai']")[0].strings.first, "food-1")
        XCTAssertEqual(try client.call("org.kde.krunner1", "Match", "'see'")[0][0][0].string, "food-3")
        _ = try client.call("org.gnome.Shell.SearchProvider2", "LaunchSearch", "['pad']", "uint32 0")
        XCTAssertEqual(received, [.continueSearch(text: "pad")])

        gate.signal()
        XCTAssertEqual(slowResult.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(slowIDs, [], "the slow search still gets its answer")
    }
}
