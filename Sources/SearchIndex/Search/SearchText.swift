import Foundation

/// Prepares user input for `MATCH`.
///
/// The tables are `detail=column` (see ``Schema``), which has no phrase queries, so a
/// query is a set of single tokens AND-ed together (see ``plan(for:)``): one CJK
/// character is its unigram, a run of two or more is its bigrams (`オーディオ` is
/// `オー AND ーデ AND ディ AND ィオ`, the tokens ``CJKText/segmented(_:)`` indexed),
/// and a term with punctuation (`e-mail`) is its tokens. Where those tokens alone do
/// not prove the term (the characters of a run, the words of `e-mail`, must be
/// adjacent and in order) ``TermMatcher`` checks the candidates' text in Swift.
/// Bigrams keep that check rare: a run of two characters is one exact token, and a
/// longer run's bigrams leave few false candidates, where its unigrams alone would
/// match most Chinese items.
enum SearchText {
    /// What FTS5 is asked, and what Swift checks, for what a user typed; `nil` when
    /// it holds no searchable character.
    ///
    /// Each whitespace-separated term is split by FTS5's own tokenizer
    /// (``FTSTokenizer``), so punctuation and FTS5 operators in user text are plain
    /// text. Its tokens become single-token phrases (CJK runs as bigrams, see above),
    /// all AND-ed. The last term's last token is a prefix (search as you type), unless
    /// it is a CJK character, which is a whole token already.
    static func plan(for userText: String) -> MatchPlan? {
        guard let tokenizer = FTSTokenizer() else { return nil }
        let terms = Self.terms(of: userText).compactMap { Self.term($0, tokenizer: tokenizer) }
        guard !terms.isEmpty else { return nil }
        var plan = MatchPlan(complete: [], prefix: nil, prefixLength: 0, prefixToken: [], terms: terms, termPhrases: [])
        plan.makeLastTokenPrefix()
        plan.numberPhrases()
        return plan
    }

    /// A term's folded tokens, and which neighbours are one CJK run (``SearchTerm/joins``):
    /// both CJK characters, one space apart in the spaced text, so that punctuation
    /// ends a run as it ends the index's bigrams; `nil` without a token.
    private static func term(_ term: Substring, tokenizer: FTSTokenizer) -> SearchTerm? {
        let spaced = CJKText.spaced(String(term))
        let tokens = tokenizer.tokens(spaced)
        guard tokens.count > 0 else { return nil }
        let words = (0 ..< tokens.count).map { Array(tokens[$0]) }
        let joins = (0 ..< words.count - 1).map { index in
            CJKText.isCJKToken(words[index]) && CJKText.isCJKToken(words[index + 1]) && CJKText.areSideBySide(tokens, index)
        }
        return SearchTerm(tokens: words, isPrefix: false, joins: joins)
    }

    /// `token` as an FTS5 string, its quotes doubled. Most tokens hold none, and
    /// Foundation's `replacingOccurrences` cost about 9,000 instructions even then (a
    /// typo plan quotes two dozen alternatives).
    static func quoted(_ token: String) -> String {
        guard token.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + token + "\"" }
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in token.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The FTS5 `MATCH` expression for what a user typed (every phrase, the last a
    /// prefix), or `nil` when it holds no searchable character.
    static func matchExpression(for userText: String) -> String? {
        plan(for: userText)?.expression.text
    }

    /// The longest search text, in UTF-8 bytes.
    static let maximumBytes = 16 * 1024
    /// The most terms a search text may have: each term is matched against every
    /// candidate's fields, so 200,000 terms kept a search busy for minutes.
    static let maximumTerms = 64

    /// Throws `E_INVALID_ARGUMENT` for search text longer than ``maximumBytes`` or with
    /// more than ``maximumTerms`` terms; `name` is the argument's name in the message.
    static func validate(_ userText: String, name: String) throws {
        let bytes = userText.utf8.count
        if bytes > maximumBytes {
            throw IndexError.argument("\(name) must be at most \(maximumBytes) bytes of UTF-8 (it has \(bytes))")
        }
        let count = terms(of: userText).count
        if count > maximumTerms {
            throw IndexError.argument("\(name) must have at most \(maximumTerms) terms (it has \(count))")
        }
    }

    /// The searchable terms of user text: runs between whitespace and NUL characters
    /// (FTS5 reads its query only up to a NUL) that hold a letter or digit.
    static func terms(of userText: String) -> [Substring] {
        userText.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" }).filter { term in
            term.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
    }
}

/// One term of what a user typed: its tokens, as ``TermMatcher`` compares them, and
/// what FTS5 is asked for them.
struct SearchTerm: Equatable {
    /// The term's folded tokens, one per CJK character, in order.
    var tokens: [[UInt8]]
    /// Whether the last token is a prefix (the last term, search as you type).
    var isPrefix: Bool
    /// For each token but the last, whether it and the next are characters of one CJK
    /// run, written side by side: the index pairs them only so (a full stop between
    /// ends the pair), so a text matches the term only where they are side by side
    /// too, not just neighbouring tokens (`新闻` is not in `新・闻`; `新・闻` finds both).
    var joins: [Bool]

