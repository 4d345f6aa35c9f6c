import Foundation

/// Prepares text for the FTS5 `unicode61` tokenizer, and user input for `MATCH`.
///
/// `unicode61 remove_diacritics 2` folds case and diacritics in C, but it treats a
/// run of Chinese, Japanese or Korean characters as one token, so `新闻` could not
/// find `腾讯新闻`. Before text reaches FTS5 (when indexing, when deleting from the
/// contentless table, and when querying) every CJK character becomes its own token by
/// putting spaces around it. A CJK query is then a phrase of single characters
/// (`"新 闻"`), which matches a substring from one character up.
enum SearchText {
    /// `text` with a space on each side of every CJK character.
    ///
    /// Text without any three- or four-byte UTF-8 sequence (all Latin, Greek,
    /// Cyrillic…) has no CJK and is returned as is, without scanning scalars.
    static func segmented(_ text: String) -> String {
        let utf8 = text.utf8
        let hasWide = utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 >= 0xE0 } }
            ?? utf8.contains { $0 >= 0xE0 }
        guard hasWide else { return text }
        var scalars = String.UnicodeScalarView()
        var previousWasCJK = false
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                if !previousWasCJK { scalars.append(" ") }
                scalars.append(scalar)
                scalars.append(" ")
                previousWasCJK = true
            } else {
                scalars.append(scalar)
                previousWasCJK = false
            }
        }
        return String(scalars)
    }

    /// Whether a scalar belongs to a script written without spaces between words
    /// (Han, Hiragana, Katakana, Hangul, Bopomofo).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF,  // Hangul Jamo
             0x2E80...0x2FDF,  // CJK radicals, Kangxi radicals
             0x3040...0x30FF,  // Hiragana, Katakana (with ー)
             0x3100...0x312F,  // Bopomofo
             0x3130...0x318F,  // Hangul compatibility Jamo
             0x31F0...0x31FF,  // Katakana phonetic extensions
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xAC00...0xD7AF,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFF66...0xFF9F,  // half-width Katakana
             0x20000...0x3134F:  // CJK extensions B–G
            return true
        default:
            return false
        }
    }

    /// The FTS5 phrases for what a user typed, or `nil` when it holds no searchable
    /// character.
    ///
    /// Each whitespace-separated term becomes a quoted phrase (so punctuation and
    /// FTS5 operators in user text are plain text: `e-mail` is the phrase `e mail`),
    /// and the last one is a prefix (search as you type), unless it ends in a CJK
    /// character, which is a whole token already. All phrases must match.
    static func plan(for userText: String) -> MatchPlan? {
        let terms = terms(of: userText)
        guard let last = terms.last else { return nil }
        func phrase(_ term: Substring) -> String {
            "\"" + segmented(String(term)).replacingOccurrences(of: "\"", with: "\"\"").trimmingSpaces() + "\""
        }
        var plan = MatchPlan(complete: terms.dropLast().map(phrase), prefix: nil, prefixLength: 0)
        if last.unicodeScalars.last.map(isCJK) ?? false {
            plan.complete.append(phrase(last))
        } else {
            plan.prefix = phrase(last) + "*"
            // The prefix applies to the term's last token: its trailing run of letters and digits.
            plan.prefixLength = last.reversed().prefix { $0.isLetter || $0.isNumber }.count
        }
        return plan
    }

    /// The FTS5 `MATCH` expression for what a user typed (every phrase, the last a
    /// prefix), or `nil` when it holds no searchable character.
    static func matchExpression(for userText: String) -> String? {
        plan(for: userText)?.expression
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
    private static func terms(of userText: String) -> [Substring] {
        userText.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" }).filter { term in
            term.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
    }
}

/// What a search asks FTS5: complete terms, and the last term as a prefix.
struct MatchPlan: Equatable {
    /// Quoted phrases that must match as whole tokens, in the user's order.
    var complete: [String]
    /// The last term as a quoted prefix phrase (`"mou"*`), if it is one.
    var prefix: String?
    /// Characters of the prefix's last token.
    var prefixLength: Int

    /// Prefixes this short are in `items_head`'s prefix index (see ``Schema``).
    static let headPrefixLimit = 3

    /// Whether the search looks for the prefix in `items_head` first: whenever there is
    /// one (see ``CandidateSearch``).
    var usesHead: Bool { prefix != nil }

    /// Whether `items_head` answers the prefix from its prefix index, like one term.
    var prefixIsIndexed: Bool { prefix != nil && prefixLength <= Self.headPrefixLimit }

    /// How many phrases the plan has; the prefix, if any, is the last.
    var phraseCount: Int { complete.count + (prefix == nil ? 0 : 1) }

    /// All phrases AND-ed, for `items_fts`.
    var expression: String { (complete + (prefix.map { [$0] } ?? [])).joined(separator: " AND ") }

    /// The complete phrases AND-ed, or `nil` when there are none.
    var completeExpression: String? { complete.isEmpty ? nil : complete.joined(separator: " AND ") }
}

extension String {
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " { view.removeFirst() }
        while view.last == " " { view.removeLast() }
        return String(view)
    }

}
