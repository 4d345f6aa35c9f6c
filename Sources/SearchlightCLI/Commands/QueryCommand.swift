import Foundation
import JSHost
import SearchIndex

/// `searchlight query 'QUERY' [--limit N] [--json]`: the items a query-language
/// string (SPEC §4) matches, as the app's own `query` sees them.
enum QueryCommand: Command {
    static let name = "query"
    static let summary = "list the items a query-language string matches (e.g. 'title == \"brent*\"cd')"
    static let synopsis = "'QUERY' [--limit N] [--json]"
    static let options: [OptionSpec] = [
        .value("limit", "N", help: "the most items shown, 1–100000 (default 100)"),
        .flag("json", help: "print a JSON array of items (SPEC output shape) instead of lines id<TAB>title<TAB>description"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let positionals = arguments.positionals + arguments.passthrough
        guard let queryString = positionals.first, !queryString.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("missing QUERY (usage: searchlight query \(synopsis))")
        }
        guard positionals.count == 1 else {
            throw UsageError("give the query as one quoted argument, e.g. searchlight query 'title == \"brent*\"cd' (got \(positionals.count) arguments)")
        }
        let limit = try arguments.integer("limit", default: 100, range: 1...100_000)
        let index = try IndexAccess.open(context)
        let items = try IndexAccess.call { try index.query(queryString, limit: limit) }
        if arguments.flag("json") {
            print(BridgeValue.array(items.map { ItemLine.value($0) }).jsonText)
        } else {
            for item in items {
                print(IndexAccess.line(id: item.id, title: item.attributes.title ?? item.attributes.displayName,
                                       description: item.attributes.contentDescription))
            }
        }
        return 0
    }
}
