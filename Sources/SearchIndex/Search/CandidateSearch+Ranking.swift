import Foundation

/// Step 5 of a search (``CandidateSearch``): the candidates scored, ordered, and the
/// requested page read with its highlights.
extension CandidateSearch {
    /// A candidate with its score.
    typealias ScoredCandidate = (candidate: Candidate, breakdown: ScoreBreakdown)

    /// Scores candidates (``HitAnalyzer``, ``Ranking``), orders them (by the sort keys
    /// if any, then by relevance), and reads the rows of the requested page with their
    /// highlights. `ranked` is how many candidates matched after analysis.
    ///
    /// With a `bound`, candidates are read highest bound first, and the reading stops at
    /// the first whose bound is below the `offset + limit`-th best score so far: neither
    /// it nor any after it can reach the page. Those are counted in `ranked` unread.
    /// `analyzed`: typo rows the typo pass's walk analyzed (``WalkAnalysis``), not read again.
    func page(_ candidates: [Int64: Candidate], plan: MatchPlan, analyzer: HitAnalyzer,
              analyzed: [Int64: HitAnalyzer.Analysis?], bound: ScoreBound?,
              limit: Int, offset: Int, sort: [SortKey]) throws -> (hits: [Scored], ranked: Int) {
        var (scored, unread) = try score(candidates, analyzer: analyzer, analyzed: analyzed, bound: bound, need: offset + limit)
        scored = try ordered(scored, by: sort)
        let hits = try readHits(scored.dropFirst(offset).prefix(limit), analyzer: analyzer)
        return (hits, scored.count + unread)
    }

    /// The best `need` totals scored so far, best first: a candidate whose bound is below
    /// the last of them cannot reach the page.
    private struct BestTotals {
        let need: Int
        var totals: [Double] = []

        /// Whether a candidate bounded by `most` cannot reach the page. Scores are exact
        /// integers (``RankingRule/score(_:)``): no margin for rounding.
        func excludes(_ most: Double) -> Bool {
            totals.count == need && most < totals[need - 1]
        }

        mutating func add(_ total: Double) {
            guard totals.count < need || total > totals[need - 1] else { return }
            totals.insert(total, at: totals.firstIndex { $0 < total } ?? totals.count)
            if totals.count > need { totals.removeLast() }
        }
    }

    /// The candidates that match after analysis, with their scores, and how many were
    /// left unread because their `bound` could not reach the first `need`.
    private func score(_ candidates: [Int64: Candidate], analyzer: HitAnalyzer, analyzed: [Int64: HitAnalyzer.Analysis?],
                       bound: ScoreBound?, need: Int) throws -> (scored: [ScoredCandidate], unread: Int) {
        let fields = try connection.cached(Self.textFieldsSQL)
        var scored: [ScoredCandidate] = []
        scored.reserveCapacity(candidates.count)
        var order: [(candidate: Candidate, bound: Double)] = candidates.values.map { ($0, bound?.total($0) ?? .infinity) }
        if bound != nil { order.sort { $0.bound > $1.bound } }
        var best = BestTotals(need: need)
        var unread = 0
        for (index, (candidate, most)) in order.enumerated() {
            if best.excludes(most) {
                unread = order.count - index
                break
            }
            var analysis: HitAnalyzer.Analysis?
            if candidate.typoMatch, let known = analyzed[candidate.itemRowid] {
                analysis = known
            } else {
                fields.bind(only: candidate.itemRowid)
                defer { fields.reset() }
                analysis = try fields.step() ? analyzer.analyze(fields, first: 0, highlights: false, typos: candidate.typoMatch) : nil
            }
            guard let analysis else { continue }
            let breakdown = breakdown(candidate, analysis: analysis, analyzer: analyzer)
            scored.append((candidate, breakdown))
            if bound != nil { best.add(breakdown.total) }
        }
        if unread > 0 { trace?.note("left \(unread) of \(order.count) candidates unread") }
        return (scored, unread)
    }

