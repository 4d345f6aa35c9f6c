import Foundation
import JSHost
import SearchIndex

/// `searchlight search TERMS… [--domain D]… [--limit N] [--no-typos] [--matching-strategy S] [--json]`: what
/// the desktop's system search shows for TERMS.
///
/// Goes through the index's system-search view, so it shows only what may leave the
/// app: nothing when the indexing preference is `disabled`, only search-eligible
/// activities under `viewedRecords`, never expired items. The id printed is the one
/// the app receives when the result is opened (for an activity, its related item).
/// Misspelled words match as in the app's `search` (SPEC §5) unless `--no-typos`; when
/// too few results match every term, terms are dropped from the end, as the desktop's
/// search does (`--matching-strategy`, as the app's `matchingStrategy`);
/// `--json` shows where each result matched (`highlights`, as on `search` hits).
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "show what the system search finds for TERMS (ranked, typos forgiven; only what may leave the app)"
    static let synopsis = "TERMS… [--domain D]… [--limit N] [--no-typos] [--matching-strategy S] [--json]"
    static let options: [OptionSpec] = [
        .repeated("domain", "D", help: "only results of domain D and its subdomains"),
        .value("limit", "N", help: "the most results shown, 1–1000 (default 20)"),
        .flag("no-typos", help: "match words only as typed (by default a word of 5–8 letters may have one typo, of 9 or more two)"),
        .value("matching-strategy", "S", help: "when too few results match every term: last (default) drops terms from the end, frequency the most frequent first, all drops none"),
        .flag("json", help: "print a JSON array of {id, title, description, thumbnail, score, isActivity, highlights} instead of lines id<TAB>title<TAB>description; highlights maps each matched field to its UTF-16 [start, end] ranges (an array field: one list per element)"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let terms = arguments.positionals + arguments.passthrough
        guard terms.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw UsageError("missing TERMS (usage: searchlight search \(synopsis))")
        }
        let limit = try arguments.integer("limit", default: 20, range: 1...1000)
        let domains = arguments.all("domain")
        for domain in domains where domain.isEmpty || domain.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.isEmpty }) {
            throw UsageError("--domain must be a dot-separated domain such as com.example.recipes, got '\(domain)'")
        }
        var strategy = MatchingStrategy.last
        if let name = arguments.value("matching-strategy") {
            guard let named = MatchingStrategy(rawValue: name) else {
                throw UsageError("--matching-strategy must be last, all or frequency, got '\(name)'")
            }
            strategy = named
        }
        let index = try IndexAccess.open(context)
        let results = try IndexAccess.call {
            try index.systemSearch(terms: terms, domains: domains.isEmpty ? nil : domains, limit: limit,
                                   typoTolerance: !arguments.flag("no-typos"), matchingStrategy: strategy)
        }
        if arguments.flag("json") {
            print(BridgeValue.array(results.map(json)).jsonText)
        } else {
            for result in results {
                print(IndexAccess.line(id: result.openIdentifier, title: result.name, description: result.description))
            }
        }
        return 0
    }

    private static func json(_ result: SystemSearchResult) -> BridgeValue {
        .object(BridgeObject([
            ("id", .string(result.openIdentifier)),
            ("title", .string(result.name)),
            ("description", result.description.map { .string($0) } ?? .null),
            ("thumbnail", result.thumbnailPath.map { .string($0) } ?? .null),
            ("score", .number(result.score)),
            ("isActivity", .bool(result.isActivity)),
            ("highlights", highlights(result)),
        ]))
    }

    /// `{"title": [[0, 4]], "keywords": [[], [[0, 4]]]}`: the layout of `search` hits.
    private static func highlights(_ result: SystemSearchResult) -> BridgeValue {
        func ranges(_ list: [Range<Int>]) -> BridgeValue {
            .array(list.map { .array([.number(Double($0.lowerBound)), .number(Double($0.upperBound))]) })
        }
        let layout = HighlightLayout(result.highlights) { result.arrayLengths[$0] ?? 0 }
        return .object(BridgeObject(layout.fields.map { field, found in
            switch found {
            case .string(let list): return (field, ranges(list))
            case .elements(let lists): return (field, .array(lists.map(ranges)))
            }
        }))
    }
}
