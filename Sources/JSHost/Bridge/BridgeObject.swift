/// The members of a JS object, in the order JS enumerates them.
///
/// Setting an existing key replaces its value in place; a new key goes last, as in JS.
/// Small objects (the usual case on the bridge) are a plain list; a key index is kept
/// once an object grows past ``indexThreshold`` members.
public struct BridgeObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var members: [(key: String, value: BridgeValue)] = []
    private var index: [String: Int]?
    private static let indexThreshold = 16

    /// An empty object.
    public init() {}

    /// An object with `pairs` in order; a repeated key keeps its first position and last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, BridgeValue) {
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, BridgeValue)...) {
        self.init(elements)
    }

    /// The keys, in order.
    public var keys: [String] { members.map { $0.key } }

    /// The members as key–value pairs, in order.
    public var entries: [(key: String, value: BridgeValue)] { members }

    /// The number of members.
    public var count: Int { members.count }

    /// True when the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value of `key`, or `nil` when the object has no such member; setting `nil` removes it.
    public subscript(key: String) -> BridgeValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let value?):
                members[position].value = value
            case (nil, let value?):
                appendNew(key, value)
            case (let position?, nil):
                members.remove(at: position)
                index = nil
                rebuildIndexIfLarge()
            case (nil, nil):
                break
            }
        }
    }

    /// Appends a member whose key the caller knows is not present yet.
    mutating func appendNew(_ key: String, _ value: BridgeValue) {
        members.append((key, value))
        if index != nil {
            index![key] = members.count - 1
        } else {
            rebuildIndexIfLarge()
        }
    }

    /// Reserves room for `count` members.
    mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    private mutating func rebuildIndexIfLarge() {
        guard members.count > Self.indexThreshold else { return }
        var built: [String: Int] = [:]
        built.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }

    public static func == (lhs: BridgeObject, rhs: BridgeObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
