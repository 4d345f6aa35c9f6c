import JSHost

/// What the system search asked the app to do: open an item, or continue a search in it.
///
/// ``SearchOnDeviceModule/handle(_:)`` turns a request into the
/// `onSearchOnDeviceRequest` event, whose body has exactly one of `id` and `query` set.
/// The cases have the same shape as SystemSearch's `SearchRequest`, so the D-Bus
/// service's closure passes its requests on case by case.
public enum SearchRequest: Sendable, Equatable {
    /// The user picked the item with this identifier (`ActivateResult`, KRunner `Run`,
    /// `searchlight run --activate ID`).
    case open(id: String)
    /// The user asked to see this search in the app (`LaunchSearch`,
    /// `searchlight run --continue TEXT`).
    case continueSearch(text: String)

    /// The event body: `{id, query: null}` or `{id: null, query}`.
    public var eventBody: BridgeValue {
        switch self {
        case .open(let id): return ["id": .string(id), "query": .null]
        case .continueSearch(let text): return ["id": .null, "query": .string(text)]
        }
    }

    /// The cold-start request of `searchlight run --activate ID` or `--continue TEXT`,
    /// or `nil` when the app was started normally.
    public init?(launch: JSHost.LaunchOptions) {
        if let id = launch.activateID {
            self = .open(id: id)
        } else if let text = launch.continueText {
            self = .continueSearch(text: text)
        } else {
            return nil
        }
    }
}