    /// A term of one token.
    init(token: [UInt8], isPrefix: Bool) {
        self.init(tokens: [token], isPrefix: isPrefix, joins: [])
    }

    init(tokens: [[UInt8]], isPrefix: Bool, joins: [Bool]) {
        self.tokens = tokens
        self.isPrefix = isPrefix
        self.joins = joins
    }

    /// The single tokens FTS5 is asked for the term, the same for every plan of the
    /// search (exact, typo, terms dropped): a run of joined CJK characters as its
    /// neighbouring pairs (the index's bigrams), any other token as it is. A prefix
    /// term's last unit is its prefix token (never CJK).
    var units: [String] {
        var units: [String] = []
        for (index, token) in tokens.enumerated() {
            let joinedBefore = index > 0 && joins[index - 1]
            if index < joins.count && joins[index] {
                units.append(String(decoding: token + tokens[index + 1], as: UTF8.self))
            } else if !joinedBefore {
                units.append(String(decoding: token, as: UTF8.self))
            }
        }
        return units
    }

    /// The units that must match as whole tokens: all but a prefix term's last.
    var wholeUnits: ArraySlice<String> { isPrefix ? units.dropLast() : units[...] }
}

/// What a search asks FTS5: complete tokens, and the last term's last token as a
/// prefix; and which terms Swift must check.
struct MatchPlan: Equatable {
    /// Groups of phrases that must match as whole tokens (one phrase each, or a typo
    /// plan's term ORed with its alternatives).
    var complete: [MatchGroup]
    /// The last term's last token as a prefix phrase (`"mou"*`), if it is one (in a typo
    /// plan, ORed with its alternatives).
    var prefix: MatchGroup?
    /// Characters of the prefix token.
    var prefixLength: Int
    /// The prefix token, folded.
    var prefixToken: [UInt8]
    /// The user's terms.
    var terms: [SearchTerm]
    /// For each term, the phrase (an index into `complete`, or `complete.count` for the
    /// prefix) whose match decides it; `nil` for a term of several tokens, which
    /// ``TermMatcher`` checks on each candidate.
    var termPhrases: [Int?]

    /// Prefixes this short are in `items_head`'s prefix index (see ``Schema``).
    static let headPrefixLimit = 3

    /// How a prefix after complete terms is found (see ``CandidateSearch``).
    enum PrefixPath: Equatable {
        /// The complete terms drive and ``PrefixVerifier`` checks the prefix in Swift.
        case swiftCheck
        /// The complete terms' matches in `items_fts` and the prefix's in `items_head`
        /// are walked side by side: from its prefix index up to ``headPrefixLimit``
        /// characters, else from FTS5's merge of the prefix's words in `items_head`
        /// alone (their heavy-field postings, about a fifth of all).
        case headWalk
        /// FTS5 gets the whole expression in `items_fts` and merges the lists of every
        /// word the prefix starts.
        case merge
    }

    /// The way a prefix after complete terms is found: set by ``CandidateSearch`` from
    /// the ``Vocabulary``'s counts, whichever is expected to cost least
    /// (``CostModel/prefixPathCosts(prefixPostings:completeRows:items:want:prefixIsIndexed:)``). A rare
    /// 3-letter prefix after a frequent word (`the mou`) made the Swift check give up
    /// after 2000 rows, where FTS5 merges its words once in about 1 ms; a frequent one
    /// (`and con`, 11 ms in FTS5) is found in the first few hundred rows; a rare word's
    /// few matches (`wrecking sta`) are checked in well under a millisecond. At 1M items
    /// the same holds for longer prefixes: FTS5 merged `inte*`'s 228k postings for 30–40
    /// ms after `fluttery`, whose 766 matches are checked in a few.
    private(set) var prefixPath = PrefixPath.swiftCheck

    /// How many rows the complete terms match at most, when the cost rule chose the walk
    /// of both lists on the word list's counts (``PrefixPath/headWalk``): the walk
    /// checks its share of heavy matches against it and gives up for FTS5's merge when
    /// they will not fill the page. `nil` when the path was forced or not chosen so.
    private(set) var walkExpectsRows: Int?

    /// Whether the search looks for the prefix in `items_head` first: whenever there is
    /// one (see ``CandidateSearch``).
    var usesHead: Bool { prefix != nil }

    /// Whether `items_head` answers the prefix from its prefix index, like one term.
    var prefixIsIndexed: Bool { prefix != nil && prefixLength <= Self.headPrefixLimit }

