/// One lexical unit of a query, with where it starts.
struct QueryToken: Equatable {
    /// What the token is.
    var kind: Kind
    /// The 0-based UTF-16 offset of its first character.
    var position: Int

    enum Kind: Equatable {
        /// A name: `title`, `InRange`, `true`, `attributes.servings`.
        case word(String)
        /// A quoted value with its modifiers.
        case text(QueryText)
        case integer(Int64)
        case real(Double)
        /// `$time.NAME` (the part after `$time.`).
        case time(String)
        /// `==` `!=` `<` `>` `<=` `>=`.
        case comparison(QueryOperator)
        case and, or, openParen, closeParen, comma, star
        case end
    }

    /// How the token reads in an error message (`'&&'`, `the end of the query`).
    var display: String {
        switch kind {
        case .word(let name): return "'\(name)'"
        case .text: return "a quoted string"
        case .integer, .real: return "a number"
        case .time(let name): return "'$time.\(name)'"
        case .comparison(let op): return "'\(op.rawValue)'"
        case .and: return "'&&'"
        case .or: return "'||'"
        case .openParen: return "'('"
        case .closeParen: return "')'"
        case .comma: return "','"
        case .star: return "'*'"
        case .end: return "the end of the query"
        }
    }
}
