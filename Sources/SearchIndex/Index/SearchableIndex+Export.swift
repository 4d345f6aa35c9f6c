import Foundation

extension SearchableIndex {
    /// Passes every stored item that has not expired to `body`, oldest first
    /// (`searchlight export`).
    ///
    /// Items are read one at a time from one snapshot of the index, so a large index is
    /// never held in memory and writes made meanwhile are not seen. User activities
    /// are not items and are left out. An error thrown by `body` stops the export and
    /// is rethrown.
    ///
    /// - Returns: the number of items passed to `body`.
    @discardableResult
    public func exportItems(_ body: (SearchableItem) throws -> Void) throws -> Int {
        let now = nowMs
        return try store.read { connection in
            let statement = try connection.prepare("""
                SELECT \(StoredRow.columns) FROM items
                WHERE kind = 0 AND expiration_date > ? ORDER BY rowid
                """).bind([.real(now)])
            var count = 0
            while try statement.step() {
                try body(StoredRow.read(statement, thumbnails: thumbnails).item)
                count += 1
            }
            return count
        }
    }
}
