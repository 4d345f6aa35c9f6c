/// An attribute on the left of a comparison: a built-in item field, `*`, or a custom attribute.
///
/// Any name that is not built in is a custom attribute (the item's `attributes`
/// object, keys `[A-Za-z0-9_]+`); `attributes.NAME` names a custom attribute
/// explicitly, e.g. one called `title`.
public enum QueryAttribute: Sendable, Hashable {
    /// `*`: any text attribute (see ``QueryAttribute/anyTextMembers``).
    case anyText
    case title
    case contentDescription
    case keywords
    case domainIdentifier
    case uniqueIdentifier
    case contentType
    case displayName
    case alternateNames
    case textContent
    case url
    case rankingHint
    case contentCreationDate
    case contentModificationDate
    case expirationDate
    /// A key of the item's custom `attributes`.
    case custom(String)

    /// The built-in attributes by their query-language names.
    public static let builtIn: [String: QueryAttribute] = [
        "title": .title,
        "contentDescription": .contentDescription,
        "keywords": .keywords,
        "domainIdentifier": .domainIdentifier,
        "uniqueIdentifier": .uniqueIdentifier,
        "contentType": .contentType,
        "displayName": .displayName,
        "alternateNames": .alternateNames,
        "textContent": .textContent,
        "url": .url,
        "rankingHint": .rankingHint,
        "contentCreationDate": .contentCreationDate,
        "contentModificationDate": .contentModificationDate,
        "expirationDate": .expirationDate,
    ]

    /// The attributes `*` searches: the user-visible text of an item, and every string
    /// (or string in an array) among its custom attributes. Identifiers, the domain,
    /// the content type and the URL are not included.
    public static let anyTextMembers: [QueryAttribute] = [
        .title, .contentDescription, .keywords, .displayName, .alternateNames, .textContent,
    ]

    /// The query-language spelling of the attribute (`attributes.NAME` for a custom
    /// attribute whose name is also a built-in one or starts with a digit).
    public var name: String {
        switch self {
        case .anyText: return "*"
        case .custom(let name):
            let plain = Self.builtIn[name] == nil && name != "InRange"
                && name.unicodeScalars.first.map { !("0"..."9").contains($0) } == true
            return plain ? name : "attributes.\(name)"
        default:
            return Self.builtIn.first(where: { $0.value == self })?.key ?? "?"
        }
    }

    /// What kind of values the attribute holds, which decides the values it may be compared with.
    var kind: Kind {
        switch self {
        case .anyText: return .anyText
        case .title, .contentDescription, .domainIdentifier, .uniqueIdentifier, .contentType,
             .displayName, .textContent, .url:
            return .text
        case .keywords, .alternateNames: return .textArray
        case .rankingHint: return .number
        case .contentCreationDate, .contentModificationDate, .expirationDate: return .date
        case .custom: return .custom
        }
    }

    /// The value kinds of attributes.
    enum Kind {
        case text, textArray, anyText, number, date, custom
    }

    /// Whether `name` is a valid custom attribute key (`[A-Za-z0-9_]+`).
    static func isCustomName(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
    }
}
