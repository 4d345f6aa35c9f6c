import SearchIndex
/// The search provider's behaviour, free of D-Bus: answers each call from the
/// source and passes activations on as ``SearchRequest``s.
struct SearchProviderResponder: Sendable {
    let source: any SystemSearchSource
    /// The most results one result set or KRunner match list holds.
    let resultLimit: Int
    /// The icon name KRunner shows beside each match.
    let iconName: String
    let onRequest: @Sendable (SearchRequest) -> Void

    /// Answers `call`; may block on the source, so never runs on a main-loop thread.
    func respond(to call: SearchProviderCall) throws -> SearchProviderReply {
        switch call {
        case .initialResultSet(let terms):
            return .ids(try search(terms, limit: resultLimit).map { $0.id })
        case .subsearchResultSet(let previous, let terms):
            // Narrow the previous set: keep the ids that still match, in the new ranking.
            let kept = Set(previous)
            let hits = try search(terms, limit: max(resultLimit, previous.count))
            return .ids(hits.map { $0.id }.filter { kept.contains($0) })
        case .resultMetas(let ids):
            guard !ids.isEmpty else { return .metas([]) }
            return .metas(try source.systemSearchMetas(ids: ids))
        case .activateResult(let id, _, _):
            onRequest(.open(id: openIdentifier(for: id)))
            return .nothing
        case .launchSearch(let terms, _):
            onRequest(.continueSearch(text: terms.joined(separator: " ")))
            return .nothing
        case .actions:
            return .actions([])
        case .match(let query):
            let hits = try search(Self.terms(of: query), limit: resultLimit)
            let folded = Self.fold(query)
            return .matches(hits.enumerated().map { rank, hit in
                KRunnerMatch(id: hit.id, text: hit.name, iconName: iconName,
                             type: Self.fold(hit.name) == folded ? 100 : 70,
                             relevance: 1.0 - Double(rank) / Double(hits.count + 1),
                             subtext: hit.description)
            })
        case .run(let matchID, _):
            onRequest(.open(id: openIdentifier(for: matchID)))
            return .nothing
        case .teardown:
            return .nothing
        }
    }

    /// The id the app should open for a result id the desktop shows (an activity's
    /// related item); the id itself when the source does not describe it (or cannot
    /// be read: opening still goes through).
    private func openIdentifier(for id: String) -> String {
        ((try? source.systemSearchMetas(ids: [id])) ?? []).first { $0.id == id }?.openIdentifier ?? id
    }

    private func search(_ terms: [String], limit: Int) throws -> [SystemSearchHit] {
        let terms = terms.filter { term in !term.allSatisfy { $0.isWhitespace } }
        guard !terms.isEmpty else { return [] }
        return try source.systemSearch(terms: terms, limit: limit)
    }

    /// KRunner sends the typed line; the terms are its whitespace-separated words.
    static func terms(of query: String) -> [String] {
        query.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Case- and space-insensitive form for "is this an exact title match".
    static func fold(_ text: String) -> String {
        terms(of: text).joined(separator: " ").lowercased()
    }
}
