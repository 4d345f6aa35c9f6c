/// Decides whether a value may be compared with an attribute, and says why not.
///
/// Text attributes take quoted strings; `rankingHint` takes numbers; dates take
/// `$time…` or numbers (milliseconds since 1970, as items store them); custom
/// attributes take any value. Wildcards, `true`/`false` and the `w`/`t` modifiers
/// only make sense with `==` and `!=`.
enum QueryTypeCheck {
    /// The reason `attribute op value` is not a valid comparison, or `nil` when it is.
    static func problem(_ attribute: QueryAttribute, _ op: QueryOperator, _ value: QueryValue) -> String? {
        switch (attribute.kind, value) {
        case (.text, .text), (.textArray, .text), (.anyText, .text), (.custom, _):
            break
        case (.number, .integer), (.number, .real), (.date, .integer), (.date, .real), (.date, .time):
            break
        case (.text, _), (.textArray, _), (.anyText, _):
            return "\(attribute.name) holds text; expected a quoted string"
        case (.number, _):
            return "\(attribute.name) holds a number; expected a number"
        case (.date, _):
            return "\(attribute.name) holds a date; expected $time… or milliseconds since 1970"
        }
        if case .real(let number) = value, !number.isFinite {
            return "a number must be finite"
        }
        guard op.isOrdering else { return nil }
        switch value {
        case .boolean:
            return "true and false work only with == and !="
        case .text(let text) where text.hasWildcard:
            return "'*' wildcards work only with == and != (write \\* for a literal star)"
        case .text(let text) where !text.modifiers.isDisjoint(with: [.wordBased, .tokenized]):
            return "the modifiers w and t work only with == and !="
        default:
            return nil
        }
    }

    /// The reason `low` and `high` cannot bound one `InRange`, or `nil` when they can.
    static func rangeProblem(low: QueryValue, high: QueryValue) -> String? {
        switch (low, high) {
        case (.text, .text):
            return nil
        case (.integer, .integer), (.integer, .real), (.integer, .time), (.real, .integer), (.real, .real),
             (.real, .time), (.time, .integer), (.time, .real), (.time, .time):
            return nil
        default:
            return "the two ends of InRange must both be strings or both be numbers or dates"
        }
    }

    /// Checks a whole expression built in code, as the parser checks each comparison.
    static func check(_ expression: QueryExpression) throws {
        var comparisons = 0
        try check(expression, depth: 0, comparisons: &comparisons)
    }

    private static func check(_ expression: QueryExpression, depth: Int, comparisons: inout Int) throws {
        guard depth <= QueryLimits.maxDepth else {
            throw QueryLanguageError("the expression is nested deeper than \(QueryLimits.maxDepth) levels",
                                     position: nil)
        }
        switch expression {
        case .comparison(let attribute, let op, let value):
            comparisons += 1
            if let problem = problem(attribute, op, value) {
                throw QueryLanguageError("\(attribute.name) \(op.rawValue): \(problem)", position: nil)
            }
            try checkName(attribute)
        case .inRange(let attribute, let low, let high):
            comparisons += 1
            if let problem = problem(attribute, .greaterOrEqual, low) ?? problem(attribute, .lessOrEqual, high)
                ?? rangeProblem(low: low, high: high) {
                throw QueryLanguageError("InRange(\(attribute.name), …): \(problem)", position: nil)
            }
            try checkName(attribute)
        case .and(let operands), .or(let operands):
            guard !operands.isEmpty else {
                throw QueryLanguageError("an && or || group needs at least one operand", position: nil)
            }
            for operand in operands {
                try check(operand, depth: depth + 1, comparisons: &comparisons)
            }
        }
        if comparisons > QueryLimits.maxComparisons {
            throw QueryLanguageError(
                "a query may hold at most \(QueryLimits.maxComparisons) comparisons", position: nil)
        }
    }

    private static func checkName(_ attribute: QueryAttribute) throws {
        if case .custom(let name) = attribute, !QueryAttribute.isCustomName(Substring(name)) {
            throw QueryLanguageError("'\(name)' is not a custom attribute name ([A-Za-z0-9_]+)", position: nil)
        }
    }
}
