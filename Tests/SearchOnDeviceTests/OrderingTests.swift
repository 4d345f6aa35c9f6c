import Foundation
import JSHost
import Synchronization
import XCTest
@testable import SearchOnDevice

/// Calls take effect in the order JS made them, without JS waiting in between.
final class OrderingTests: ModuleTestCase {
    func testWritesMadeWithoutWaitingApplyInCallOrder() throws {
        let group = DispatchGroup()
        let results = Mutex<[Int: Result<BridgeValue, NativeError>]>([:])
        let calls: [(String, [BridgeValue])] = (0..<60).flatMap { round -> [(String, [BridgeValue])] in
            [
                ("indexItem", [["id": "o", "title": .string("version \(round)")]]),
                ("deleteItemsWithIdentifiers", [["o"]]),
                ("indexItem", [["id": "o", "title": .string("version \(round)b")]]),
            ]
        }
        for (position, (method, arguments)) in calls.enumerated() {
            group.enter()
            module.call(method, arguments) { result in
                results.withLock { $0[position] = result }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        let values = results.withLock { state in (0..<calls.count).map { try? state[$0]?.get() } }
        XCTAssertEqual(values, Array(repeating: 1, count: calls.count), "every delete found the item indexed just before it")
        XCTAssertEqual(try item("o")?["title"], "version 59b", "a read sees every write whose promise resolved")
    }
}
