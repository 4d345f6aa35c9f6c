/// An error in a query-language string (SPEC §4), with the SPEC error code.
///
/// Every failure of ``QueryLanguage/parse(_:)`` and ``QueryLanguage/compile(_:now:calendar:)``
/// is one of these; the index layer hands ``code`` and ``message`` on to JS unchanged.
/// Positions are 0-based offsets in UTF-16 code units, the way JavaScript indexes
/// strings, so `query.slice(position)` in JS shows the text where the problem starts.
public struct QueryLanguageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The SPEC code of every query-language error.
    public static let invalidQuery = "E_INVALID_QUERY"

    /// Always ``invalidQuery`` (`E_INVALID_QUERY`).
    public let code: String
    /// What is wrong and where, e.g. `expected a value after '==' at position 9`.
    public let message: String
    /// The 0-based UTF-16 offset the message names, or `nil` when the problem has
    /// no place in the text (an expression built in code rather than parsed).
    public let position: Int?

    /// Creates an error whose message ends with ` at position N` when `position` is set.
    public init(_ problem: String, position: Int?) {
        self.code = Self.invalidQuery
        self.position = position
        if let position {
            self.message = "\(problem) at position \(position)"
        } else {
            self.message = problem
        }
    }

    public var description: String { "\(code): \(message)" }
}
