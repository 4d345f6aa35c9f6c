import Foundation

/// A custom attribute's value: a string, number or boolean, or an array of those.
///
/// Custom attributes are the `attributes` object of an item (keys `[A-Za-z0-9_]+`).
/// They are stored as one JSON object in the `items.attributes` column and are
/// searchable through the query language.
public enum AttributeValue: Sendable, Equatable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([AttributeValue])
}

extension AttributeValue {
    /// Whether a custom attribute key is valid: one or more of `A-Z a-z 0-9 _`.
    public static func isValidKey(_ key: String) -> Bool {
        guard !key.isEmpty else { return false }
        return key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
    }

    /// Why this value cannot be stored, or `nil` when it can.
    ///
    /// Numbers must be finite; arrays hold strings, numbers or booleans only (no nesting).
    func problem(nested: Bool = false) -> String? {
        switch self {
        case .string, .bool: return nil
        case .number(let value): return value.isFinite ? nil : "must be a finite number"
        case .array(let values):
            if nested { return "must not nest arrays" }
            for (index, value) in values.enumerated() {
                if let problem = value.problem(nested: true) { return "[\(index)] \(problem)" }
            }
            return nil
        }
    }
}
