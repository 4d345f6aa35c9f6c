import Foundation

/// Turns a query-language string (SPEC §4) into an SQL boolean expression over
/// `items.<column>`; injected into ``SearchableIndex`` so the index does not depend
/// on how the language is parsed.
///
/// ``SearchableIndex/query(_:limit:attributes:)`` runs
/// `SELECT … FROM items WHERE (sql) AND items.expiration_date > ? … LIMIT ?`.
public struct QueryLanguageProvider: Sendable {
    /// Compiles `text`; throws an error (ideally an ``IndexError`` with
    /// `E_INVALID_QUERY` and the character position) for text that does not parse.
    public var compile: @Sendable (_ text: String, _ now: Date, _ calendar: Calendar) throws -> (sql: String, bindings: [SQLValue])
    /// The SQL functions the compiled expressions call; the index registers them on
    /// each of its connections.
    public var functions: [SQLFunction]

    /// Makes a compiler from its two parts.
    public init(
        compile: @escaping @Sendable (_ text: String, _ now: Date, _ calendar: Calendar) throws -> (sql: String, bindings: [SQLValue]),
        functions: [SQLFunction]
    ) {
        self.compile = compile
        self.functions = functions
    }
}
