import Foundation

/// Reads a candidate's fields and finds, for every query term, its best match: the
/// field, whether it is exact, a whole word or a prefix, how many typos it has, and
/// where. Ranking (``Ranking/breakdown(_:now:)``) and highlights are made from it.
///
/// The fields are tokenized as FTS5 tokenizes them (ASCII text in Swift, as
/// `unicode61` splits it; other text by FTS5's own tokenizer with one token per
/// Chinese, Japanese or Korean character, see ``SearchText``), and each token keeps
/// its byte range in the stored text, so that a match maps back to the UTF-16 range a
/// UI bolds. A term of several tokens (`e-mail`, `新闻`) matches where its tokens are
/// side by side, the last one as a prefix when it is being typed; a single-token term
/// that may have typos (``TypoPolicy``: 5 or more characters, or 3–4 matching nothing
/// exactly) also matches a token within its typo distance (``Typos``), unless typo
/// tolerance is off.
///
/// Every token of every field read is compared with every term, so the comparison is
/// cheap where it can be: most tokens are ruled out by their first bytes and length
/// (``surelyMisses(_:_:_:typos:)``), and an ASCII query word's distance to a token is
/// computed as bits (``Typos/distances(_:_:)``), not with a table.
final class HitAnalyzer {
    // Not thread-safe: one search uses one analyzer.
    /// A query term as the analyzer compares it (a class: the loops over a field's
    /// tokens take a term by reference, not by copying its arrays).
    final class Term {
        let tokens: [[UInt8]]
        let isPrefix: Bool
        /// Which neighbouring tokens must be side by side in the text (``SearchTerm/joins``).
        let joins: [Bool]
        /// The typos a match may have (0: exact only).
        let maximumEdits: Int
        /// The single token as scalars, for typo distances.
        let scalars: [UInt32]
        /// The term's weight among the query's terms: rarer terms weigh more.
        let weight: Double
        /// Characters of the term (its tokens' scalars).
        let length: Int
        /// The single token's characters counted, to rule words out before the table.
        let letters: Typos.Letters
        /// The single token as bits, for typo distances to ASCII tokens (`nil`: not ASCII,
        /// or no typos).
        let pattern: Typos.Pattern?
        /// The last token's first byte.
        let firstByte: UInt8
        /// The fewest bytes a token within the typo distance has (``surelyMisses(_:_:_:typos:)``),
        /// and for a complete term the most: a token has at most as many characters as
        /// bytes, and at least a quarter.
        let shortestToken: Int, longestToken: Int
        /// The term's first `maximumEdits + 1` characters as a set of ASCII bytes (with
        /// a ``pattern``): a token within the distance starts with one of them in its
        /// first as many bytes (``Typos/startsShareACharacter(_:_:k:)``).
        let leading: Typos.ByteSet
        /// The term's letters as a set of ASCII bytes (with a ``pattern``), for
        /// ``Typos/mayShareLetters(_:of:count:_:prefix:)``.
        let letterSet: Typos.ByteSet
        /// The closeness of ASCII words matched with typos, by word: a search's typo
        /// candidates hold the same few words (its vocabulary snapshot does not change).
        var closenessByWord: [PackedWord: Double] = [:]

        init(tokens: [[UInt8]], joins: [Bool], isPrefix: Bool, maximumEdits: Int, scalars: [UInt32], weight: Double, length: Int) {
            self.tokens = tokens
            self.joins = joins
            self.isPrefix = isPrefix
            self.maximumEdits = maximumEdits
            self.scalars = scalars
            self.weight = weight
            self.length = length
            letters = Typos.Letters(scalars)
            pattern = maximumEdits > 0 ? Typos.Pattern(scalars) : nil
            firstByte = tokens.last?.first ?? 0
            shortestToken = scalars.count - maximumEdits
            longestToken = 4 * (scalars.count + maximumEdits)
            leading = pattern == nil ? Typos.ByteSet() : Typos.ByteSet(scalars.prefix(maximumEdits + 1))
            letterSet = pattern == nil ? Typos.ByteSet() : Typos.ByteSet(scalars)
        }
    }

