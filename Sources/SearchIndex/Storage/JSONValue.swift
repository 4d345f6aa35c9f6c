/// A parsed JSON value, keeping booleans apart from numbers.
///
/// `JSONSerialization` on Linux hands back `NSNumber` for both `true` and `1`, which
/// would turn a boolean attribute into a number; this small parser does not. Objects
/// keep their keys in the order of the text. Public for `searchlight import`, which
/// reads its JSON Lines with it.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A parse failure with the byte offset where it happened.
    public struct ParseError: Error {
        /// Where in the text, in UTF-8 bytes from 0.
        public var offset: Int
        /// What was wrong, in a few words: `expected ':'`.
        public var reason: String
    }

    /// Parses one JSON text.
    public static func parse(_ text: String) throws -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw ParseError(offset: parser.index, reason: "unexpected text after the value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
        }

        func fail(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

        mutating func expect(_ literal: String, _ value: JSONValue) throws -> JSONValue {
            let utf8 = Array(literal.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { throw fail("invalid literal") }
            index += utf8.count
            return value
        }

        mutating func value() throws -> JSONValue {
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            default: return try number()
            }
        }

        mutating func object() throws -> JSONValue {
            index += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipSpace()
                members.append((key, try value()))
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw fail("expected ',' or '}'")
            }
        }

        mutating func array() throws -> JSONValue {
            index += 1
            var elements: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipSpace()
                elements.append(try value())
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                throw fail("expected ',' or ']'")
            }
        }

        /// A number as JSON writes one: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`
        /// (no `+1`, `01`, `1.`, `.5`, `NaN` or `Infinity`).
        mutating func number() throws -> JSONValue {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                return index - first
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
            let whole = digits()
            var valid = whole > 0 && !(leadingZero && whole > 1)
            if valid, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                valid = digits() > 0
            }
            if valid, index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                valid = digits() > 0
            }
            guard valid, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw ParseError(offset: start, reason: "invalid value")
            }
            return .number(value)
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                  let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw fail("invalid \\u escape") }
            index += 4
            return value
        }

        mutating func string() throws -> String {
            index += 1
            // Without escapes (most strings) the bytes are the string: no copy byte by byte.
            var end = index
            while end < bytes.count, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                defer { index = end + 1 }
                return String(decoding: bytes[index..<end], as: UTF8.self)
            }
            var out: [UInt8] = []
            while true {
                guard index < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    throw ParseError(offset: index - 1, reason: "a control character (U+\(String(repeating: "0", count: 4 - hex.count) + hex)) must be escaped in a string")
                }
                if byte != UInt8(ascii: "\\") { out.append(byte); continue }
                guard index < bytes.count else { throw fail("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    let escapeStart = index - 2
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), index + 6 <= bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
                    }
                    // A lone surrogate is no text (JS would hand it over; SPEC §3 wants
                    // well-formed Unicode, and Swift strings cannot hold it).
                    guard let scalar = Unicode.Scalar(code) else {
                        throw ParseError(offset: escapeStart, reason: "a lone surrogate (\\u\(String(code, radix: 16, uppercase: true))) is not well-formed Unicode")
                    }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                default:
                    throw ParseError(offset: index - 2, reason: "invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

extension JSONValue {
    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// This value as an attribute value, or `nil` for null, objects or nested arrays.
    var attributeValue: AttributeValue? {
        switch self {
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements):
            var values: [AttributeValue] = []
            for element in elements {
                guard let value = element.attributeValue else { return nil }
                if case .array = value { return nil }
                values.append(value)
            }
            return .array(values)
        default: return nil
        }
    }
}
