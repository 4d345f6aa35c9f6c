import Foundation
import SearchIndex

/// Builds JSON text by hand, so keys come out in the order SPEC lists them and whole
/// numbers print without a fraction. Each function returns one JSON value's text.
enum JSONWriter {
    /// A JSON string literal for `value` (the index's own encoder).
    static func string(_ value: String) -> String {
        JSONText.quoted(value)
    }

    /// A JSON number: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `true` or `false`.
    static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// A JSON array of already written values.
    static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// A JSON object of keys and already written values, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// `null` when `value` is `nil`, else the value written by `write`.
    static func optional<T>(_ value: T?, _ write: (T) -> String) -> String {
        value.map(write) ?? "null"
    }
}
