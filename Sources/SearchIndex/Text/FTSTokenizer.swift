/// FTS5's own tokenizer as the index's tables use it (``Schema/tokenizer``), called
/// from Swift.
///
/// With `detail=column` (see ``Schema``) FTS5 keeps no token positions, so adjacency
/// (`e-mail`, a run of Chinese characters) is checked in Swift on the candidates'
/// text. That check and the query's tokens must split and fold text exactly as the
/// index did, so both go through the very tokenizer the tables use
/// (``FTS5Tokenizer``), instead of a Swift imitation of its character classes.
///
/// An instance is cheap and not thread-safe (it keeps a folding buffer), so each user
/// makes its own.
final class FTSTokenizer {
    /// Folded tokens of one text, in order: `bytes[ranges[i]]` is token `i`, and
    /// `offsets[i]` its byte range in the tokenized text.
    typealias Tokens = FTS5Tokens

    /// The tables' tokenizer module with their arguments, found once per process.
    private static let factory: FTS5Tokenizer.Factory? = {
        let words = Schema.tokenizer.split(separator: " ").map(String.init)
        return FTS5Tokenizer.Factory(name: words[0], arguments: Array(words.dropFirst()))
    }()

    private let tokenizer: FTS5Tokenizer

    /// A tokenizer configured like the index's tables, or `nil` if this SQLite lacks FTS5.
    init?() {
        guard let tokenizer = Self.factory?.make() else { return nil }
        self.tokenizer = tokenizer
    }

    /// The folded tokens of `text` (UTF-8 bytes).
    func tokens(_ text: UnsafeBufferPointer<UInt8>) -> Tokens {
        tokenizer.tokens(text)
    }

    /// The folded tokens of `text` written over `tokens`, reusing its arrays.
    func tokens(_ text: UnsafeBufferPointer<UInt8>, into tokens: inout Tokens) {
        tokenizer.tokens(text, into: &tokens)
    }

    /// The folded tokens of `text`.
    func tokens(_ text: String) -> Tokens {
        var text = text
        return text.withUTF8 { tokens($0) }
    }
}
