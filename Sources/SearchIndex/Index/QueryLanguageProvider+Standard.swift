import Foundation

/// The query language the index uses unless configured otherwise: ``QueryLanguage``.
extension QueryLanguageProvider {
    /// Compiles with ``QueryLanguage/compile(_:now:calendar:)`` (its errors become
    /// `E_INVALID_QUERY` ``IndexError``s with the position) and registers its SQL
    /// functions on every connection.
    public static let standard: QueryLanguageProvider? = QueryLanguageProvider(
        compile: { text, now, calendar in
            let compiled: CompiledQuery
            do {
                compiled = try QueryLanguage.compile(text, now: now, calendar: calendar)
            } catch let error as QueryLanguageError {
                throw IndexError(code: error.code, message: error.message)
            }
            return (compiled.sql, compiled.values)
        },
        functions: QueryLanguage.functions
    )
}
