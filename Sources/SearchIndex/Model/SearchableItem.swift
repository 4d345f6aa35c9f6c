import Foundation

/// One thing the app wants found: an identifier, a domain and an attribute set.
///
/// Mirrors CoreSpotlight's `CSSearchableItem`. Indexing an item whose identifier is
/// already stored replaces it (see ``SearchableItemUpdate`` to merge instead).
public struct SearchableItem: Sendable, Equatable {
    /// The app's identifier for the item (SPEC `id`), unique in the index; not empty.
    public var id: String
    /// The domain (SPEC `domain`), dot-separated like `com.example.recipes`; groups
    /// items for deletion. `nil` when indexing means the index's default domain.
    public var domain: String?
    /// When the item stops being returned. `nil` when indexing means 30 days later.
    public var expirationDate: Date?
    /// The searchable text and metadata.
    public var attributes: SearchableItemAttributeSet

    /// Makes an item.
    public init(
        id: String, domain: String? = nil, expirationDate: Date? = nil,
        attributes: SearchableItemAttributeSet = SearchableItemAttributeSet()
    ) {
        self.id = id
        self.domain = domain
        self.expirationDate = expirationDate
        self.attributes = attributes
    }
}
