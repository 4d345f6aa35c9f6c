/// A sort key of `userQuery` (SPEC §3): an attribute named as in the query language
/// (`title`, `contentCreationDate`, `rankingHint`, a custom attribute …), ascending or
/// not.
public struct SearchSortKey: Sendable, Equatable {
    /// The attribute, as the query language names it.
    public var attribute: String
    /// Whether smaller values come first.
    public var ascending: Bool

    /// Makes a sort key.
    public init(attribute: String, ascending: Bool = true) {
        self.attribute = attribute
        self.ascending = ascending
    }
}

/// How ``SearchableIndex/search(_:options:)`` searches.
public struct SearchOptions: Sendable, Equatable {
    /// Only items of these domains and their subdomains (at most 10,000); `nil` for all.
    public var domains: [String]?
    /// Hits per page, 1–1000.
    public var limit: Int
    /// Hits to skip, 0–10000.
    public var offset: Int
    /// Whether misspelled words match (SPEC §5).
    public var typoTolerance: Bool
    /// A query-language string (SPEC §4) every hit must also match.
    public var filter: String?
    /// Sort keys, first the most significant; empty sorts by relevance.
    public var sort: [SearchSortKey]
    /// Whether ``SearchResults/totalCount`` counts matches past the page (up to
    /// ``SearchableIndex/totalCountCap``). `false` is for callers that show no total
    /// (JS `search`, which resolves to hits alone): the hits are the same, and the total
    /// is only what finding them met, a lower bound unless the matches ran out. Counting
    /// on took two fifths of the time of a common word before a short prefix (`time con`).
    public var countsTotal: Bool
    /// What the search does when the query with every term finds fewer hits than the
    /// page: drop terms (``MatchingStrategy/last``, the default, or
    /// ``MatchingStrategy/frequency``) or not (``MatchingStrategy/all``).
    public var matchingStrategy: MatchingStrategy

    /// Makes options; every argument has the default of `search`.
    public init(
        domains: [String]? = nil, limit: Int = 20, offset: Int = 0, typoTolerance: Bool = true,
        filter: String? = nil, sort: [SearchSortKey] = [], countsTotal: Bool = true,
        matchingStrategy: MatchingStrategy = .last
    ) {
        self.matchingStrategy = matchingStrategy
        self.domains = domains
        self.limit = limit
        self.offset = offset
        self.typoTolerance = typoTolerance
        self.filter = filter
        self.sort = sort
        self.countsTotal = countsTotal
    }
}

/// The matched text of one field of a hit, for a UI to bold.
///
/// `ranges` are UTF-16 `[start, end)` offsets into the field's text, sorted and
/// disjoint. `field` is the output key (`title`, `description`, `displayName`,
/// `alternateNames`, `keywords`, `textContent`); `element` is the index in the array
/// for the array fields (`keywords`, `alternateNames`), `nil` for string fields.
public struct SearchHighlight: Sendable, Equatable {
    /// The field's output key.
    public var field: String
    /// The element of an array field, `nil` for a string field.
    public var element: Int?
    /// UTF-16 ranges of the matched text, sorted and disjoint.
    public var ranges: [Range<Int>]

    /// Makes a highlight.
    public init(field: String, element: Int? = nil, ranges: [Range<Int>]) {
        self.field = field
        self.element = element
        self.ranges = ranges
    }
}
