/// Which matching rows a search may return: the lookup of a candidate's row (kind,
/// expiry, domain, the query filter, and a term of several tokens checked by
/// ``TermMatcher``), whether every row is visible (then FTS5's rows are the count), and
/// the candidates' engagements.
extension CandidateSearch {
    /// The column of ``lookupStatement(matcher:body:)`` where the fields start (title,
    /// display name, alternate names, keywords, then the body's two when asked), as
    /// ``HitAnalyzer``, ``TermMatcher`` and ``PrefixVerifier`` read them.
    static let lookupFields: Int32 = 6

    /// A row's text fields by item rowid, from column 0, in the order ``HitAnalyzer``,
    /// ``TermMatcher`` and ``PrefixVerifier`` read them: for the rows ranked and the rows
    /// a typo check reads.
    static let textFieldsSQL =
        "SELECT title, display_name, alternate_names, keywords, content_description, text_content FROM items WHERE rowid = ?"

    /// The lookup ``candidate(itemRowid:ftsRowid:locator:lookup:matcher:)`` steps: the
    /// columns a candidate keeps, then the heavy fields (and the body when a term is
    /// checked in Swift or `body` asks), of visible rows that pass the filter. Not the
    /// engagements: ``countEngagements(of:)`` reads them for all candidates at once.
    func lookupStatement(matcher: TermMatcher, body: Bool = false) throws -> Statement {
        // The body columns are read only when a term is checked in Swift or the row analyzed.
        let body = matcher.checksTerms || body ? ", items.content_description, items.text_content" : ""
        return try connection.cached("""
            SELECT items.id, items.domain, items.kind, items.expiration_date, items.ranking_hint,
                coalesce(items.content_modification_date, items.content_creation_date, items.indexed_date),
                items.title, items.display_name, items.alternate_names, items.keywords\(body)
            FROM items WHERE items.rowid = ?\(filter.map { " AND (\($0.sql))" } ?? "")
            """)
    }

    /// A matching row as a candidate, or `nil` when it is not one this search may return
    /// (expired, another kind or domain, filtered out, or a term of several tokens not
    /// found as a term). `lookup` is left stepped on the row until its next use (the
    /// caller reads the heavy fields from it).
    func candidate(itemRowid: Int64, ftsRowid: FTSRowid, locator: PhraseLocator, lookup: Statement, matcher: TermMatcher) throws -> Candidate? {
        lookup.reset()
        lookup.bind([.integer(itemRowid)] + (filter?.bindings ?? []))
        guard try lookup.step() else { return nil }
        let kind = lookup.int64(2)
        guard kinds.contains(kind), lookup.double(3) > now, allows(domain: lookup.text(1) ?? "") else { return nil }
        var candidate = Candidate(
            itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator, id: lookup.text(0) ?? "",
            kind: kind, rankingHint: lookup.optionalDouble(4), contentDate: lookup.double(5))
        if matcher.checksTerms {
            // Terms of several tokens: FTS5 found the tokens, not the term.
            guard let found = matcher.check(lookup, first: Self.lookupFields) else { return nil }
            candidate.checked = found
        }
        return candidate
    }

    /// Sets each candidate's engagement count, once the walks have found them all: each
    /// row's lookup asked it of the `engagements` table (an index seek per row, 2.4 % of
    /// the instructions of a typo-filled prefix at 10k items, with no engagements at
    /// all), the ranking reads it only now. An index holds engagements with the items
    /// its user opened, usually few: when they are no more than the candidates they are
    /// read whole (at most a row per candidate, each cheaper than a seek), otherwise
    /// asked for the candidates' identifiers one by one.
    func countEngagements(of candidates: inout [Int64: Candidate]) throws {
        guard !candidates.isEmpty else { return }
        let all = try connection.cached("SELECT id, count FROM engagements LIMIT ?")
        all.bind([.integer(Int64(candidates.count) + 1)])
        defer { all.reset() }
        var counts: [String: Int64] = [:]
        while try all.step() { counts[all.text(0) ?? ""] = all.int64(1) }
        if counts.count <= candidates.count {
            guard !counts.isEmpty else { return }
            for (rowid, candidate) in candidates {
                if let count = counts[candidate.id] { candidates[rowid]!.engagements = count }
            }
            return
        }
        let one = try connection.cached("SELECT count FROM engagements WHERE id = ?")
        defer { one.reset() }
        for (rowid, candidate) in candidates {
            one.bind([.text(candidate.id)])
            if try one.step() { candidates[rowid]!.engagements = one.int64(0) }
        }
    }

    /// Whether every FTS row is one this search may return, as far as kind and expiry
    /// go (both answered from indexes).
    func allRowsVisible() throws -> Bool {
        // A bare min() is answered from the expiration index's first entry.
        let expiry = try connection.cached("SELECT min(expiration_date) FROM items")
        defer { expiry.reset() }
        guard try expiry.step() else { return false }
        if let earliest = expiry.optionalDouble(0), earliest <= now { return false }
        if kinds.count == 2 { return true }
        let other = kinds.contains(Schema.itemKind) ? Schema.activityKind : Schema.itemKind
        return try connection.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM items WHERE kind = \(other))") == 1
    }

    func allows(domain: String) -> Bool {
        guard let domains else { return true }
        return domains.contains { domain == $0 || (domain.hasPrefix($0) && domain.utf8.dropFirst($0.utf8.count).first == UInt8(ascii: ".")) }
    }
}
