/// Splits a query string into ``QueryToken``s, decoding quoted values, escapes and numbers.
///
/// Whitespace separates tokens and is otherwise ignored. Inside quotes, `\*` is a
/// literal star, `\"` a quote and `\\` a backslash; an unescaped `*` is a wildcard.
/// Modifier letters must follow the closing quote directly (`"paris"cd`).
struct QueryLexer {
    private let scalars: [Unicode.Scalar]
    /// UTF-16 offset of each scalar, plus the total length at the end.
    private let offsets: [Int]
    private var index = 0

    /// Prepares to lex `text`, refusing text that is too long or holds NUL.
    init(_ text: String) throws {
        let utf16Count = text.utf16.count
        if utf16Count > QueryLimits.maxLength {
            throw QueryLanguageError(
                "the query is longer than \(QueryLimits.maxLength) characters", position: QueryLimits.maxLength)
        }
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.value == 0 {
                throw QueryLanguageError("a query may not contain a NUL character", position: offset)
            }
            scalars.append(scalar)
            offsets.append(offset)
            offset += scalar.utf16.count
        }
        offsets.append(offset)
        self.scalars = scalars
        self.offsets = offsets
    }

    /// All tokens of the query, ending with `.end`.
    mutating func tokens() throws -> [QueryToken] {
        var tokens: [QueryToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var position: Int { offsets[index] }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    private mutating func next() throws -> QueryToken {
        while let scalar = peek(), scalar.properties.isWhitespace { index += 1 }
        let start = position
        guard let scalar = peek() else { return QueryToken(kind: .end, position: start) }
        func single(_ kind: QueryToken.Kind) -> QueryToken {
            index += 1
            return QueryToken(kind: kind, position: start)
        }
        func double(_ kind: QueryToken.Kind) -> QueryToken {
            index += 2
            return QueryToken(kind: kind, position: start)
        }
        switch scalar {
        case "(": return single(.openParen)
        case ")": return single(.closeParen)
        case ",": return single(.comma)
        case "*": return single(.star)
        case "\"": return try text()
        case "$": return try time()
        case "=":
            if peek(1) == "=" { return double(.comparison(.equal)) }
            throw QueryLanguageError("expected '==' (a single '=' is not an operator)", position: start)
        case "!":
            if peek(1) == "=" { return double(.comparison(.notEqual)) }
            throw QueryLanguageError("expected '!=' ('!' alone is not an operator)", position: start)
        case "<":
            if peek(1) == "=" { return double(.comparison(.lessOrEqual)) }
            return single(.comparison(.less))
        case ">":
            if peek(1) == "=" { return double(.comparison(.greaterOrEqual)) }
            return single(.comparison(.greater))
        case "&":
            if peek(1) == "&" { return double(.and) }
            throw QueryLanguageError("expected '&&' (a single '&' is not an operator)", position: start)
        case "|":
            if peek(1) == "|" { return double(.or) }
            throw QueryLanguageError("expected '||' (a single '|' is not an operator)", position: start)
        case "-", "0"..."9":
            return try number()
        default:
            if Self.isNameStart(scalar) { return word() }
            throw QueryLanguageError("unexpected character '\(Character(scalar))'", position: start)
        }
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "."
    }

    private mutating func word() -> QueryToken {
        let start = position
        var name = ""
        while let scalar = peek(), Self.isNameContinuation(scalar) {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        return QueryToken(kind: .word(name), position: start)
    }

    private mutating func number() throws -> QueryToken {
        let start = position
        var literal = ""
        func digits() -> Bool {
            var any = false
            while let scalar = peek(), ("0"..."9").contains(scalar) {
                literal.unicodeScalars.append(scalar)
                index += 1
                any = true
            }
            return any
        }
        var isInteger = true
        if peek() == "-" {
            literal = "-"
            index += 1
        }
        guard digits() else {
            throw QueryLanguageError("expected a digit after '-'", position: position)
        }
        if peek() == "." {
            literal += "."
            index += 1
            isInteger = false
            guard digits() else {
                throw QueryLanguageError("expected a digit after '.'", position: position)
            }
        }
        if let scalar = peek(), scalar == "e" || scalar == "E" {
            literal += "e"
            index += 1
            isInteger = false
            if let sign = peek(), sign == "+" || sign == "-" {
                literal.unicodeScalars.append(sign)
                index += 1
            }
            guard digits() else {
                throw QueryLanguageError("expected the digits of an exponent", position: position)
            }
        }
        if isInteger, let value = Int64(literal) {
            return QueryToken(kind: .integer(value), position: start)
        }
        guard let value = Double(literal), value.isFinite else {
            throw QueryLanguageError("the number \(literal) is out of range", position: start)
        }
        return QueryToken(kind: .real(value), position: start)
    }

    private mutating func text() throws -> QueryToken {
        let start = position
        index += 1  // opening quote
        var pieces: [QueryText.Piece] = []
        var literal = ""
        while true {
            guard let scalar = peek() else {
                throw QueryLanguageError(
                    "expected '\"' to close the string that starts at position \(start)", position: position)
            }
            if scalar == "\"" {
                index += 1
                break
            }
            if scalar == "\\" {
                guard let escaped = peek(1), escaped == "*" || escaped == "\"" || escaped == "\\" else {
                    throw QueryLanguageError(
                        "expected '*', '\"' or '\\' after '\\' (the escapes are \\*, \\\" and \\\\)", position: position)
                }
                literal.unicodeScalars.append(escaped)
                index += 2
                continue
            }
            if scalar == "*" {
                pieces.append(.literal(literal))
                literal = ""
                pieces.append(.wildcard)
            } else {
                literal.unicodeScalars.append(scalar)
            }
            index += 1
        }
        pieces.append(.literal(literal))
        var modifiers: QueryModifiers = []
        while let scalar = peek(), Self.isNameStart(scalar) {
            guard let modifier = QueryModifiers(letter: Character(scalar)) else {
                throw QueryLanguageError(
                    "unknown modifier '\(Character(scalar))' (expected c, d, w or t)", position: position)
            }
            modifiers.insert(modifier)
            index += 1
        }
        return QueryToken(kind: .text(QueryText(pieces: pieces, modifiers: modifiers)), position: start)
    }

    private mutating func time() throws -> QueryToken {
        let start = position
        let prefix: [Unicode.Scalar] = ["$", "t", "i", "m", "e", "."]
        for (ahead, expected) in prefix.enumerated() where peek(ahead) != expected {
            throw QueryLanguageError("expected '$time.' to start a date", position: start)
        }
        index += prefix.count
        var name = ""
        while let scalar = peek(), Self.isNameStart(scalar) || ("0"..."9").contains(scalar) {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        return QueryToken(kind: .time(name), position: start)
    }
}
