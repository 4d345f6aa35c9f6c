import Foundation

/// Every subcommand, in the order `searchlight --help` lists them.
let commands: [Command.Type] = [
    RunCommand.self, TestCommand.self,
    SearchCommand.self, QueryCommand.self,
    ActivateCommand.self, ContinueCommand.self, ServeCommand.self, InstallCommand.self, UninstallCommand.self,
    StatsCommand.self, ExportCommand.self, ImportCommand.self,
]

@MainActor func topLevelHelp() -> String {
    var text = "usage: searchlight COMMAND [OPTIONS]\n\nOn-device app search for Linux apps with a JavaScript front end.\n\ncommands:\n"
    let width = (commands.map { $0.name.count }.max() ?? 0) + 2
    for command in commands {
        text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
    }
    text += "\ncommon options: --app-id ID, --data-dir DIR, --help\n(default app id: \(CommandContext.defaultAppID))\n"
    text += "Run 'searchlight COMMAND --help' for a command's options.\n"
    return text
}

func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

@MainActor func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let name = arguments.first else {
        standardError(topLevelHelp())
        return 2
    }
    arguments.removeFirst()
    if name == "--help" || name == "-h" || name == "help" {
        print(topLevelHelp(), terminator: "")
        return 0
    }
    guard let command = commands.first(where: { $0.name == name }) else {
        standardError("searchlight: unknown command '\(name)' (see 'searchlight --help')")
        return 2
    }
    do {
        let parsed = try parseArguments(arguments, specs: command.options + commonOptions,
                                        stopAtFirstPositional: command.stopsAtFirstPositional)
        if parsed.flag("help") {
            print(helpText(for: command), terminator: "")
            return 0
        }
        let context = try CommandContext(arguments: parsed)
        return try command.run(parsed, context: context)
    } catch let error as UsageError {
        standardError("searchlight \(name): \(error.message)")
        return 2
    } catch {
        standardError("searchlight \(name): \(error)")
        return 1
    }
}

exit(main())
