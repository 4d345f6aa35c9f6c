import Foundation
import SearchIndex
import XCTest

/// `searchlight serve` started by hand: it answers from the index in `--data-dir`,
/// refuses to run twice, and stops cleanly on SIGTERM.
final class ServeCommandTests: XCTestCase {
    private var dataDirectory: String!

    override func setUpWithError() throws {
        dataDirectory = NSTemporaryDirectory() + "searchlight-serve-" + UUID().uuidString
        let index = try SearchableIndex(directory: dataDirectory, defaultDomain: "org.example.Foods")
        _ = try index.indexItems([SearchableItem(id: "food-1", attributes: SearchableItemAttributeSet(title: "Pad Thai"))])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    /// Starts `searchlight serve` on `bus` and waits until it owns the app's name.
    private func startServe(on bus: PrivateBus) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SearchlightBinary.path)
        process.arguments = ["serve", "--app-id", "org.example.Foods", "--data-dir", dataDirectory]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let daemon = GDBusClient(busAddress: bus.address, busName: "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus")
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline, process.isRunning {
            if try daemon.call("org.freedesktop.DBus", "NameHasOwner", "'org.example.Foods'")[0].bool {
                return process
            }
            usleep(20_000)
        }
        process.terminate()
        throw GDBusClient.Failure(description: "searchlight serve did not take its bus name")
    }

    func testServeAnswersRefusesASecondInstanceAndStopsOnSIGTERM() throws {
        let bus = try PrivateBus()
        let serve = try startServe(on: bus)
        defer { if serve.isRunning { serve.terminate() } }

        let provider = GDBusClient(busAddress: bus.address, busName: "org.example.Foods", objectPath: "/org/example/Foods/SearchProvider")
        XCTAssertEqual(try provider.call("org.gnome.Shell.SearchProvider2", "GetInitialResultSet", "['pad']")[0].strings, ["food-1"])

        let second = try SearchlightBinary.run(["serve", "--app-id", "org.example.Foods", "--data-dir", dataDirectory], busAddress: bus.address)
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(second.error, "searchlight serve: another process already owns org.example.Foods on the session bus (is the app already running or serving?)")

        serve.terminate()
        serve.waitUntilExit()
        XCTAssertEqual(serve.terminationReason, .exit, "SIGTERM ends the loop; the process exits normally")
        XCTAssertEqual(serve.terminationStatus, 0)
    }

    func testServeRejectsArgumentsAndABadLimit() throws {
        let extra = try SearchlightBinary.run(["serve", "app.js"], busAddress: nil)
        XCTAssertEqual(extra.status, 2)
        XCTAssertTrue(extra.error.contains("serve takes no arguments"), extra.error)
        let limit = try SearchlightBinary.run(["serve", "--limit", "0"], busAddress: nil)
        XCTAssertEqual(limit.status, 2)
        XCTAssertTrue(limit.error.contains("--limit must be a whole number from 1 to 1000, got '0'"), limit.error)
    }
}
