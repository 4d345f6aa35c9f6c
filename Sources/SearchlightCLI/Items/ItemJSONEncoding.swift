import Foundation
import SearchIndex

/// An item in SPEC §3's output shape as one line of JSON (`export`, `query --json`).
///
/// Keys come in SPEC order; a field the item does not have is left out rather than
/// written as `null`, so an exported line imports back to the same item. Dates are ms
/// since the epoch and `thumbnail` is the stored file's path.
enum ItemJSONEncoding {
    static func json(_ item: SearchableItem, score: Double? = nil) -> String {
        let set = item.attributes
        var members: [(String, String)] = [("id", JSONWriter.string(item.id))]
        func add(_ key: String, _ value: String?) {
            if let value { members.append((key, value)) }
        }
        func strings(_ values: [String]?) -> String? {
            values.map { JSONWriter.array($0.map(JSONWriter.string)) }
        }
        func date(_ value: Date?) -> String? {
            value.map { JSONWriter.number(($0.timeIntervalSince1970 * 1000).rounded()) }
        }
        add("title", set.title.map(JSONWriter.string))
        add("description", set.contentDescription.map(JSONWriter.string))
        add("keywords", strings(set.keywords))
        add("thumbnail", set.thumbnail?.path.map(JSONWriter.string))
        add("domain", item.domain.map(JSONWriter.string))
        add("contentType", set.contentType.map(JSONWriter.string))
        add("url", set.url.map(JSONWriter.string))
        add("displayName", set.displayName.map(JSONWriter.string))
        add("alternateNames", strings(set.alternateNames))
        add("textContent", set.textContent.map(JSONWriter.string))
        add("phoneNumbers", strings(set.phoneNumbers))
        add("emailAddresses", strings(set.emailAddresses))
        add("supportsPhoneCall", set.supportsPhoneCall.map(JSONWriter.bool))
        add("rankingHint", set.rankingHint.map(JSONWriter.number))
        add("contentCreationDate", date(set.contentCreationDate))
        add("contentModificationDate", date(set.contentModificationDate))
        add("expirationDate", date(item.expirationDate))
        if !set.custom.isEmpty {
            add("attributes", JSONWriter.object(set.custom.keys.sorted().map { ($0, value(set.custom[$0]!)) }))
        }
        add("score", score.map(JSONWriter.number))
        return JSONWriter.object(members)
    }

    static func value(_ value: AttributeValue) -> String {
        switch value {
        case .string(let text): return JSONWriter.string(text)
        case .number(let number): return JSONWriter.number(number)
        case .bool(let flag): return JSONWriter.bool(flag)
        case .array(let values): return JSONWriter.array(values.map(self.value))
        }
    }
}
