import Foundation

/// One `searchlight` subcommand. Each lives in its own file under `Commands/`
/// and is listed once in `main.swift`.
protocol Command {
    static var name: String { get }
    /// One line, shown in `searchlight --help`.
    static var summary: String { get }
    /// The synopsis after `searchlight NAME`, e.g. `SCRIPT [ARGS…]`.
    static var synopsis: String { get }
    /// Options of this command alone; the common ones are added for every command.
    static var options: [OptionSpec] { get }
    /// `run SCRIPT ARGS…` hands everything after the script to the script.
    static var stopsAtFirstPositional: Bool { get }
    /// Does the work and returns the process exit code.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
}

extension Command {
    static var stopsAtFirstPositional: Bool { false }
}

/// What every command knows: the app it acts for and where that app's data lives.
struct CommandContext: Sendable {
    static let defaultAppID = "org.searchlight.App"

    let appID: String
    let dataDirectory: URL

    init(arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let appID = arguments.value("app-id") ?? environment["SEARCHLIGHT_APP_ID"] ?? Self.defaultAppID
        guard Self.isValidAppID(appID) else {
            throw UsageError("--app-id must be a reverse-DNS name such as org.example.Foods (letters, digits, '_' and '-', at least two '.'-separated parts), got '\(appID)'")
        }
        self.appID = appID
        if let dir = arguments.value("data-dir") {
            guard !dir.isEmpty else { throw UsageError("--data-dir must not be empty") }
            dataDirectory = URL(fileURLWithPath: dir, isDirectory: true)
        } else {
            let base: String
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
                base = xdg
            } else {
                base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
            }
            dataDirectory = URL(fileURLWithPath: base, isDirectory: true)
                .appendingPathComponent("searchlight", isDirectory: true)
                .appendingPathComponent(appID, isDirectory: true)
        }
    }

    /// D-Bus bus names: elements of [A-Za-z0-9_-], not starting with a digit, at least two.
    static func isValidAppID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, id.utf8.count <= 255 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-")
            }
        }
    }
}

/// Options every command takes.
let commonOptions: [OptionSpec] = [
    .value("app-id", "ID", help: "the app's reverse-DNS id, also its D-Bus name (default: \(CommandContext.defaultAppID), or $SEARCHLIGHT_APP_ID)"),
    .value("data-dir", "DIR", help: "where the app's index lives (default: $XDG_DATA_HOME/searchlight/<app-id>, ~/.local/share when unset)"),
    .flag("help", help: "show this help"),
]

/// Help for one command, generated from its declarations.
func helpText(for command: Command.Type) -> String {
    var text = "usage: searchlight \(command.name)"
    if !command.synopsis.isEmpty { text += " \(command.synopsis)" }
    text += "\n\n\(command.summary)\n\noptions:\n"
    let all = command.options + commonOptions
    let labels = all.map { spec -> String in
        spec.kind == .flag ? "--\(spec.name)" : "--\(spec.name) \(spec.valueName)"
    }
    let width = (labels.map { $0.count }.max() ?? 0) + 2
    for (label, spec) in zip(labels, all) {
        let repeated = spec.kind == .repeated ? " (repeatable)" : ""
        text += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help + repeated + "\n"
    }
    return text
}
