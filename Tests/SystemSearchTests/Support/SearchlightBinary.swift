import Foundation
import TestSupport
import XCTest

/// The `searchlight` executable built beside this test bundle (`swift build --build-tests`
/// builds it too), run as a user would.
enum SearchlightBinary {
    static var path: String {
        get throws {
            guard let binary = BuiltSearchlight.url else { throw GDBusClient.Failure(description: BuiltSearchlight.missing) }
            return binary.path
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
