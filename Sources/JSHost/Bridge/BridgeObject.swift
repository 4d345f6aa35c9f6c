/// The members of a JS object, in the order JS enumerates them.
///
/// Setting an existing key replaces its value in place; a new key goes last, as in JS.
public struct BridgeObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The keys, in order.
    public private(set) var keys: [String] = []
    private var storage: [String: BridgeValue] = [:]

    /// An empty object.
    public init() {}

    /// An object with `pairs` in order; a repeated key keeps its first position and last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, BridgeValue) {
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, BridgeValue)...) {
        self.init(elements)
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// True when the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The members as key–value pairs, in order.
    public var entries: [(key: String, value: BridgeValue)] {
        keys.map { ($0, storage[$0]!) }
    }

    /// The value of `key`, or `nil` when the object has no such member; setting `nil` removes it.
    public subscript(key: String) -> BridgeValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public static func == (lhs: BridgeObject, rhs: BridgeObject) -> Bool {
        lhs.keys == rhs.keys && lhs.storage == rhs.storage
    }
}
