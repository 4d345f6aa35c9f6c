import Foundation
import XCTest

/// A dbus-daemon of the test's own, with a services directory for D-Bus activation.
///
/// Each test gets a fresh bus, so parallel test processes never fight over a bus name
/// and a service file placed here is seen by no one else.
final class PrivateBus {
    let directory: URL
    let servicesDirectory: URL
    /// The address clients use (`unix:path=…`).
    let address: String
    private let daemon: Process
    /// What the daemon and the services it starts print on stdout, after its address.
    private let output = OutputCollector()

    /// Starts the daemon; it starts services described in `servicesDirectory`
    /// (default: a new empty directory of its own) with `changes` in their environment.
    init(servicesDirectory: URL? = nil, environment changes: [String: String] = [:]) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("searchlight-bus-\(UUID().uuidString.prefix(8))")
        self.servicesDirectory = servicesDirectory ?? directory.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: self.servicesDirectory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        let config = directory.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(self.servicesDirectory.path)</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        address = "unix:path=\(socket)"

        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(config.path)", "--nofork", "--print-address"]
        var environment = ProcessInfo.processInfo.environment
        // Services the daemon starts find this bus as their session bus.
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        // The session's environment, which the services it starts inherit.
        environment.merge(changes) { _, new in new }
        daemon.environment = environment
        let pipe = Pipe()
        daemon.standardOutput = pipe
        daemon.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try daemon.run()
        output.collect(from: pipe.fileHandleForReading)
        guard output.waitForLine(containing: "unix:", seconds: 10) else {
            daemon.terminate()
            throw GDBusClient.Failure(description: "dbus-daemon did not start (the dbus package is needed: make deps)")
        }
    }

    /// Lines printed so far by the daemon's children (activated services) on stdout.
    func waitForOutputLine(containing text: String, seconds: Double) -> Bool {
        output.waitForLine(containing: text, seconds: seconds)
    }

    deinit {
        daemon.terminate()
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Gathers a pipe's text as it arrives and lets a test wait for a line.
final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var text = ""
    private var ended = false

    /// Reads `handle` to its end on a thread of its own. Plain `read(2)`, retried on
    /// EINTR: Foundation's `availableData` traps when a signal (SIGCHLD from the
    /// children these tests start) interrupts it.
    func collect(from handle: FileHandle) {
        let descriptor = handle.fileDescriptor
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                condition.lock()
                if count > 0 {
                    text += String(decoding: buffer[0..<count], as: UTF8.self)
                } else {
                    ended = true
                }
                condition.broadcast()
                condition.unlock()
                if count <= 0 { break }
            }
            _ = handle // keeps the descriptor open while reading
        }
        thread.start()
    }

    /// Everything read so far.
    var all: String {
        condition.lock()
        defer { condition.unlock() }
        return text
    }

    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits until the writer closed the pipe.
    func waitForEnd(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    func waitForLine(containing needle: String, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !text.split(separator: "\n").contains(where: { $0.contains(needle) }) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
