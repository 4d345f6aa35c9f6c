/// What the system search (GNOME Shell, KRunner) may show for one result.
///
/// Only items and activities that may leave the app are described: see
/// ``SearchableIndex/systemSearch(terms:limit:)``.
public struct SystemSearchResult: Sendable, Equatable {
    /// The result's identifier on D-Bus (the stored row's identifier; activities have
    /// their own, see ``openIdentifier``).
    public var id: String
    /// The identifier to send to the app when the user opens the result (`{id}`):
    /// the item's id, or for an activity its related item, else the activity's id.
    public var openIdentifier: String
    /// The name shown (title, else display name, else the identifier).
    public var name: String
    /// The description shown, if any.
    public var description: String?
    /// The thumbnail file, if any.
    public var thumbnailPath: String?
    /// Text to copy (the url when there is one, else the name).
    public var clipboardText: String
    /// Whether this result is a user activity rather than an indexed item.
    public var isActivity: Bool
    /// The ranking score (higher is better).
    public var score: Double
    /// The matched text of the result's fields (filled by
    /// ``SearchableIndex/systemSearch(terms:domains:limit:typoTolerance:)``; empty otherwise).
    public var highlights: [SearchHighlight] = []
    /// The number of elements of the array fields (`keywords`, `alternateNames`) the
    /// result's item has, so that ``highlights`` can be laid out per element.
    public var arrayLengths: [String: Int] = [:]
    /// The item's deep link (`url`), if any.
    public var url: String?
    /// For an activity: its type and `userInfo`, which the app gets with the request.
    public var activityType: String?
    public var userInfo: [String: AttributeValue]?

    /// Makes a result description.
    public init(
        id: String, openIdentifier: String, name: String, description: String?,
        thumbnailPath: String?, clipboardText: String, isActivity: Bool, score: Double,
        url: String? = nil, activityType: String? = nil, userInfo: [String: AttributeValue]? = nil
    ) {
        self.url = url
        self.activityType = activityType
        self.userInfo = userInfo
        self.id = id
        self.openIdentifier = openIdentifier
        self.name = name
        self.description = description
        self.thumbnailPath = thumbnailPath
        self.clipboardText = clipboardText
        self.isActivity = isActivity
        self.score = score
    }
}
