import Foundation
import Glibc
import JSHost
import SearchOnDevice

/// `run APP --window` and `test --window`: `exec`s `searchlight-window` (beside this
/// binary, or `$SEARCHLIGHT_WINDOW_BINARY`) with the checked command line, so that only
/// the window's process loads WebKitGTK (Sources/SearchlightWindow).
enum WindowRun {
    /// The one line `--window` prints without a display (exit 1).
    static let noDisplay = "--window needs a display, and neither $WAYLAND_DISPLAY nor $DISPLAY is set"

    static func hasDisplay(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || !(environment["DISPLAY"] ?? "").isEmpty
    }

    /// `searchlight run APP --window`.
    static func run(app: String, passthrough: [String], launch: LaunchOptions, watch: Bool = false, context: CommandContext) throws -> Never {
        var arguments = ["--command", "run"] + common(context)
        if launch.serve { arguments.append("--serve") }
        if watch { arguments.append("--watch") }
        if let activateID = launch.activateID { arguments += ["--activate", activateID] }
        if let continueText = launch.continueText { arguments += ["--continue", continueText] }
        arguments += ["--app", app, "--"] + passthrough
        try exec(arguments)
    }

    /// `searchlight test --window FILES`, with a data directory to remove at the end when
    /// `temporary`.
    static func test(_ files: [String], dataDirectory: String, temporary: Bool, context: CommandContext) throws -> Never {
        var arguments = ["--command", "test", "--searchlight", JSHost.currentExecutablePath(),
                         "--app-id", context.appID, "--data-dir", dataDirectory]
        if temporary { arguments.append("--remove-data-dir") }
        for file in files { arguments += ["--test", file] }
        try exec(arguments)
    }

    private static func common(_ context: CommandContext) -> [String] {
        ["--searchlight", JSHost.currentExecutablePath(), "--app-id", context.appID,
         "--data-dir", context.dataDirectory.path]
    }

    private static func exec(_ arguments: [String]) throws -> Never {
        guard hasDisplay() else { throw CommandFailure(noDisplay) }
        let binary: String
        if let override = ProcessInfo.processInfo.environment["SEARCHLIGHT_WINDOW_BINARY"], !override.isEmpty {
            binary = override
        } else {
            binary = (JSHost.currentExecutablePath() as NSString).deletingLastPathComponent + "/searchlight-window"
        }
        guard access(binary, X_OK) == 0 else {
            throw CommandFailure("--window needs the window host, \(binary), which is not there (build it with 'swift build')")
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        fflush(nil)
        execv(binary, argv)
        throw CommandFailure("cannot start \(binary): \(String(cString: strerror(errno)))")
    }
}
