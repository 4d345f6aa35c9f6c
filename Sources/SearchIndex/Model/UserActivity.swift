import Foundation

/// Something the user is looking at in the app, as `NSUserActivity` describes it.
///
/// ``SearchableIndex/becomeCurrent(_:)`` counts one engagement for the related item
/// (``relatedUniqueIdentifier``, else the `id` key of ``userInfo``), which raises its
/// rank. With ``eligibleForSearch`` the activity itself is stored and served to the
/// system search ("viewed records").
public struct UserActivity: Sendable, Equatable {
    /// The kind of activity, reverse-DNS (`com.example.foods.view-recipe`); not empty.
    public var activityType: String
    /// The title shown when the activity is found.
    public var title: String?
    /// App data describing the activity; its `id` key names the related item.
    public var userInfo: [String: AttributeValue]
    /// Words the activity should be found by.
    public var keywords: [String]?
    /// Whether the activity itself is searchable (NSUserActivity "viewed records").
    public var eligibleForSearch: Bool
    /// Kept for NSUserActivity compatibility; there is no public index on Linux.
    public var eligibleForPublicIndexing: Bool
    /// Kept for NSUserActivity compatibility; there is no Handoff on Linux.
    public var eligibleForHandoff: Bool
    /// When a stored (eligible) activity stops being returned; `nil` is 30 days.
    public var expirationDate: Date?
    /// The identifier of the indexed item this activity is about.
    public var relatedUniqueIdentifier: String?
    /// More searchable content (`contentAttributeSet`): description, thumbnail, url…
    public var contentAttributes: SearchableItemAttributeSet

    /// Makes an activity of a type.
    public init(
        activityType: String, title: String? = nil, userInfo: [String: AttributeValue] = [:],
        keywords: [String]? = nil, eligibleForSearch: Bool = false,
        eligibleForPublicIndexing: Bool = false, eligibleForHandoff: Bool = false,
        expirationDate: Date? = nil, relatedUniqueIdentifier: String? = nil,
        contentAttributes: SearchableItemAttributeSet = SearchableItemAttributeSet()
    ) {
        self.activityType = activityType
        self.title = title
        self.userInfo = userInfo
        self.keywords = keywords
        self.eligibleForSearch = eligibleForSearch
        self.eligibleForPublicIndexing = eligibleForPublicIndexing
        self.eligibleForHandoff = eligibleForHandoff
        self.expirationDate = expirationDate
        self.relatedUniqueIdentifier = relatedUniqueIdentifier
        self.contentAttributes = contentAttributes
    }

    /// The identifier of the item this activity counts an engagement for, if any.
    public var engagedItemIdentifier: String? {
        if let related = relatedUniqueIdentifier, !related.isEmpty { return related }
        if case .string(let id)? = userInfo["id"], !id.isEmpty { return id }
        if case .number(let id)? = userInfo["id"] {
            return id == id.rounded() && abs(id) < 1e15 ? String(Int64(id)) : String(id)
        }
        return nil
    }
}
