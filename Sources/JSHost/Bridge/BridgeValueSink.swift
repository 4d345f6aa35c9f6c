/// Something a value is written into, value by value: JSON text for the JS thread
/// (``BridgeJSONWriter``), or a ``BridgeValue`` tree (``BridgeValueBuilder``).
///
/// A module that answers with many values of one shape (search hits) writes them once,
/// through ``BridgeWritable``, and each host takes the form it needs without the
/// other being made: the headless host's JS thread only parses text written on the
/// module's queue; the window host gets values.
///
/// Inside an object each value follows its ``key(_:)``; keys stay in the order
/// written, and a key written twice keeps its first position and its last value (as
/// for ``BridgeObject``).
public protocol BridgeValueSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// The key of the object member whose value comes next.
    mutating func key(_ key: String)
    /// A key known when the program is built (an ASCII name needing no escape), for
    /// sinks that can write it without looking at it.
    mutating func name(_ key: StaticString)
    /// A hint that about `count` more bytes of text follow (for sinks writing text).
    mutating func reserve(_ count: Int)
    mutating func null()
    mutating func bool(_ flag: Bool)
    mutating func number(_ number: Double)
    mutating func string(_ string: String)
    mutating func undefined()
    /// A `Date`, as milliseconds since the Unix epoch.
    mutating func date(_ milliseconds: Double)
    /// Bytes; JS receives a `Uint8Array`.
    mutating func bytes(_ values: [UInt8])
}

extension BridgeValueSink {
    public mutating func name(_ key: StaticString) {
        self.key(key.description)
    }

    public mutating func reserve(_ count: Int) {}

    /// `string`, or `null` when there is none.
    public mutating func string(_ string: String?) {
        if let string { self.string(string) } else { null() }
    }

    /// An array of `strings`, or `null` when there is none.
    public mutating func strings(_ strings: [String]?) {
        guard let strings else { return null() }
        beginArray()
        for string in strings { self.string(string) }
        endArray()
    }

    /// `value`, whatever it holds.
    public mutating func value(_ value: BridgeValue) {
        value.write(to: &self)
    }
}

/// A value a module answers with that writes itself into a ``BridgeValueSink``, so a
/// promise can take it in the form its host needs (``Promise/resolve(writing:)``).
public protocol BridgeWritable: Sendable {
    /// Writes exactly one value into `sink`.
    func write<Sink: BridgeValueSink>(to sink: inout Sink)
    /// Writes the value as JSON text: what ``write(to:)`` writes into `writer`. A
    /// type in another module than JSHost implements it as `write(to: &writer)`, so
    /// that its writing is compiled for the writer (a generic call from JSHost would
    /// go through the protocol, member by member).
    func writeJSON(to writer: inout BridgeJSONWriter)
}

extension BridgeWritable {
    public func writeJSON(to writer: inout BridgeJSONWriter) {
        write(to: &writer)
    }

    /// The value as a ``BridgeValue`` tree.
    public var bridgeValue: BridgeValue {
        var builder = BridgeValueBuilder()
        write(to: &builder)
        return builder.value
    }
}

extension BridgeValue: BridgeWritable {
    public func write<Sink: BridgeValueSink>(to sink: inout Sink) {
        switch self {
        case .undefined: sink.undefined()
        case .null: sink.null()
        case .bool(let flag): sink.bool(flag)
        case .number(let number): sink.number(number)
        case .string(let string): sink.string(string)
        case .array(let elements):
            sink.beginArray()
            for element in elements { element.write(to: &sink) }
            sink.endArray()
        case .object(let members):
            sink.beginObject()
            for member in members.entries {
                sink.key(member.key)
                member.value.write(to: &sink)
            }
            sink.endObject()
        case .date(let milliseconds): sink.date(milliseconds)
        case .bytes(let bytes): sink.bytes(bytes)
        }
    }
}

/// Builds the ``BridgeValue`` tree of what is written into it.
public struct BridgeValueBuilder: BridgeValueSink {
    private enum Container {
        case object(BridgeObject, key: String?)
        case array([BridgeValue], key: String?)
    }

    private var open: [Container] = []
    private var nextKey: String?
    /// The value written (`undefined` until one was).
    public private(set) var value: BridgeValue = .undefined

    public init() {}

    public mutating func beginObject() {
        open.append(.object(BridgeObject(), key: takeKey()))
    }

    public mutating func endObject() {
        guard case .object(let object, let key)? = open.popLast() else { return }
        add(.object(object), key: key)
    }

    public mutating func beginArray() {
        open.append(.array([], key: takeKey()))
    }

    public mutating func endArray() {
        guard case .array(let elements, let key)? = open.popLast() else { return }
        add(.array(elements), key: key)
    }

    public mutating func key(_ key: String) { nextKey = key }
    public mutating func null() { add(.null, key: takeKey()) }
    public mutating func bool(_ flag: Bool) { add(.bool(flag), key: takeKey()) }
    public mutating func number(_ number: Double) { add(.number(number), key: takeKey()) }
    public mutating func string(_ string: String) { add(.string(string), key: takeKey()) }
    public mutating func undefined() { add(.undefined, key: takeKey()) }
    public mutating func date(_ milliseconds: Double) { add(.date(milliseconds), key: takeKey()) }
    public mutating func bytes(_ values: [UInt8]) { add(.bytes(values), key: takeKey()) }

    private mutating func takeKey() -> String? {
        defer { nextKey = nil }
        return nextKey
    }

    private mutating func add(_ member: BridgeValue, key: String?) {
        guard let last = open.indices.last else {
            value = member
            return
        }
        switch open[last] {
        case .object(var object, let ownKey):
            open[last] = .array([], key: nil)  // let go of the object so it is changed in place
            object[key ?? ""] = member
            open[last] = .object(object, key: ownKey)
        case .array(var elements, let ownKey):
            open[last] = .array([], key: nil)
            elements.append(member)
            open[last] = .array(elements, key: ownKey)
        }
    }
}
