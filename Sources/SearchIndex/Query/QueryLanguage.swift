import CSQLite
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
/// The connection running the SQL must have the functions from ``registerFunctions(on:)``.
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
        var compiler = QueryCompiler(now: now, calendar: calendar)
        try compiler.emit(expression)
        return CompiledQuery(sql: compiler.sql, bindings: compiler.bindings)
    }

    /// Registers the SQL functions compiled queries call on the connection `db` (a `sqlite3 *`).
    ///
    /// Call it once per connection before preparing a compiled query's SQL.
    /// - Returns: `SQLITE_OK`, or the SQLite result code of the registration that failed.
    public static func registerFunctions(on db: OpaquePointer) -> Int32 {
        QuerySQLFunctions.register(on: db)
    }
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

    /// Binds ``bindings`` to the prepared `statement`, the first to parameter `firstIndex`.
    ///
    /// - Returns: `SQLITE_OK`, or the result code of the first bind that failed.
    public func bind(to statement: OpaquePointer, firstIndex: Int32 = 1) -> Int32 {
        for (offset, binding) in bindings.enumerated() {
            let index = firstIndex + Int32(offset)
            let rc: Int32
            switch binding {
            case .text(let text):
                rc = text.withCString { sqlite3_bind_text(statement, index, $0, -1, searchlight_sqlite_transient()) }
            case .real(let value):
                rc = sqlite3_bind_double(statement, index, value)
            case .integer(let value):
                rc = sqlite3_bind_int64(statement, index, value)
            case .null:
                rc = sqlite3_bind_null(statement, index)
            }
            if rc != SQLITE_OK { return rc }
        }
        return SQLITE_OK
    }
}

/// A value bound to one `?` of a ``CompiledQuery``.
public enum QueryBinding: Sendable, Equatable {
    case text(String)
    case real(Double)
    case integer(Int64)
    case null
}
