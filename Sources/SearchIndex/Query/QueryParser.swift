/// Builds a ``QueryExpression`` from tokens by recursive descent; `&&` binds tighter than `||`.
///
/// Grammar:
/// ```
/// query      := or END
/// or         := and ('||' and)*
/// and        := primary ('&&' primary)*
/// primary    := '(' or ')' | 'InRange' '(' attribute ',' value ',' value ')' | attribute op value
/// attribute  := NAME | 'attributes.' NAME | '*'
/// value      := STRING | NUMBER | 'true' | 'false' | '$time.' NAME ['(' (NUMBER | STRING) ')']
/// ```
struct QueryParser {
    private let tokens: [QueryToken]
    private var index = 0
    private var depth = 0
    private var comparisons = 0

    /// Parses `text` completely, or throws the first problem with its position.
    static func parse(_ text: String) throws -> QueryExpression {
        var lexer = try QueryLexer(text)
        var parser = QueryParser(tokens: try lexer.tokens())
        if parser.current.kind == .end {
            throw QueryLanguageError("expected a comparison such as title == \"word\" (the query is empty)", position: 0)
        }
        let expression = try parser.parseOr()
        if parser.current.kind != .end {
            throw parser.unexpected("expected '&&', '||' or the end of the query")
        }
        return expression
    }

    private init(tokens: [QueryToken]) {
        self.tokens = tokens
    }

    private var current: QueryToken { tokens[index] }

    private mutating func advance() -> QueryToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func unexpected(_ expectation: String) -> QueryLanguageError {
        if current.kind == .end {
            return QueryLanguageError(expectation, position: current.position)
        }
        return QueryLanguageError("\(expectation) but found \(current.display)", position: current.position)
    }

    private mutating func expect(_ kind: QueryToken.Kind, _ expectation: String) throws {
        guard current.kind == kind else { throw unexpected(expectation) }
        _ = advance()
    }

