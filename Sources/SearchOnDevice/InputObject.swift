import JSHost
import SearchIndex

/// The members of an item or activity object by their primary key, remembering the
/// key the app used (an alias such as `uniqueIdentifier` names itself in errors).
///
/// Unknown keys and an alias given together with its key are refused. `undefined`
/// members count as absent.
struct InputObject {
    /// `path` of the object itself: `items[3]`, `activity`, or empty when the caller
    /// names the object itself (`searchlight import` says `line 12: `).
    let path: String
    let reader: FieldReader
    /// The members given, in the app's order. A list searched by comparing keys: an
    /// item has a handful, and hashing every key looked up (14 content fields) cost
    /// more than the rest of reading the item.
    private var members: [(primary: String, key: String, value: BridgeValue)] = []

    /// Reads `object`, whose allowed keys are those of `fields`.
    init(_ object: BridgeObject, path: String, fields: FieldTable, kind: String, reader: FieldReader) throws(NativeError) {
        self.path = path
        self.reader = reader
        members.reserveCapacity(object.count)
        for (key, value) in object.entries {
            guard let primary = fields.primaryOf[key] else {
                throw reader.failure(Self.join(path, key), "is not \(kind) field (known: \(fields.aliases.keys.sorted().joined(separator: ", ")))")
            }
            if value == .undefined { continue }
            if let earlier = member(primary) {
                throw reader.failure(path, "has both \(earlier.key) and \(key); give one of them")
            }
            members.append((primary, key, value))
        }
    }

    /// The member whose primary key is `primary`.
    private func member(_ primary: String) -> (key: String, value: BridgeValue)? {
        for member in members where member.primary == primary { return (member.key, member.value) }
        return nil
    }

    /// The path of a member, under the key the app used: `items[3].contentDescription`.
    func path(of primary: String) -> String {
        Self.join(path, member(primary)?.key ?? primary)
    }

    /// The path of member `key` of the object at `path`: `items[3].title`, or `title`
    /// alone under an empty path.
    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The key the app used for a member (the primary key when absent).
    func key(of primary: String) -> String { member(primary)?.key ?? primary }

    /// The member's value, or `nil` when absent.
    func value(_ primary: String) -> BridgeValue? { member(primary)?.value }

    /// Whether any of these members is present.
    func hasAny(_ primaries: [String]) -> Bool { primaries.contains { member($0) != nil } }

    /// The member as an update: absent keeps, `null` removes, anything else is read
    /// (its path built only for an error).
    func update<Value>(_ primary: String, _ read: (BridgeValue, @autoclosure () -> String) throws(NativeError) -> Value) throws(NativeError) -> FieldUpdate<Value> {
        guard let member = member(primary) else { return .keep }
        if member.value == .null { return .remove }
        return .set(try read(member.value, Self.join(path, member.key)))
    }

    /// The member's value read, or `nil` when absent or `null`.
    func optional<Value>(_ primary: String, _ read: (BridgeValue, @autoclosure () -> String) throws(NativeError) -> Value) throws(NativeError) -> Value? {
        guard let member = member(primary), member.value != .null else { return nil }
        return try read(member.value, Self.join(path, member.key))
    }
}

/// The keys an object kind allows: each primary key with its aliases, and every key
/// resolved to its primary one.
///
/// Built once per kind (a `static let`): resolving the aliases for every item of a
/// batch cost more instructions than the rest of reading the item.
struct FieldTable: Sendable {
    /// Primary key → its aliases.
    let aliases: [String: [String]]
    /// Any allowed key (primary or alias) → its primary key.
    let primaryOf: [String: String]

    init(_ aliases: [String: [String]]) {
        self.aliases = aliases
        var primaryOf: [String: String] = [:]
        for (primary, names) in aliases {
            primaryOf[primary] = primary
            for alias in names { primaryOf[alias] = primary }
        }
        self.primaryOf = primaryOf
    }
}

extension FieldUpdate {
    /// The value a whole (non-merging) item stores: set values, nothing otherwise.
    var replacement: Value? {
        if case .set(let value) = self { return value }
        return nil
    }
}
