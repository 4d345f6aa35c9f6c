/// A value that can cross the bridge between JavaScript and Swift.
///
/// JS `undefined`, `null`, booleans, numbers, strings, arrays, plain objects, `Date`s,
/// `ArrayBuffer`s and typed arrays convert to and from these cases. Functions, symbols,
/// BigInts, cyclic structures and strings with lone surrogates do not cross: the bridge
/// answers them with ``NativeError/invalidArgument`` naming the path of the value.
public enum BridgeValue: Sendable, Equatable {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([BridgeValue])
    /// A plain object; its keys keep the order JS enumerates them in.
    case object(BridgeObject)
    /// A `Date`, as milliseconds since the Unix epoch.
    case date(Double)
    /// The bytes of an `ArrayBuffer` or typed array; JS receives a `Uint8Array`.
    case bytes([UInt8])
}

extension BridgeValue {
    /// True for `undefined` and `null`.
    public var isNullish: Bool {
        switch self {
        case .undefined, .null: return true
        default: return false
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [BridgeValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: BridgeObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The JS type name used in error messages: `string`, `array`, `null`, ….
    public var typeName: String {
        switch self {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .date: return "Date"
        case .bytes: return "bytes"
        }
    }

    /// The member `key` of an object, `undefined` for anything else or a missing key.
    public subscript(key: String) -> BridgeValue {
        objectValue?[key] ?? .undefined
    }
}

extension BridgeValue: ExpressibleByNilLiteral {
    /// `nil` is JS `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension BridgeValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension BridgeValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension BridgeValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension BridgeValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension BridgeValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: BridgeValue...) { self = .array(elements) }
}

extension BridgeValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, BridgeValue)...) {
        self = .object(BridgeObject(elements))
    }
}
