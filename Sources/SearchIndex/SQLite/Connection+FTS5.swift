/// FTS5's table commands, run on a connection.
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#special_insert_commands>
extension Connection {
    /// One FTS5 `'merge'` of at most `pages` pages on `table`, in a transaction of its
    /// own: merges segments of one level once `userMerge` of them are there. Sets the
    /// table's `usermerge` first when it differs (idle maintenance merges by
    /// ``Schema/userMerge``, the full-text writer between batches by
    /// ``Schema/automerge``; indexes made before either have FTS5's default, 4).
    /// Returns whether it merged anything: FTS5 reports it only through the
    /// connection's total of changed rows, and fewer than 2 changes means nothing was left.
    func mergeFTSSegments(of table: String, pages: Int, userMerge: Int) throws -> Bool {
        try transaction {
            if try scalarInt("SELECT v FROM \(table)_config WHERE k = 'usermerge'") != Int64(userMerge) {
                try execute("INSERT INTO \(table)(\(table), rank) VALUES ('usermerge', \(userMerge))")
            }
            let before = totalChanges
            try execute("INSERT INTO \(table)(\(table), rank) VALUES ('merge', \(pages))")
            return totalChanges - before >= 2
        }
    }
}
