import Foundation

/// The search engine behind `search` and `systemSearch`: a few hundred FTS5
/// candidates in static-quality order, re-scored in Swift.
///
/// Why not `ORDER BY bm25(items_fts)`: a short prefix such as `a*` matches most rows,
/// and bm25 must score every match (and scans each phrase's matches to compute its
/// IDF), which measured 1.2 s at p99 on 100k items. Instead:
///
/// 1. The FTS rowid is `quality << 40 | items.rowid`, where quality comes from the
///    ranking hint and engagement (``Ranking/qualityBucket(rankingHint:engagements:)``),
///    so `ORDER BY rowid DESC` walks matches best-first and FTS5 stops as soon as we
///    stop stepping. Within a bucket, newer rows come first.
/// 2. A first pass asks only the heavy fields (`{title names keywords}`), a second pass
///    all fields, so a title match of a low-quality item still competes with body
///    matches of high-quality ones. Each pass keeps `need + slack` accepted rows
///    (not expired, of an allowed kind and domain).
/// 3. `searchlight_match` (see ``MatchLocator``) reports, per candidate, which fields
///    each term matched; ``Ranking`` turns that, the ranking hint, engagement and
///    recency into a score with a breakdown. Candidates are sorted and the page cut.
/// 4. The total is exact when the second pass ran out of matches; otherwise up to
///    ``SearchableIndex/totalCountCap`` matches are counted in one SQL statement, and a
///    count that reaches the cap is reported as a lower bound.
///
/// The trade-off: with more than `need + slack` matches in both passes, an item that
/// is neither in the best quality buckets nor matched in a heavy field cannot reach
/// the first page. Typing one more letter narrows the matches and brings it back.
struct CandidateSearch {
    /// Rows kept beyond the requested page, for re-ranking.
    static let slack = 40

    let connection: Connection
    let thumbnails: ThumbnailStore
    let now: Double
    let kinds: Set<Int64>
    let domains: [String]?

    struct Candidate {
        var itemRowid: Int64
        var ftsRowid: Int64
        var locator: Int64
        var id: String
        var kind: Int64
        var rankingHint: Double?
        var contentDate: Double
        var engagements: Int64
    }

    struct Scored {
        var row: StoredRow
        var breakdown: ScoreBreakdown
    }

    /// The page `offset..<offset+limit` of hits for user text, and the total count.
    func run(text: String, limit: Int, offset: Int) throws -> (hits: [Scored], total: Int, exact: Bool) {
        guard let expression = SearchText.matchExpression(for: text) else { return ([], 0, true) }
        let phraseCount = SearchText.termCount(text)
        let need = offset + limit
        var candidates: [Int64: Candidate] = [:]
        _ = try scan("{title names keywords} : (\(expression))", want: need + Self.slack, into: &candidates)
        let (accepted, exhausted) = try scan(expression, want: need + Self.slack, into: &candidates)

        var total = accepted
        var exact = exhausted
        if !exhausted { (total, exact) = try count(expression) }

        let scored = candidates.values.map { candidate in
            (candidate, breakdown(candidate, phraseCount: phraseCount))
        }.sorted { a, b in
            a.1.total != b.1.total ? a.1.total > b.1.total : a.0.ftsRowid > b.0.ftsRowid
        }
        let page = scored.dropFirst(offset).prefix(limit)
        let rowStatement = try connection.cached("SELECT \(StoredRow.columns) FROM items WHERE items.rowid = ?")
        var hits: [Scored] = []
        for (candidate, breakdown) in page {
            rowStatement.bind([.integer(candidate.itemRowid)])
            defer { rowStatement.reset() }
            if try rowStatement.step() {
                hits.append(Scored(row: StoredRow.read(rowStatement, thumbnails: thumbnails), breakdown: breakdown))
            }
        }
        return (hits, max(total, candidates.count), exact)
    }

