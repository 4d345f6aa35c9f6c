import Foundation

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
                let spaced = CJKText.spaced(text)
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
                      CJKText.isCJKToken(folded[index + 1]),
                      CJKText.areSideBySide(tokens, index),
                      Array(folded[(index + 1 - run.count)...index]) == run else { continue }
                completion = String(decoding: folded[index + 1], as: UTF8.self)
            } else {
                guard token.count > typed.last.count, token.starts(with: typed.last), !CJKText.isCJKToken(token) else { continue }
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
            let tokens = plan.complete.map(\.text) + (plan.prefix == nil ? [] : [Self.quoted(plan.prefixToken)])
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

    /// The first ``bodyBytes`` of a long text, cut at a character.
    private static func start(of text: String) -> String {
        guard text.utf8.count > bodyBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: bodyBytes)
        while end > text.startIndex && !text.unicodeScalars.indices.contains(end) { end = text.utf8.index(before: end) }
        return String(text[..<end])
    }
}
