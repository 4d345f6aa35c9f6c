import SystemSearch

/// A small in-memory ``SystemSearchSource`` for these tests, until SearchIndex's
/// adapter exists on this branch (then the tests move to a real `SearchableIndex`).
///
/// It behaves as the index promises: every term must match the title or
/// description (case-insensitively), results ranked title matches first, and
/// items marked private are never returned, as the index's privacy rules do.
struct MemorySource: SystemSearchSource {
    struct Item: Sendable {
        var hit: SystemSearchHit
        var isPrivate = false
    }

    let items: [Item]

    func systemSearch(terms: [String], limit: Int) throws -> [SystemSearchHit] {
        let terms = terms.map { $0.lowercased() }
        let matches = items.filter { item in
            !item.isPrivate && terms.allSatisfy { term in
                item.hit.name.lowercased().contains(term) || item.hit.description.lowercased().contains(term)
            }
        }
        let ranked = matches.enumerated().sorted { left, right in
            let leftTitle = terms.allSatisfy { left.element.hit.name.lowercased().contains($0) }
            let rightTitle = terms.allSatisfy { right.element.hit.name.lowercased().contains($0) }
            return leftTitle != rightTitle ? leftTitle : left.offset < right.offset
        }
        return ranked.prefix(limit).map { $0.element.hit }
    }

    func systemSearchMetas(ids: [String]) throws -> [SystemSearchHit] {
        ids.compactMap { id in items.first { $0.hit.id == id && !$0.isPrivate }?.hit }
    }
}
