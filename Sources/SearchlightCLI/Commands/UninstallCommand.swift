import Foundation
import SystemSearch

/// `searchlight uninstall [--prefix DIR]`: removes the files `install` wrote for the
/// app id under the prefix, and nothing else.
struct UninstallCommand: Command {
    static let name = "uninstall"
    static let summary = "remove the files 'install' wrote for the app id"
    static let synopsis = "[--prefix DIR]"
    static let options: [OptionSpec] = [
        .value("prefix", "DIR", help: "where install wrote them (default: $XDG_DATA_HOME, ~/.local/share when unset)"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("uninstall takes no arguments (the app is --app-id ID), got '\(arguments.positionals[0])'")
        }
        let prefix = try InstallCommand.prefix(arguments, environment: ProcessInfo.processInfo.environment)
        do {
            let removed = try SearchProviderInstallation.remove(prefix: prefix, appID: context.appID)
            if removed.isEmpty {
                print("nothing to remove: install wrote no files for \(context.appID) under \(prefix)")
            }
            for path in removed { print("removed \(path)") }
        } catch let error as SystemSearchError {
            throw CommandFailure(error.message)
        }
        return 0
    }
}
