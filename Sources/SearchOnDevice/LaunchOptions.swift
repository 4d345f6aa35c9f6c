import SearchIndex

/// How the app was asked to start (`searchlight run --activate ID | --continue TEXT`,
/// `--serve`, with or without `--window`), as if the system search opened it.
///
/// Read where the app is launched: the CLI's `run` command makes it from its options
/// and hands it to `searchlight-window` for `--window`; both start the D-Bus service for
/// ``serve`` and give the module ``initialRequest``. The JS host never sees it.
public struct LaunchOptions: Sendable, Equatable {
    /// `--activate ID`: the item the system search opened (a cold-start activation).
    public var activateID: String?
    /// `--continue TEXT`: the query to continue in the app.
    public var continueText: String?
    /// `--serve`: keep running as the app's D-Bus search service.
    public var serve: Bool

    public init(activateID: String? = nil, continueText: String? = nil, serve: Bool = false) {
        self.activateID = activateID
        self.continueText = continueText
        self.serve = serve
    }

    /// The cold-start request (`--activate` opens an item, `--continue` continues a
    /// search), or `nil` when the app was started normally.
    public var initialRequest: SearchRequest? {
        if let activateID { return .open(id: activateID) }
        if let continueText { return .continueSearch(text: continueText) }
        return nil
    }
}
