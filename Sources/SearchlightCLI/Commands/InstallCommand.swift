import Foundation
import SystemSearch

/// `searchlight install --script FILE [--prefix DIR]`: the desktop file, D-Bus service,
/// GNOME Shell search provider and KRunner plugin for the app, under one prefix.
struct InstallCommand: Command {
    static let name = "install"
    static let summary = "register the app with GNOME Shell, KRunner and D-Bus activation"
    static let synopsis = "--script FILE [--prefix DIR]"
    static let options: [OptionSpec] = [
        .value("script", "FILE", help: "the app's JS entry point, started as 'run --serve FILE' (required)"),
        .value("prefix", "DIR", help: "where the four files go (default: $XDG_DATA_HOME, ~/.local/share when unset)"),
        .flag("window", help: "the app is windowed (an AppRegistry entry module): D-Bus and the desktop start it as 'run --window --serve FILE'"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        try run(arguments, context: context, environment: ProcessInfo.processInfo.environment)
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext, environment: [String: String]) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("install takes no arguments (use --script FILE), got '\(arguments.positionals[0])'")
        }
        guard let scriptArgument = arguments.value("script"), !scriptArgument.isEmpty else {
            throw UsageError("missing --script FILE (the app's JS entry point)")
        }
        let script = URL(fileURLWithPath: scriptArgument).standardizedFileURL.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: script, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandFailure("--script \(scriptArgument): no such file")
        }
        let prefix: String
        if let value = arguments.value("prefix") {
            guard !value.isEmpty else { throw UsageError("--prefix must not be empty") }
            prefix = URL(fileURLWithPath: value).standardizedFileURL.path
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            prefix = xdg
        } else {
            prefix = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        let dataDirectory = arguments.value("data-dir") == nil ? nil : context.dataDirectory.standardizedFileURL.path
        do {
            var installation = try SearchProviderInstallation(
                appID: context.appID, executablePath: try executablePath(), scriptPath: script,
                prefix: prefix, dataDirectory: dataDirectory)
            installation.window = arguments.flag("window")
            for path in try installation.write() {
                print("wrote \(path)")
            }
            if let advice = installation.dataDirsAdvice(environment: environment) {
                print(advice)
            }
        } catch let error as SystemSearchError {
            throw CommandFailure(error.message)
        }
        return 0
    }

    /// The absolute path of this binary, or its name when that cannot be told.
    static func executablePathOrName() -> String {
        (try? executablePath()) ?? CommandLine.arguments[0]
    }

    /// The absolute path of this `searchlight` binary, symlinks resolved.
    static func executablePath() throws -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return path
        }
        guard let path = Bundle.main.executableURL?.resolvingSymlinksInPath().path else {
            throw CommandFailure("cannot tell where the searchlight binary is")
        }
        return path
    }
}
