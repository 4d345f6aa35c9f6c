import Foundation

/// Where the tests find the `searchlight` executable that `swift build --build-tests`
/// builds: beside the test runner (`.build/<config>/SearchlightPackageTests.xctest`),
/// else in the package's `.build/debug`. Each test target decides what a missing
/// binary means for it (a failure or a skip).
public enum BuiltSearchlight {
    /// The folders looked in, in order.
    public static var candidates: [URL] {
        var folders: [URL] = []
        if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: runner).deletingLastPathComponent())
        } else {
            folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        }
        // Tests/TestSupport/BuiltSearchlight.swift → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(root.appendingPathComponent(".build/debug"))
        return folders
    }

    /// The executable's URL, or nil when none of the candidates holds one.
    public static var url: URL? {
        candidates.map { $0.appendingPathComponent("searchlight") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// What to tell the developer when `url` is nil.
    public static var missing: String {
        "no searchlight binary in \(candidates.map(\.path).joined(separator: " or ")); build with `swift build --build-tests`"
    }
}
