import Foundation

/// The query language of SPEC §4 (CoreSpotlight's `CSSearchQuery`): parse a query
/// string and compile it into a parameterized SQL condition over the `items` table.
///
/// ```swift
/// let query = try QueryLanguage.compile(#"title == "brent*"cd && rankingHint > 50"#,
///                                       now: Date(), calendar: .current)
/// // SELECT id FROM items WHERE \(query.sql), binding query.bindings in order
/// ```
///
/// The connection running the SQL must have the SQL ``functions`` registered.
///
/// ## Semantics
///
/// - **Text** without wildcards or modifiers must equal the whole field; `*` matches any
///   run of characters (`"brent*"` prefix, `"*paris*"` substring). `\*`, `\"` and `\\`
///   are a literal star, quote and backslash. Text is compared in NFC.
/// - **Modifiers**: `c` ignores case, `d` ignores diacritics (`"cafe"d` matches `café`,
///   `"cafe"cd` also `Café`). `w` matches from a word start to a word end; words also
///   start at a lower→upper change and each CJK character is a word, and `w` ignores
///   case (`"brent*"w` matches `Brent Simmons` and `theBrentShow`, `"brent"w` not
///   `Brentwood`). `t` splits the value into words, each of which must match a whole
///   word of the field, in any order (`"simmons brent"tc`). Ordering operators and
///   `InRange` take `c` and `d`, not wildcards, `w` or `t`.
/// - **Arrays** (`keywords`, `alternateNames`, custom arrays) match `==`, `<` … when any
///   element matches, and `!=` when the array has elements and none equals the value.
/// - **Missing attributes** (NULL, empty array, absent custom key) match neither `==`
///   nor `!=`, as in CoreSpotlight: `rankingHint != 80` skips items without a hint.
/// - **`*`** searches `title`, `contentDescription`, `keywords`, `displayName`,
///   `alternateNames`, `textContent` and every string among the custom attributes.
/// - **Numbers and dates** compare numerically; dates are milliseconds since 1970, so a
///   number may stand for a date. `$time` offsets count seconds for `now`, days for
///   `today` and `yesterday`, weeks for `this_week`, months for `this_month` and years
///   for `this_year`; the named periods start at midnight, the calendar's first weekday,
///   the first of the month or year in the calendar's time zone. `InRange` is inclusive.
/// - **Custom attributes**: any name that is not built in (`[A-Za-z0-9_]+`, or
///   `attributes.NAME` to reach one that shadows a built-in name or starts with a digit).
///   Strings, numbers and `true`/`false` compare with values of the same JSON type only.
/// - **Errors** are ``QueryLanguageError`` (`E_INVALID_QUERY`) with a 0-based position in
///   UTF-16 code units. Queries longer than 65,536 code units, with NUL characters,
///   parentheses nested deeper than 32 or more than 1,000 comparisons are refused.
public enum QueryLanguage {
    /// Parses `text` into its expression, or throws a ``QueryLanguageError`` giving the position.
    public static func parse(_ text: String) throws -> QueryExpression {
        try QueryParser.parse(text)
    }

    /// Parses and compiles `text`; `$time` dates are resolved against `now` in `calendar`.
    public static func compile(_ text: String, now: Date, calendar: Calendar) throws -> CompiledQuery {
        try compile(parse(text), now: now, calendar: calendar)
    }

    /// Compiles an expression (checked as the parser checks one) into SQL and its bindings.
    public static func compile(_ expression: QueryExpression, now: Date, calendar: Calendar) throws
        -> CompiledQuery {
        try QueryTypeCheck.check(expression)
        var compiler = QuerySQLCompiler(now: now, calendar: calendar)
        try compiler.emit(expression)
        return CompiledQuery(sql: compiler.sql, bindings: compiler.bindings)
    }

    /// The SQL functions compiled queries call (`searchlight_match`,
    /// `searchlight_compare`): register them on every connection that runs one.
    public static let functions: [SQLFunction] = QuerySQLFunctions.all
}

/// A compiled query: a boolean SQL expression over `items.<column>` and the values
/// for its `?` parameters, in order.
public struct CompiledQuery: Sendable, Equatable {
    /// The condition, for a `WHERE` clause over the `items` table (which must be
    /// visible as `items`). It is 1 for a matching row and 0 otherwise.
    public var sql: String
    /// One value for each `?` of ``sql``, in the order they appear.
    public var bindings: [QueryBinding]

    public init(sql: String, bindings: [QueryBinding]) {
        self.sql = sql
        self.bindings = bindings
    }

    /// ``bindings`` as the values to bind to a statement, in order.
    public var values: [SQLValue] { bindings.map(\.value) }
}

/// A value bound to one `?` of a ``CompiledQuery``.
public enum QueryBinding: Sendable, Equatable {
    case text(String)
    case real(Double)
    case integer(Int64)
    case null
}

extension QueryBinding {
    /// The value as a statement binds it.
    public var value: SQLValue {
        switch self {
        case .text(let text): return .text(text)
        case .real(let value): return .real(value)
        case .integer(let value): return .integer(value)
        case .null: return .null
        }
    }
}
