/// Checks in Swift whether a short prefix starts a word of an item's heavy fields.
///
/// For a query like `house a`, asking FTS5 for `"a"*` row by row costs a seek in the
/// huge list of words starting with `a` for every `house` match (20 ms at 100k items).
/// The complete term drives the loop instead, and this check reads the title, names
/// and keywords the candidate lookup fetches anyway, folded as the query language
/// folds text (case and diacritics).
struct PrefixVerifier {
    private let folding = TextFolding(caseInsensitive: true, diacriticInsensitive: true)
    private let prefix: [UInt8]

    /// A verifier for a prefix that is a single run of letters and digits, else `nil`.
    init?(plan: MatchPlan, userText: String) {
        guard plan.usesHead, let last = userText.split(whereSeparator: { $0.isWhitespace }).last,
              last.allSatisfy({ $0.isLetter || $0.isNumber })
        else { return nil }
        prefix = TextFolding(caseInsensitive: true, diacriticInsensitive: true).fold(String(last))
        guard !prefix.isEmpty else { return nil }
    }

    /// The FTS column bits (title 1, names 2, keywords 4) whose text has a word
    /// starting with the prefix, plus ``MatchLocator/titleStartBit`` when the title's
    /// first word does; 0 when none does.
    func locate(title: String?, names: [String], keywords: [String]) -> Int64 {
        var result: Int64 = 0
        if let title {
            let found = wordStarts(in: title)
            if found.any { result |= 1 }
            if found.first { result |= MatchLocator.titleStartBit }
        }
        if names.contains(where: { wordStarts(in: $0).any }) { result |= 2 }
        if keywords.contains(where: { wordStarts(in: $0).any }) { result |= 4 }
        return result
    }

    /// The FTS column bits (description 8, text content 16) whose text has a word
    /// starting with the prefix; 0 when none does.
    func locate(description: String?, textContent: String?) -> Int64 {
        var result: Int64 = 0
        if let description, wordStarts(in: description).any { result |= 8 }
        if let textContent, wordStarts(in: textContent).any { result |= 16 }
        return result
    }

    private func wordStarts(in text: String) -> (any: Bool, first: Bool) {
        var text = text
        let folded = text.withUTF8 { folding.foldWords($0) }
        var any = false
        var first = false
        for (index, word) in folded.words.enumerated() where word.count >= prefix.count {
            if folded.bytes[word.lowerBound ..< word.lowerBound + prefix.count].elementsEqual(prefix) {
                any = true
                if index == 0 { first = true }
                break
            }
        }
        return (any, first)
    }
}
