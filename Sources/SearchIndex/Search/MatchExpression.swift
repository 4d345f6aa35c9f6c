/// One token FTS5 is asked for: folded, whole or as a prefix (`"mou"*`).
struct MatchPhrase: Hashable {
    /// The folded token (letters and digits: the tokenizer's output).
    var token: String
    var isPrefix: Bool

    /// The phrase as FTS5 text, its quotes doubled.
    var text: String { SearchText.quoted(token) + (isPrefix ? "*" : "") }
}

/// Phrases ORed together: a term alone, or a term with its typo alternatives, the term
/// as typed first (the locator's typed entry reads it, ``LocatorLayout``).
struct MatchGroup: Equatable {
    let phrases: [MatchPhrase]
    /// The group as FTS5 text: `"word"`, or `("word" OR "ward" OR "wor"*)`. Rendered
    /// once: a typo plan's groups are asked in several statements.
    let text: String

    init(_ phrases: [MatchPhrase]) {
        precondition(!phrases.isEmpty, "a group has a phrase")
        self.phrases = phrases
        text = phrases.count == 1 ? phrases[0].text : "(" + phrases.map(\.text).joined(separator: " OR ") + ")"
    }

    init(_ phrase: MatchPhrase) {
        self.init([phrase])
    }

    /// The term as typed.
    var typed: MatchPhrase { phrases[0] }
}

/// What a search asks FTS5, as a tree: groups ANDed (``MatchGroup``). The one place
/// that renders FTS5's MATCH text and the ``LocatorLayout`` that tells
/// `searchlight_match` which phrases make each group, so the two cannot disagree.
struct MatchExpression: Equatable {
    var groups: [MatchGroup]

    init(_ groups: [MatchGroup]) {
        self.groups = groups
    }

    /// The MATCH text for every field.
    var text: String { groups.map(\.text).joined(separator: " AND ") }

    /// The MATCH text for the heavy fields only (title, names, keywords).
    var heavyFieldsText: String { "{title names keywords} : (\(text))" }

    /// Whether the locator has an entry for every group.
    var fitsLocator: Bool { groups.count <= PhraseLocator.maximumPhrases }

    /// The layout of the locator for these groups, with each group's typed phrase
    /// recorded too when `recordingTyped` and there is room; `nil` past the locator's
    /// reach.
    func layout(recordingTyped: Bool = false) -> LocatorLayout? {
        guard fitsLocator else { return nil }
        let typed = recordingTyped && 2 * groups.count <= PhraseLocator.maximumPhrases
        return LocatorLayout(sizes: groups.map(\.phrases.count), recordsTyped: typed)
    }
}
