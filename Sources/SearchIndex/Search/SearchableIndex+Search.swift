import Foundation

extension SearchableIndex {
    /// Ranked hits for what a user typed (SPEC §5).
    ///
    /// Every term must match (in the title, display name, alternate names, keywords,
    /// description or text content); the last term is a prefix (when the title, names
    /// and keywords already fill the page, prefix matches found only in the description
    /// or text content are left out and the total is a lower bound); case and
    /// diacritics never matter; Chinese, Japanese and Korean match by substring. Expired items and
    /// user activities are not returned. See ``CandidateSearch`` for how it stays fast.
    ///
    /// - Parameters:
    ///   - text: the user's text, at most 16 KiB and 64 terms; text with no letter or
    ///     digit finds nothing.
    ///   - domains: only items of these domains and their subdomains (at most 10,000);
    ///     `nil` for all.
    ///   - limit: hits per page, 1–1000 (default 20).
    ///   - offset: hits to skip, 0–10000.
    public func search(_ text: String, domains: [String]? = nil, limit: Int = 20, offset: Int = 0) throws -> SearchResults {
        try search(text, options: SearchOptions(domains: domains, limit: limit, offset: offset))
    }

    /// Ranked hits for what a user typed, with ``SearchOptions`` (SPEC §3 `userQuery`).
    ///
    /// - Throws: `E_INVALID_ARGUMENT` naming the option (`limit`, `offset`, `domains`,
    ///   `options.sort[i]`); `E_INVALID_QUERY` for a `filter` that does not parse.
    public func search(_ text: String, options: SearchOptions) throws -> SearchResults {
        guard (1...1000).contains(options.limit) else { throw IndexError.argument("limit must be an integer from 1 to 1000") }
        guard (0...10_000).contains(options.offset) else { throw IndexError.argument("offset must be an integer from 0 to 10000") }
        try SearchText.validate(text, name: "text")
        if let domains = options.domains { try ItemValidation.validate(domains: domains) }
        if options.filter != nil { throw IndexError.argument("options.filter is not implemented yet") }
        if !options.sort.isEmpty { throw IndexError.argument("options.sort is not implemented yet") }
        let now = nowMs
        let result = try readers.read { connection in
            try CandidateSearch(connection: connection, thumbnails: thumbnails, now: now, kinds: [Schema.itemKind], domains: options.domains)
                .run(text: text, limit: options.limit, offset: options.offset)
        }
        return SearchResults(
            hits: result.hits.map { SearchHit(item: $0.row.item, breakdown: $0.breakdown) },
            totalCount: result.total,
            totalCountIsExact: result.exact)
    }
}
