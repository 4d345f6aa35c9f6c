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
    /// The members given, in the app's order.
    private var members: [(key: String, value: BridgeValue)] = []
    /// For each ``Field``: its position in ``members``, or -1. Hashing every field
    /// name looked up (18 per item) cost more than the rest of reading the item.
    private var positions: [Int8]

    /// Reads `object`, whose allowed keys are those of `fields`.
    init(_ object: BridgeObject, path: String, fields: FieldTable, kind: String, reader: FieldReader) throws(NativeError) {
        self.path = path
        self.reader = reader
        positions = [Int8](repeating: -1, count: Field.allCases.count)
        members.reserveCapacity(object.count)
        for (key, value) in object.entries {
            guard let primary = fields.primaryOf[key] else {
                throw reader.failure(Self.join(path, key), "is not \(kind) field (known: \(fields.aliases.keys.sorted().joined(separator: ", ")))")
            }
            if value == .undefined { continue }
            if let earlier = member(primary) {
                throw reader.failure(path, "has both \(earlier.key) and \(key); give one of them")
            }
            // Allowed keys are far fewer than Int8.max.
            positions[primary.rawValue] = Int8(members.count)
            members.append((key, value))
        }
    }

    /// The member of field `primary`.
    private func member(_ primary: Field) -> (key: String, value: BridgeValue)? {
        let position = Int(positions[primary.rawValue])
        return position < 0 ? nil : members[position]
    }

    /// The path of a member, under the key the app used: `items[3].contentDescription`.
    func path(of primary: Field) -> String {
        Self.join(path, member(primary)?.key ?? primary.name)
    }

    /// The path of member `key` of the object at `path`: `items[3].title`, or `title`
    /// alone under an empty path.
    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The key the app used for a member (the primary key when absent).
    func key(of primary: Field) -> String { member(primary)?.key ?? primary.name }

    /// The member's value, or `nil` when absent.
    func value(_ primary: Field) -> BridgeValue? { member(primary)?.value }

    /// The member as an update: absent keeps, `null` removes, anything else is read
    /// (its path built only for an error).
    func update<Value>(_ primary: Field, _ read: (BridgeValue, @autoclosure () -> String) throws(NativeError) -> Value) throws(NativeError) -> FieldUpdate<Value> {
        guard let member = member(primary) else { return .keep }
        if member.value == .null { return .remove }
        return .set(try read(member.value, Self.join(path, member.key)))
    }

    /// The member's value read, or `nil` when absent or `null`.
    func optional<Value>(_ primary: Field, _ read: (BridgeValue, @autoclosure () -> String) throws(NativeError) -> Value) throws(NativeError) -> Value? {
        guard let member = member(primary), member.value != .null else { return nil }
        return try read(member.value, Self.join(path, member.key))
    }
}

/// The keys an object kind allows: each primary key with its aliases, and every key
/// resolved to its primary one.
///
/// Built once per kind (a `static let`): resolving the aliases for every item of a
/// batch would cost more than the rest of reading the item.
struct FieldTable: Sendable {
    /// Primary key → its aliases.
    let aliases: [String: [String]]
    /// Any allowed key (primary or alias) → its primary key.
    let primaryOf: [String: Field]

    /// A table of `aliases`, whose primary keys must all be ``Field`` names.
    init(_ aliases: [String: [String]]) {
        self.aliases = aliases
        var primaryOf: [String: Field] = [:]
        for (primary, names) in aliases {
            guard let field = Field.named[primary] else { preconditionFailure("\(primary) is not a Field") }
            primaryOf[primary] = field
            for alias in names { primaryOf[alias] = field }
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