    /// Steps through matches best-first until `want` are accepted; returns how many
    /// were accepted and whether the matches ran out.
    private func scan(_ match: String, want: Int, into candidates: inout [Int64: Candidate]) throws -> (Int, Bool) {
        let statement = try connection.cached("""
            SELECT rowid, \(MatchLocator.functionName)(items_fts) FROM items_fts
            WHERE items_fts MATCH ? ORDER BY rowid DESC
            """)
        statement.bind([.text(match)])
        defer { statement.reset() }
        let lookup = try connection.cached("""
            SELECT items.id, items.domain, items.kind, items.expiration_date, items.ranking_hint,
                coalesce(items.content_modification_date, items.content_creation_date, items.indexed_date),
                coalesce((SELECT count FROM engagements WHERE engagements.id = items.id), 0)
            FROM items WHERE items.rowid = ?
            """)
        var accepted = 0
        while accepted < want {
            guard try statement.step() else { return (accepted, true) }
            let ftsRowid = statement.int64(0)
            let locator = statement.int64(1)
            let itemRowid = ftsRowid & Schema.rowidMask
            if candidates[itemRowid] != nil {
                candidates[itemRowid]!.locator |= locator
                accepted += 1
                continue
            }
            lookup.bind([.integer(itemRowid)])
            defer { lookup.reset() }
            guard try lookup.step() else { continue }
            let kind = lookup.int64(2)
            guard kinds.contains(kind), lookup.double(3) > now, allows(domain: lookup.text(1) ?? "") else { continue }
            candidates[itemRowid] = Candidate(
                itemRowid: itemRowid, ftsRowid: ftsRowid, locator: locator, id: lookup.text(0) ?? "",
                kind: kind, rankingHint: lookup.optionalDouble(4), contentDate: lookup.double(5),
                engagements: lookup.int64(6))
            accepted += 1
        }
        return (accepted, false)
    }

    /// Counts matching, visible rows among the first ``SearchableIndex/totalCountCap``
    /// matches.
    private func count(_ match: String) throws -> (Int, Bool) {
        var domainSQL = "1"
        var values: [SQLValue] = [.text(match), .integer(Int64(SearchableIndex.totalCountCap)), .real(now)]
        if let domains {
            domainSQL = domains.map { domain in
                values.append(.text(domain))
                let parameter = "?\(values.count)"
                return "(items.domain = \(parameter) OR (items.domain >= \(parameter) || '.' AND items.domain < \(parameter) || '/'))"
            }.joined(separator: " OR ")
            if domains.isEmpty { domainSQL = "0" }
        }
        if domains == nil, try allRowsVisible() {
            // Nothing expired and no row of another kind: counting FTS rows is exact.
            let statement = try connection.cached("SELECT count(*) FROM (SELECT rowid FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?2)")
            statement.bind([.text(match), .integer(Int64(SearchableIndex.totalCountCap))])
            defer { statement.reset() }
            guard try statement.step() else { return (0, true) }
            let matched = Int(statement.int64(0))
            return (matched, matched < SearchableIndex.totalCountCap)
        }
        let kindSQL = kinds.sorted().map(String.init).joined(separator: ",")
        let statement = try connection.prepare("""
            SELECT count(*), coalesce(sum(items.expiration_date > ?3 AND items.kind IN (\(kindSQL)) AND (\(domainSQL))), 0)
            FROM (SELECT rowid AS r FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?2)
            LEFT JOIN items ON items.rowid = (r & \(Schema.rowidMask))
            """)
        statement.bind(values)
        guard try statement.step() else { return (0, true) }
        let matched = Int(statement.int64(0))
        return (Int(statement.int64(1)), matched < SearchableIndex.totalCountCap)
    }

    /// Whether every FTS row is one this search may return, as far as kind and expiry
    /// go (both answered from indexes).
    private func allRowsVisible() throws -> Bool {
        let expiry = try connection.cached("SELECT coalesce(min(expiration_date) > ?, 1) FROM items")
        expiry.bind([.real(now)])
        defer { expiry.reset() }
        guard try expiry.step(), expiry.int64(0) == 1 else { return false }
        if kinds.count == 2 { return true }
        let other = kinds.contains(Schema.itemKind) ? Schema.activityKind : Schema.itemKind
        return try connection.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM items WHERE kind = \(other))") == 1
    }

    private func allows(domain: String) -> Bool {
        guard let domains else { return true }
        return domains.contains { domain == $0 || (domain.hasPrefix($0) && domain.utf8.dropFirst($0.utf8.count).first == UInt8(ascii: ".")) }
    }

    private func breakdown(_ candidate: Candidate, phraseCount: Int) -> ScoreBreakdown {
        let field = Ranking.fieldScore(locator: candidate.locator, phraseCount: phraseCount)
        return ScoreBreakdown(
            field: field.score,
            rankingHint: Ranking.hintScore(candidate.rankingHint),
            engagement: Ranking.engagementScore(candidate.engagements),
            recency: Ranking.recencyScore(contentDate: candidate.contentDate, now: now),
            bestField: field.bestField)
    }
}
