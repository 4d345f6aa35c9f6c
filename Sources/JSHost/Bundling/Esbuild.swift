import Foundation
import Glibc

/// The esbuild executable the host bundles modern JS with, found without running it.
///
/// `$SEARCHLIGHT_ESBUILD` names it when set (a path; nothing else is tried), else the
/// first `esbuild` on `$PATH`.
struct Esbuild: Sendable {
    /// The executable's absolute path.
    let path: String
    /// The executable's size and modification time: changes when esbuild is upgraded,
    /// so a cached bundle is checked against it without starting esbuild.
    let identity: String

    /// Where esbuild was looked for, for the error when it is missing.
    enum Search: Sendable, Equatable {
        case override(String)
        case path
    }

    /// esbuild from `environment`, or nil when it is not installed.
    static func locate(environment: [String: String]) -> Esbuild? {
        switch search(environment: environment) {
        case .override(let path):
            return at(path)
        case .path:
            let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            for directory in directories where !directory.isEmpty {
                if let found = at(directory + "/esbuild") { return found }
            }
            return nil
        }
    }

    /// How `environment` says to find esbuild.
    static func search(environment: [String: String]) -> Search {
        if let override = environment["SEARCHLIGHT_ESBUILD"], !override.isEmpty { return .override(override) }
        return .path
    }

    /// The executable at `path`, or nil when there is no executable file there.
    static func at(_ path: String) -> Esbuild? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else { return nil }
        let absolute = canonicalPath(path) ?? path
        return Esbuild(path: absolute, identity: "\(absolute) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
    }

    /// What a run of esbuild left: its exit status and its standard error.
    struct Outcome {
        let status: Int32
        let standardError: String
    }

    /// Runs esbuild with `arguments` in `directory` and waits for it.
    func run(_ arguments: [String], in directory: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let errorPipe = Pipe()
        process.standardError = errorPipe
        // With --outfile, esbuild writes nothing to standard output.
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read the pipe to its end before waiting, so a chatty esbuild never blocks.
        let errors = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardError: String(decoding: errors, as: UTF8.self))
    }

    /// `esbuild --version`, e.g. `0.17.0`.
    func version() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
