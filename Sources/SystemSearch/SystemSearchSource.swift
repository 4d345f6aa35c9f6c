import SearchIndex

/// One result as the system search may show it: only what is allowed to leave the app.
///
/// (Named apart from SearchIndex's `SystemSearchResult`, which the index adapter maps
/// into this, so code importing both modules needs no qualification.)
public struct SystemSearchHit: Sendable, Equatable {
    /// The result's identifier on D-Bus, handed back in `ActivateResult` / `Run`.
    public var id: String
    /// What the app receives as `{id}` when the user opens the result: the item's
    /// id, or for a user activity its related item's.
    public var openIdentifier: String
    /// The line the desktop shows in bold (the item's title).
    public var name: String
    /// The second line (the item's description), empty when there is none.
    public var description: String
    /// An absolute path of the item's thumbnail image, when it has one.
    public var thumbnailPath: String?
    /// What "copy" puts on the clipboard (GNOME Shell's `clipboardText`).
    public var clipboardText: String
    /// The item's deep link, if any (KRunner's `urls`).
    public var url: String?
    /// For a viewed record (a user activity): what the app gets with the request.
    public var activity: ViewedActivity?

    /// Makes a hit; `openIdentifier` defaults to `id`, `clipboardText` to `name`.
    public init(id: String, openIdentifier: String? = nil, name: String, description: String = "",
                thumbnailPath: String? = nil, clipboardText: String? = nil, url: String? = nil,
                activity: ViewedActivity? = nil) {
        self.url = url
        self.activity = activity
        self.id = id
        self.openIdentifier = openIdentifier ?? id
        self.name = name
        self.description = description
        self.thumbnailPath = thumbnailPath
        self.clipboardText = clipboardText ?? name
    }
}

/// Where the system search gets its answers: the index, filtered for privacy.
///
/// An implementation returns only items that may be shown outside the app (the
/// indexing preference, expiry and `eligibleForSearch` already applied): whatever it
/// does not return never appears on D-Bus. Calls come from a dispatch queue, never
/// from a main-loop thread, and may block on I/O. A thrown ``SystemSearchError``
/// reaches the D-Bus caller with its code (`org.searchlight.Error.E_INDEX_UNAVAILABLE`).
public protocol SystemSearchSource: Sendable {
    /// Ranked hits for `terms` (every term must match, the last one is a prefix), at most `limit`.
    func systemSearch(terms: [String], limit: Int) throws -> [SystemSearchHit]
    /// The items with these ids that may be shown, in the order of `ids`; others are left out.
    func systemSearchMetas(ids: [String]) throws -> [SystemSearchHit]
    /// The user opened the result `id` from the desktop: count it as engagement.
    func recordOpen(id: String) throws
}

extension SystemSearchSource {
    /// A source that keeps no engagement ignores opens.
    public func recordOpen(id: String) throws {}
}
