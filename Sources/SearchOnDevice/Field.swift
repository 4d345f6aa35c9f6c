/// Every primary key an item or activity object may have, as a number: an
/// ``InputObject`` finds a member by it with one array read instead of hashing or
/// comparing its name (reading an item looks up 18 fields).
///
/// The case names are the primary keys, as SPEC §3 spells them.
enum Field: Int, CaseIterable, Sendable {
    // Content fields, items and activities alike.
    case title, description, keywords, imageUrl, thumbnailData, thumbnail, contentType, url, displayName
    case alternateNames, textContent, phoneNumbers, emailAddresses, supportsPhoneCall, rankingHint
    case contentCreationDate, contentModificationDate, attributes
    // Items.
    case id, domain, expirationDate, isUpdate
    // Activities (NSUserActivity).
    case activityType, userInfo, eligibleForSearch, eligibleForPublicIndexing, eligibleForHandoff
    case relatedUniqueIdentifier, persistentIdentifier, requiredUserInfoKeys, needsSave
    case eligibleForPrediction, targetContentIdentifier, webpageURL, referrerURL

    /// The primary key.
    var name: String { Self.names[rawValue] }

    private static let names = allCases.map { "\($0)" }

    /// The field whose primary key is `name`.
    static let named: [String: Field] = Dictionary(uniqueKeysWithValues: allCases.map { ("\($0)", $0) })
}
