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
        lastIsCJK = String(decoding: last, as: UTF8.self).unicodeScalars.first.map(SearchText.isCJK) ?? false
        // The last whitespace-separated run holding a letter or digit, as `search` sees terms.
        let runs = text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" }).filter { run in
            run.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
        guard let run = runs.last else { return nil }
        let spaced = SearchText.spacedCJK(String(run))
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

/// Gathers candidate suggestions, then counts the most promising and orders them.
struct SuggestionBuilder {
    /// Hits of `search` whose fields are read for words and phrases.
    static let sampleSize = 40
    /// Bytes of a description or text content read for words (the start of the text).
    static let bodyBytes = 1024
    /// The longest phrase offered, in tokens and in characters.
    static let phraseTokens = 12
    static let phraseCharacters = 80

    enum Field: Int, Comparable {
        case title, names, keywords, body
        static func < (a: Field, b: Field) -> Bool { a.rawValue < b.rawValue }
    }

    struct Candidate {
        var text: String
        var field: Field
        /// Items of the sample holding it.
        var items = 0
        /// An estimate of how many items it finds, to choose which to count.
        var estimate = 0.0
        var isPhrase: Bool
    }

    let typed: TypedText
    private let tokenizer = FTSTokenizer()
    /// By folded tokens joined with spaces.
    private(set) var words: [String: Candidate] = [:]
    private(set) var phrases: [String: Candidate] = [:]
    /// Words only the index's word list offered (none of the best hits holds them).
    private(set) var listed: [String: Candidate] = [:]
    /// The original spellings seen for each word, with how often.
    private var spellings: [String: [String: Int]] = [:]

    init(typed: TypedText) { self.typed = typed }

    // MARK: Candidates

    /// Reads the words and phrases of the best items; `total` is how many items the
    /// typed text finds, to scale counts in the sample into estimates.
    mutating func collect(from items: [SearchableItem], total: Int) {
        let scale = items.isEmpty ? 1 : max(1, Double(total) / Double(items.count))
        for item in items {
            let set = item.attributes
            var fields: [(String, Field)] = []
            if let title = set.title { fields.append((title, .title)) }
            if let name = set.displayName { fields.append((name, .names)) }
            for name in set.alternateNames ?? [] { fields.append((name, .names)) }
            for keyword in set.keywords ?? [] { fields.append((keyword, .keywords)) }
            if let description = set.contentDescription { fields.append((Self.start(of: description), .body)) }
            if let content = set.textContent { fields.append((Self.start(of: content), .body)) }
            var seenWords: Set<String> = [], seenPhrases: Set<String> = []
            for (text, field) in fields {
                let spaced = SearchText.spacedCJK(text)
                guard let tokens = tokenizer?.tokens(spaced) else { continue }
                let folded = (0..<tokens.count).map { Array(tokens[$0]) }
                if !typed.endsWithSpace {
                    collectWords(folded, tokens: tokens, spaced: spaced, field: field, scale: scale, seen: &seenWords)
                }
                if field != .body {
                    collectPhrase(text, folded: folded, field: field, scale: scale, seen: &seenPhrases)
                }
            }
        }
    }

    private mutating func collectWords(_ folded: [[UInt8]], tokens: FTSTokenizer.Tokens, spaced: String, field: Field,
                                       scale: Double, seen: inout Set<String>) {
        let spacedBytes = Array(spaced.utf8)
        for (index, token) in folded.enumerated() {
            var completion: String
            var spelling: String?
            if typed.lastIsCJK {
                // The typed run, then one more CJK character right after it.
                let run = typed.lastTermTokens
                guard token == typed.last, index + 1 < folded.count, index + 1 >= run.count,
                      Self.isCJK(folded[index + 1]),
                      tokens.offsets[index + 1].lowerBound == tokens.offsets[index].upperBound + 1,
                      Array(folded[(index + 1 - run.count)...index]) == run else { continue }
                completion = String(decoding: folded[index + 1], as: UTF8.self)
            } else {
                guard token.count > typed.last.count, token.starts(with: typed.last), !Self.isCJK(token) else { continue }
                completion = String(decoding: token, as: UTF8.self)
                spelling = String(decoding: spacedBytes[tokens.offsets[index]], as: UTF8.self)
            }
            if !seen.insert(completion).inserted {
                if let spelling { spellings[completion, default: [:]][spelling, default: 0] += 1 }
                continue
            }
            if let spelling { spellings[completion, default: [:]][spelling, default: 0] += 1 }
            var candidate = words[completion] ?? Candidate(text: "", field: field, isPhrase: false)
            candidate.field = min(candidate.field, field)
            candidate.items += 1
            candidate.estimate = max(candidate.estimate, Double(candidate.items) * scale)
            words[completion] = candidate
        }
    }

