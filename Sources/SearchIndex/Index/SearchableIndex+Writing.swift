import Foundation

extension SearchableIndex {
    /// Indexes a batch: whole items replace stored ones, updates merge into them.
    ///
    /// The whole batch is validated first; any invalid entry throws `E_INVALID_ITEM`
    /// naming `items[i].field` and nothing is written. `clientState` (at most 250 UTF-8
    /// bytes, else `E_INVALID_CLIENT_STATE`) is stored in the same transaction.
    /// `progress`, when given, is called on the caller's thread with the number of
    /// entries written so far (inside the transaction: nothing is committed yet).
    ///
    /// - Returns: the number of items written.
    @discardableResult
    public func indexItems(_ entries: [IndexEntry], clientState: String? = nil, progress: ((Int) -> Void)? = nil) throws -> Int {
        try Self.validate(clientState: clientState)
        // Whole items can be checked before the transaction; merges after merging.
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .replace(let item):
                if let problem = ItemValidation.problem(item, path: "items[\(index)]") { throw problem }
            case .merge(let update):
                if update.id.isEmpty { throw IndexError.item("items[\(index)].id must be a non-empty string") }
            }
        }
        return try write { transaction in
            if purgeIsDue(now: transaction.now) { try transaction.purgeExpired() }
            var written = 0
            for (index, entry) in entries.enumerated() {
                let existing = try transaction.row(id: entry.id)
                let stored = existing?.kind == Schema.itemKind ? existing : nil
                let item: SearchableItem
                switch entry {
                case .replace(let whole):
                    item = whole
                case .merge(let update):
                    // An expired stored item is gone for the app: merge into nothing.
                    var current = stored?.item
                    if let expiration = current?.expirationDate, expiration.timeIntervalSince1970 * 1000 <= transaction.now {
                        current = nil
                    }
                    item = update.applied(to: current)
                    if let problem = ItemValidation.problem(item, path: "items[\(index)]") { throw problem }
                }
                try storeItem(item, kind: Schema.itemKind, activity: nil, existing: existing, in: transaction)
                written += 1
                progress?(written)
            }
            if let clientState { try transaction.setSetting("client_state", clientState) }
            return written
        }
    }

    /// Indexes whole items, replacing stored ones with the same identifiers.
    @discardableResult
    public func indexItems(_ items: [SearchableItem], clientState: String? = nil) throws -> Int {
        try indexItems(items.map(IndexEntry.replace), clientState: clientState)
    }

    /// Deletes items by identifier; returns how many were deleted.
    @discardableResult
    public func deleteItems(identifiers: [String]) throws -> Int {
        try ItemValidation.validate(identifiers: identifiers)
        return try write { transaction in
            var deleted = 0
            for id in Set(identifiers) {
                if let row = try transaction.row(id: id), row.kind == Schema.itemKind {
                    try transaction.delete(row)
                    deleted += 1
                }
            }
            return deleted
        }
    }

    /// Deletes the items of domains and of their subdomains (`a.b` deletes `a.b` and
    /// `a.b.c`, not `a.bc`); returns how many were deleted.
    ///
    /// At most 10,000 domains a call, else `E_INVALID_ARGUMENT`.
    @discardableResult
    public func deleteItems(domains: [String]) throws -> Int {
        try ItemValidation.validate(domains: domains)
        return try write { transaction in
            var deleted = 0
            for domain in Set(domains) {
                // `a.b.` ≤ subdomain < `a.b/` ('/' follows '.'), so the domain index serves both.
                let rows = try transaction.rows(
                    where: "kind = 0 AND (domain = ?1 OR (domain >= ?1 || '.' AND domain < ?1 || '/'))",
                    [.text(domain)])
                for row in rows { try transaction.delete(row) }
                deleted += rows.count
            }
            return deleted
        }
    }

    /// Deletes every item, activity and engagement and clears the client state;
    /// returns how many items were deleted.
    @discardableResult
    public func deleteAllItems() throws -> Int {
        try write { transaction in
            let count = try transaction.deleteEverything()
            try transaction.setSetting("client_state", nil)
            return count
        }
    }

    /// The client state stored with the last batch that had one, or `nil`.
    public func fetchLastClientState() throws -> String? {
        try store.read { connection in
            let statement = try connection.cached("SELECT value FROM settings WHERE key = 'client_state'")
            defer { statement.reset() }
            return try statement.step() ? statement.text(0) : nil
        }
    }

    static func validate(clientState: String?) throws {
        if let clientState, clientState.utf8.count > ItemValidation.maximumClientStateBytes {
            throw IndexError(
                code: IndexError.invalidClientState,
                message: "clientState must be at most \(ItemValidation.maximumClientStateBytes) bytes of UTF-8 (it has \(clientState.utf8.count))")
        }
    }
}