    /// The scored candidates by relevance (``Ranking/precedes(_:_:)``), then by the sort
    /// keys if any.
    private func ordered(_ scored: [ScoredCandidate], by sort: [SortKey]) throws -> [ScoredCandidate] {
        // Each total summed once, and indices moved rather than the candidates. The
        // identifiers are read once too: read from `scored` in the comparison, each
        // comparison copied two whole candidates (5 % more instructions per search).
        let totals = scored.map(\.breakdown.total)
        let ids = scored.map(\.candidate.id)
        let byScore = scored.indices.sorted { Ranking.precedes((totals[$0], ids[$0]), (totals[$1], ids[$1])) }
        let ranked = byScore.map { scored[$0] }
        return sort.isEmpty ? ranked : try sorted(ranked, by: sort)
    }

    /// The page's rows, each with its highlights.
    private func readHits(_ page: ArraySlice<ScoredCandidate>, analyzer: HitAnalyzer) throws -> [Scored] {
        // A hit's fields for its highlights, then the whole row (from column 6), in one lookup.
        let rowStatement = try connection.cached("""
            SELECT title, display_name, alternate_names, keywords, content_description, text_content, \(StoredRow.columns)
            FROM items WHERE items.rowid = ?
            """)
        var hits: [Scored] = []
        for (candidate, breakdown) in page {
            rowStatement.bind(only: candidate.itemRowid)
            defer { rowStatement.reset() }
            guard try rowStatement.step() else { continue }
            let highlights = analyzer.analyze(rowStatement, first: 0, highlights: true, typos: candidate.typoMatch)?.highlights ?? []
            hits.append(Scored(row: StoredRow.read(rowStatement, thumbnails: thumbnails, first: 6), breakdown: breakdown, highlights: highlights))
        }
        return hits
    }

    /// A sort key resolved to SQL on `items`.
    struct SortKey {
        var expression: String
        var ascending: Bool
    }

    /// Candidates ordered by sort keys (missing values last), relevance breaking ties.
    func sorted(_ scored: [ScoredCandidate], by keys: [SortKey]) throws -> [ScoredCandidate] {
        let statement = try connection.cached("SELECT " + keys.map(\.expression).joined(separator: ", ") + " FROM items WHERE rowid = ?")
        var values: [[SQLValue]] = []
        for entry in scored {
            statement.bind(only: entry.candidate.itemRowid)
            defer { statement.reset() }
            guard try statement.step() else {
                values.append(keys.map { _ in .null })
                continue
            }
            values.append((0 ..< keys.count).map { statement.value(Int32($0)) })
        }
        let order = scored.indices.sorted { a, b in
            for (number, key) in keys.enumerated() {
                let comparison = Self.compare(values[a][number], values[b][number])
                if comparison == 0 { continue }
                // Missing values last, whichever the direction.
                if case .null = values[a][number] { return false }
                if case .null = values[b][number] { return true }
                return key.ascending ? comparison < 0 : comparison > 0
            }
            return a < b
        }
        return order.map { scored[$0] }
    }

    /// -1, 0 or 1: numbers before text; text compared case- and diacritic-insensitively.
    static func compare(_ a: SQLValue, _ b: SQLValue) -> Int {
        func number(_ value: SQLValue) -> Double? {
            switch value {
            case .integer(let v): return Double(v)
            case .real(let v): return v
            default: return nil
            }
        }
        if case .null = a { if case .null = b { return 0 }; return 1 }
        if case .null = b { return -1 }
        if let x = number(a), let y = number(b) { return x < y ? -1 : (x > y ? 1 : 0) }
        if number(a) != nil { return -1 }
        if number(b) != nil { return 1 }
        guard case .text(let x) = a, case .text(let y) = b else { return 0 }
        switch x.compare(y, options: [.caseInsensitive, .diacriticInsensitive]) {
        case .orderedAscending: return -1
        case .orderedDescending: return 1
        case .orderedSame: return x < y ? -1 : (x > y ? 1 : 0)
        }
    }

    func breakdown(_ candidate: Candidate, analysis: HitAnalyzer.Analysis, analyzer: HitAnalyzer) -> ScoreBreakdown {
        Ranking.breakdown(
            analysis, terms: analyzer.terms, rankingHint: candidate.rankingHint, engagements: candidate.engagements,
            contentDate: candidate.contentDate, now: now)
    }
}
