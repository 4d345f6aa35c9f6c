/// The SQL functions compiled queries call (``QueryLanguage/functions``).
///
/// - `searchlight_match(field, pattern, modifiers)`: 1 when the text `field` matches
///   the encoded `pattern` (see ``QueryText/encodedPattern``) under the modifier bits
///   (c = 1, d = 2, w = 4, t = 8), else 0; 0 when `field` is NULL.
/// - `searchlight_compare(field, value, modifiers)`: -1, 0 or 1 as the folded `field`
///   sorts before, equal to or after the folded `value`; NULL when `field` is NULL.
///
/// The compiled pattern and the folded value are kept with the statement
/// (``SQLFunction/Call/memo(forArgument:isUsable:make:)``), so each is built once per
/// statement rather than once per row.
enum QuerySQLFunctions {
    static let matchName = "searchlight_match"
    static let compareName = "searchlight_compare"

    static let all = [
        SQLFunction(name: matchName, argumentCount: 3, body: match),
        SQLFunction(name: compareName, argumentCount: 3, body: compare),
    ]

    @Sendable private static func match(_ call: SQLFunction.Call) -> SQLFunction.Result {
        let modifiers = QueryModifiers(rawValue: Int(call.int64(2)))
        let pattern: TextPattern? = call.memo(forArgument: 1, isUsable: { $0.modifiers == modifiers }) {
            call.utf8(1).flatMap { bytes in
                QueryText.pieces(decoding: String(decoding: bytes, as: UTF8.self))
            }.map { TextPattern(pieces: $0, modifiers: modifiers) }
        }
        guard let pattern else {
            return .error("\(matchName): the pattern is NULL or ends in a lone backslash")
        }
        let matched = call.utf8(0).map { pattern.matches($0) } ?? false
        return .integer(matched ? 1 : 0)
    }

    /// A folded comparison value, kept with the statement.
    private final class FoldedValue {
        let modifiers: QueryModifiers
        let bytes: [UInt8]
        init(modifiers: QueryModifiers, bytes: [UInt8]) {
            self.modifiers = modifiers
            self.bytes = bytes
        }
    }

    private static func folding(_ modifiers: QueryModifiers) -> TextFolding {
        TextFolding(caseInsensitive: modifiers.contains(.caseInsensitive),
                    diacriticInsensitive: modifiers.contains(.diacriticInsensitive))
    }

    @Sendable private static func compare(_ call: SQLFunction.Call) -> SQLFunction.Result {
        let modifiers = QueryModifiers(rawValue: Int(call.int64(2)))
        let value: FoldedValue? = call.memo(forArgument: 1, isUsable: { $0.modifiers == modifiers }) {
            call.utf8(1).map { FoldedValue(modifiers: modifiers, bytes: folding(modifiers).fold($0)) }
        }
        guard let value else {
            return .error("\(compareName): the value is NULL")
        }
        guard let field = call.utf8(0).map({ folding(modifiers).fold($0) }) else {
            return .null
        }
        return .integer(field.lexicographicallyPrecedes(value.bytes) ? -1 : (field == value.bytes ? 0 : 1))
    }
}
