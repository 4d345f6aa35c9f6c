/// An error from the search index: a SPEC error code and a message naming the problem.
///
/// A struct rather than a closed enum so that new codes never break callers; compare
/// ``code`` against the static constants (`error.code == IndexError.invalidItem`) or
/// pattern-match (`case IndexError.invalidItem`).
public struct IndexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One of the SPEC codes, such as `E_INVALID_ITEM`.
    public var code: String
    /// What is wrong, naming the field or position (`items[3].keywords must be an array of strings`).
    public var message: String

    /// Makes an error with a code and a message.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// An item of a batch is invalid; nothing of the batch was written.
    public static let invalidItem = "E_INVALID_ITEM"
    /// A query-language string does not parse; the message gives the character position.
    public static let invalidQuery = "E_INVALID_QUERY"
    /// An argument other than an item is invalid.
    public static let invalidArgument = "E_INVALID_ARGUMENT"
    /// The client state is not a string of at most 250 UTF-8 bytes.
    public static let invalidClientState = "E_INVALID_CLIENT_STATE"
    /// The index cannot be opened, read or written.
    public static let indexUnavailable = "E_INDEX_UNAVAILABLE"
    /// The disk (or a configured limit) is full.
    public static let quotaExceeded = "E_QUOTA_EXCEEDED"

    public var description: String { "\(code): \(message)" }

    /// Lets `case IndexError.invalidItem` match an error with that code.
    public static func ~= (code: String, error: IndexError) -> Bool { error.code == code }

    static func item(_ message: String) -> IndexError { IndexError(code: invalidItem, message: message) }
    static func argument(_ message: String) -> IndexError { IndexError(code: invalidArgument, message: message) }
    static func unavailable(_ message: String) -> IndexError { IndexError(code: indexUnavailable, message: message) }
}
