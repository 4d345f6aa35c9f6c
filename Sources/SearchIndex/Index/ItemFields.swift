/// The SPEC names of an item's fields, and projecting an item onto some of them.
enum ItemFields {
    /// Every output field name, as SPEC §3 spells it.
    static let names = [
        "id", "title", "description", "keywords", "thumbnail", "domain", "contentType", "url",
        "displayName", "alternateNames", "textContent", "phoneNumbers", "emailAddresses",
        "supportsPhoneCall", "rankingHint", "contentCreationDate", "contentModificationDate",
        "expirationDate", "attributes",
    ]

    /// Names `query`'s `attributes` option accepts: the output names, plus the
    /// CoreSpotlight spellings of the renamed ones.
    static let accepted = Set(names + ["contentDescription", "uniqueIdentifier", "domainIdentifier"])

    /// `item` with only the fields named in `kept` (plus `id` and `domain`).
    static func keeping(_ kept: Set<String>, of item: SearchableItem) -> SearchableItem {
        var result = SearchableItem(id: item.id, domain: item.domain)
        let all = item.attributes
        var set = SearchableItemAttributeSet()
        if kept.contains("title") { set.title = all.title }
        if kept.contains("description") || kept.contains("contentDescription") { set.contentDescription = all.contentDescription }
        if kept.contains("keywords") { set.keywords = all.keywords }
        if kept.contains("thumbnail") { set.thumbnail = all.thumbnail }
        if kept.contains("contentType") { set.contentType = all.contentType }
        if kept.contains("url") { set.url = all.url }
        if kept.contains("displayName") { set.displayName = all.displayName }
        if kept.contains("alternateNames") { set.alternateNames = all.alternateNames }
        if kept.contains("textContent") { set.textContent = all.textContent }
        if kept.contains("phoneNumbers") { set.phoneNumbers = all.phoneNumbers }
        if kept.contains("emailAddresses") { set.emailAddresses = all.emailAddresses }
        if kept.contains("supportsPhoneCall") { set.supportsPhoneCall = all.supportsPhoneCall }
        if kept.contains("rankingHint") { set.rankingHint = all.rankingHint }
        if kept.contains("contentCreationDate") { set.contentCreationDate = all.contentCreationDate }
        if kept.contains("contentModificationDate") { set.contentModificationDate = all.contentModificationDate }
        if kept.contains("attributes") { set.custom = all.custom }
        if kept.contains("expirationDate") { result.expirationDate = item.expirationDate }
        result.attributes = set
        return result
    }
}
