import JSHost
import SearchIndex

/// JSON and bridge values, the form SearchOnDevice's item conversion reads and writes.
///
/// Parsed JSON keeps its key order and keeps booleans apart from numbers
/// (`supportsPhoneCall: 1` stays a number, and is refused as one).
enum BridgeJSON {
    /// The bridge value of parsed JSON, as `JSON.parse` would hand it to the bridge.
    static func value(_ json: JSONValue) -> BridgeValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map { value($0) })
        case .object(let members): return .object(BridgeObject(members.map { ($0.0, value($0.1)) }))
        }
    }

    /// The JSON text of a bridge value, keys in order; `undefined` members are left
    /// out, a non-finite number is `null`, a date is ms since the epoch and bytes are
    /// an array of numbers.
    static func text(_ value: BridgeValue) -> String {
        switch value {
        case .undefined, .null: return "null"
        case .bool(let flag): return JSONWriter.bool(flag)
        case .number(let number), .date(let number): return number.isFinite ? JSONWriter.number(number) : "null"
        case .string(let string): return JSONWriter.string(string)
        case .array(let elements): return JSONWriter.array(elements.map { text($0) })
        case .bytes(let bytes): return JSONWriter.array(bytes.map { String($0) })
        case .object(let object):
            return JSONWriter.object(object.entries.filter { $0.value != .undefined }.map { ($0.key, text($0.value)) })
        }
    }
}
