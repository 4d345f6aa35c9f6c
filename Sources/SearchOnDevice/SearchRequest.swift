import JSHost

import SearchIndex

/// The event a system-search request becomes, and the request a cold start carries.
extension SearchRequest {
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
