import Foundation

/// The small JSON the index stores: arrays of strings, the custom attributes object
/// and an activity's record; SearchIndex's one JSON writer.
///
/// Encoding is written by hand as UTF-8 (it runs for every indexed item); decoding
/// goes through ``JSONValue``, which keeps booleans apart from numbers.
enum JSONText {
    /// A JSON string literal for `text`.
    static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON array of strings, or `nil` for `nil`.
    ///
    /// Built as UTF-8 bytes: appending scalar by scalar to a `String` costs about a
    /// quarter of storing the item's row (docs/benchmarks.md, "Figures behind choices in the code").
    static func array(_ strings: [String]?) -> String? {
        guard let strings else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        out.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendQuoted(string, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal: quotes, backslashes and control
    /// characters escaped, everything else copied as UTF-8.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                start = offset + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                            hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
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
        return object(members: attributes.keys.sorted().map { key in (key, value(attributes[key]!)) })
    }

    /// A JSON object of keys and already written values, in the given order.
    static func object(members: [(key: String, json: String)]) -> String {
        "{" + members.map { quoted($0.key) + ":" + $0.json }.joined(separator: ",") + "}"
    }

    /// Decodes a JSON array of strings.
    static func decodeArray(_ text: String?) -> [String]? {
        guard let text else { return nil }
        if let elements = plainArray(text) { return elements }
        guard case .array(let elements)? = try? JSONValue.parse(text) else { return nil }
        return elements.compactMap { element in
            if case .string(let string) = element { return string }
            return nil
        }
    }

    /// The strings of an array as ``array(_:)`` writes them when none needs an escape
    /// (`["Cat","Chat"]`, `[]`), split without the general parser; `nil` for any other
    /// text. Every hit's names and keywords are decoded (and every typo candidate's
    /// with non-ASCII text): with this, decoding took half the instructions it took
    /// through the parser (callgrind, five typo-filled prefixes at 10k items).
    static func plainArray(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            let count = bytes.count
            if count == 2 && bytes[0] == UInt8(ascii: "[") && bytes[1] == UInt8(ascii: "]") { return [] }
            guard count >= 4, bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "\""),
                  bytes[count - 2] == UInt8(ascii: "\""), bytes[count - 1] == UInt8(ascii: "]") else { return nil }
            // Between the first quote and the last, a quote may only be part of `","`.
            let end = count - 2
            var elements: [String] = []
            var start = 2, index = 2
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\"") {
                    guard index + 2 < end, bytes[index + 1] == UInt8(ascii: ","), bytes[index + 2] == UInt8(ascii: "\"") else {
                        return nil
                    }
                    elements.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< index]), as: UTF8.self))
                    index += 3
                    start = index
                } else {
                    index += 1
                }
            }
            elements.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self))
            return elements
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
