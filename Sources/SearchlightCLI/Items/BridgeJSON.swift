import JSHost
import SearchIndex

/// Parsed JSON (SearchIndex's ``JSONValue``, the CLI's one parser) as the bridge values
/// SearchOnDevice's item conversion reads; the CLI writes JSON with JSHost's
/// ``BridgeValue/jsonText``, its one writer.
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
}