    private mutating func collectPhrase(_ text: String, folded: [[UInt8]], field: Field, scale: Double, seen: inout Set<String>) {
        let wanted = typed.tokens
        guard folded.count >= wanted.count, folded.count <= Self.phraseTokens, text.count <= Self.phraseCharacters else { return }
        let last = wanted.count - 1
        for index in 0..<last where folded[index] != wanted[index] { return }
        let isPrefix = typed.plan.prefix != nil && !typed.endsWithSpace
        guard isPrefix ? folded[last].starts(with: wanted[last]) : folded[last] == wanted[last] else { return }
        // Only a phrase that goes on past what was typed completes it.
        guard folded.count > wanted.count || (isPrefix && folded[last].count > wanted[last].count) else { return }
        let key = folded.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        guard seen.insert(key).inserted else { return }
        let display = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var candidate = phrases[key] ?? Candidate(text: display, field: field, isPhrase: true)
        candidate.field = min(candidate.field, field)
        candidate.items += 1
        candidate.estimate = Double(candidate.items)
        phrases[key] = candidate
    }

    /// Adds the index's most frequent words that start with the typed prefix, from the
    /// word list typo tolerance keeps (``Vocabulary``: every word of `items_fts` with the
    /// number of rows holding it, loaded by the first search), the count as estimate.
    mutating func collectVocabulary(_ snapshot: Vocabulary.Snapshot) {
        let prefix = Vocabulary.scalars(typed.last)
        let start = snapshot.lowerBound(prefix)
        // `end(ofPrefix:from:)` starts from a word that has the prefix.
        guard start < snapshot.wordCount, snapshot.word(start).starts(with: prefix) else { return }
        let end = snapshot.end(ofPrefix: prefix[...], from: start)
        // The most frequent words of the range, without sorting it all.
        var best: [(count: Int32, index: Int)] = []
        for index in start..<end where snapshot.word(index).count > prefix.count {
            let count = snapshot.counts[index]
            if best.count == SuggestionVocabulary.candidates {
                guard count > best[best.count - 1].count else { continue }
                best.removeLast()
            }
            let position = best.firstIndex { $0.count < count } ?? best.count
            best.insert((count, index), at: position)
        }
        for (count, index) in best {
            var scalars = String.UnicodeScalarView()
            for value in snapshot.word(index) { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
            let term = String(scalars)
            if var candidate = words[term] {
                candidate.estimate = max(candidate.estimate, Double(count))
                words[term] = candidate
            } else {
                // Kept apart: the list keeps words of deleted items, so its words must
                // not crowd out those seen in live hits.
                listed[term] = Candidate(text: "", field: .body, estimate: Double(count), isPhrase: false)
            }
        }
    }

    // MARK: Choosing

    /// The text shown for a completed word: the text typed before it, then the word as
    /// the items spell it most, lower-cased (`cre` → `crème`); when the user typed a
    /// capital, the letters as typed and the rest as spelled (`Choc` → `Chocolate`).
    /// A word seen only in the vocabulary is the typed letters and the rest of its
    /// folded form.
    func display(word completion: String) -> String {
        let typedText = String(typed.head) + String(typed.lastTyped)
        if typed.lastIsCJK { return typedText + completion }
        let typedHasCapital = typed.lastTyped.contains { $0.isUppercase }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        if let spelling = spellings[completion]?.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key,
           spelling.count > typed.lastTyped.count,
           spelling.prefix(typed.lastTyped.count).compare(typed.lastTyped, options: options) == .orderedSame {
            guard typedHasCapital else { return String(typed.head) + spelling.lowercased() }
            return typedText + String(spelling.dropFirst(typed.lastTyped.count))
        }
        let rest = completion.utf8.dropFirst(typed.last.count)
        return typedText + String(decoding: rest, as: UTF8.self)
    }

    /// Counts the most promising candidates and returns the best `limit`.
    func best(limit: Int, counter: SuggestionCounter) throws -> [SearchSuggestion] {
        func promising(_ candidates: [String: Candidate], _ count: Int) -> [(key: String, value: Candidate)] {
            candidates.sorted { a, b in
                a.value.estimate != b.value.estimate ? a.value.estimate > b.value.estimate
                    : a.value.field != b.value.field ? a.value.field < b.value.field : a.key < b.key
            }.prefix(count).map { $0 }
        }
        var chosen: [Candidate] = (promising(words, limit + 3) + promising(listed, limit / 2 + 2)).map { key, candidate in
            var candidate = candidate
            candidate.text = display(word: key)
            return candidate
        }
        chosen += promising(phrases, limit / 2 + 2).map(\.value)
        let typedKey = Self.foldedKey(String(typed.head) + String(typed.lastTyped))
        var counted: [(Candidate, Int)] = []
        var seen: Set<String> = [typedKey]
        for candidate in chosen {
            let key = Self.foldedKey(candidate.text)
            guard seen.insert(key).inserted, let plan = SearchText.plan(for: candidate.text) else { continue }
            let tokens = plan.complete + (plan.prefix == nil ? [] : [Self.quoted(plan.prefixToken)])
            let count = try counter.count(tokens.joined(separator: " AND "))
            if count > 0 { counted.append((candidate, count)) }
        }
        counted.sort { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            // Past the cap, the estimate tells the frequent from the rare.
            if a.1 == SuggestionCounter.cap && a.0.estimate != b.0.estimate { return a.0.estimate > b.0.estimate }
            if a.0.field != b.0.field { return a.0.field < b.0.field }
            if a.0.items != b.0.items { return a.0.items > b.0.items }
            if a.0.text.count != b.0.text.count { return a.0.text.count < b.0.text.count }
            return a.0.text < b.0.text
        }
        return counted.prefix(limit).map { SearchSuggestion(text: $0.0.text, count: $0.1) }
    }

    private static func foldedKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func quoted(_ token: [UInt8]) -> String {
        SearchText.quoted(String(decoding: token, as: UTF8.self))
    }

    private static func isCJK(_ token: [UInt8]) -> Bool {
        String(decoding: token, as: UTF8.self).unicodeScalars.first.map(SearchText.isCJK) ?? false
    }

    /// The first ``bodyBytes`` of a long text, cut at a character.
    private static func start(of text: String) -> String {
        guard text.utf8.count > bodyBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: bodyBytes)
        while end > text.startIndex && !text.unicodeScalars.indices.contains(end) { end = text.utf8.index(before: end) }
        return String(text[..<end])
    }
}

