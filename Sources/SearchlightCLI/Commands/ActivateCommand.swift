import SystemSearch

/// `searchlight activate ID`: open an item in the running app, as GNOME Shell does,
/// starting the app by D-Bus activation when needed.
struct ActivateCommand: Command {
    static let name = "activate"
    static let summary = "deliver {id} to the app over D-Bus, starting it if needed"
    static let synopsis = "ID"
    static let options: [OptionSpec] = [
        .value("timestamp", "T", help: "the desktop's activation time to pass on (an X11/Wayland event time; default 0, unknown)"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "missing the ID to activate" : "activate takes one ID, got \(arguments.positionals.count) arguments")
        }
        guard !id.isEmpty else { throw UsageError("the ID to activate must not be empty") }
        do {
            let timestamp = UInt32(try arguments.integer("timestamp", default: 0, range: 0...Int(UInt32.max)))
            try SearchProviderClient(appID: context.appID).activate(id: id, timestamp: timestamp)
        } catch let error as SystemSearchError {
            throw CommandFailure(error.message)
        }
        return 0
    }
}
