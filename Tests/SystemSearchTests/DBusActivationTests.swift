import Foundation
import SearchIndex
import SystemSearch
import TestSupport
import XCTest

/// D-Bus activation: a provider that is not running is started by the bus from its
/// service file when `searchlight activate` / `continue` (or GNOME Shell) calls it.
final class DBusActivationTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try ScratchDirectory.make("activation")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func testActivateStartsServeThroughItsServiceFileAndDeliversTheRequest() throws {
        let appID = "org.example.Foods"
        let dataDirectory = root.appendingPathComponent("data").path
        do {
            let index = try SearchableIndex(directory: dataDirectory, defaultDomain: appID)
            _ = try index.indexItems([
                SearchableItem(id: "food-1", attributes: SearchableItemAttributeSet(title: "Pad Thai")),
                SearchableItem(id: "food-2", attributes: SearchableItemAttributeSet(title: "Thai Green Curry")),
            ])
        }
        // The service file `install` writes runs `run --serve SCRIPT`; `serve` is the
        // same provider without a script, and prints each request as a JSON line.
        let services = root.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try """
            [D-BUS Service]
            Name=\(appID)
            Exec=\(try SearchlightBinary.path) serve --app-id \(appID) --data-dir \(dataDirectory)

            """.write(to: services.appendingPathComponent("\(appID).service"), atomically: true, encoding: .utf8)
        var bus: PrivateBus! = try PrivateBus(servicesDirectory: services)
        let provider = GDBusClient(busAddress: bus.address, busName: appID, objectPath: "/org/example/Foods/SearchProvider")
        let daemon = GDBusClient(busAddress: bus.address, busName: "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus")
        XCTAssertFalse(try daemon.call("org.freedesktop.DBus", "ListNames")[0].strings.contains(appID), "not running yet")

        let activate = try SearchlightBinary.run(["activate", "food-2", "--app-id", appID], busAddress: bus.address)
        XCTAssertEqual(activate.status, 0, activate.error)
        XCTAssertTrue(bus.waitForOutputLine(containing: #"{"id":"food-2","query":null,"timestamp":0}"#, seconds: 20),
                      "the started service received the request")

        // It is now running and answers from the index in the data directory.
        XCTAssertTrue(try daemon.call("org.freedesktop.DBus", "ListNames")[0].strings.contains(appID))
        XCTAssertEqual(try provider.call("org.gnome.Shell.SearchProvider2", "GetInitialResultSet", "['pad']")[0].strings, ["food-1"])

        let continued = try SearchlightBinary.run(["continue", "pad thai", "--app-id", appID], busAddress: bus.address)
        XCTAssertEqual(continued.status, 0, continued.error)
        XCTAssertTrue(bus.waitForOutputLine(containing: #"{"id":null,"query":"pad thai","timestamp":0}"#, seconds: 20))

        // When the bus goes away (the session ends), the service ends too.
        let pid = try daemon.call("org.freedesktop.DBus", "GetConnectionUnixProcessID", "'\(appID)'")[0].uint32
        XCTAssertEqual(kill(pid_t(pid), 0), 0, "the service runs as its own process")
        bus = nil
        let deadline = Date(timeIntervalSinceNow: 20)
        while kill(pid_t(pid), 0) == 0 && Date() < deadline {
            usleep(20_000)
        }
        XCTAssertNotEqual(kill(pid_t(pid), 0), 0, "serve exited with its session bus")
    }

    func testAServiceThatFailsToStartIsReportedInOneLine() throws {
        let services = root.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        // An app id the binary rejects: the started process exits at once.
        try """
            [D-BUS Service]
            Name=org.example.Broken
            Exec=\(try SearchlightBinary.path) serve --app-id org.example.Broken --limit 0

            """.write(to: services.appendingPathComponent("org.example.Broken.service"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus(servicesDirectory: services)
        let result = try SearchlightBinary.run(["activate", "x", "--app-id", "org.example.Broken"], busAddress: bus.address)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
        XCTAssertTrue(result.error.hasPrefix("searchlight activate: cannot reach org.example.Broken on the session bus:"), result.error)
    }
}
