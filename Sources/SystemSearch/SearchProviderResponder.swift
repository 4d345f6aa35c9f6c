import SearchIndex
/// The search provider's behaviour, free of D-Bus: answers each call from the
/// source and passes activations on as ``SearchRequest``s.
struct SearchProviderResponder: Sendable {
    let source: any SystemSearchSource
    /// The most results one result set or KRunner match list holds.
    let resultLimit: Int
    /// The app's icon: what a result without a thumbnail shows.
    let icon: AppIcon
    /// The app icon's pixels, when it is a file (KRunner takes those, not a path).
    let iconImage: PixelImage?
    let thumbnails = PixelImageCache()
    let onRequest: @Sendable (SearchRequest) -> Void

    init(source: any SystemSearchSource, resultLimit: Int, icon: AppIcon, onRequest: @escaping @Sendable (SearchRequest) -> Void) {
        self.source = source
        self.resultLimit = resultLimit
        self.icon = icon
        if case .file(let path) = icon { iconImage = PixelImage(path: path) } else { iconImage = nil }
        self.onRequest = onRequest
    }

    /// KRunner's match types (`Plasma::QueryMatch::Type`): an exact title is
    /// ExactMatch; anything else PossibleMatch, never HelperMatch (70), which KRunner
    /// does not run on Enter and sorts above other runners' ordinary results.
    static let exactMatch: Int32 = 100
    static let possibleMatch: Int32 = 30

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
            guard !ids.isEmpty else { return .metas([], icon) }
            return .metas(try source.systemSearchMetas(ids: ids).filter(Self.canTravel), icon)
        case .activateResult(let id, _, let timestamp):
            open(id, timestamp: timestamp)
            return .nothing
        case .launchSearch(let terms, let timestamp):
            onRequest(.continueSearch(text: terms.joined(separator: " "), timestamp: timestamp))
            return .nothing
        case .actions:
            return .actions([])
        case .config:
            // Nothing to restrict: any one letter (a CJK character) can match.
            return .config(minimumLetterCount: 1)
        case .match(let query):
            let hits = try search(Self.terms(of: query), limit: resultLimit)
            let folded = Self.fold(query)
            return .matches(hits.enumerated().map { rank, hit in
                let thumbnail = hit.thumbnailPath.flatMap { thumbnails.image(path: $0) }
                let iconName: String
                if case .named(let name) = icon { iconName = name } else { iconName = "" }
                return KRunnerMatch(id: hit.id, text: hit.name, iconName: iconName,
                                    type: Self.fold(hit.name) == folded ? Self.exactMatch : Self.possibleMatch,
                                    relevance: 1.0 - Double(rank) / Double(hits.count + 1),
                                    subtext: hit.description, iconData: thumbnail ?? iconImage,
                                    urls: hit.url.map { [$0] } ?? [])
            })
        case .run(let matchID, _):
            // KRunner's Run carries no activation time.
            open(matchID, timestamp: 0)
            return .nothing
        case .teardown:
            return .nothing
        }
    }

    /// Passes on the opening of result `id` (for an activity: its related item, with its
    /// type and userInfo), then counts it as one engagement. When the source does not
    /// describe the id (or cannot be read), the id itself is opened: opening still goes through.
    private func open(_ id: String, timestamp: UInt32) {
        let hit = ((try? source.systemSearchMetas(ids: [id])) ?? []).first { $0.id == id }
        onRequest(.open(id: hit?.openIdentifier ?? id, timestamp: timestamp, activity: hit?.activity))
        if hit != nil { try? source.recordOpen(id: id) }
    }

    private func search(_ terms: [String], limit: Int) throws -> [SystemSearchHit] {
        let terms = terms.filter { term in !term.allSatisfy { $0.isWhitespace } }
        guard !terms.isEmpty else { return [] }
        return try source.systemSearch(terms: terms, limit: limit).filter(Self.canTravel)
    }

    /// Whether a result's id survives D-Bus: its strings end at a NUL, so an id holding
    /// one (stored by an older version, which accepted it) would come back as another
    /// id. Such a result is not shown; its other text is cleaned in ``GVariantCoding``.
    static func canTravel(_ hit: SystemSearchHit) -> Bool {
        !hit.id.utf8.contains(0)
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
