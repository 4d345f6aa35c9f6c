import SearchIndex

/// The app's ``SearchableIndex`` as the system search's source: its
/// `systemSearch…` methods already apply the indexing preference, expiry and
/// `eligibleForSearch`, so only what may leave the app reaches D-Bus.
public struct IndexSystemSearchSource: SystemSearchSource {
    public let index: SearchableIndex

    public init(index: SearchableIndex) {
        self.index = index
    }

    public func systemSearch(terms: [String], limit: Int) throws -> [SystemSearchHit] {
        try Self.translatingErrors {
            try index.systemSearch(terms: terms, limit: min(max(limit, 1), 1000)).map(Self.hit)
        }
    }

    public func systemSearchMetas(ids: [String]) throws -> [SystemSearchHit] {
        try Self.translatingErrors { try index.systemSearchMetas(ids: ids).map(Self.hit) }
    }

    /// One engagement for the opened item (and the activity row it came from), as `becomeCurrent` counts.
    public func recordOpen(id: String) throws {
        try Self.translatingErrors { try index.recordSystemSearchOpen(id: id) }
    }

    static func hit(_ result: SystemSearchResult) -> SystemSearchHit {
        SystemSearchHit(id: result.id, openIdentifier: result.openIdentifier, name: result.name,
                        description: result.description ?? "", thumbnailPath: result.thumbnailPath,
                        clipboardText: result.clipboardText, url: result.url,
                        activity: result.activityType.map { ViewedActivity(activityType: $0, userInfo: result.userInfo ?? [:]) })
    }

    /// Keeps the index's error code (`E_INDEX_UNAVAILABLE`) for the D-Bus error name.
    private static func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as IndexError {
            throw SystemSearchError(code: error.code, message: error.message)
        }
    }
}
