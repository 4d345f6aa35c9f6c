import Foundation
import SearchIndex
import TestSupport
import XCTest

/// A serving app lives exactly as long as its session bus (SPEC §6): when the bus goes
/// away it ends with exit 0 and one line on stderr, its index closed, and lets go of
/// the pipes it was given, so whoever reads its output sees the end.
final class BusLifetimeTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try ScratchDirectory.make("lifetime")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A started `searchlight` with both output pipes read to their end.
    private struct Started {
        let process: Process
        let output: OutputCollector
        let error: OutputCollector
    }

    private func start(_ arguments: [String], on bus: PrivateBus, owning name: String) throws -> Started {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SearchlightBinary.path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let started = Started(process: process, output: OutputCollector(), error: OutputCollector())
        started.output.collect(from: output.fileHandleForReading)
        started.error.collect(from: error.fileHandleForReading)
        let daemon = GDBusClient(busAddress: bus.address, busName: "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus")
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, process.isRunning {
            if try daemon.call("org.freedesktop.DBus", "NameHasOwner", "'\(name)'")[0].bool { return started }
            usleep(20_000)
        }
        process.terminate()
        throw GDBusClient.Failure(description: "searchlight \(arguments[0]) did not take \(name): \(started.error.all)")
    }

    /// Waits (at most 20 s) for the process to end; kills it if it does not.
    private func waitForExit(_ started: Started, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 20)
        while started.process.isRunning && Date() < deadline { usleep(20_000) }
        if started.process.isRunning {
            kill(started.process.processIdentifier, SIGKILL)
            started.process.waitUntilExit()
            XCTFail("the process outlived its session bus", file: file, line: line)
            return false
        }
        return true
    }

    func testRunServeEndsWithItsBusClosingTheIndexAndItsPipes() throws {
        let appID = "org.example.Lifetime"
        let dataDirectory = root.appendingPathComponent("data").path
        let script = root.appendingPathComponent("app.js")
        // An app that would run forever: an interval timer, and an index it has written.
        try """
            const searchlight = require('searchlight');
            process.on('exit', (code) => console.log('exit listener: ' + code));
            searchlight.indexItems([{ id: 'kept', title: 'Kept across the bus' }]).then(() => console.log('indexed'));
            setInterval(() => {}, 60000);

            """.write(to: script, atomically: true, encoding: .utf8)
        var bus: PrivateBus? = try PrivateBus()
        let started = try start(["run", "--app-id", appID, "--data-dir", dataDirectory, "--serve", script.path],
                                on: bus!, owning: appID)
        XCTAssertTrue(started.output.waitForLine(containing: "indexed", seconds: 20), started.error.all)

        bus = nil // the session ends
        guard waitForExit(started) else { return }
        XCTAssertEqual(started.process.terminationReason, .exit)
        XCTAssertEqual(started.process.terminationStatus, 0)
        XCTAssertTrue(started.output.waitForEnd(seconds: 10), "stdout reached its end: no process kept the pipe")
        XCTAssertTrue(started.error.waitForEnd(seconds: 10), "stderr reached its end")
        XCTAssertEqual(started.error.lines, ["searchlight run: the session bus closed; \(appID) stops"])
        XCTAssertEqual(started.output.lines, ["indexed", "exit listener: 0"])

        // The index was closed, not abandoned: its WAL is truncated, and it opens with the item.
        let wal = SearchableIndex.databasePath(in: dataDirectory) + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        XCTAssertEqual(walSize, 0, "the index's WAL was checkpointed and truncated at close")
        let index = try SearchableIndex(directory: dataDirectory, defaultDomain: appID)
        XCTAssertEqual(try index.items(identifiers: ["kept"]).first??.attributes.title, "Kept across the bus")
    }

    func testServeEndsWithItsBus() throws {
        let appID = "org.example.Lifetime"
        let dataDirectory = root.appendingPathComponent("data").path
        _ = try SearchableIndex(directory: dataDirectory, defaultDomain: appID)
        var bus: PrivateBus? = try PrivateBus()
        let started = try start(["serve", "--app-id", appID, "--data-dir", dataDirectory], on: bus!, owning: appID)
        XCTAssertTrue(started.error.waitForLine(containing: "serving", seconds: 10))
        bus = nil
        guard waitForExit(started) else { return }
        XCTAssertEqual(started.process.terminationReason, .exit)
        XCTAssertEqual(started.process.terminationStatus, 0)
        XCTAssertTrue(started.error.waitForEnd(seconds: 10))
        XCTAssertEqual(started.error.lines.dropFirst(), ["searchlight serve: the session bus closed; stopped serving \(appID)"])
    }
}
