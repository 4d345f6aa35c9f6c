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
        var builder = BridgeValueBuilder()
        builder.beginObject()
        writeFields(item, to: &builder)
        builder.endObject()
        return builder.value.objectValue ?? BridgeObject()
    }

    /// The value for one item, or `null`.
    static func value(_ item: SearchableItem?) -> BridgeValue {
        item.map { .object(object($0)) } ?? .null
    }

    /// A search hit: the item's fields, its `score` and the score's parts.
    static func hit(_ hit: SearchHit) -> BridgeValue {
        var builder = BridgeValueBuilder()
        write(hit, to: &builder)
        return builder.value
    }

    /// Search hits as JS receives them (an array of ``hit(_:)``), written straight
    /// into the form the host takes: JSON text for the JS thread, no value tree between.
    struct Hits: BridgeWritable {
        let hits: [SearchHit]

        func write<Sink: BridgeValueSink>(to sink: inout Sink) {
            // About 1.3 KB a hit of the bench's items: fewer regrowths of the text.
            sink.reserve(hits.count * 1_536)
            sink.beginArray()
            for hit in hits { ItemOutput.write(hit, to: &sink) }
            sink.endArray()
        }

        func writeJSON(to writer: inout BridgeJSONWriter) {
            write(to: &writer)
        }
    }

    /// Items as JS receives them (`getItems`, `query`): an array of item objects,
    /// `null` for an id without an item.
    struct Items: BridgeWritable {
        let items: [SearchableItem?]

        func write<Sink: BridgeValueSink>(to sink: inout Sink) {
            sink.reserve(items.count * 1_024)
            sink.beginArray()
            for item in items {
                if let item {
                    sink.beginObject()
                    ItemOutput.writeFields(item, to: &sink)
                    sink.endObject()
                } else {
                    sink.null()
                }
            }
            sink.endArray()
        }

        func writeJSON(to writer: inout BridgeJSONWriter) {
            write(to: &writer)
        }
    }

    /// The members of an item's object, in SPEC's order (without the braces).
    static func writeFields<Sink: BridgeValueSink>(_ item: SearchableItem, to sink: inout Sink) {
        let set = item.attributes
        sink.name("id"); sink.string(item.id)
        sink.name("title"); sink.string(set.title)
        sink.name("description"); sink.string(set.contentDescription)
        sink.name("keywords"); sink.strings(set.keywords)
        sink.name("thumbnail"); sink.string(set.thumbnail?.path)
        sink.name("domain"); sink.string(item.domain)
        sink.name("contentType"); sink.string(set.contentType)
        sink.name("url"); sink.string(set.url)
        sink.name("displayName"); sink.string(set.displayName)
        sink.name("alternateNames"); sink.strings(set.alternateNames)
        sink.name("textContent"); sink.string(set.textContent)
        sink.name("phoneNumbers"); sink.strings(set.phoneNumbers)
        sink.name("emailAddresses"); sink.strings(set.emailAddresses)
        sink.name("supportsPhoneCall")
        if let flag = set.supportsPhoneCall { sink.bool(flag) } else { sink.null() }
        sink.name("rankingHint")
        if let hint = set.rankingHint { sink.number(hint) } else { sink.null() }
        sink.name("contentCreationDate"); date(set.contentCreationDate, to: &sink)
        sink.name("contentModificationDate"); date(set.contentModificationDate, to: &sink)
        sink.name("expirationDate"); date(item.expirationDate, to: &sink)
        sink.name("attributes")
        if set.custom.isEmpty {
            sink.null()
        } else {
            sink.beginObject()
            for key in set.custom.keys.sorted() {
                sink.key(key)
                write(set.custom[key]!, to: &sink)
            }
            sink.endObject()
        }
    }

    /// One hit's object: the item's fields, `score`, `scoreDetails` and `highlights`.
    static func write<Sink: BridgeValueSink>(_ hit: SearchHit, to sink: inout Sink) {
        sink.beginObject()
        writeFields(hit.item, to: &sink)
        let parts = hit.breakdown
        sink.name("score"); sink.number(hit.score)
        sink.name("scoreDetails")
        sink.beginObject()
        sink.name("matchedTerms"); sink.number(Double(parts.matchedTerms))
        sink.name("field"); sink.number(parts.field)
        sink.name("rankingHint"); sink.number(parts.rankingHint)
        sink.name("engagement"); sink.number(parts.engagement)
        sink.name("recency"); sink.number(parts.recency)
        sink.name("typos"); sink.number(parts.typos)
        sink.name("exactness"); sink.number(parts.exactness)
        sink.name("proximity"); sink.number(parts.proximity)
        sink.name("coverage"); sink.number(parts.coverage)
        sink.name("termStatistics"); sink.number(parts.termStatistics)
        sink.name("bestField"); sink.string(parts.bestField)
        sink.name("typoCount"); sink.number(Double(parts.typoCount))
        // Each rule's level, in the rules' order: what `score` packs.
        sink.name("levels")
        sink.beginObject()
        for rule in RankingRule.allCases {
            sink.key(rule.name); sink.number(Double(parts.level(rule)))
        }
        sink.endObject()
        sink.endObject()
        sink.name("highlights")
        writeHighlights(hit, to: &sink)
        sink.endObject()
    }

    /// `highlights`: for each matched field, its UTF-16 `[start, end]` ranges; an array
    /// field (`keywords`, `alternateNames`) maps to one list per element, `[]` for an
    /// element without a match (``HighlightLayout``).
    static func writeHighlights<Sink: BridgeValueSink>(_ hit: SearchHit, to sink: inout Sink) {
        func ranges(_ ranges: [Range<Int>]) {
            sink.beginArray()
            for range in ranges {
                sink.beginArray()
                sink.number(Double(range.lowerBound))
                sink.number(Double(range.upperBound))
                sink.endArray()
            }
            sink.endArray()
        }
        let set = hit.item.attributes
        let layout = HighlightLayout(hit.highlights) { field in
            (field == "keywords" ? set.keywords : set.alternateNames)?.count ?? 0
        }
        sink.beginObject()
        for (field, found) in layout.fields {
            sink.key(field)
            switch found {
            case .string(let list): ranges(list)
            case .elements(let lists):
                sink.beginArray()
                for list in lists { ranges(list) }
                sink.endArray()
            }
        }
        sink.endObject()
    }

    /// Whole milliseconds since the epoch, as JS dates have.
    static func date(_ date: Date?) -> BridgeValue {
        guard let date else { return .null }
        return .number((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func date<Sink: BridgeValueSink>(_ date: Date?, to sink: inout Sink) {
        if let date { sink.number((date.timeIntervalSince1970 * 1000).rounded()) } else { sink.null() }
    }

    static func attributeValue(_ value: AttributeValue) -> BridgeValue {
        var builder = BridgeValueBuilder()
        write(value, to: &builder)
        return builder.value
    }

    private static func write<Sink: BridgeValueSink>(_ value: AttributeValue, to sink: inout Sink) {
        switch value {
        case .string(let text): sink.string(text)
        case .number(let number): sink.number(number)
        case .bool(let flag): sink.bool(flag)
        case .array(let values):
            sink.beginArray()
            for value in values { write(value, to: &sink) }
            sink.endArray()
        }
    }
}
