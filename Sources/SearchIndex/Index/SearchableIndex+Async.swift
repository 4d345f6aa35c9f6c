import Dispatch
import Foundation

/// `async` forms of the index's methods: each runs the synchronous method on a global
/// dispatch queue, so a Swift task never blocks its executor on SQLite.
extension SearchableIndex {
    private func background<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// Indexes a batch; see ``indexItems(_:clientState:)-(IndexEntry)``.
    @discardableResult
    public func indexItems(_ entries: [IndexEntry], clientState: String? = nil) async throws -> Int {
        try await background { try self.indexItems(entries, clientState: clientState) }
    }

    /// Indexes whole items.
    @discardableResult
    public func indexItems(_ items: [SearchableItem], clientState: String? = nil) async throws -> Int {
        try await background { try self.indexItems(items, clientState: clientState) }
    }

    /// Deletes items by identifier.
    @discardableResult
    public func deleteItems(identifiers: [String]) async throws -> Int {
        try await background { try self.deleteItems(identifiers: identifiers) }
    }

    /// Deletes items of domains and their subdomains.
    @discardableResult
    public func deleteItems(domains: [String]) async throws -> Int {
        try await background { try self.deleteItems(domains: domains) }
    }

    /// Deletes everything and clears the client state.
    @discardableResult
    public func deleteAllItems() async throws -> Int {
        try await background { try self.deleteAllItems() }
    }

    /// The last stored client state.
    public func fetchLastClientState() async throws -> String? {
        try await background { try self.fetchLastClientState() }
    }

    /// Stored items by identifier.
    public func items(identifiers: [String]) async throws -> [SearchableItem?] {
        try await background { try self.items(identifiers: identifiers) }
    }

    /// Ranked hits for user text.
    public func search(_ text: String, domains: [String]? = nil, limit: Int = 20, offset: Int = 0) async throws -> SearchResults {
        try await background { try self.search(text, domains: domains, limit: limit, offset: offset) }
    }

    /// Ranked hits for user text, with options.
    public func search(_ text: String, options: SearchOptions) async throws -> SearchResults {
        try await background { try self.search(text, options: options) }
    }

    /// Items matching a query-language string.
    public func query(_ queryString: String, limit: Int = 100, attributes: [String]? = nil) async throws -> [SearchableItem] {
        try await background { try self.query(queryString, limit: limit, attributes: attributes) }
    }

    /// Records that the user views something.
    public func becomeCurrent(_ activity: UserActivity) async throws {
        try await background { try self.becomeCurrent(activity) }
    }

    /// Sets the indexing preference.
    public func setIndexingPreference(_ preference: IndexingPreference) async throws {
        try await background { try self.setIndexingPreference(preference) }
    }

    /// The indexing preference.
    public func indexingPreference() async throws -> IndexingPreference {
        try await background { try self.indexingPreference() }
    }

    /// What the system search may show for terms.
    public func systemSearch(terms: [String], limit: Int = 20) async throws -> [SystemSearchResult] {
        try await background { try self.systemSearch(terms: terms, limit: limit) }
    }

    /// System-search descriptions by identifier.
    public func systemSearchMetas(ids: [String]) async throws -> [SystemSearchResult] {
        try await background { try self.systemSearchMetas(ids: ids) }
    }

    /// Counts and sizes.
    public func statistics() async throws -> IndexStatistics {
        try await background { try self.statistics() }
    }
}