    /// Whether the passes ask `items_head` for the prefix (alone, or joined by rowid to
    /// the complete terms' matches) before `items_fts` (see
    /// ``CandidateSearch/sources(for:path:)``) when the prefix is found by `path`: a
    /// prefix typed alone, or one after complete terms not left to FTS5's merge.
    func looksInHeadFirst(taking path: PrefixPath) -> Bool {
        usesHead && !mergesPrefixAlone && (complete.isEmpty || path != .merge)
    }

    /// Whether a prefix typed alone is found by FTS5's merge in `items_fts`, in one walk
    /// that tells heavy matches by their locator and counts as it goes, rather than in
    /// `items_head` first: set for a typo plan whose alternatives are expected to hold
    /// less than a page of heavy matches (``CandidateSearch``'s `typoPlan(for:vocabulary:items:want:)`).
    private(set) var mergesPrefixAlone = false

    /// How many rows a typo plan's complete terms match at most, and how many postings
    /// its prefix has, when the planner chose to search those rows for the prefix in
    /// Swift rather than have FTS5 merge it (``AccessStep/typoPrefixCheck``).
    private(set) var checksTypoPrefix: PrefixCheck?

    /// The counts behind ``checksTypoPrefix``.
    struct PrefixCheck: Equatable {
        var rows: Int
        var postings: Int
    }

    /// This plan with the planner's choice of the prefix's path; the planner
    /// (`CandidateSearch+Planning.swift`) makes its choices once, before a row is read,
    /// and the executor never changes them (a path that gives up takes its
    /// ``AccessStep/fallback``).
    func taking(_ path: PrefixPath, walkExpectsRows: Int? = nil) -> MatchPlan {
        var plan = self
        plan.prefixPath = path
        plan.walkExpectsRows = walkExpectsRows
        return plan
    }

    /// This plan with the planner's choice of ``mergesPrefixAlone``.
    func mergingPrefixAlone(_ merges: Bool) -> MatchPlan {
        var plan = self
        plan.mergesPrefixAlone = merges
        return plan
    }

    /// This plan with the planner's choice of ``checksTypoPrefix``.
    func checkingTypoPrefix(_ check: PrefixCheck?) -> MatchPlan {
        var plan = self
        plan.checksTypoPrefix = check
        return plan
    }

    /// Whether some term needs ``TermMatcher``'s check.
    var needsCheck: Bool { termPhrases.contains(nil) }

    /// How many phrases the plan has; the prefix, if any, is the last.
    var phraseCount: Int { complete.count + (prefix == nil ? 0 : 1) }

    /// All groups AND-ed, the prefix last.
    var expression: MatchExpression { MatchExpression(complete + (prefix.map { [$0] } ?? [])) }

    /// The complete groups AND-ed, or `nil` when there are none.
    var completeExpression: MatchExpression? { complete.isEmpty ? nil : MatchExpression(complete) }
}

extension MatchPlan {
    /// Makes the last term's last token the plan's prefix (search as you type), unless
    /// it is a CJK character, which is a whole token already.
    fileprivate mutating func makeLastTokenPrefix() {
        let lastToken = terms.last!.tokens.last!
        guard !CJKText.isCJKToken(lastToken) else { return }
        terms[terms.count - 1].isPrefix = true
        prefix = MatchGroup(MatchPhrase(token: String(decoding: lastToken, as: UTF8.self), isPrefix: true))
        prefixToken = lastToken
        prefixLength = String(decoding: lastToken, as: UTF8.self).count
    }

    /// Fills ``complete`` with the terms' whole-token phrases and ``termPhrases`` with
    /// the phrase that decides each term alone.
    fileprivate mutating func numberPhrases() {
        // Phrases of terms FTS5 decides alone (one token) first, so that their column
        // bits stay within the locator's first phrases; duplicates once.
        var phraseIndex: [String: Int] = [:]
        func add(_ phrase: String) -> Int {
            if let known = phraseIndex[phrase] { return known }
            complete.append(MatchGroup(MatchPhrase(token: phrase, isPrefix: false)))
            phraseIndex[phrase] = complete.count - 1
            return complete.count - 1
        }
        let units = terms.map(\.units)
        var termPhrases = [Int?](repeating: nil, count: terms.count)
        for (number, term) in terms.enumerated() where !term.isPrefix && units[number].count == 1 {
            termPhrases[number] = add(units[number][0])
        }
        for (number, term) in terms.enumerated() {
            for unit in term.isPrefix ? units[number].dropLast() : units[number][...] { _ = add(unit) }
        }
        if let last = terms.last, last.isPrefix, units[terms.count - 1].count == 1 {
            termPhrases[terms.count - 1] = complete.count
        }
        // A term whose phrase is past the locator's reach is checked in Swift instead.
        self.termPhrases = termPhrases.map { phrase in phrase.flatMap { $0 < PhraseLocator.maximumPhrases ? $0 : nil } }
    }
}
