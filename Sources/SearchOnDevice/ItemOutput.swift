import Foundation
import JSHost
import SearchIndex

/// Items as JS receives them: SPEC §3's output shape.
///
/// Every key is present, `null` when the item has no value, in one fixed order: `id`,
/// `title`, `description`, `keywords`, `thumbnail` (a file path), `domain`,
/// `contentType`, `url`, `displayName`, `alternateNames`, `textContent`,
/// `phoneNumbers`, `emailAddresses`, `supportsPhoneCall`, `rankingHint`,
/// `contentCreationDate`, `contentModificationDate`, `expirationDate` (dates as ms
/// since the epoch) and `attributes`. Search hits add `score`, `scoreDetails` and
/// `highlights`.
enum ItemOutput {
    /// The object for one item.
    static func object(_ item: SearchableItem) -> BridgeObject {
        let set = item.attributes
        var object = BridgeObject()
        object["id"] = .string(item.id)
        object["title"] = string(set.title)
        object["description"] = string(set.contentDescription)
        object["keywords"] = strings(set.keywords)
        object["thumbnail"] = string(set.thumbnail?.path)
        object["domain"] = string(item.domain)
        object["contentType"] = string(set.contentType)
        object["url"] = string(set.url)
        object["displayName"] = string(set.displayName)
        object["alternateNames"] = strings(set.alternateNames)
        object["textContent"] = string(set.textContent)
        object["phoneNumbers"] = strings(set.phoneNumbers)
        object["emailAddresses"] = strings(set.emailAddresses)
        object["supportsPhoneCall"] = set.supportsPhoneCall.map { .bool($0) } ?? .null
        object["rankingHint"] = set.rankingHint.map { .number($0) } ?? .null
        object["contentCreationDate"] = date(set.contentCreationDate)
        object["contentModificationDate"] = date(set.contentModificationDate)
        object["expirationDate"] = date(item.expirationDate)
        object["attributes"] = set.custom.isEmpty ? .null : .object(BridgeObject(
            set.custom.keys.sorted().map { ($0, attributeValue(set.custom[$0]!)) }))
        return object
    }

    /// The value for one item, or `null`.
    static func value(_ item: SearchableItem?) -> BridgeValue {
        item.map { .object(object($0)) } ?? .null
    }

    /// A search hit: the item's fields, its `score` and the score's parts.
    static func hit(_ hit: SearchHit) -> BridgeValue {
        var object = object(hit.item)
        let parts = hit.breakdown
        object["score"] = .number(hit.score)
        object["scoreDetails"] = [
            "field": .number(parts.field), "rankingHint": .number(parts.rankingHint),
            "engagement": .number(parts.engagement), "recency": .number(parts.recency),
            "typos": .number(parts.typos), "exactness": .number(parts.exactness), "proximity": .number(parts.proximity),
            "coverage": .number(parts.coverage), "termStatistics": .number(parts.termStatistics),
            "bestField": .string(parts.bestField), "typoCount": .number(Double(parts.typoCount)),
        ]
        object["highlights"] = .object(highlights(hit))
        return .object(object)
    }

    /// `highlights`: for each matched field, its UTF-16 `[start, end]` ranges; an array
    /// field (`keywords`, `alternateNames`) maps to one list per element, `[]` for an
    /// element without a match (``HighlightLayout``).
    static func highlights(_ hit: SearchHit) -> BridgeObject {
        func ranges(_ ranges: [Range<Int>]) -> BridgeValue {
            .array(ranges.map { .array([.number(Double($0.lowerBound)), .number(Double($0.upperBound))]) })
        }
        let set = hit.item.attributes
        let layout = HighlightLayout(hit.highlights) { field in
            (field == "keywords" ? set.keywords : set.alternateNames)?.count ?? 0
        }
        var object = BridgeObject()
        for (field, found) in layout.fields {
            switch found {
            case .string(let list): object[field] = ranges(list)
            case .elements(let lists): object[field] = .array(lists.map(ranges))
            }
        }
        return object
    }

    /// Whole milliseconds since the epoch, as JS dates have.
    static func date(_ date: Date?) -> BridgeValue {
        guard let date else { return .null }
        return .number((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func string(_ text: String?) -> BridgeValue {
        text.map { .string($0) } ?? .null
    }

    private static func strings(_ texts: [String]?) -> BridgeValue {
        texts.map { .array($0.map { .string($0) }) } ?? .null
    }

    static func attributeValue(_ value: AttributeValue) -> BridgeValue {
        switch value {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .array(let values): return .array(values.map(attributeValue))
        }
    }
}
