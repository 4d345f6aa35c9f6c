/// Query-language text for parsed expressions, so an expression can be shown, stored
/// or fed back to the parser: `QueryLanguage.parse(expression.description)` gives back
/// `expression` for anything the parser built (nested groups are parenthesized).
extension QueryExpression: CustomStringConvertible {
    public var description: String {
        switch self {
        case .comparison(let attribute, let op, let value):
            return "\(attribute.name) \(op.rawValue) \(value)"
        case .inRange(let attribute, let low, let high):
            return "InRange(\(attribute.name), \(low), \(high))"
        case .and(let operands):
            return operands.map { $0.operandText }.joined(separator: " && ")
        case .or(let operands):
            return operands.map { $0.operandText }.joined(separator: " || ")
        }
    }

    /// The text of an operand of `&&` or `||`, parenthesized when it is a group itself.
    private var operandText: String {
        switch self {
        case .and, .or: return "(\(description))"
        case .comparison, .inRange: return description
        }
    }
}

extension QueryValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .text(let text): return text.description
        case .integer(let value): return String(value)
        case .real(let value):
            let text = String(value)
            return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
        case .boolean(let value): return value ? "true" : "false"
        case .time(let time): return time.description
        }
    }
}

extension QueryText: CustomStringConvertible {
    /// The value in quotes with `\` escapes, `*` wildcards and its modifier letters.
    public var description: String {
        var text = "\""
        for piece in pieces {
            switch piece {
            case .wildcard:
                text += "*"
            case .literal(let literal):
                for scalar in literal.unicodeScalars {
                    if scalar == "*" || scalar == "\\" || scalar == "\"" { text += "\\" }
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\"" + modifiers.letters
    }
}

extension QueryTime: CustomStringConvertible {
    public var description: String {
        func offset(_ value: Int) -> String { value == 0 ? "" : "(\(value))" }
        switch self {
        case .now(let seconds):
            if seconds == 0 { return "$time.now" }
            return "$time.now(\(seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)))"
        case .today(let days): return "$time.today" + offset(days)
        case .yesterday(let days): return "$time.yesterday" + offset(days)
        case .thisWeek(let weeks): return "$time.this_week" + offset(weeks)
        case .thisMonth(let months): return "$time.this_month" + offset(months)
        case .thisYear(let years): return "$time.this_year" + offset(years)
        case .iso(let date): return "$time.iso(\(QueryText(literal: date.text)))"
        }
    }
}