/// Counts the visible items (of an item kind, not expired, in the domains) that match
/// an FTS5 expression of whole tokens, up to ``cap``.
///
/// `items_fts` holds every row, visible or not, and FTS5 counts a token's rows at C
/// speed (17k rows in 0.5 ms at 100k items), where checking each row against `items`
/// costs about 2 µs. So when the rows that are not visible are few, the count is
/// FTS5's minus those among them (looked up by rowid); when the visible rows are few
/// (a small domain), only those are looked up. Otherwise each match is checked in
/// `items`. Counting stops at ``cap`` visible items, as `search`'s total does: a
/// frequent word's count is 500, and the suggestions' order tells such words apart by
/// the index's own frequencies.
struct SuggestionCounter {
    /// The largest count reported: ``SearchableIndex/totalCountCap``.
    static let cap = SearchableIndex.totalCountCap
    /// The most rows looked up by rowid for one count.
    static let lookupLimit = 200

    enum Mode {
        /// Every row is visible.
        case all
        /// FTS5's count minus the matches among these FTS rowids (a JSON array).
        case subtract(String, count: Int)
        /// The matches among these FTS rowids only.
        case among(String)
        /// Each match checked in `items`.
        case joined
    }

    let connection: Connection
    let now: Double
    let domains: [String]?
    /// A compiled query-language filter the counted items match too.
    let filter: (sql: String, bindings: [SQLValue])?
    private(set) var mode: Mode = .joined

