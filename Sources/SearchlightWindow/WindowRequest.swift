import Foundation
import SearchOnDevice

/// What `searchlight` hands `searchlight-window` (which it `exec`s for `--window`): its
/// own command line, already checked by `searchlight`, in a fixed form:
///
///     searchlight-window --command run|test --searchlight PATH --app-id ID --data-dir DIR
///       [--remove-data-dir] [--serve] [--watch] [--activate ID | --continue TEXT]
///       (--app FILE | --test FILE…) [-- ARGS…]
///
/// The window is a binary of its own so that `searchlight`'s other commands never load
/// WebKitGTK and GTK (about a hundred libraries), and run where they are not installed.
struct WindowRequest {
    var command = "run"
    var searchlightPath = ""
    var appID = ""
    var dataDirectory = ""
    var removeDataDirectory = false
    /// `--serve`, `--activate`, `--continue`.
    var launch = LaunchOptions()
    /// `--watch`: rebuild and reload the page when a source file of the app changes.
    var watch = false
    var app: String?
    var testFiles: [String] = []
    var passthrough: [String] = []

    init(arguments: [String]) throws {
        var index = 0
        func value(_ option: String) throws -> String {
            guard index < arguments.count else { throw WindowFailure("searchlight-window: \(option) needs a value") }
            defer { index += 1 }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--command": command = try value(argument)
            case "--searchlight": searchlightPath = try value(argument)
            case "--app-id": appID = try value(argument)
            case "--data-dir": dataDirectory = try value(argument)
            case "--remove-data-dir": removeDataDirectory = true
            case "--serve": launch.serve = true
            case "--watch": watch = true
            case "--activate": launch.activateID = try value(argument)
            case "--continue": launch.continueText = try value(argument)
            case "--app": app = try value(argument)
            case "--test": testFiles.append(try value(argument))
            case "--":
                passthrough = Array(arguments[index...])
                index = arguments.count
            default:
                throw WindowFailure("searchlight-window is started by 'searchlight run --window' (unknown argument '\(argument)')")
            }
        }
        guard !appID.isEmpty, !dataDirectory.isEmpty, app != nil || !testFiles.isEmpty else {
            throw WindowFailure("searchlight-window is started by 'searchlight run APP --window' and 'searchlight test --window'")
        }
    }
}

/// A failure: one line on stderr, exit 1.
struct WindowFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
