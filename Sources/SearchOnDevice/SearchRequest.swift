import JSHost

import SearchIndex

/// The event a system-search request becomes.
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
}
