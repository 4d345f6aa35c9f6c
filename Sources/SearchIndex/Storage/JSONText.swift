import Foundation

/// The small JSON the `items` table stores: arrays of strings and the custom
/// attributes object.
///
/// Encoding is written by hand (it runs for every indexed item); decoding goes
/// through `JSONSerialization`.
public enum JSONText {
    /// A JSON string literal for `text`.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// A JSON array of strings, or `nil` for `nil`.
    static func array(_ strings: [String]?) -> String? {
        guard let strings else { return nil }
        return "[" + strings.map(quoted).joined(separator: ",") + "]"
    }

    /// A JSON number: integers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The JSON for an attribute value.
    static func value(_ value: AttributeValue) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .number(let number): return self.number(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let values): return "[" + values.map(self.value).joined(separator: ",") + "]"
        }
    }

    /// A JSON object of custom attributes (keys sorted), or `nil` when empty.
    static func object(_ attributes: [String: AttributeValue]) -> String? {
        guard !attributes.isEmpty else { return nil }
        let members = attributes.keys.sorted().map { key in quoted(key) + ":" + value(attributes[key]!) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Decodes a JSON array of strings.
    static func decodeArray(_ text: String?) -> [String]? {
        guard let text, case .array(let elements)? = try? JSONValue.parse(text) else { return nil }
        return elements.compactMap { element in
            if case .string(let string) = element { return string }
            return nil
        }
    }

    /// Decodes a JSON object of attribute values.
    static func decodeObject(_ text: String?) -> [String: AttributeValue] {
        guard let text, case .object(let members)? = try? JSONValue.parse(text) else { return [:] }
        var result: [String: AttributeValue] = [:]
        for (key, raw) in members {
            if let value = raw.attributeValue { result[key] = value }
        }
        return result
    }
}
