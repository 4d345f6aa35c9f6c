extension QueryText {
    /// The pieces as one string bound to `searchlight_match`: `*` is a wildcard,
    /// `\*` a literal star and `\\` a literal backslash.
    var encodedPattern: String {
        var encoded = ""
        for piece in pieces {
            switch piece {
            case .wildcard:
                encoded += "*"
            case .literal(let text):
                for scalar in text.unicodeScalars {
                    if scalar == "*" || scalar == "\\" { encoded += "\\" }
                    encoded.unicodeScalars.append(scalar)
                }
            }
        }
        return encoded
    }

    /// The pieces of an ``encodedPattern``, or `nil` when it ends in a lone `\`.
    static func pieces(decoding encoded: String) -> [Piece]? {
        var pieces: [Piece] = []
        var literal = ""
        var escaping = false
        for scalar in encoded.unicodeScalars {
            if escaping {
                literal.unicodeScalars.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "*" {
                pieces.append(.literal(literal))
                literal = ""
                pieces.append(.wildcard)
            } else {
                literal.unicodeScalars.append(scalar)
            }
        }
        guard !escaping else { return nil }
        pieces.append(.literal(literal))
        return QueryText(pieces: pieces).pieces
    }

    /// The text of a value without wildcards (what ordering comparisons compare with).
    var literalText: String {
        pieces.reduce(into: "") { text, piece in
            if case .literal(let literal) = piece { text += literal }
        }
    }
}
