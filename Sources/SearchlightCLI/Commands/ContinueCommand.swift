import SystemSearch

/// `searchlight continue TEXT`: continue a search in the running app, as GNOME Shell's
/// "show more" does, starting the app by D-Bus activation when needed.
struct ContinueCommand: Command {
    static let name = "continue"
    static let summary = "deliver {query} to the app over D-Bus, starting it if needed"
    static let synopsis = "TEXT…"
    static let options: [OptionSpec] = [
        .value("timestamp", "T", help: "the desktop's activation time to pass on (an X11/Wayland event time; default 0, unknown)"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        // Several words are one query, as the shell would have passed them quoted.
        let text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("missing the TEXT to continue searching for")
        }
        do {
            let timestamp = UInt32(try arguments.integer("timestamp", default: 0, range: 0...Int(UInt32.max)))
            try SearchProviderClient(appID: context.appID).continueSearch(text: text, timestamp: timestamp)
        } catch let error as SystemSearchError {
            throw CommandFailure(error.message)
        }
        return 0
    }
}
