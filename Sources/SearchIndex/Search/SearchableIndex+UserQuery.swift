import Foundation

extension SearchableIndex {
    /// CoreSpotlight's `CSUserQuery` (SPEC §3 `userQuery`): a page of hits for user text
    /// with `options`, and up to `suggestions` completions of the text
    /// (``suggestions(for:limit:domains:)``).
    ///
    /// The suggestions honour `domains` and `filter`: their words and phrases come
    /// from items the search returns, and only such items are counted. When the page
    /// lies within the first ``SuggestionBuilder/sampleSize`` hits, one search serves
    /// both: the page is cut from them (the first `k` hits do not depend on the
    /// limit), and the suggestions read them.
    public func userQuery(_ text: String, options: SearchOptions, suggestions: Int) throws -> UserQueryResults {
        guard (0...Self.maximumSuggestions).contains(suggestions) else {
            throw IndexError.argument("suggestions must be an integer from 0 to \(Self.maximumSuggestions)")
        }
        let sampleSize = SuggestionBuilder.sampleSize
        guard suggestions > 0 else { return UserQueryResults(results: try search(text, options: options), suggestions: []) }
        guard (1...1000).contains(options.limit), (0...10_000).contains(options.offset),
              options.offset + options.limit <= sampleSize else {
            let results = try search(text, options: options)
            let filter = try options.filter.map { try suggestionFilter($0) }
            var sampling = options
            sampling.offset = 0
            sampling.limit = sampleSize
            sampling.sort = []
            sampling.typoTolerance = false
            let sample = try search(text, options: sampling)
            return UserQueryResults(results: results, suggestions: try self.suggestions(
                for: text, limit: suggestions, domains: options.domains, filter: filter, sample: sample))
        }
        var wide = options
        wide.offset = 0
        wide.limit = sampleSize
        let sample = try search(text, options: wide)
        let filter = try options.filter.map { try suggestionFilter($0) }
        var page = sample
        page.hits = Array(sample.hits.dropFirst(options.offset).prefix(options.limit))
        return UserQueryResults(results: page, suggestions: try self.suggestions(
            for: text, limit: suggestions, domains: options.domains, filter: filter, sample: sample))
    }

    /// `filter` compiled to SQL on `items` (``search(_:options:)`` has checked it).
    private func suggestionFilter(_ text: String) throws -> (sql: String, bindings: [SQLValue]) {
        guard let compiler = configuration.queryLanguage else {
            throw IndexError.unavailable("the query language is not available in this build")
        }
        return try compiler.compile(text, configuration.now(), configuration.calendar)
    }
}
