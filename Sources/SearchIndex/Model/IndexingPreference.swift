/// What the index may show to other programs (the desktop's system search).
///
/// Persisted with the index. In-app `search` and `query` see everything that has not
/// expired, whatever the preference.
public enum IndexingPreference: String, Sendable, CaseIterable {
    /// Nothing is served to the system search.
    case disabled
    /// Only user activities marked `eligibleForSearch` are served.
    case viewedRecords
    /// Items and eligible activities are served (the default).
    case allRecords
}
