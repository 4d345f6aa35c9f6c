/// Highlights laid out as SPEC §3's output shows them: one entry per matched field, in
/// the output's field order; a string field holds its ranges, an array field
/// (`keywords`, `alternateNames`) one list of ranges per element of the field, empty
/// for an element without a match. What `search`/`userQuery` hits carry to JS as
/// `highlights`, and `searchlight search --json` prints.
public struct HighlightLayout: Sendable, Equatable {
    /// One matched field.
    public enum Ranges: Sendable, Equatable {
        case string([Range<Int>])
        case elements([[Range<Int>]])
    }

    /// The output field order.
    public static let fields = ["title", "displayName", "alternateNames", "keywords", "description", "textContent"]

    /// The matched fields, in ``fields`` order.
    public var fields: [(field: String, ranges: Ranges)]

    /// Lays out `highlights`; `arrayLength` gives the number of elements of an array
    /// field (at least as many lists as the last matched element are made).
    public init(_ highlights: [SearchHighlight], arrayLength: (String) -> Int) {
        var strings: [String: [Range<Int>]] = [:]
        var elements: [String: [Int: [Range<Int>]]] = [:]
        for highlight in highlights where !highlight.ranges.isEmpty {
            if let element = highlight.element {
                elements[highlight.field, default: [:]][element, default: []] += highlight.ranges
            } else {
                strings[highlight.field, default: []] += highlight.ranges
            }
        }
        fields = Self.fields.compactMap { field in
            if let found = strings[field] { return (field, .string(Self.merged(found))) }
            guard let found = elements[field] else { return nil }
            let size = max(arrayLength(field), (found.keys.max() ?? -1) + 1)
            return (field, .elements((0..<size).map { Self.merged(found[$0] ?? []) }))
        }
    }

    /// Sorted, disjoint ranges.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    public static func == (a: HighlightLayout, b: HighlightLayout) -> Bool {
        a.fields.map(\.field) == b.fields.map(\.field) && zip(a.fields, b.fields).allSatisfy { $0.ranges == $1.ranges }
    }
}
