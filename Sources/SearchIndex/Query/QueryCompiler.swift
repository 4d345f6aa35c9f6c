import Foundation

/// Turns a ``QueryExpression`` into a boolean SQL expression over the `items` table.
///
/// Every value is a bound parameter; the only text spliced into the SQL is column
/// names, operators and type names fixed in this file. Each comparison evaluates to
/// 0 or 1, never NULL. A missing attribute (NULL column, empty array, absent custom
/// key) matches neither `==` nor `!=`, as in CoreSpotlight. On an array or on `*`,
/// `==` and the ordering operators match when any element matches, and `!=` when
/// the attribute is present and no element equals the value.
struct QueryCompiler {
    private let now: Date
    private let calendar: Calendar
    private(set) var sql = ""
    private(set) var bindings: [QueryBinding] = []

    init(now: Date, calendar: Calendar) {
        self.now = now
        self.calendar = calendar
    }

    /// Appends the SQL of `expression`. `&&`/`||` chains become balanced trees so that
    /// long chains stay far below SQLite's expression depth limit.
    mutating func emit(_ expression: QueryExpression) throws {
        switch expression {
        case .and(let operands): try emitBalanced(operands[...], joiner: " AND ")
        case .or(let operands): try emitBalanced(operands[...], joiner: " OR ")
        case .comparison(let attribute, let op, let value):
            if op == .notEqual {
                try emitNotEqual(attribute, value)
            } else {
                try emitAny(of: sources(of: attribute), test: .compare(op, value))
            }
        case .inRange(let attribute, let low, let high):
            try emitAny(of: sources(of: attribute), test: .range(low, high))
        }
    }

    private mutating func emitBalanced(_ operands: ArraySlice<QueryExpression>, joiner: String) throws {
        if operands.count == 1 {
            try emit(operands[operands.startIndex])
            return
        }
        let middle = operands.startIndex + operands.count / 2
        sql += "("
        try emitBalanced(operands[..<middle], joiner: joiner)
        sql += joiner
        try emitBalanced(operands[middle...], joiner: joiner)
        sql += ")"
    }

    // MARK: Where an attribute's values live

    /// A place in an `items` row holding values of an attribute.
    private enum Source {
        /// A column holding one value (or NULL).
        case column(String)
        /// A column holding a JSON array of strings (or NULL).
        case array(String)
        /// One key of the custom `attributes` object: a value or an array of values.
        case custom(String)
        /// Every string anywhere in the custom `attributes` object.
        case customStrings
    }

    private func sources(of attribute: QueryAttribute) -> [Source] {
        switch attribute {
        case .anyText:
            return QueryAttribute.anyTextMembers.flatMap { sources(of: $0) } + [.customStrings]
        case .title: return [.column("items.title")]
        case .contentDescription: return [.column("items.content_description")]
        case .keywords: return [.array("items.keywords")]
        case .domainIdentifier: return [.column("items.domain")]
        case .uniqueIdentifier: return [.column("items.id")]
        case .contentType: return [.column("items.content_type")]
        case .displayName: return [.column("items.display_name")]
        case .alternateNames: return [.array("items.alternate_names")]
        case .textContent: return [.column("items.text_content")]
        case .url: return [.column("items.url")]
        case .rankingHint: return [.column("items.ranking_hint")]
        case .contentCreationDate: return [.column("items.content_creation_date")]
        case .contentModificationDate: return [.column("items.content_modification_date")]
        case .expirationDate: return [.column("items.expiration_date")]
        case .custom(let name): return [.custom(name)]
        }
    }

    /// What one value must satisfy.
    private enum Test {
        /// `value op operand`, where `op` is never `!=`.
        case compare(QueryOperator, QueryValue)
        /// `low <= value <= high`.
        case range(QueryValue, QueryValue)

        /// The value that decides which JSON types can match.
        var sample: QueryValue {
            switch self {
            case .compare(_, let value), .range(let value, _): return value
            }
        }
    }

    // MARK: Emitting

    /// `attribute != value`: present, and no value equal.
    private mutating func emitNotEqual(_ attribute: QueryAttribute, _ value: QueryValue) throws {
        let sources = sources(of: attribute)
        sql += "(("
        for (index, source) in sources.enumerated() {
            if index > 0 { sql += " OR " }
            emitPresence(source)
        }
        sql += ") AND NOT "
        try emitAny(of: sources, test: .compare(.equal, value))
        sql += ")"
    }

    private mutating func emitPresence(_ source: Source) {
        switch source {
        case .column(let column):
            sql += "\(column) IS NOT NULL"
        case .array(let column):
            sql += "EXISTS (SELECT 1 FROM json_each(\(column)) AS j WHERE j.type = 'text')"
        case .custom(let name):
            sql += "EXISTS (SELECT 1 FROM json_each(items.attributes, ?) AS j WHERE j.type <> 'null')"
            bindings.append(.text(Self.jsonPath(name)))
        case .customStrings:
            sql += "EXISTS (SELECT 1 FROM json_tree(items.attributes) AS j WHERE j.type = 'text')"
        }
    }