    /// The best match of one term in one candidate.
    struct TermMatch {
        /// FTS column: title 0, names 1, keywords 2, description 3, text content 4.
        var column: Int
        var typos: Int
        /// How likely the word matched with typos is the one meant (``Typos/closeness(of:to:prefix:wholeWord:count:itemCount:)``; 0 for an exact match).
        var closeness = 0.0
        /// Whether the token matched equals the term (for the prefix term: the typed
        /// text is a whole word).
        var wholeWord: Bool
    }

    /// What a candidate's fields say about the query.
    struct Analysis {
        var matches: [TermMatch]
        /// 0–1: consecutive terms side by side and in order in one field.
        var proximity: Double
        /// 0–1: the share of the best field's characters the query covers.
        var coverage: Double
        /// Whether the title's first token matched a term.
        var titleStart: Bool
        var highlights: [SearchHighlight]
    }

    let terms: [Term]
    private let fields: FieldTokenizer
    /// The word counts typo matches are weighed by.
    let vocabulary: Vocabulary.Snapshot?
    let itemCount: Int

    /// `typos`: the search's policy, bound to it (``TypoPolicy/bound(to:matchesExactly:)``).
    init?(plan: MatchPlan, typos: TypoPolicy, vocabulary: Vocabulary.Snapshot?, itemCount: Int) {
        guard let fields = FieldTokenizer() else { return nil }
        self.fields = fields
        self.vocabulary = vocabulary
        self.itemCount = itemCount
        terms = plan.terms.map { term in
            let scalars = term.tokens.count == 1 ? Vocabulary.scalars(term.tokens[0]) : []
            let edits = typos.maximumEdits(for: term)
            let length = term.tokens.reduce(0) { $0 + String(decoding: $1, as: UTF8.self).unicodeScalars.count }
            // An IDF-like weight: log of items per item holding the word (1 when unknown).
            var weight = 1.0
            if let vocabulary, !scalars.isEmpty, itemCount > 0 {
                let count = vocabulary.count(of: scalars)
                weight = log(1 + Double(itemCount) / Double(max(1, count)))
            }
            return Term(tokens: term.tokens, joins: term.joins, isPrefix: term.isPrefix, maximumEdits: edits,
                        scalars: scalars, weight: weight, length: length)
        }
    }

    /// How much of one field is read: matches past it are neither ranked by position
    /// nor highlighted (a 10 MB text content took seconds to tokenize).
    static let analysedBytes = 64 * 1024

    /// The output key of each FTS column's fields, in the order they are read.
    private static let fields: [(key: String, column: Int, json: Bool)] = [
        ("title", 0, false), ("displayName", 1, false), ("alternateNames", 1, true),
        ("keywords", 2, true), ("description", 3, false), ("textContent", 4, false),
    ]

    /// Analyzes the row of `statement` whose columns from `first` are: title, display
    /// name, alternate names (JSON), keywords (JSON), description, text content.
    /// `nil` when a term matches no field.
    ///
    /// `columns`: the FTS columns whose fields are read; the others are taken to hold no
    /// term (the typo walk passes those where FTS5 found a phrase of its plan).
    ///
    /// `typos` false looks for exact matches only: a candidate FTS5 found with the exact
    /// terms has its best match among them (typos rank below). Without highlights, the
    /// description and text content are read only while some term lacks an exact whole
    /// word in the title, names or keywords: nothing they hold could rank it higher.
    func analyze(_ statement: Statement, first: Int32, highlights wantsHighlights: Bool, typos: Bool = true, columns: FTSColumns = .all) -> Analysis? {
        var findings = Findings(best: [TermMatch?](repeating: nil, count: terms.count))
        // Swapped out and back (moves, not copies of its arrays).
        var found = ElementMatches()
        swap(&found, &elementScratch)
        defer { swap(&found, &elementScratch) }
        for (offset, field) in Self.fields.enumerated() {
            let exactEverywhere = findings.exactEverywhere
            if field.column >= 3, !wantsHighlights, exactEverywhere, findings.best.allSatisfy({ $0!.wholeWord }) { break }
            guard columns.contains(FTSColumns(column: field.column)) else { continue }
            guard let bytes = Self.readBytes(statement, column: first + Int32(offset), truncated: &findings.truncated) else { continue }
            // Every term is in the title, names or keywords: the body can only turn a
            // prefix match into a whole word (a better rank), which a scan for that word
            // tells without tokenizing the text.
            if field.column >= 3, !wantsHighlights, exactEverywhere,
               scanForWholeWords(in: bytes, column: field.column, best: &findings.best) { continue }
            matchField(bytes, field, wantsHighlights: wantsHighlights, typos: typos, found: &found, into: &findings)
        }
        return findings.analysis(of: terms, typos: typos)
    }

