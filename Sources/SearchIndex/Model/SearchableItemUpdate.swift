import Foundation

/// What an update does to one field of a stored item: keep it, set it, or remove it.
///
/// This is how SPEC's `isUpdate: true` is modelled: a key missing from the JS object
/// is ``keep``, a `null` is ``remove``, any other value is ``set(_:)``.
public enum FieldUpdate<Value: Sendable & Equatable>: Sendable, Equatable {
    /// Leave the stored value as it is.
    case keep
    /// Store this value.
    case set(Value)
    /// Remove the stored value.
    case remove

    /// The field's value after applying this update to `current`.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: return current
        case .set(let value): return value
        case .remove: return nil
        }
    }
}

/// A change merged into a stored item (CoreSpotlight's `isUpdate`).
///
/// Fields left at ``FieldUpdate/keep`` keep their stored value. When no item with
/// ``id`` is stored, the update is applied to an empty item, so it indexes a new one.
public struct SearchableItemUpdate: Sendable, Equatable {
    /// The identifier of the item to change.
    public var id: String
    public var domain: FieldUpdate<String> = .keep
    public var expirationDate: FieldUpdate<Date> = .keep
    public var title: FieldUpdate<String> = .keep
    public var contentDescription: FieldUpdate<String> = .keep
    public var keywords: FieldUpdate<[String]> = .keep
    public var thumbnail: FieldUpdate<Thumbnail> = .keep
    public var contentType: FieldUpdate<String> = .keep
    public var url: FieldUpdate<String> = .keep
    public var displayName: FieldUpdate<String> = .keep
    public var alternateNames: FieldUpdate<[String]> = .keep
    public var textContent: FieldUpdate<String> = .keep
    public var phoneNumbers: FieldUpdate<[String]> = .keep
    public var emailAddresses: FieldUpdate<[String]> = .keep
    public var supportsPhoneCall: FieldUpdate<Bool> = .keep
    public var rankingHint: FieldUpdate<Double> = .keep
    public var contentCreationDate: FieldUpdate<Date> = .keep
    public var contentModificationDate: FieldUpdate<Date> = .keep
    /// Per custom attribute: set or remove that key; keys not named are kept.
    public var custom: [String: FieldUpdate<AttributeValue>] = [:]
    /// Remove every stored custom attribute before applying ``custom``
    /// (JS `attributes: null`).
    public var removesAllCustom: Bool = false

    /// Makes an update that keeps every field of item `id`.
    public init(id: String) {
        self.id = id
    }

    /// The item that results from merging this update into `stored` (or into an
    /// empty item when nothing is stored).
    public func applied(to stored: SearchableItem?) -> SearchableItem {
        var item = stored ?? SearchableItem(id: id)
        item.id = id
        item.domain = domain.applied(to: item.domain)
        item.expirationDate = expirationDate.applied(to: item.expirationDate)
        var set = item.attributes
        set.title = title.applied(to: set.title)
        set.contentDescription = contentDescription.applied(to: set.contentDescription)
        set.keywords = keywords.applied(to: set.keywords)
        set.thumbnail = thumbnail.applied(to: set.thumbnail)
        set.contentType = contentType.applied(to: set.contentType)
        set.url = url.applied(to: set.url)
        set.displayName = displayName.applied(to: set.displayName)
        set.alternateNames = alternateNames.applied(to: set.alternateNames)
        set.textContent = textContent.applied(to: set.textContent)
        set.phoneNumbers = phoneNumbers.applied(to: set.phoneNumbers)
        set.emailAddresses = emailAddresses.applied(to: set.emailAddresses)
        set.supportsPhoneCall = supportsPhoneCall.applied(to: set.supportsPhoneCall)
        set.rankingHint = rankingHint.applied(to: set.rankingHint)
        set.contentCreationDate = contentCreationDate.applied(to: set.contentCreationDate)
        set.contentModificationDate = contentModificationDate.applied(to: set.contentModificationDate)
        if removesAllCustom { set.custom = [:] }
        for (key, change) in custom {
            set.custom[key] = change.applied(to: set.custom[key])
        }
        item.attributes = set
        return item
    }
}

/// One entry of an `indexItems` batch: a whole item (replacing any stored one) or an
/// update merged into the stored item.
public enum IndexEntry: Sendable, Equatable {
    /// Store this item, replacing one with the same identifier (`isUpdate: false`).
    case replace(SearchableItem)
    /// Merge into the stored item (`isUpdate: true`).
    case merge(SearchableItemUpdate)

    /// The identifier the entry writes.
    public var id: String {
        switch self {
        case .replace(let item): return item.id
        case .merge(let update): return update.id
        }
    }
}
