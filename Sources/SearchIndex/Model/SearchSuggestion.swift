/// A completion of what the user typed, as ``SearchableIndex/suggestions(for:limit:domains:)``
/// returns it: CoreSpotlight's `CSSuggestion`, with the number of items it finds.
public struct SearchSuggestion: Sendable, Equatable {
    /// The completed text, ready to put in the search field: what the user typed with
    /// its last word completed (`dark choc` → `dark chocolate`), or an indexed title,
    /// display name or keyword that starts with what the user typed.
    public var text: String
    /// How many items hold every word of ``text`` (visible ones only: not expired,
    /// not user activities, in the requested domains). See
    /// ``SearchableIndex/suggestions(for:limit:domains:)`` for how it is counted.
    public var count: Int

    /// Makes a suggestion.
    public init(text: String, count: Int) {
        self.text = text
        self.count = count
    }
}

/// What ``SearchableIndex/userQuery(_:options:suggestions:)`` returns: a page of hits
/// with its total, and suggestions.
public struct UserQueryResults: Sendable, Equatable {
    /// The page of hits and the total count.
    public var results: SearchResults
    /// Completions of the text, best first.
    public var suggestions: [SearchSuggestion]

    /// Makes results.
    public init(results: SearchResults, suggestions: [SearchSuggestion]) {
        self.results = results
        self.suggestions = suggestions
    }
}
