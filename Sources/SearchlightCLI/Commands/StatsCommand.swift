import Foundation
import JSHost
import SearchIndex

/// `searchlight stats [--json]`: item counts per domain, the index's size on disk and
/// its indexing preference.
enum StatsCommand: Command {
    static let name = "stats"
    static let summary = "show item counts per domain and the index's size on disk"
    static let synopsis = "[--json]"
    static let options: [OptionSpec] = [
        .flag("json", help: "print one JSON object {items, domains, activities, expired, sizeOnDisk, thumbnailBytes, indexingPreference}"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if let extra = arguments.positionals.first ?? arguments.passthrough.first {
            throw UsageError("stats takes no arguments, got '\(extra)'")
        }
        let index = try IndexAccess.open(context)
        let stats = try IndexAccess.call { try index.statistics() }
        let preference = try IndexAccess.call { try index.indexingPreference() }
        let domains = stats.itemsPerDomain.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        if arguments.flag("json") {
            let json: BridgeValue = .object(BridgeObject([
                ("items", .number(Double(stats.itemCount))),
                ("domains", .object(BridgeObject(domains.map { ($0, .number(Double(stats.itemsPerDomain[$0]!))) }))),
                ("activities", .number(Double(stats.activityCount))),
                ("expired", .number(Double(stats.expiredCount))),
                ("sizeOnDisk", .number(Double(stats.sizeOnDisk))),
                ("thumbnailBytes", .number(Double(stats.thumbnailBytes))),
                ("indexingPreference", .string(preference.rawValue)),
            ]))
            print(json.jsonText)
            return 0
        }
        var lines = ["index: \(index.databasePath)", "items: \(stats.itemCount)"]
        for domain in domains {
            lines.append("  \(domain): \(stats.itemsPerDomain[domain]!)")
        }
        lines.append("activities: \(stats.activityCount)")
        lines.append("expired (not yet purged): \(stats.expiredCount)")
        lines.append("size on disk: \(byteCount(stats.sizeOnDisk)) (thumbnails \(byteCount(stats.thumbnailBytes)))")
        lines.append("indexing preference: \(preference.rawValue) (what 'searchlight search' and the desktop may show)")
        print(lines.joined(separator: "\n"))
        return 0
    }

    /// Bytes for a person: `512 bytes`, `4.0 KiB`, `12.3 MiB`.
    static func byteCount(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
