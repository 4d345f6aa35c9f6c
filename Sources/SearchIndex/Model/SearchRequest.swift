/// What the system search asked the app to do: open an item, or continue a search in
/// the app — CoreSpotlight's `CSSearchableItemActionType` and
/// `CSQueryContinuationActionType`.
///
/// The D-Bus providers (`ActivateResult`, `LaunchSearch`, KRunner `Run`) and
/// `searchlight run --activate` / `--continue` produce it; the `SearchOnDevice` module
/// turns it into the `onSearchOnDeviceRequest` event (`{id}` or `{query}`, with
/// `timestamp` and, for a viewed record, `activityType` and `userInfo`).
public enum SearchRequest: Sendable, Equatable {
    /// The user picked the item with this identifier. `timestamp` is the desktop's
    /// activation time (GNOME Shell's `ActivateResult` `u`; 0 when unknown, as from
    /// KRunner); `activity` is set when the result was a viewed record.
    case open(id: String, timestamp: UInt32 = 0, activity: ViewedActivity? = nil)
    /// The user asked to see this search in the app (terms joined by spaces).
    case continueSearch(text: String, timestamp: UInt32 = 0)

    /// The desktop's activation time, 0 when unknown.
    public var timestamp: UInt32 {
        switch self {
        case .open(_, let timestamp, _), .continueSearch(_, let timestamp): return timestamp
        }
    }
}

/// The viewed record (a user activity, `NSUserActivity`) a result opened from the
/// system search stands for: what the app needs to restore it.
public struct ViewedActivity: Sendable, Equatable {
    public var activityType: String
    public var userInfo: [String: AttributeValue]

    public init(activityType: String, userInfo: [String: AttributeValue] = [:]) {
        self.activityType = activityType
        self.userInfo = userInfo
    }
}
