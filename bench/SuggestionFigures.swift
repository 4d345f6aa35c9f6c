import Foundation
import SearchIndex

/// `userQuery` with suggestions, from Swift, on the index the native indexing figure
/// left: what five suggestions add to the same `userQuery` without them (the baseline,
/// timed right before on the same text, so the page cache is the same), per query class.
enum SuggestionFigures {
    static let section = "6. Suggestions (Swift SearchableIndex.userQuery, limit 20, 5 suggestions)"

    static func measure(directory: String, typing: TypingSequences, size: String, into report: inout Report) {
        do {
            let index = try SearchableIndex(directory: directory, defaultDomain: "com.example.bench")
            let queries = typing.queries, kinds = typing.kinds
            for text in queries.prefix(20) { _ = try index.userQuery(text, options: SearchOptions(), suggestions: 5) }
            var plain: [Double] = [], suggested: [Double] = []
            for text in queries {
                var begin = DispatchTime.now().uptimeNanoseconds
                _ = try index.userQuery(text, options: SearchOptions(), suggestions: 0)
                plain.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
                begin = DispatchTime.now().uptimeNanoseconds
                _ = try index.userQuery(text, options: SearchOptions(), suggestions: 5)
                suggested.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
            }
            for kind in [TypingSequences.Kind.typing, .multi, .typo] {
                let picked = kinds.indices.filter { kinds[$0] == kind }
                guard !picked.isEmpty else { continue }
                let with = Latencies(picked.map { suggested[$0] }), without = Latencies(picked.map { plain[$0] })
                for (name, value, base) in [("p50", with.p50, without.p50), ("p99", with.p99, without.p99)] {
                    report.add(Figure(
                        section: section, name: "\(name) at \(size), \(kind.rawValue) queries (\(picked.count))",
                        measured: String(format: "%.2f ms", value), baseline: String(format: "userQuery without suggestions %.2f ms", base),
                        ratio: base > 0 ? value / base : nil, goal: "", met: nil))
                }
            }
        } catch {
            report.add(.unavailable(section, "userQuery with suggestions at \(size)", goal: "", reason: "\(error)"))
        }
    }
}
