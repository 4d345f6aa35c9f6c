import Foundation
import SearchIndex

/// `searchlight export`: every live item as JSON Lines on standard output, oldest
/// first, in SPEC's output shape; `searchlight import` reads it back.
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "write every item that has not expired as JSON Lines to standard output"
    static let synopsis = ""
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if let extra = arguments.positionals.first ?? arguments.passthrough.first {
            throw UsageError("export takes no arguments, got '\(extra)' (it writes to standard output)")
        }
        let index = try IndexAccess.open(context)
        let output = BufferedOutput(fileDescriptor: STDOUT_FILENO)
        try IndexAccess.call {
            try index.exportItems { item in
                try output.write(ItemLine.json(item) + "\n")
            }
        }
        try output.flush()
        return 0
    }
}
