import Foundation

extension SearchableIndex {
    /// The most suggestions one call returns.
    public static let maximumSuggestions = 100

    /// Completions of what a user typed, best first, each with the number of items it
    /// finds (SPEC §5 `suggestions`, CoreSpotlight's `CSSuggestion`).
    ///
    /// Two kinds, drawn from what is indexed:
    /// - words: the text with its last word completed (`dark choc` → `dark chocolate`;
    ///   a Chinese or Japanese run gains its next character, `新` → `新闻`). Words come
    ///   from the fields of the best items `search` finds for the text, and, when one
    ///   word is typed, from the index's word list (FTS5's `fts5vocab` over `items_fts`,
    ///   see ``Vocabulary``), so a frequent word found only in descriptions is offered too;
    /// - phrases: a title, display name, alternate name or keyword of those items that
    ///   starts with the typed words (`choc` → `Chocolate Cake`), as indexed.
    ///
    /// A suggestion equal to the text (case and diacritics aside) is left out. After a
    /// space the last word is complete: only phrases going on past it are offered
    /// (`dark ` → `Dark chocolate cake`, not `darkness`).
    ///
    /// ``SearchSuggestion/count`` is the number of items holding every word of the
    /// suggestion, the last one as a whole word (as if typed in full), counting only
    /// what `search` returns (not expired, not user activities, in `domains`; in
    /// ``userQuery(_:options:suggestions:)``, matching its `filter` too), without typo
    /// tolerance. Like `search`'s total it stops at ``totalCountCap``: a suggestion
    /// finding more says 500. A word of several tokens (`e-mail`, a CJK run of three or
    /// more characters) counts items holding its tokens anywhere.
    ///
    /// Order: more items first (past the cap, the more frequent in the index or among
    /// the best hits); then the field the suggestion came from (title, names, keywords,
    /// other text); then how often it occurs among the best hits; then the shorter text.
    ///
    /// Cost: one `search` of ``SuggestionBuilder/sampleSize`` hits, reading their
    /// fields, and one capped FTS5 count per candidate (about twice `limit`); see
    /// docs/benchmarks.md.
    ///
    /// - Parameters:
    ///   - text: what the user typed (as for `search`); text without a letter or digit
    ///     has no suggestions.
    ///   - limit: the most suggestions, 0–100; 0 returns none.
    ///   - domains: only items of these domains and their subdomains; `nil` for all.
    public func suggestions(for text: String, limit: Int = 5, domains: [String]? = nil) throws -> [SearchSuggestion] {
        guard (0...Self.maximumSuggestions).contains(limit) else {
            throw IndexError.argument("limit must be an integer from 0 to \(Self.maximumSuggestions)")
        }
        try SearchText.validate(text, name: "text")
        if let domains { try ItemValidation.validate(domains: domains) }
        guard limit > 0 else { return [] }
        let sample = try search(text, options: SearchOptions(domains: domains, limit: SuggestionBuilder.sampleSize, typoTolerance: false))
        return try suggestions(for: text, limit: limit, domains: domains, sample: sample)
    }

    /// ``suggestions(for:limit:domains:)`` reading words and phrases from `sample`, the
    /// best hits of `search` for `text` (a hit that matched with a typo adds nothing:
    /// only words and phrases that start with what was typed are kept), counting only
    /// items that match `filter` (compiled SQL on `items`) too.
    func suggestions(for text: String, limit: Int, domains: [String]?, filter: (sql: String, bindings: [SQLValue])? = nil,
                     sample: SearchResults) throws -> [SearchSuggestion] {
        guard limit > 0, let typed = TypedText(text) else { return [] }
        let now = nowMs
        let items = sample.hits.prefix(SuggestionBuilder.sampleSize).map(\.item)
        return try store.read { connection in
            var builder = SuggestionBuilder(typed: typed)
            builder.collect(from: items, total: sample.totalCount)
            if typed.usesVocabulary { builder.collectVocabulary(try vocabulary.snapshot(connection)) }
            let counter = try SuggestionCounter(connection: connection, now: now, domains: domains, filter: filter)
            return try builder.best(limit: limit, counter: counter)
        }
    }
}

/// How many of the index's words starting with a one-word prefix are considered
/// (the most frequent ones).
enum SuggestionVocabulary {
    static let candidates = 40
}

/// What the user typed, split as `search` splits it, with the last token located in
/// the original text so a completion keeps what was typed before it.
struct TypedText {
    let plan: MatchPlan
    /// Every typed token, folded, in order (one per CJK character).
    let tokens: [[UInt8]]
    /// The folded last token.
    let last: [UInt8]
    /// Whether the last token is a CJK character (completed by the next character)
    /// rather than a prefix of a word.
    let lastIsCJK: Bool
    /// The tokens of the last term (for a CJK run: its characters).
    let lastTermTokens: [[UInt8]]
    /// The text before the last token, and the last token, as typed.
    let head: Substring
    let lastTyped: Substring
    /// Whether the text ends with a space: its last word is complete, so only phrases
    /// that go on past it complete the text.
    let endsWithSpace: Bool

    init?(_ text: String) {
        guard let plan = SearchText.plan(for: text), let lastTerm = plan.terms.last, let last = lastTerm.tokens.last,
              let tokenizer = FTSTokenizer() else { return nil }
        self.plan = plan
        endsWithSpace = text.last?.isWhitespace ?? false
        tokens = plan.terms.flatMap(\.tokens)
        self.last = last
        lastTermTokens = lastTerm.tokens
        lastIsCJK = CJKText.isCJKToken(last)
        // The last whitespace-separated run holding a letter or digit, as `search` sees terms.
        let runs = text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" }).filter { run in
            run.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
        guard let run = runs.last else { return nil }
        let spaced = CJKText.spaced(String(run))
        let found = tokenizer.tokens(spaced)
        guard let offsets = found.offsets.last else { return nil }
        let utf8 = text.utf8
        if lastIsCJK {
            // The character itself, the last time it occurs in the run.
            let character = String(decoding: last, as: UTF8.self)
            guard let range = run.range(of: character, options: .backwards) else { return nil }
            head = text[..<range.lowerBound]
            lastTyped = text[range]
        } else {
            // Past a non-CJK last token nothing was spaced: the run ends as `spaced` does.
            let suffix = spaced.utf8.count - offsets.lowerBound
            let runEnd = utf8.distance(from: utf8.startIndex, to: run.endIndex)
            guard let start = utf8.index(utf8.startIndex, offsetBy: runEnd - suffix, limitedBy: utf8.endIndex),
                  let end = utf8.index(start, offsetBy: offsets.count, limitedBy: utf8.endIndex) else { return nil }
            head = text[..<start]
            lastTyped = text[start..<end]
        }
    }

    /// Whether the index's word list is asked too: one word being typed (not CJK).
    var usesVocabulary: Bool {
        !lastIsCJK && !endsWithSpace && plan.terms.count == 1 && plan.terms[0].tokens.count == 1 && plan.prefix != nil
    }
}