    /// What the fields of a candidate read so far say about the query.
    private struct Findings {
        /// Each term's best match so far.
        var best: [TermMatch?]
        var proximity = 0.0
        /// The coverage of the best field matched (the first column, then the most).
        var coverage: (column: Int, value: Double)?
        var titleStart = false
        var highlights: [SearchHighlight] = []
        /// Whether a long text was read only in part (``analysedBytes``).
        var truncated = false

        /// Whether every term has a match without typos.
        var exactEverywhere: Bool { best.allSatisfy { $0.map { $0.typos == 0 } ?? false } }

        /// Takes in what one text of a field in FTS column `column` found.
        mutating func add(_ found: ElementMatches, column: Int) {
            guard found.any else { return }
            if column == 0 && found.first { titleStart = true }
            for (term, match) in found.best.enumerated() {
                guard let match else { continue }
                let candidate = TermMatch(column: column, typos: match.typos, closeness: match.closeness, wholeWord: match.wholeWord)
                if let known = best[term] {
                    if HitAnalyzer.isBetter(match, than: (known.typos, known.wholeWord, known.closeness)) { best[term] = candidate }
                } else {
                    best[term] = candidate
                }
            }
            proximity = max(proximity, found.proximity)
            if coverage == nil || column < coverage!.column || (column == coverage!.column && found.coverage > coverage!.value) {
                coverage = (column, found.coverage)
            }
        }

        /// The analysis of the candidate; `nil` when a term matched in no field read
        /// completely.
        func analysis(of terms: [Term], typos: Bool) -> Analysis? {
            var matches: [TermMatch] = []
            for (number, match) in best.enumerated() {
                if let match {
                    matches.append(match)
                } else if truncated {
                    // FTS5 found the term past the part read: somewhere in the long text.
                    matches.append(TermMatch(column: 4, typos: typos ? terms[number].maximumEdits : 0, wholeWord: false))
                } else {
                    return nil
                }
            }
            return Analysis(matches: matches, proximity: proximity, coverage: coverage?.value ?? 0, titleStart: titleStart,
                            highlights: highlights)
        }
    }

    /// A field's text in `column` of `statement`; of a long text only the start
    /// (``analysedBytes``, on a character boundary), and `truncated` set.
    @inline(__always)
    private static func readBytes(_ statement: Statement, column: Int32, truncated: inout Bool) -> UnsafeBufferPointer<UInt8>? {
        guard let bytes = statement.utf8(column) else { return nil }
        guard bytes.count > analysedBytes else { return bytes }
        truncated = true
        var length = analysedBytes
        while length > 0 && bytes[length] & 0xC0 == 0x80 { length -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[..<length])
    }

    /// Whether scanning a body field's `bytes` for the terms that lack a whole-word match
    /// told all the field could add (every such term one token); the whole words found
    /// are recorded in `best`.
    private func scanForWholeWords(in bytes: UnsafeBufferPointer<UInt8>, column: Int, best: inout [TermMatch?]) -> Bool {
        for (number, term) in terms.enumerated() where !best[number]!.wholeWord {
            guard term.tokens.count == 1, let found = ASCIIText.containsWord(term.tokens[0], in: bytes) else { return false }
            if found { best[number] = TermMatch(column: column, typos: 0, wholeWord: true) }
        }
        return true
    }