    /// 1 when any value of any source passes `test`.
    private mutating func emitAny(of sources: [Source], test: Test) throws {
        if sources.count > 1 { sql += "(" }
        for (index, source) in sources.enumerated() {
            if index > 0 { sql += " OR " }
            try emitAny(of: source, test: test)
        }
        if sources.count > 1 { sql += ")" }
    }

    private mutating func emitAny(of source: Source, test: Test) throws {
        switch source {
        case .column(let column):
            sql += "(\(column) IS NOT NULL AND "
            try emitCondition(on: column, test)
            sql += ")"
        case .array(let column):
            sql += "EXISTS (SELECT 1 FROM json_each(\(column)) AS j WHERE j.type = 'text' AND "
            try emitCondition(on: "j.value", test)
            sql += ")"
        case .custom(let name):
            sql += "EXISTS (SELECT 1 FROM json_each(items.attributes, ?) AS j WHERE "
            bindings.append(.text(Self.jsonPath(name)))
            try emitTypedCondition(test)
            sql += ")"
        case .customStrings:
            sql += "EXISTS (SELECT 1 FROM json_tree(items.attributes) AS j WHERE j.type = 'text' AND "
            try emitCondition(on: "j.value", test)
            sql += ")"
        }
    }

    /// A condition on `j.value` that first checks `j.type` fits the value.
    private mutating func emitTypedCondition(_ test: Test) throws {
        switch test.sample {
        case .boolean(let flag):
            sql += flag ? "j.type = 'true'" : "j.type = 'false'"
        case .text:
            sql += "j.type = 'text' AND "
            try emitCondition(on: "j.value", test)
        case .integer, .real, .time:
            sql += "j.type IN ('integer', 'real') AND "
            try emitCondition(on: "j.value", test)
        }
    }

    /// A condition on a non-NULL SQL value `x`.
    private mutating func emitCondition(on x: String, _ test: Test) throws {
        switch test {
        case .compare(let op, .text(let text)):
            if op == .equal {
                emitTextEquality(on: x, text)
            } else {
                emitTextOrder(on: x, op, text)
            }
        case .compare(let op, let value):
            sql += "\(x) \(Self.sqlOperator(op)) "
            try emitNumber(value)
        case .range(.text(let low), .text(let high)):
            emitTextOrder(on: x, .greaterOrEqual, low)
            sql += " AND "
            emitTextOrder(on: x, .lessOrEqual, high)
        case .range(let low, let high):
            sql += "\(x) >= "
            try emitNumber(low)
            sql += " AND \(x) <= "
            try emitNumber(high)
        }
    }

    private mutating func emitTextEquality(on x: String, _ text: QueryText) {
        if text.modifiers.isEmpty, !text.hasWildcard, text.literalText.utf8.allSatisfy({ $0 < 0x80 }) {
            sql += "\(x) = ?"
            bindings.append(.text(text.literalText))
            return
        }
        sql += "\(QuerySQLFunctions.matchName)(\(x), ?, ?)"
        bindings.append(.text(text.encodedPattern))
        bindings.append(.integer(Int64(text.modifiers.rawValue)))
    }

    private mutating func emitTextOrder(on x: String, _ op: QueryOperator, _ text: QueryText) {
        sql += "\(QuerySQLFunctions.compareName)(\(x), ?, ?) \(Self.sqlOperator(op)) 0"
        bindings.append(.text(text.literalText))
        let folding = text.modifiers.intersection([.caseInsensitive, .diacriticInsensitive])
        bindings.append(.integer(Int64(folding.rawValue)))
    }

    private mutating func emitNumber(_ value: QueryValue) throws {
        sql += "?"
        switch value {
        case .integer(let number):
            bindings.append(.integer(number))
        case .real(let number):
            bindings.append(.real(number))
        case .time(let time):
            guard let milliseconds = time.milliseconds(now: now, calendar: calendar) else {
                throw QueryLanguageError("a $time date is outside the calendar's range", position: nil)
            }
            bindings.append(.real(milliseconds))
        case .boolean(let flag):
            bindings.append(.integer(flag ? 1 : 0))
        case .text(let text):
            bindings.append(.text(text.literalText))
        }
    }

    private static func sqlOperator(_ op: QueryOperator) -> String {
        switch op {
        case .equal: return "="
        case .notEqual: return "<>"
        case .less: return "<"
        case .greater: return ">"
        case .lessOrEqual: return "<="
        case .greaterOrEqual: return ">="
        }
    }

    /// The JSON path of a custom attribute key (`$."servings"`); keys are `[A-Za-z0-9_]+`.
    private static func jsonPath(_ name: String) -> String {
        "$.\"\(name)\""
    }
}
