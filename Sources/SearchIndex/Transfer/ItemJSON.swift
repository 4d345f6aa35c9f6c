import Foundation

/// An item in SPEC §3's output shape as JSON: the line format of `export` / `import`.
///
/// Keys: `id title description keywords thumbnail domain contentType url displayName
/// alternateNames textContent phoneNumbers emailAddresses supportsPhoneCall rankingHint
/// contentCreationDate contentModificationDate expirationDate attributes`; dates are ms
/// since the epoch, `thumbnail` a file path or `null`.
enum ItemJSON {
    /// One JSON object (no newline) for an item.
    static func encode(_ item: SearchableItem) -> String {
        let a = item.attributes
        func text(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
        func list(_ value: [String]?) -> String { JSONText.array(value) ?? "null" }
        func number(_ value: Double?) -> String { value.map(JSONText.number) ?? "null" }
        func date(_ value: Date?) -> String { number(value.map { ($0.timeIntervalSince1970 * 1000).rounded() }) }
        let members: [(String, String)] = [
            ("id", text(item.id)),
            ("title", text(a.title)),
            ("description", text(a.contentDescription)),
            ("keywords", list(a.keywords)),
            ("thumbnail", text(a.thumbnail?.path)),
            ("domain", text(item.domain)),
            ("contentType", text(a.contentType)),
            ("url", text(a.url)),
            ("displayName", text(a.displayName)),
            ("alternateNames", list(a.alternateNames)),
            ("textContent", text(a.textContent)),
            ("phoneNumbers", list(a.phoneNumbers)),
            ("emailAddresses", list(a.emailAddresses)),
            ("supportsPhoneCall", a.supportsPhoneCall.map { $0 ? "true" : "false" } ?? "null"),
            ("rankingHint", number(a.rankingHint)),
            ("contentCreationDate", date(a.contentCreationDate)),
            ("contentModificationDate", date(a.contentModificationDate)),
            ("expirationDate", date(item.expirationDate)),
            ("attributes", JSONText.object(a.custom) ?? "null"),
        ]
        return "{" + members.map { JSONText.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// Reads one JSON object in the output shape; `null` fields are absent. Errors name
    /// the field under `path` (`line 3.keywords must be an array of strings`).
    static func decode(_ line: String, path: String) throws -> SearchableItem {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch let error as JSONValue.ParseError {
            throw IndexError.item("\(path) is not valid JSON (at byte \(error.offset): \(error.reason))")
        }
        guard case .object(let members) = value else { throw IndexError.item("\(path) must be a JSON object") }
        var item = SearchableItem(id: "")
        var a = SearchableItemAttributeSet()
        func fail(_ key: String, _ message: String) -> IndexError { IndexError.item("\(path).\(key) \(message)") }
        func string(_ key: String, _ value: JSONValue) throws -> String {
            guard case .string(let text) = value else { throw fail(key, "must be a string") }
            return text
        }
        func strings(_ key: String, _ value: JSONValue) throws -> [String] {
            guard case .array(let elements) = value else { throw fail(key, "must be an array of strings") }
            return try elements.map { element in
                guard case .string(let text) = element else { throw fail(key, "must be an array of strings") }
                return text
            }
        }
        func number(_ key: String, _ value: JSONValue) throws -> Double {
            guard case .number(let number) = value else { throw fail(key, "must be a number") }
            return number
        }
        func date(_ key: String, _ value: JSONValue) throws -> Date {
            Date(timeIntervalSince1970: try number(key, value) / 1000)
        }
        var sawID = false
        for (key, value) in members {
            if case .null = value { continue }
            switch key {
            case "id": item.id = try string(key, value); sawID = true
            case "title": a.title = try string(key, value)
            case "description": a.contentDescription = try string(key, value)
            case "keywords": a.keywords = try strings(key, value)
            case "thumbnail": a.thumbnail = .file(path: try string(key, value))
            case "domain": item.domain = try string(key, value)
            case "contentType": a.contentType = try string(key, value)
            case "url": a.url = try string(key, value)
            case "displayName": a.displayName = try string(key, value)
            case "alternateNames": a.alternateNames = try strings(key, value)
            case "textContent": a.textContent = try string(key, value)
            case "phoneNumbers": a.phoneNumbers = try strings(key, value)
            case "emailAddresses": a.emailAddresses = try strings(key, value)
            case "supportsPhoneCall":
                guard case .bool(let flag) = value else { throw fail(key, "must be a boolean") }
                a.supportsPhoneCall = flag
            case "rankingHint": a.rankingHint = try number(key, value)
            case "contentCreationDate": a.contentCreationDate = try date(key, value)
            case "contentModificationDate": a.contentModificationDate = try date(key, value)
            case "expirationDate": item.expirationDate = try date(key, value)
            case "attributes":
                guard case .object(let pairs) = value else { throw fail(key, "must be an object") }
                for (name, raw) in pairs {
                    guard let attribute = raw.attributeValue else {
                        throw fail("attributes.\(name)", "must be a string, number, boolean or an array of those")
                    }
                    a.custom[name] = attribute
                }
            default:
                throw IndexError.item("\(path) has an unknown key '\(key)'")
            }
        }
        if !sawID { throw fail("id", "must be a non-empty string") }
        item.attributes = a
        return item
    }
}

extension SearchableItem {
    /// The item as one JSON object in SPEC §3's output shape (dates in ms since the
    /// epoch, `thumbnail` a path or `null`).
    public var jsonText: String { ItemJSON.encode(self) }
}