    /// Matches the terms in a field's text (each element of a JSON array on its own),
    /// adding what each text found, and its highlights, to `findings`.
    private func matchField(_ bytes: UnsafeBufferPointer<UInt8>, _ field: (key: String, column: Int, json: Bool), wantsHighlights: Bool,
                            typos: Bool, found: inout ElementMatches, into findings: inout Findings) {
        // For ranking, an ASCII JSON array without escapes is matched as it is
        // stored: its quotes, commas and brackets separate words like spaces.
        let json = field.json && (wantsHighlights || bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\\") })
        guard json else {
            match(bytes, wantsRanges: wantsHighlights, typos: typos, into: &found)
            if wantsHighlights, !found.ranges.isEmpty {
                // In ASCII text a byte is a UTF-16 unit: the ranges are the offsets.
                let ranges = found.isASCII ? found.ranges : Self.utf16Ranges(found.ranges, in: String(decoding: bytes, as: UTF8.self))
                findings.highlights.append(SearchHighlight(field: field.key, element: nil, ranges: ranges))
            }
            findings.add(found, column: field.column)
            return
        }
        let elements = JSONText.decodeArray(String(decoding: bytes, as: UTF8.self)) ?? []
        for element in elements.indices {
            var text = elements[element]
            text.withUTF8 { match($0, wantsRanges: wantsHighlights, typos: typos, into: &found) }
            if wantsHighlights, !found.ranges.isEmpty {
                let ranges = found.isASCII ? found.ranges : Self.utf16Ranges(found.ranges, in: elements[element])
                findings.highlights.append(SearchHighlight(field: field.key, element: element, ranges: ranges))
            }
            findings.add(found, column: field.column)
        }
    }

    /// Reused by every ``analyze(_:first:highlights:typos:)`` (see ``ElementMatches``).
    private var elementScratch = ElementMatches()

    /// Finds every term's matches in one text (``ElementMatches``): each term's best,
    /// the characters they cover, and, for two or more terms, how near they are.
    private func match(_ bytes: UnsafeBufferPointer<UInt8>, wantsRanges: Bool, typos: Bool, into result: inout ElementMatches) {
        let tokens = fields.tokenize(bytes)
        defer { fields.recycle(tokens) }
        result.reset(terms: terms.count)
        result.isASCII = tokens.isASCII
        guard tokens.count > 0 else { return }
        tokens.folded.withUnsafeBufferPointer { folded in
            for (number, term) in terms.enumerated() {
                let width = term.tokens.count
                guard width > 0, tokens.count >= width else { continue }
                for start in 0 ... tokens.count - width {
                    if width == 1 && Self.surelyMisses(term, tokens.ranges[start], folded, typos: typos) { continue }
                    guard let found = matchAt(start, term: term, tokens: tokens, typos: typos) else { continue }
                    result.record(found, ofTerm: number, at: start, tokenCount: tokens.count)
                    result.cover(found, of: term, at: start, in: tokens, bytes: bytes, wantsRanges: wantsRanges)
                }
            }
        }
        // A text without a match is not ranked by its coverage or proximity.
        guard result.any else { return }
        let total = tokens.characterTotal()
        result.coverage = total == 0 ? 0 : Double(result.coveredCharacters) / Double(total)
        if terms.count > 1 { result.proximity = proximity(of: result.positions) }
        if wantsRanges { result.ranges = Self.merged(result.ranges) }
    }

    /// 0–1, averaged over each pair of consecutive terms: 1 where the second follows the
    /// first, 0.5 where it is within three tokens of it (`positions`: the token indices
    /// where each term matched).
    private func proximity(of positions: [[Int]]) -> Double {
        var pairs = 0.0
        for term in 0 ..< terms.count - 1 {
            let width = terms[term].tokens.count
            var pair = 0.0
            for a in positions[term] {
                for b in positions[term + 1] {
                    if b == a + width { pair = 1 } else if abs(b - a) <= 3 { pair = max(pair, 0.5) }
                }
            }
            pairs += pair
        }
        return pairs / Double(terms.count - 1)
    }

    /// Letter counts reused by ``Typos/mayBeWithin(_:of:_:prefix:scratch:)``.
    var letterScratch = [Int8](repeating: 0, count: 128)

}

extension HitAnalyzer.Term {
    /// Characters of token `index`.
    func tokenLength(_ index: Int) -> Int {
        tokens[index].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
