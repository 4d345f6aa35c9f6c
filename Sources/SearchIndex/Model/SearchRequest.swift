/// What the system search asked the app to do: open an item, or continue a search in
/// the app — CoreSpotlight's `CSSearchableItemActionType` and
/// `CSQueryContinuationActionType`.
///
/// The D-Bus providers (`ActivateResult`, `LaunchSearch`, KRunner `Run`) and
/// `searchlight run --activate` / `--continue` produce it; the `SearchOnDevice` module
/// turns it into the `onSearchOnDeviceRequest` event (`{id}` or `{query}`).
public enum SearchRequest: Sendable, Equatable {
    /// The user picked the item with this identifier.
    case open(id: String)
    /// The user asked to see this search in the app (terms joined by spaces).
    case continueSearch(text: String)
}
