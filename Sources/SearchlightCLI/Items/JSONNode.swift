import Foundation

/// A parsed JSON value that keeps booleans apart from numbers.
///
/// Decoded through `JSONDecoder`, which (unlike `JSONSerialization` on Linux) refuses
/// to read `true` as a number or `1` as a boolean, so `supportsPhoneCall: 1` is caught.
enum JSONNode: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([String: JSONNode])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // The commonest kinds first: each failed attempt costs a thrown error.
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let members = try? container.decode([String: JSONNode].self) {
            self = .object(members)
        } else if let elements = try? container.decode([JSONNode].self) {
            self = .array(elements)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if container.decodeNil() {
            self = .null
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Parses one JSON text, or throws a short reason for a person to read.
    static func parse(_ bytes: Data) throws -> JSONNode {
        do {
            return try JSONDecoder().decode(JSONNode.self, from: bytes)
        } catch DecodingError.dataCorrupted {
            // JSONDecoder says only "not valid JSON"; JSONSerialization says where
            // ("Invalid value around character 7.").
            var reason = "unexpected text"
            do {
                _ = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
            } catch {
                if let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
                    reason = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
                }
            }
            throw JSONSyntaxError(reason: reason)
        }
    }

    /// What a value is, for messages: `a string`, `an array`…
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A line that is not valid JSON.
struct JSONSyntaxError: Error {
    let reason: String
}