    private mutating func parseOr() throws -> QueryExpression {
        var operands = [try parseAnd()]
        while current.kind == .or {
            _ = advance()
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws -> QueryExpression {
        var operands = [try parsePrimary()]
        while current.kind == .and {
            _ = advance()
            operands.append(try parsePrimary())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    private mutating func parsePrimary() throws -> QueryExpression {
        let start = current
        switch start.kind {
        case .openParen:
            depth += 1
            if depth > QueryLimits.maxDepth {
                throw QueryLanguageError(
                    "parentheses are nested deeper than \(QueryLimits.maxDepth) levels", position: start.position)
            }
            _ = advance()
            let inner = try parseOr()
            guard current.kind == .closeParen else {
                throw unexpected("expected '&&', '||' or ')' to close the '(' at position \(start.position)")
            }
            _ = advance()
            depth -= 1
            return inner
        case .word("InRange") where tokens[index + 1].kind == .openParen:
            return try parseInRange()
        default:
            return try parseComparison()
        }
    }

    private mutating func countComparison(at position: Int) throws {
        comparisons += 1
        if comparisons > QueryLimits.maxComparisons {
            throw QueryLanguageError(
                "a query may hold at most \(QueryLimits.maxComparisons) comparisons", position: position)
        }
    }

    private mutating func parseComparison() throws -> QueryExpression {
        let attributeToken = current
        let attribute = try parseAttribute()
        try countComparison(at: attributeToken.position)
        guard case .comparison(let op) = current.kind else {
            throw unexpected("expected an operator (==, !=, <, >, <=, >=) after \(attributeToken.display)")
        }
        _ = advance()
        let valueToken = current
        let value = try parseValue(after: "'\(op.rawValue)'")
        if let problem = QueryTypeCheck.problem(attribute, op, value) {
            throw QueryLanguageError(problem, position: valueToken.position)
        }
        return .comparison(attribute, op, value)
    }

    private mutating func parseInRange() throws -> QueryExpression {
        let start = advance()  // InRange
        try countComparison(at: start.position)
        _ = advance()  // (
        let attribute = try parseAttribute()
        try expect(.comma, "expected ',' after the attribute of InRange")
        let lowToken = current
        let low = try parseValue(after: "'InRange(\(attribute.name),'")
        try expect(.comma, "expected ',' after the low end of InRange")
        let highToken = current
        let high = try parseValue(after: "the low end of InRange")
        try expect(.closeParen, "expected ')' to close the InRange at position \(start.position)")
        if let problem = QueryTypeCheck.problem(attribute, .greaterOrEqual, low) {
            throw QueryLanguageError(problem, position: lowToken.position)
        }
        if let problem = QueryTypeCheck.problem(attribute, .lessOrEqual, high) {
            throw QueryLanguageError(problem, position: highToken.position)
        }
        if let problem = QueryTypeCheck.rangeProblem(low: low, high: high) {
            throw QueryLanguageError(problem, position: highToken.position)
        }
        return .inRange(attribute, low: low, high: high)
    }

    private mutating func parseAttribute() throws -> QueryAttribute {
        let token = current
        switch token.kind {
        case .star:
            _ = advance()
            return .anyText
        case .word(let name):
            _ = advance()
            if let attribute = QueryAttribute.builtIn[name] { return attribute }
            let custom = name.hasPrefix("attributes.") ? name.dropFirst("attributes.".count) : Substring(name)
            guard QueryAttribute.isCustomName(custom) else {
                throw QueryLanguageError(
                    "'\(name)' is not an attribute name (custom attributes are [A-Za-z0-9_]+, "
                        + "or attributes.NAME)", position: token.position)
            }
            return .custom(String(custom))
        default:
            throw unexpected("expected an attribute name, '*', 'InRange(' or '('")
        }
    }

    private mutating func parseValue(after context: String) throws -> QueryValue {
        let token = current
        switch token.kind {
        case .text(let text):
            _ = advance()
            return .text(text)
        case .integer(let value):
            _ = advance()
            return .integer(value)
        case .real(let value):
            _ = advance()
            return .real(value)
        case .word("true"):
            _ = advance()
            return .boolean(true)
        case .word("false"):
            _ = advance()
            return .boolean(false)
        case .time(let name):
            _ = advance()
            return .time(try parseTime(name, at: token.position))
        default:
            throw unexpected("expected a value after \(context)")
        }
    }

    /// The optional parenthesized argument of a `$time` value.
    private enum TimeArgument {
        case none
        case number(Double, isInteger: Bool, position: Int)
        case text(QueryText, position: Int)
    }

    private mutating func parseTimeArgument(_ name: String) throws -> TimeArgument {
        guard current.kind == .openParen else { return .none }
        _ = advance()
        let token = current
        let argument: TimeArgument
        switch token.kind {
        case .integer(let value): argument = .number(Double(value), isInteger: true, position: token.position)
        case .real(let value): argument = .number(value, isInteger: false, position: token.position)
        case .text(let text): argument = .text(text, position: token.position)
        default: throw unexpected("expected an offset after '$time.\(name)('")
        }
        _ = advance()
        try expect(.closeParen, "expected ')' after the argument of $time.\(name)")
        return argument
    }

    private mutating func parseTime(_ name: String, at position: Int) throws -> QueryTime {
        let argument = try parseTimeArgument(name)
        func whole(_ unit: String, limit: Int) throws -> Int {
            switch argument {
            case .none: return 0
            case .number(let value, let isInteger, let at):
                guard isInteger, abs(value) <= Double(limit) else {
                    throw QueryLanguageError(
                        "the offset of $time.\(name) must be a whole number of \(unit) "
                            + "between -\(limit) and \(limit)", position: at)
                }
                return Int(value)
            case .text(_, let at):
                throw QueryLanguageError("the offset of $time.\(name) must be a number of \(unit)", position: at)
            }
        }
        switch name {
        case "now":
            switch argument {
            case .none: return .now(offsetSeconds: 0)
            case .number(let value, _, let at):
                guard abs(value) <= 400_000_000_000 else {
                    throw QueryLanguageError(
                        "the offset of $time.now must be seconds between -4e11 and 4e11", position: at)
                }
                return .now(offsetSeconds: value)
            case .text(_, let at):
                throw QueryLanguageError("the offset of $time.now must be a number of seconds", position: at)
            }
        case "today": return .today(offsetDays: try whole("days", limit: 4_000_000))
        case "yesterday": return .yesterday(offsetDays: try whole("days", limit: 4_000_000))
        case "this_week": return .thisWeek(offsetWeeks: try whole("weeks", limit: 600_000))
        case "this_month": return .thisMonth(offsetMonths: try whole("months", limit: 130_000))
        case "this_year": return .thisYear(offsetYears: try whole("years", limit: 10_000))
        case "iso":
            guard case .text(let text, let at) = argument else {
                throw QueryLanguageError(
                    "expected a quoted date after $time.iso, like $time.iso(\"2026-01-31T00:00:00Z\")", position: position)
            }
            guard text.modifiers.isEmpty, !text.hasWildcard, text.pieces.count == 1,
                  case .literal(let literal) = text.pieces[0],
                  let date = QueryISODate(parsing: literal)
            else {
                throw QueryLanguageError(
                    "expected an ISO-8601 date like \"2026-01-31T00:00:00Z\" in $time.iso", position: at)
            }
            return .iso(date)
        default:
            throw QueryLanguageError(
                "unknown date '$time.\(name)' (expected now, today, yesterday, this_week, this_month, "
                    + "this_year or iso)", position: position)
        }
    }
}
