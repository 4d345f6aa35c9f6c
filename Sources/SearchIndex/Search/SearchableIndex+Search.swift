import Foundation
import Synchronization

extension SearchableIndex {
    /// Ranked hits for what a user typed (SPEC §5).
    ///
    /// Every term must match (in the title, display name, alternate names, keywords,
    /// description or text content), unless too few hits do and the matching strategy
    /// drops terms (``SearchOptions/matchingStrategy``, by default from the end); the last term is a prefix (when the title, names
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
    ///   - matchingStrategy: whether terms are dropped when too few hits match them all.
    public func search(_ text: String, domains: [String]? = nil, limit: Int = 20, offset: Int = 0,
                       matchingStrategy: MatchingStrategy = .last) throws -> SearchResults {
        try search(text, options: SearchOptions(domains: domains, limit: limit, offset: offset, matchingStrategy: matchingStrategy))
    }

    /// Ranked hits for what a user typed, with ``SearchOptions`` (SPEC §3 `userQuery`).
    ///
    /// Misspelled words match unless `typoTolerance` is off (SPEC §5, see ``Typos``);
    /// `filter` is a query-language string every hit must also match; `sort` orders
    /// the hits by attributes (missing values last, relevance breaking ties) instead of
    /// relevance, over at most ``totalCountCap`` of the best matches (hits matching more
    /// terms still come first, ``MatchingStrategy``).
    ///
    /// - Throws: `E_INVALID_ARGUMENT` naming the option (`limit`, `offset`, `domains`,
    ///   `options.sort[i]`); `E_INVALID_QUERY` for a `filter` that does not parse.
    public func search(_ text: String, options: SearchOptions) throws -> SearchResults {
        guard (1...1000).contains(options.limit) else { throw IndexError.argument("limit must be an integer from 1 to 1000") }
        guard (0...10_000).contains(options.offset) else { throw IndexError.argument("offset must be an integer from 0 to 10000") }
        try SearchText.validate(text, name: "text")
        if let domains = options.domains { try ItemValidation.validate(domains: domains) }
        let sort = try Self.sortKeys(options.sort)
        let filter = try options.filter.map { try compiledFilter($0) }
        let now = nowMs
        let vocabulary = vocabulary
        let trace = SearchTrace.isOn ? SearchTrace() : nil
        let result = try store.read { connection in
            trace?.mark("reader")
            if let trace {
                let loads = vocabulary.loads.load(ordering: .relaxed)
                _ = try vocabulary.snapshot(connection)
                trace.mark(vocabulary.loads.load(ordering: .relaxed) == loads ? "vocabulary" : "vocabulary-load")
            }
            return try CandidateSearch(connection: connection, thumbnails: thumbnails, now: now, kinds: [Schema.itemKind], domains: options.domains,
                                       filter: filter, vocabulary: vocabulary, typoLookups: typoLookups, countsTotal: options.countsTotal, trace: trace)
                .run(text: text, limit: options.limit, offset: options.offset, typoTolerance: options.typoTolerance, sort: sort,
                     matching: options.matchingStrategy)
        }
        trace?.mark("search")
        trace?.write(text)
        return SearchResults(
            hits: result.hits.map { SearchHit(item: $0.row.item, breakdown: $0.breakdown, highlights: $0.highlights) },
            totalCount: result.total,
            totalCountIsExact: result.exact,
            matching: result.matching)
    }

    /// A `filter` option compiled to SQL on `items`.
    private func compiledFilter(_ text: String) throws -> (sql: String, bindings: [SQLValue]) {
        guard let compiler = configuration.queryLanguage else {
            throw IndexError.unavailable("the query language is not available in this build")
        }
        do {
            return try compiler.compile(text, configuration.now(), configuration.calendar)
        } catch let error as IndexError {
            throw IndexError(code: error.code, message: "options.filter: \(error.message)")
        } catch {
            throw IndexError(code: IndexError.invalidQuery, message: "options.filter: \(error)")
        }
    }

    /// The `items` column (or custom-attribute expression) of each sort key.
    static func sortKeys(_ keys: [SearchSortKey]) throws -> [CandidateSearch.SortKey] {
        let columns: [String: String] = [
            "title": "items.title", "contentDescription": "items.content_description", "displayName": "items.display_name",
            "textContent": "items.text_content", "domainIdentifier": "items.domain", "uniqueIdentifier": "items.id",
            "contentType": "items.content_type", "url": "items.url", "rankingHint": "items.ranking_hint",
            "contentCreationDate": "items.content_creation_date", "contentModificationDate": "items.content_modification_date",
            "expirationDate": "items.expiration_date",
        ]
        return try keys.enumerated().map { index, key in
            var name = key.attribute
            if let column = columns[name] { return CandidateSearch.SortKey(expression: column, ascending: key.ascending) }
            if ["keywords", "alternateNames"].contains(name) {
                throw IndexError.argument("options.sort[\(index)].attribute '\(name)' is an array and cannot be sorted by")
            }
            if name.hasPrefix("attributes.") { name.removeFirst("attributes.".count) }
            guard !name.isEmpty, name.utf8.count <= 128, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }) else {
                throw IndexError.argument("options.sort[\(index)].attribute '\(key.attribute)' is not an attribute: use a built-in one (\(columns.keys.sorted().joined(separator: ", "))) or a custom attribute name ([A-Za-z0-9_]+)")
            }
            return CandidateSearch.SortKey(expression: "json_extract(items.attributes, '$.\(name)')", ascending: key.ascending)
        }
    }
}
