/// How a search counts its matches: FTS5's count of a source up to
/// ``SearchableIndex/totalCountCap``, when FTS5's rows are the count, and counting on
/// past the page of a walk of both lists.
extension CandidateSearch {
    /// The count of a walk that made none as it went: what it accepted when the matches
    /// ran out (exact) or FTS5 cannot count them (a lower bound), else FTS5's count of
    /// `source`.
    func count(_ progress: Walk, matcher: TermMatcher, source: Source) throws -> Count {
        if progress.exhausted { return Count(total: progress.accepted, isExact: true) }
        guard countsWithFTS5(matcher: matcher) else { return Count(total: progress.accepted, isExact: false) }
        trace?.note("count")
        return try count(source)
    }

    /// Counts matching, visible rows among the first ``SearchableIndex/totalCountCap``
    /// matches of a source.
    func count(_ source: Source) throws -> Count {
        let cap = SearchableIndex.totalCountCap
        // Count over the source's first `cap` rows; its column `r` is the FTS rowid.
        let inner = "SELECT r FROM (\(source.countSQL)) LIMIT \(cap)"
        if domains == nil, try allRowsVisible() {
            // Nothing expired and no row of another kind: counting FTS rows is exact.
            let statement = try connection.cached("SELECT count(*) FROM (\(inner))")
            statement.bind(source.values)
            defer { statement.reset() }
            guard try statement.step() else { return Count(total: 0, isExact: true) }
            let matched = Int(statement.int64(0))
            return Count(total: matched, isExact: matched < cap)
        }
        var values = source.values
        values.append(.real(now))
        let nowParameter = "?\(values.count)"
        var domainSQL = "1"
        if let domains {
            domainSQL = domains.map { domain in
                values.append(.text(domain))
                let parameter = "?\(values.count)"
                return "(items.domain = \(parameter) OR (items.domain >= \(parameter) || '.' AND items.domain < \(parameter) || '/'))"
            }.joined(separator: " OR ")
            if domains.isEmpty { domainSQL = "0" }
        }
        let kindSQL = kinds.sorted().map(String.init).joined(separator: ",")
        let statement = try connection.prepare("""
            SELECT count(*), coalesce(sum(items.expiration_date > \(nowParameter) AND items.kind IN (\(kindSQL)) AND (\(domainSQL))), 0)
            FROM (\(inner)) AS m
            LEFT JOIN items ON items.rowid = \(FTSRowid.itemRowidSQL("m.r"))
            """)
        statement.bind(values)
        guard try statement.step() else { return Count(total: 0, isExact: true) }
        let matched = Int(statement.int64(0))
        return Count(total: Int(statement.int64(1)), isExact: matched < cap)
    }

    /// Whether a pass that stopped short of its matches has FTS5 count the rest: only
    /// when the total is wanted (``countsTotal``) and FTS5's rows are the matches. FTS5
    /// counts rows with the tokens, not the terms (``TermMatcher``'s check) nor the
    /// filter; otherwise the checked rows are the count, a lower bound.
    func countsWithFTS5(matcher: TermMatcher) -> Bool {
        countsTotal && !matcher.checksTerms && filter == nil
    }

    /// Whether a walk whose page is full counts on past it, FTS5's rows being the count:
    /// when the total is wanted (``countsTotal``) or a typo walk stands in for the exact
    /// pass (`typed`, which needs the rows past the page), and no row is hidden from this
    /// search or dropped by a check FTS5 does not make.
    func countsPastPage(matcher: TermMatcher, typed: TypedMatches? = nil) throws -> Bool {
        guard countsTotal || typed != nil, !matcher.checksTerms, filter == nil, domains == nil else { return false }
        return try allRowsVisible()
    }

    /// Counts on the rows both of ``mergeScan(complete:prefix:prefixIsIndexed:headPhrase:want:matcher:expectedRows:into:)``'s
    /// lists hold, from the FTS rowids each list is at (not yet counted) down, until
    /// `matched` reaches ``SearchableIndex/totalCountCap`` or a list runs out.
    ///
    /// The complete terms' list is asked again from its row without the locator: a
    /// query of complete tokens sets up in microseconds, and a step without the
    /// locator function costs about half as much. So is the prefix's list when it
    /// comes from `items_head`'s prefix index; a longer prefix's list is FTS5's merge
    /// of its words, which asking again would redo, so the walk's statement (`head`)
    /// steps on.
    func countOn(complete: String, prefix: String, prefixIsIndexed: Bool, from rowids: (fts: Int64, head: Int64),
                         _ head: Statement, matched: inout Int) throws {
        let fts = try connection.cached(
            "SELECT rowid FROM items_fts WHERE items_fts MATCH ?1 AND rowid <= ?2 ORDER BY rowid DESC")
        fts.bind([.text(complete), .integer(rowids.fts)])
        defer { fts.reset() }
        var prefixRows = head
        if prefixIsIndexed {
            prefixRows = try connection.cached(
                "SELECT rowid FROM items_head WHERE items_head MATCH ?1 AND rowid <= ?2 ORDER BY rowid DESC")
            prefixRows.bind([.text(prefix), .integer(rowids.head)])
        }
        defer { if prefixIsIndexed { prefixRows.reset() } }
        var hasFTS = try fts.step()
        var hasHead = try prefixIsIndexed ? prefixRows.step() : true
        while hasFTS && hasHead && matched < SearchableIndex.totalCountCap {
            let ftsRowid = fts.int64(0), headRowid = prefixRows.int64(0)
            if ftsRowid > headRowid {
                hasFTS = try fts.step()
            } else if headRowid > ftsRowid {
                hasHead = try prefixRows.step()
            } else {
                matched += 1
                hasFTS = try fts.step()
                hasHead = try prefixRows.step()
            }
        }
    }
}
