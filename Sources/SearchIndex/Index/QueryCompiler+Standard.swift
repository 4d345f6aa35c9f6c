import Foundation

/// The query-language compiler the index uses unless configured otherwise: the
/// parser and SQL compiler of `Query/` (SPEC §4).
extension QueryCompiler {
    public static let standard: QueryCompiler? = QueryCompiler(
        compile: { text, now, calendar in
            do {
                let compiled = try QueryLanguage.compile(text, now: now, calendar: calendar)
                return (compiled.sql, compiled.bindings.map(SQLValue.init))
            } catch let error as QueryLanguageError {
                throw IndexError(code: IndexError.invalidQuery, message: error.message)
            }
        },
        registerFunctions: { db in _ = QueryLanguage.registerFunctions(on: db) }
    )
}

extension SQLValue {
    /// The SQLite value a query-language binding stands for.
    init(_ binding: QueryBinding) {
        switch binding {
        case .text(let text): self = .text(text)
        case .real(let number): self = .real(number)
        case .integer(let number): self = .integer(number)
        case .null: self = .null
        }
    }
}
