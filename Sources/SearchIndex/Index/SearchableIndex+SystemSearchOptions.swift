import Foundation

extension SearchableIndex {
    /// ``systemSearch(terms:domains:limit:)`` with typo tolerance on or off, each result
    /// carrying the highlights of its matched text: what `searchlight search` shows
    /// (`--no-typos`, `--json`).
    ///
    /// The same results as ``systemSearch(terms:domains:limit:)`` when
    /// `typoTolerance` is true: only what may leave the app, per the indexing
    /// preference; an activity about an item already in the results is left out.
    public func systemSearch(terms: [String], domains: [String]? = nil, limit: Int = 20, typoTolerance: Bool) throws -> [SystemSearchResult] {
        guard (1...1000).contains(limit) else { throw IndexError.argument("limit must be an integer from 1 to 1000") }
        try SearchText.validate(terms.joined(separator: " "), name: "terms")
        if let domains { try ItemValidation.validate(domains: domains) }
        let kinds: Set<Int64>
        switch try indexingPreference() {
        case .disabled: return []
        case .viewedRecords: kinds = [Schema.activityKind]
        case .allRecords: kinds = [Schema.itemKind, Schema.activityKind]
        }
        let now = nowMs
        let hits = try store.read { connection in
            try CandidateSearch(connection: connection, thumbnails: thumbnails, now: now, kinds: kinds, domains: domains,
                                vocabulary: vocabulary)
                .run(text: terms.joined(separator: " "), limit: limit, offset: 0, typoTolerance: typoTolerance).hits
        }
        var results: [SystemSearchResult] = []
        var opened = Set<String>()
        for hit in hits {
            let row = hit.row
            let attributes = row.item.attributes
            let isActivity = row.kind == Schema.activityKind
            let name = attributes.title ?? attributes.displayName ?? row.item.id
            var result = SystemSearchResult(
                id: row.item.id,
                openIdentifier: isActivity ? ActivityRecord.openIdentifier(rowIdentifier: row.item.id, json: row.activity) : row.item.id,
                name: name, description: attributes.contentDescription, thumbnailPath: attributes.thumbnail?.path,
                clipboardText: attributes.url ?? name, isActivity: isActivity, score: hit.breakdown.total)
            result.highlights = hit.highlights
            result.arrayLengths = ["keywords": attributes.keywords?.count ?? 0, "alternateNames": attributes.alternateNames?.count ?? 0]
            if opened.insert(result.openIdentifier).inserted { results.append(result) }
        }
        return results
    }
}