    init(connection: Connection, now: Double, domains: [String]?, filter: (sql: String, bindings: [SQLValue])? = nil) throws {
        self.connection = connection
        self.now = now
        self.domains = domains
        self.filter = filter
        // A filter is checked on each match's row.
        if filter != nil { return }
        let hidden = "(items.kind <> \(Schema.itemKind) OR items.expiration_date <= ?1)"
        let hiddenCount = try connection.scalarInt(
            "SELECT (SELECT count(*) FROM items WHERE kind = \(Schema.activityKind)) + (SELECT count(*) FROM items WHERE expiration_date <= ?1)",
            [.real(now)]) ?? 0
        if let domains {
            var values: [SQLValue] = [.real(now)]
            let inDomains = Self.domainSQL(domains, values: &values)
            let visibleCount = try connection.scalarInt("SELECT count(*) FROM items WHERE \(inDomains)", values) ?? 0
            if visibleCount <= Self.lookupLimit {
                mode = .among(try rowids("SELECT fts_rowid FROM items WHERE \(inDomains) AND NOT \(hidden)", values).list)
            } else {
                let total = try connection.scalarInt("SELECT max(rowid) FROM items") ?? 0
                if total - visibleCount + hiddenCount <= Int64(Self.lookupLimit) {
                    let found = try rowids("SELECT fts_rowid FROM items WHERE NOT (\(inDomains)) OR \(hidden)", values)
                    mode = .subtract(found.list, count: found.count)
                }
            }
        } else if hiddenCount == 0 {
            mode = .all
        } else if hiddenCount <= Self.lookupLimit {
            let found = try rowids(
                "SELECT fts_rowid FROM items WHERE kind = \(Schema.activityKind) UNION SELECT fts_rowid FROM items WHERE expiration_date <= ?1",
                [.real(now)])
            mode = .subtract(found.list, count: found.count)
        }
    }

    private func rowids(_ sql: String, _ values: [SQLValue]) throws -> (list: String, count: Int) {
        let statement = try connection.prepare(sql)
        statement.bind(values)
        var list: [String] = []
        while try statement.step() { list.append(String(statement.int64(0))) }
        return ("[" + list.joined(separator: ",") + "]", list.count)
    }

    /// Items matching `match` (an FTS5 expression) that `search` may return, at most ``cap``.
    func count(_ match: String) throws -> Int {
        switch mode {
        case .all:
            return try fts(match, limit: Self.cap)
        case .subtract(let rowids, let hidden):
            // Past `cap + hidden` matches, at least `cap` are visible.
            let matched = try fts(match, limit: Self.cap + hidden)
            if matched == Self.cap + hidden { return Self.cap }
            return min(Self.cap, matched - (try among(match, rowids)))
        case .among(let rowids):
            return min(Self.cap, try among(match, rowids))
        case .joined:
            var values: [SQLValue] = [.text(match), .real(now)]
            let inDomains = domains.map { Self.domainSQL($0, values: &values) } ?? "1"
            // The filter's own parameters are anonymous: numbered after these, bound last.
            let filtered = filter.map { " AND (\($0.sql))" } ?? ""
            let statement = try connection.cached("""
                SELECT count(*) FROM (SELECT 1 FROM items_fts JOIN items ON items.rowid = \(FTSRowid.itemRowidSQL("items_fts.rowid"))
                WHERE items_fts MATCH ?1 AND items.kind = \(Schema.itemKind) AND items.expiration_date > ?2 AND \(inDomains)\(filtered)
                LIMIT \(Self.cap))
                """)
            statement.bind(values + (filter?.bindings ?? []))
            defer { statement.reset() }
            return try statement.step() ? Int(statement.int64(0)) : 0
        }
    }

    private func fts(_ match: String, limit: Int) throws -> Int {
        let statement = try connection.cached("SELECT count(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ?1 LIMIT ?2)")
        statement.bind([.text(match), .integer(Int64(limit))])
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(0)) : 0
    }

    private func among(_ match: String, _ rowids: String) throws -> Int {
        let statement = try connection.cached(
            "SELECT count(*) FROM items_fts WHERE items_fts MATCH ?1 AND rowid IN (SELECT value FROM json_each(?2))")
        statement.bind([.text(match), .text(rowids)])
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(0)) : 0
    }

    /// Whether `items.domain` is one of the domains or under one, binding them after `values`.
    static func domainSQL(_ domains: [String], values: inout [SQLValue]) -> String {
        guard !domains.isEmpty else { return "0" }
        return "(" + domains.map { domain in
            values.append(.text(domain))
            let parameter = "?\(values.count)"
            return "(items.domain = \(parameter) OR (items.domain >= \(parameter) || '.' AND items.domain < \(parameter) || '/'))"
        }.joined(separator: " OR ") + ")"
    }
}
