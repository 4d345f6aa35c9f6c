import JSHost

import SearchIndex

/// The event a system-search request becomes, and the request a cold start carries.
extension SearchRequest {
    /// The event body: `{id, query: null, timestamp}` or `{id: null, query, timestamp}`;
    /// a viewed record adds `activityType` and `userInfo` (SPEC §6).
    public var eventBody: BridgeValue {
        switch self {
        case .open(let id, let timestamp, let activity):
            var body: BridgeObject = ["id": .string(id), "query": .null, "timestamp": .number(Double(timestamp))]
            if let activity {
                body["activityType"] = .string(activity.activityType)
                body["userInfo"] = .object(BridgeObject(activity.userInfo.sorted { $0.key < $1.key }.map {
                    ($0.key, ItemOutput.attributeValue($0.value))
                }))
            }
            return .object(body)
        case .continueSearch(let text, let timestamp):
            return ["id": .null, "query": .string(text), "timestamp": .number(Double(timestamp))]
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
