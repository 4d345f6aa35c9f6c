import Foundation

extension SearchableIndex {
    /// Records that the user is viewing something (`NSUserActivity.becomeCurrent`).
    ///
    /// Counts one engagement for the related item (``UserActivity/engagedItemIdentifier``),
    /// moving it up in search results; with `eligibleForSearch` the activity itself is
    /// stored (replacing an earlier one of the same type about the same thing) and
    /// served to the system search.
    public func becomeCurrent(_ activity: UserActivity) throws {
        if activity.activityType.isEmpty { throw IndexError.argument("activity.activityType must be a non-empty string") }
        // Both become the stored row's identifier and domain, which travel over D-Bus.
        if let problem = ItemValidation.identifierProblem(activity.activityType) { throw IndexError.item("activity.activityType \(problem)") }
        if let id = activity.relatedUniqueIdentifier, let problem = ItemValidation.identifierProblem(id) {
            throw IndexError.item("activity.relatedUniqueIdentifier \(problem)")
        }
        if let problem = ItemValidation.attributeProblem(activity.contentAttributes, path: "activity") {
            throw IndexError.argument(problem.message)
        }
        for (key, value) in activity.userInfo {
            if let problem = value.problem() { throw IndexError.argument("activity.userInfo.\(key) \(problem)") }
        }
        try write { transaction in
            if let id = activity.engagedItemIdentifier {
                try transaction.recordEngagement(id: id)
                if let row = try transaction.row(id: id) { try transaction.requalify(row) }
            }
            if activity.eligibleForSearch {
                let stored = ActivityRecord(activity)
                try transaction.recordEngagement(id: stored.rowIdentifier)
                let existing = try transaction.row(id: stored.rowIdentifier)
                try storeItem(stored.item, kind: Schema.activityKind, activity: stored.json, existing: existing, in: transaction)
            }
        }
        setCurrentActivity(activity)
    }

    /// Records that the current activity is no longer being viewed.
    public func resignCurrent() {
        setCurrentActivity(nil)
    }

    /// Sets what the system search may see; persisted with the index.
    public func setIndexingPreference(_ preference: IndexingPreference) throws {
        try write { transaction in try transaction.setSetting("indexing_preference", preference.rawValue) }
    }

    /// What the system search may see (default ``IndexingPreference/allRecords``).
    public func indexingPreference() throws -> IndexingPreference {
        try store.read { connection in
            let statement = try connection.cached("SELECT value FROM settings WHERE key = 'indexing_preference'")
            defer { statement.reset() }
            guard try statement.step(), let value = statement.text(0) else { return .allRecords }
            return IndexingPreference(rawValue: value) ?? .allRecords
        }
    }
}

/// A search-eligible user activity as a row of `items` with `kind = 1`.
///
/// Its identifier is `@activity/<activityType>/<what it is about>` (the related item,
/// else the title), so viewing the same thing again replaces the row rather than
/// adding one. Its domain is the activity type.
struct ActivityRecord {
    let rowIdentifier: String
    let item: SearchableItem
    let json: String

    init(_ activity: UserActivity) {
        let subject = activity.engagedItemIdentifier ?? activity.title ?? ""
        rowIdentifier = ItemValidation.activityPrefix + activity.activityType + "/" + subject
        var attributes = activity.contentAttributes
        if let title = activity.title { attributes.title = title }
        if let keywords = activity.keywords { attributes.keywords = keywords }
        item = SearchableItem(id: rowIdentifier, domain: activity.activityType, expirationDate: activity.expirationDate, attributes: attributes)
        var members = [("activityType", JSONText.quoted(activity.activityType))]
        if let related = activity.engagedItemIdentifier { members.append(("openIdentifier", JSONText.quoted(related))) }
        if let userInfo = JSONText.object(activity.userInfo) { members.append(("userInfo", userInfo)) }
        json = JSONText.object(members: members)
    }

    /// The activity type and `userInfo` of a stored activity row.
    static func typeAndUserInfo(json: String?) -> (type: String, userInfo: [String: AttributeValue])? {
        guard let json, let value = try? JSONValue.parse(json), case .string(let type)? = value["activityType"] else { return nil }
        var userInfo: [String: AttributeValue] = [:]
        if case .object(let members)? = value["userInfo"] {
            for (key, member) in members {
                if let converted = attributeValue(member) { userInfo[key] = converted }
            }
        }
        return (type, userInfo)
    }

    private static func attributeValue(_ value: JSONValue) -> AttributeValue? {
        switch value {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .array(let values): return .array(values.compactMap(attributeValue))
        case .null, .object: return nil
        }
    }

    /// The identifier to open for a stored activity row: its related item, else its own.
    static func openIdentifier(rowIdentifier: String, json: String?) -> String {
        if let json, case .string(let id)? = (try? JSONValue.parse(json))?["openIdentifier"] { return id }
        return rowIdentifier
    }
}
