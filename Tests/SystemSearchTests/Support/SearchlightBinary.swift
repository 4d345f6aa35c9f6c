import Foundation
import XCTest

/// The `searchlight` executable built beside this test bundle (`swift build --build-tests`
/// builds it too), run as a user would.
enum SearchlightBinary {
    static var path: String {
        get throws {
            let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            let candidate = URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("searchlight").path
            guard FileManager.default.isExecutableFile(atPath: candidate) else {
                throw GDBusClient.Failure(description: "no searchlight binary at \(candidate): build it with 'swift build --build-tests' first")
            }
            return candidate
        }
    }

    /// Runs `searchlight ARGUMENTS` with the session bus set to `busAddress` (nil: unchanged)
    /// and the environment changes given.
    static func run(_ arguments: [String], busAddress: String?, environment changes: [String: String] = [:]) throws -> (status: Int32, output: String, error: String) {
        var environment = ProcessInfo.processInfo.environment
        if let busAddress { environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress }
        environment.merge(changes) { _, new in new }
        return try runProcess(try path, arguments, environment: environment)
    }
}
