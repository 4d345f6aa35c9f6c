import Foundation

extension SearchableIndex {
    /// What the desktop's system search shows for terms: only what may leave the app.
    ///
    /// The indexing preference decides: ``IndexingPreference/disabled`` serves nothing,
    /// ``IndexingPreference/viewedRecords`` only search-eligible user activities,
    /// ``IndexingPreference/allRecords`` items and eligible activities (an activity
    /// about an item already in the results is left out). Expired rows never appear.
    /// `domains`, when given, keeps only rows of those domains and their subdomains.
    /// `typoTolerance` and `matchingStrategy` as in ``search(_:options:)``; each result carries the highlights
    /// of its matched text (what `searchlight search --json` shows).
    public func systemSearch(terms: [String], domains: [String]? = nil, limit: Int = 20,
                             typoTolerance: Bool = true, matchingStrategy: MatchingStrategy = .last) throws -> [SystemSearchResult] {
        guard (1...1000).contains(limit) else { throw IndexError.argument("limit must be an integer from 1 to 1000") }
        try SearchText.validate(terms.joined(separator: " "), name: "terms")
        if let domains { try ItemValidation.validate(domains: domains) }
        let kinds = try systemKinds()
        guard !kinds.isEmpty else { return [] }
        let now = nowMs
        let hits = try store.read { connection in
            try CandidateSearch(connection: connection, thumbnails: thumbnails, now: now, kinds: kinds, domains: domains,
                                vocabulary: vocabulary, typoLookups: typoLookups, countsTotal: false)
                .run(text: terms.joined(separator: " "), limit: limit, offset: 0, typoTolerance: typoTolerance, sort: [],
                     matching: matchingStrategy).hits
        }
        var results: [SystemSearchResult] = []
        var opened = Set<String>()
        for hit in hits {
            var result = Self.systemResult(hit.row, score: hit.breakdown.total)
            let attributes = hit.row.item.attributes
            result.highlights = hit.highlights
            result.arrayLengths = ["keywords": attributes.keywords?.count ?? 0, "alternateNames": attributes.alternateNames?.count ?? 0]
            if opened.insert(result.openIdentifier).inserted { results.append(result) }
        }
        return results
    }

    /// Descriptions of system-search results by identifier, in order; identifiers that
    /// are unknown, expired or not allowed by the preference are left out.
    public func systemSearchMetas(ids: [String]) throws -> [SystemSearchResult] {
        let kinds = try systemKinds()
        guard !kinds.isEmpty else { return [] }
        let now = nowMs
        return try store.read { connection in
            let statement = try connection.cached("SELECT \(StoredRow.columns) FROM items WHERE id = ? AND expiration_date > ?")
            var results: [SystemSearchResult] = []
            for id in ids {
                statement.bind([.text(id), .real(now)])
                defer { statement.reset() }
                guard try statement.step() else { continue }
                let row = StoredRow.read(statement, thumbnails: thumbnails)
                if kinds.contains(row.kind) { results.append(Self.systemResult(row, score: 0)) }
            }
            return results
        }
    }

    private func systemKinds() throws -> Set<Int64> {
        switch try indexingPreference() {
        case .disabled: return []
        case .viewedRecords: return [Schema.activityKind]
        case .allRecords: return [Schema.itemKind, Schema.activityKind]
        }
    }

    private static func systemResult(_ row: StoredRow, score: Double) -> SystemSearchResult {
        let attributes = row.item.attributes
        let isActivity = row.kind == Schema.activityKind
        let name = attributes.title ?? attributes.displayName ?? row.item.id
        let activity = isActivity ? ActivityRecord.typeAndUserInfo(json: row.activity) : nil
        return SystemSearchResult(
            id: row.item.id,
            openIdentifier: isActivity ? ActivityRecord.openIdentifier(rowIdentifier: row.item.id, json: row.activity) : row.item.id,
            name: name,
            description: attributes.contentDescription,
            thumbnailPath: attributes.thumbnail?.path,
            clipboardText: attributes.url ?? name,
            isActivity: isActivity,
            score: score,
            url: attributes.url,
            activityType: activity?.type,
            userInfo: activity?.userInfo)
    }

    /// Records that the user opened a system-search result (SPEC §6): one engagement
    /// for the item it opens, and for an activity one for its own row too, as
    /// ``becomeCurrent(_:)`` counts them. An identifier that is not stored changes nothing.
    public func recordSystemSearchOpen(id: String) throws {
        try write { transaction in
            guard let row = try transaction.row(id: id) else { return }
            var rows = [row]
            if row.kind == Schema.activityKind {
                let opened = ActivityRecord.openIdentifier(rowIdentifier: id, json: row.activity)
                if opened != id, let item = try transaction.row(id: opened) { rows.append(item) }
            }
            for row in rows {
                try transaction.recordEngagement(id: row.item.id)
                try transaction.requalify(row)
            }
        }
    }
}
