import Foundation

extension SearchableIndex {
    /// Item counts per domain and the index's size on disk (`searchlight stats`).
    public func statistics() throws -> IndexStatistics {
        let now = nowMs
        var perDomain: [String: Int] = [:]
        var activities = 0
        var expired = 0
        try store.read { connection in
            let statement = try connection.cached("""
                SELECT domain, kind, expiration_date > ?, count(*) FROM items GROUP BY domain, kind, expiration_date > ?
                """).bind([.real(now), .real(now)])
            defer { statement.reset() }
            while try statement.step() {
                let count = Int(statement.int64(3))
                if statement.int64(2) == 0 {
                    expired += count
                } else if statement.int64(1) == Schema.activityKind {
                    activities += count
                } else {
                    perDomain[statement.text(0) ?? "", default: 0] += count
                }
            }
        }
        let thumbnailBytes = thumbnails.totalBytes()
        let databaseBytes = DataDirectory.databaseBytes(databasePath) + DataDirectory.databaseBytes(store.fullTextPath)
            + DataDirectory.fileSize(Vocabulary.cachePath(in: configuration.directory))
        return IndexStatistics(
            itemsPerDomain: perDomain, activityCount: activities, expiredCount: expired,
            sizeOnDisk: databaseBytes + thumbnailBytes, thumbnailBytes: thumbnailBytes)
    }
}
