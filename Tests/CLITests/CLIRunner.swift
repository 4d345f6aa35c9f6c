import Foundation
import TestSupport
import XCTest

/// Runs the built `searchlight` binary against a temporary data directory.
///
/// The binary is found beside the test bundle (`.build/debug/searchlight`), which
/// `swift build --build-tests` builds first.
struct CLIRunner {
    /// What one run printed and how it exited.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output split into lines, without the final empty one.
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    let binary: String
    let dataDirectory: String

    /// A runner with a fresh data directory under `root`.
    init(root: String, name: String = "data") throws {
        binary = try Self.findBinary()
        dataDirectory = root + "/" + name
    }

    static func findBinary() throws -> String {
        guard let binary = BuiltSearchlight.url else { throw XCTSkip(BuiltSearchlight.missing) }
        return binary.path
    }

    /// Runs `searchlight ARGUMENTS --data-dir DIR`, feeding `input` on standard input.
    func run(_ arguments: [String], input: String? = nil, dataDir: Bool = true) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments + (dataDir ? ["--data-dir", dataDirectory] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["SEARCHLIGHT_APP_ID"] = "org.example.CLITests"
        process.environment = environment
        let output = Pipe(), errors = Pipe(), inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = errors.fileHandleForReading.readDataToEndOfFile() }
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
