import Foundation

/// What an item says about itself: the searchable text and its metadata.
///
/// Mirrors CoreSpotlight's `CSSearchableItemAttributeSet`. Every field is optional;
/// `nil` means the item has no such value.
public struct SearchableItemAttributeSet: Sendable, Equatable {
    /// The title, the most important text for search.
    public var title: String?
    /// A description shown under the title (SPEC `description`).
    public var contentDescription: String?
    /// Words the item should be found by.
    public var keywords: [String]?
    /// The item's image.
    public var thumbnail: Thumbnail?
    /// A uniform type identifier or MIME type such as `public.audio`.
    public var contentType: String?
    /// A deep link that opens the item.
    public var url: String?
    /// A display name, as for a person or place.
    public var displayName: String?
    /// Other names the item is known by.
    public var alternateNames: [String]?
    /// The item's full text; searched, weighted least.
    public var textContent: String?
    /// Phone numbers.
    public var phoneNumbers: [String]?
    /// Email addresses.
    public var emailAddresses: [String]?
    /// Whether the item can be called.
    public var supportsPhoneCall: Bool?
    /// How important the item is to the app, 0 to 100.
    public var rankingHint: Double?
    /// When the content was created.
    public var contentCreationDate: Date?
    /// When the content was last changed.
    public var contentModificationDate: Date?
    /// Custom attributes, keys `[A-Za-z0-9_]+`; searchable with the query language.
    public var custom: [String: AttributeValue]

    /// Makes an attribute set; every field defaults to absent.
    public init(
        title: String? = nil, contentDescription: String? = nil, keywords: [String]? = nil,
        thumbnail: Thumbnail? = nil, contentType: String? = nil, url: String? = nil,
        displayName: String? = nil, alternateNames: [String]? = nil, textContent: String? = nil,
        phoneNumbers: [String]? = nil, emailAddresses: [String]? = nil, supportsPhoneCall: Bool? = nil,
        rankingHint: Double? = nil, contentCreationDate: Date? = nil, contentModificationDate: Date? = nil,
        custom: [String: AttributeValue] = [:]
    ) {
        self.title = title
        self.contentDescription = contentDescription
        self.keywords = keywords
        self.thumbnail = thumbnail
        self.contentType = contentType
        self.url = url
        self.displayName = displayName
        self.alternateNames = alternateNames
        self.textContent = textContent
        self.phoneNumbers = phoneNumbers
        self.emailAddresses = emailAddresses
        self.supportsPhoneCall = supportsPhoneCall
        self.rankingHint = rankingHint
        self.contentCreationDate = contentCreationDate
        self.contentModificationDate = contentModificationDate
        self.custom = custom
    }
}
