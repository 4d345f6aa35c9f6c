import Foundation
import XCTest
@testable import SearchIndex

/// The faster ways ``CandidateSearch`` walks FTS5's matches find the same hits, in the
/// same order, with the same count, as the plain passes they replace (on a real index
/// where frequent words fill the heavy fields of some items and only the description of
/// others, and some items are expired or in another domain).
final class SearchPathTests: IndexTestCase {
    private static let words = [
        "river", "stone", "garden", "light", "house", "paper", "music", "travel", "night", "water",
        "interval", "internet", "interior", "integer", "intention", "interview", "station", "staging", "stamp",
        "control", "concert", "console", "contour", "keeper", "kettle", "kernel", "snow", "snake", "afford",
    ]

    private func indexItems(count: Int) throws {
        var random = SplitMix(seed: 16)
        func phrase(_ length: ClosedRange<Int>) -> String {
            (0 ..< random.next(in: length)).map { _ in Self.words[random.next(in: 0 ... Self.words.count - 1)] }
                .joined(separator: " ")
        }
        var items: [SearchableItem] = []
        for n in 0 ..< count {
            // Some items have the frequent words only in their description.
            let title = n % 3 == 0 ? "item \(n)" : phrase(1 ... 4)
            let keywords = n % 5 == 0 ? [phrase(1 ... 2)] : nil
            let expiration = n % 17 == 0 ? Date(timeIntervalSinceNow: -3600) : nil
            items.append(SearchableItem(
                id: "i\(n)", domain: n % 7 == 0 ? "org.example.other" : nil, expirationDate: expiration,
                attributes: SearchableItemAttributeSet(
                    title: title, contentDescription: phrase(3 ... 12), keywords: keywords,
                    rankingHint: Double(random.next(in: 0 ... 100)))))
        }
        try index.indexItems(items)
    }

    /// What one search found: its hits' identifiers and scores, its total and whether
    /// that is exact, and how its passes found their matches (``SearchTrace`` notes).
    private typealias Page = (ids: [String], scores: [Double], total: Int, exact: Bool, notes: [String])

    /// Asserts that two ways of searching found the same hits, scores, total and exactness.
    private func assertSamePage(_ a: Page, _ b: Page, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.ids, b.ids, label, file: file, line: line)
        XCTAssertEqual(a.scores, b.scores, label, file: file, line: line)
        XCTAssertEqual(a.total, b.total, "\(label): total", file: file, line: line)
        XCTAssertEqual(a.exact, b.exact, "\(label): exact", file: file, line: line)
    }

    /// Searches each of `queries` at limits 5, 20 and 50, in every domain and in one, the
    /// way the search chooses (`taken`) and with one path turned off (`off`): asserts the
    /// same page both ways and that `off` left no note starting with `offNote`; returns
    /// how many of the chosen searches noted `takenNote` (took the path).
    private func compareAcrossLimitsAndDomains(
        _ queries: [String], taken: (String, Int, [String]?) throws -> Page, takenNote: String,
        off: (String, Int, [String]?) throws -> Page, offNote: String, file: StaticString = #filePath, line: UInt = #line
    ) rethrows -> Int {
        var took = 0
        for query in queries {
            for limit in [5, 20, 50] {
                for domains in [nil, ["org.example.app"]] {
                    let chosen = try taken(query, limit, domains)
                    let without = try off(query, limit, domains)
                    let label = "\(query) limit \(limit) \(domains ?? [])"
                    assertSamePage(chosen, without, label, file: file, line: line)
                    XCTAssertFalse(without.notes.contains { $0.hasPrefix(offNote) }, label, file: file, line: line)
                    if chosen.notes.contains(where: { $0.hasPrefix(takenNote) }) { took += 1 }
                }
            }
        }
        return took
    }

    /// What one search returns with the passes walked together, or apart.
    private func run(_ text: String, limit: Int, together: Bool = true, domains: [String]? = nil, typos: Bool = true,
                     prefixPath: MatchPlan.PrefixPath? = nil, typoPassFirst: Bool = true, checksTypoPrefix: Bool? = nil,
                     mergesTypoPrefixAlone: Bool = true, countsTotal: Bool = true, prunesRanking: Bool = true,
                     analyzesTypoRows: Bool = true, offset: Int = 0, strategy: MatchingStrategy = .last) throws -> Page {
        let index = self.index!, now = self.now
        return try index.store.read { connection in
            var search = CandidateSearch(connection: connection, thumbnails: index.thumbnails, now: now,
                                         kinds: [Schema.itemKind], domains: domains, vocabulary: index.vocabulary)
            search.overrides.walksPassesTogether = together
            search.overrides.prefixPath = prefixPath
            search.overrides.runsTypoPassFirst = typoPassFirst
            search.overrides.checksTypoPrefix = checksTypoPrefix
            search.overrides.mergesTypoPrefixAlone = mergesTypoPrefixAlone
            search.countsTotal = countsTotal
            search.overrides.prunesRanking = prunesRanking
            search.overrides.analyzesTypoRowsInTheWalk = analyzesTypoRows
            let trace = SearchTrace()
            search.trace = trace
            // `last` (the default): the queries with terms dropped take every path too.
            let result = try search.run(text: text, limit: limit, offset: offset, typoTolerance: typos, sort: [], matching: strategy)
            return (result.hits.map { $0.row.item.id }, result.hits.map { $0.breakdown.total }, result.total, result.exact,
                    trace.notes)
        }
    }

    /// One time for every search, so that recency scores compare.
    private let now = Date().timeIntervalSince1970 * 1000

    private var queries: [String] {
        let pairs = zip(Self.words, Self.words.reversed()).map { "\($0) \($1.prefix(3))" }
        let longer = zip(Self.words, Self.words.dropFirst()).map { "\($0) \($1.prefix(5))" }
        let typos = ["rivr stone", "stoen gar", "watr inter", "nihgt contr", "garden intervl", "staying inter",
                     "musci stat", "keeper snwo", "travle int", "papre hou"]
        return pairs + longer + typos + ["water", "river stone", "night music paper", "house int", "the con"]
    }

    func testWalkingBothPassesTogetherFindsTheSamePage() throws {
        try indexItems(count: 3000)
        var compared = 0
        for query in queries {
            for limit in [10, 50] {
                let together = try run(query, limit: limit, together: true)
                let apart = try run(query, limit: limit, together: false)
                assertSamePage(together, apart, "\(query) limit \(limit)")
                if !together.ids.isEmpty { compared += 1 }
            }
            let domain = try run(query, limit: 20, together: true, domains: ["org.example.app"])
            let domainApart = try run(query, limit: 20, together: false, domains: ["org.example.app"])
            XCTAssertEqual(domain.ids, domainApart.ids, "\(query) in a domain")
            XCTAssertEqual(domain.total, domainApart.total, "\(query) in a domain: total")
            let exactOnly = try run(query, limit: 20, together: true, typos: false)
            let exactOnlyApart = try run(query, limit: 20, together: false, typos: false)
            XCTAssertEqual(exactOnly.ids, exactOnlyApart.ids, "\(query) without typos")
            XCTAssertEqual(exactOnly.total, exactOnlyApart.total, "\(query) without typos: total")
        }
        // The comparison means something only if most queries find hits.
        XCTAssertGreaterThan(compared, queries.count)
    }

    /// A search that does not count past its candidates (JS `search`, the system search:
    /// `countsTotal` false) finds the same hits and scores on every path; its total is
    /// a lower bound of the counted one, and equal to it whenever it says it is exact.
    func testASearchThatDoesNotCountFindsTheSamePage() throws {
        try indexItems(count: 3000)
        var compared = 0, cutShort = 0
        for query in queries {
            for path in [nil, MatchPlan.PrefixPath.merge, .headWalk, .swiftCheck] {
                for (limit, domains, typos) in [(10, nil, true), (50, nil, true), (20, ["org.example.app"], true), (20, nil, false)] {
                    let counted = try run(query, limit: limit, domains: domains, typos: typos, prefixPath: path)
                    let uncounted = try run(query, limit: limit, domains: domains, typos: typos, prefixPath: path, countsTotal: false)
                    let label = "\(query) limit \(limit) \(domains ?? []) typos \(typos) \(path.map { "\($0)" } ?? "chosen")"
                    XCTAssertEqual(uncounted.ids, counted.ids, label)
                    XCTAssertEqual(uncounted.scores, counted.scores, label)
                    XCTAssertLessThanOrEqual(uncounted.total, counted.total, label)
                    XCTAssertGreaterThanOrEqual(uncounted.total, uncounted.ids.count, label)
                    if uncounted.exact {
                        XCTAssertTrue(counted.exact, label)
                        XCTAssertEqual(uncounted.total, counted.total, label)
                    }
                    if !counted.ids.isEmpty { compared += 1 }
                    if uncounted.total < counted.total { cutShort += 1 }
                }
            }
        }
        XCTAssertGreaterThan(compared, queries.count * 8)
        // Frequent words match far more rows than a search ranks: not counting them is the point.
        XCTAssertGreaterThan(cutShort, queries.count)
    }

    /// With fewer exact matches than a search ranks, a typo pass after complete terms and
    /// before a long prefix runs first and tells the exact matches apart itself: the
    /// same hits, scores and count as the exact pass followed by the typo pass, for
    /// pages that the exact matches fill and pages they do not.
    func testTheTypoPassRunFirstFindsTheSamePage() throws {
        // Few enough items that most words are in fewer than 100 of them.
        try indexItems(count: 150)
        let queries = ["staying inter", "garden intervl", "watr inter", "nihgt contr", "rivr stone", "travle inter",
                       "keeper kettl", "music intervi", "water intern", "kettle conso", "paper stagin", "snoq conce"]
        var compared = 0
        for query in queries {
            for limit in [1, 5, 20] {
                let first = try run(query, limit: limit)
                let after = try run(query, limit: limit, typoPassFirst: false)
                assertSamePage(first, after, "\(query) limit \(limit)")
                if !first.ids.isEmpty { compared += 1 }
            }
            let domain = try run(query, limit: 20, domains: ["org.example.app"])
            let domainAfter = try run(query, limit: 20, domains: ["org.example.app"], typoPassFirst: false)
            XCTAssertEqual(domain.ids, domainAfter.ids, "\(query) in a domain")
            XCTAssertEqual(domain.total, domainAfter.total, "\(query) in a domain: total")
        }
        XCTAssertGreaterThan(compared, queries.count * 2)
    }

    /// A prefix after complete terms is checked in Swift, walked beside the complete
    /// terms in `items_head` (from its prefix index for 1–3 letters, merged there for
    /// more) or merged by FTS5, whichever is expected to cost least
    /// (`CandidateSearch.prefixPath`): when every match is a candidate, all three find
    /// the same hits, scores and count, with typos (the typo pass chooses again for its
    /// alternatives; a prefix with alternatives of its own is merged) and without.
    func testTheThreePrefixPathsFindTheSamePage() throws {
        try indexItems(count: 400)
        var queries: [String] = []
        for (first, second) in zip(Self.words, Self.words.dropFirst(3) + Self.words.prefix(3)) {
            queries += (1 ... 6).map { "\(first) \(second.prefix($0))" }
        }
        queries += ["rivr st", "stoen ga", "nihgt con", "musci sta", "keeper snw", "night music ke", "water item in",
                    "rivr inte", "stoen inter", "water item inter", "house intervl"]
        var compared = 0
        for query in queries {
            for typos in [true, false] {
                let merged = try run(query, limit: 20, typos: typos, prefixPath: .merge)
                // With more matches than a search ranks, the walks may pick different
                // candidates beyond the best ones.
                guard merged.exact, merged.total < CandidateSearch.window, !merged.ids.isEmpty else { continue }
                for path in [MatchPlan.PrefixPath.swiftCheck, .headWalk] {
                    let other = try run(query, limit: 20, typos: typos, prefixPath: path)
                    XCTAssertEqual(other.ids, merged.ids, "\(query) typos \(typos) \(path)")
                    XCTAssertEqual(other.scores, merged.scores, "\(query) typos \(typos) \(path)")
                    XCTAssertEqual(other.total, merged.total, "\(query) typos \(typos) \(path): total")
                    XCTAssertTrue(other.exact, "\(query) typos \(typos) \(path): exact")
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, queries.count / 2)
    }

    /// The typo pass of a prefix without alternatives after misspelt words may check the
    /// prefix in Swift on every match of the words and their alternatives instead of
    /// merging the prefix's lists (`CandidateSearch.checksTypoPrefix`): the same hits,
    /// scores, count and exactness as the merge, for a prefix of 1–3 letters (after the
    /// exact pass) and of 4 (the typo pass runs first and tells the exact matches
    /// apart), after one complete term or several, in a domain, for pages the exact
    /// matches fill or not, with more matches than a search ranks and fewer.
    func testCheckingTheTypoPassPrefixInSwiftFindsWhatTheMergeFinds() throws {
        try indexItems(count: 400)
        let queries = ["rivr st", "stoen ga", "nihgt con", "keeper snw", "musci sta", "watr in", "rivr ston", "nihgt cont",
                       "stoen gard", "night musci ke", "rivr stone ga", "papre hous", "travle i", "kepeer k", "watr item 1"]
        let checked = try compareAcrossLimitsAndDomains(
            queries, taken: { try self.run($0, limit: $1, domains: $2, checksTypoPrefix: true) }, takenNote: "typo prefix checked",
            off: { try self.run($0, limit: $1, domains: $2, checksTypoPrefix: false) }, offNote: "typo prefix check")
        // Most searches took the checked path (the others' exact matches filled the page).
        XCTAssertGreaterThan(checked, queries.count * 3)
        // The check analyzes its typo rows from the fields it read, as ranking does
        // reading them again.
        let analyzed = try compareAcrossLimitsAndDomains(
            queries, taken: { try self.run($0, limit: $1, domains: $2, checksTypoPrefix: true) },
            takenNote: "typo rows analyzed in the check",
            off: { try self.run($0, limit: $1, domains: $2, checksTypoPrefix: true, analyzesTypoRows: false) },
            offNote: "typo rows analyzed in the check")
        XCTAssertGreaterThan(analyzed, queries.count * 3)
    }

    /// The check's analysis of a typo row reads the body when it found the prefix in the
    /// heavy fields only: the body may hold the prefix as a whole word (`cat` beside
    /// `catalogue`), which ranks the row higher.
    func testTheChecksAnalysisReadsTheBodyOfARowWithThePrefixInItsTitle() throws {
        try index.indexItems((0 ..< 60).map { n in
            SearchableItem(id: "g\(n)", attributes: SearchableItemAttributeSet(
                title: "garden catalogue \(n)", contentDescription: n % 2 == 0 ? "a cat sleeps" : "nothing here",
                rankingHint: Double(n)))
        })
        for limit in [10, 40] {
            let checked = try run("gardn cat", limit: limit, checksTypoPrefix: true)
            XCTAssertTrue(checked.notes.contains { $0.hasPrefix("typo rows analyzed in the check") }, "\(checked.notes)")
            let reread = try run("gardn cat", limit: limit, checksTypoPrefix: true, analyzesTypoRows: false)
            assertSamePage(checked, reread, "gardn cat limit \(limit)")
            // The whole word ranks the rows that hold it first.
            XCTAssertTrue(checked.ids.prefix(10).allSatisfy { Int($0.dropFirst())! % 2 == 0 }, "\(checked.ids)")
        }
    }

    /// Ranking that leaves unread the candidates whose best possible score is below the
    /// page's last (``ScoreBound``) returns the same hits, scores, count and exactness as
    /// reading every candidate: for a prefix alone, words and a prefix (on each of the
    /// three prefix paths), a prefix that is also a whole word, typos on and off, and
    /// pages that start past the first hit.
    func testLeavingUnreadTheCandidatesThatCannotReachThePageFindsTheSamePage() throws {
        try indexItems(count: 3000)
        // Engagements move some items up regardless of their text.
        for n in stride(from: 0, to: 3000, by: 37) {
            for _ in 0 ... n % 3 { try index.becomeCurrent(UserActivity(activityType: "t", userInfo: [:], relatedUniqueIdentifier: "i\(n)")) }
        }
        let wholeWords = ["snow", "river stone", "water snow", "night stamp", "house in", "stone"]
        var left = 0
        for query in queries + wholeWords {
            for path in [nil, MatchPlan.PrefixPath.merge, .headWalk, .swiftCheck] {
                for (limit, offset, domains, typos) in [(5, 0, nil, true), (20, 0, nil, true), (20, 0, nil, false), (10, 15, nil, true),
                                                        (20, 0, ["org.example.app"], true)] as [(Int, Int, [String]?, Bool)] {
                    let pruned = try run(query, limit: limit, domains: domains, typos: typos, prefixPath: path, offset: offset)
                    let full = try run(query, limit: limit, domains: domains, typos: typos, prefixPath: path, prunesRanking: false,
                                       offset: offset)
                    let label = "\(query) limit \(limit) offset \(offset) \(domains ?? []) typos \(typos) \(path.map { "\($0)" } ?? "chosen")"
                    assertSamePage(pruned, full, label)
                    XCTAssertFalse(full.notes.contains { $0.hasPrefix("left ") }, label)
                    if pruned.notes.contains(where: { $0.hasPrefix("left ") }) { left += 1 }
                }
            }
        }
        // The comparison means something only if many searches left candidates unread.
        XCTAssertGreaterThan(left, queries.count)
    }

    /// The typo pass of a prefix typed alone, whose alternatives' heavy matches will not
    /// fill the page, walks `items_fts` once (telling heavy matches by their locator and
    /// counting as it goes) instead of asking `items_head` first, then `items_fts`, then
    /// counting: the same hits, scores, count and exactness, for misspelt prefixes and
    /// for words typed right with fewer exact matches than the page, in a domain or not.
    func testTheTypoPassOfAPrefixAloneWalkedOnceFindsTheSamePage() throws {
        try indexItems(count: 300)
        let queries = ["stoen", "gardn", "watre", "nihgt", "musci", "travle", "keeepr", "kettel", "intervl", "interveiw",
                       "stagin", "concret", "contorl", "consloe", "afford", "snkae", "paperr", "interio"]
        let walkedOnce = try compareAcrossLimitsAndDomains(
            queries, taken: { try self.run($0, limit: $1, domains: $2) }, takenNote: "typo prefix merged alone",
            off: { try self.run($0, limit: $1, domains: $2, mergesTypoPrefixAlone: false) }, offNote: "typo prefix merged alone")
        // Most searches ran the typo pass and took the single walk.
        XCTAssertGreaterThan(walkedOnce, queries.count * 3)
    }

    /// The typo pass's walk analyzes each typo row from its own lookup of the row, where
    /// ranking read the row again: the same hits, scores, count and exactness, for
    /// misspelt prefixes alone, misspelt words before a prefix and words typed right,
    /// with the typo pass run first or after the exact pass.
    func testTheTypoWalksOwnAnalysisRanksAsReadingTheRowAgain() throws {
        try indexItems(count: 1000)
        let queries = ["stoen", "gardn", "watre", "nihgt", "musci", "travle", "keeepr", "intervl", "stagin", "contorl",
                       "rivr stone", "stoen gar", "watr inter", "garden intervl", "musci stat", "river", "interview"]
        for typoPassFirst in [true, false] {
            let analyzed = try compareAcrossLimitsAndDomains(
                queries, taken: { try self.run($0, limit: $1, domains: $2, typoPassFirst: typoPassFirst) },
                takenNote: "typo rows analyzed in the walk",
                off: { try self.run($0, limit: $1, domains: $2, typoPassFirst: typoPassFirst, analyzesTypoRows: false) },
                offNote: "typo rows analyzed in the walk")
            // Most searches' typo pass walked `items_fts` and analyzed as it went.
            XCTAssertGreaterThan(analyzed, queries.count * 2, "typo pass first: \(typoPassFirst)")
        }
    }

    /// The typo walk analyzes a row only in the fields where FTS5 found a phrase of its
    /// plan: with the words and their near spellings spread over every field (title,
    /// display name, alternate names, keywords, description, text content), the same
    /// hits, scores, count and exactness as reading the whole row again, including rows
    /// whose heavy matches came from `items_head` below the walk (their body is read:
    /// a nearer spelling there beats a title's).
    func testTheTypoWalkReadsTheFieldsFTS5FoundAPhraseIn() throws {
        let words = ["stone", "stove", "store", "stole", "atone", "stones", "garden", "warden", "harden", "gardens",
                     "kettle", "settle", "nettle", "kettles", "river", "rover", "music", "night", "paper", "water"]
        let filler = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "theta", "kappa"]
        var random = SplitMix(seed: 41)
        func some(_ pool: [String], _ count: ClosedRange<Int>) -> String {
            (0 ..< random.next(in: count)).map { _ in pool[random.next(in: 0 ... pool.count - 1)] }.joined(separator: " ")
        }
        func field(_ share: Int) -> String? {
            random.next(in: 0 ... 99) < share ? some(words, 1 ... 2) + " " + some(filler, 0 ... 3) : nil
        }
        var items: [SearchableItem] = []
        for n in 0 ..< 1500 {
            items.append(SearchableItem(
                id: "f\(n)", domain: n % 7 == 0 ? "org.example.other" : nil,
                attributes: SearchableItemAttributeSet(
                    title: field(15) ?? some(filler, 1 ... 3), contentDescription: field(40), keywords: field(15).map { [$0] },
                    displayName: field(10), alternateNames: field(10).map { [$0, some(filler, 1 ... 2)] },
                    textContent: field(40).map { some(filler, 5 ... 30) + " " + $0 }, rankingHint: Double(random.next(in: 0 ... 100)))))
        }
        try index.indexItems(items)
        let queries = ["stoen", "stobe", "gardn", "hardan", "kettel", "nettel", "settel", "rivre", "muisc", "nihgt",
                       "stoen gar", "kettel ri", "papre wat", "gardne"]
        var fromHead = 0
        for typoPassFirst in [true, false] {
            let analyzed = try compareAcrossLimitsAndDomains(
                queries, taken: { query, limit, domains in
                    let page = try self.run(query, limit: limit, domains: domains, typoPassFirst: typoPassFirst)
                    if page.notes.contains(where: { $0.hasPrefix("heavy matches from items_head") }) { fromHead += 1 }
                    return page
                },
                takenNote: "typo rows analyzed in the walk",
                off: { try self.run($0, limit: $1, domains: $2, typoPassFirst: typoPassFirst, analyzesTypoRows: false) },
                offNote: "typo rows analyzed in the walk")
            XCTAssertGreaterThan(analyzed, queries.count * 2, "typo pass first: \(typoPassFirst)")
        }
        // Some walks went on in `items_head` for heavy matches.
        XCTAssertGreaterThan(fromHead, 0)
    }

    /// A heavy match the typo walk takes from `items_head` has its body analyzed too: the
    /// items ranked first hold `stone` in their description only, so the walk's rows are
    /// theirs and the title matches (`steen`) come from `items_head`; those items also
    /// hold `stone` in their description, a likelier correction of `stoen` that ranks
    /// them by it.
    func testAHeavyMatchFromTheHeadTableHasItsBodyAnalyzed() throws {
        var items: [SearchableItem] = []
        // 400 postings of the alternatives (`ston*`, `steen*`): their heavy matches (100)
        // will not fill the candidates, so one walk of `items_fts` finds them.
        for n in 0 ..< 200 {
            items.append(SearchableItem(id: "s\(n)", attributes: SearchableItemAttributeSet(
                title: "alpha \(n)", contentDescription: "a stone wall", rankingHint: 80 + Double(n % 20))))
        }
        for n in 0 ..< 100 {
            items.append(SearchableItem(id: "t\(n)", attributes: SearchableItemAttributeSet(
                title: "steen \(n)", contentDescription: "the stone age", rankingHint: Double(n % 20))))
        }
        try index.indexItems(items)
        for limit in [10, 50] {
            // Not counting (JS `search`), the walk stops at its candidates.
            let walked = try run("stoen", limit: limit, countsTotal: false)
            XCTAssertTrue(walked.notes.contains { $0.hasPrefix("heavy matches from items_head") }, "\(walked.notes)")
            let reread = try run("stoen", limit: limit, countsTotal: false, analyzesTypoRows: false)
            assertSamePage(walked, reread, "stoen limit \(limit)")
        }
    }

    /// A misspelt prefix whose alternatives are in the titles of more items than a
    /// search ranks (a fifth of their postings, 150 of 750 here) is still asked of
    /// `items_head` first: one walk of `items_fts` would also take in the best body
    /// matches, and rank a different page.
    func testATypoPrefixFrequentInTitlesIsAskedOfTheHeadTableFirst() throws {
        try index.indexItems((0 ..< 750).map { n in
            SearchableItem(id: "g\(n)", attributes: SearchableItemAttributeSet(
                title: "garden \(n)", contentDescription: "a plot", rankingHint: Double(n % 40)))
        })
        let search = try run("gardn", limit: 20)
        XCTAssertEqual(search.ids.count, 20)
        XCTAssertFalse(search.notes.contains { $0.hasPrefix("typo prefix merged alone") }, "\(search.notes)")
        XCTAssertTrue(search.ids.allSatisfy { $0.hasPrefix("g") })
    }

    /// The word list bounds an ORed group's rows by its phrases' item counts: a starred
    /// phrase by every word it starts, a word by its own.
    func testAGroupsPostingsCountPrefixesAndWords() throws {
        try index.indexItems([
            SearchableItem(id: "a", attributes: SearchableItemAttributeSet(title: "stone stones", contentDescription: "stoned")),
            SearchableItem(id: "b", attributes: SearchableItemAttributeSet(title: "stone", contentDescription: "store")),
            SearchableItem(id: "c", attributes: SearchableItemAttributeSet(title: "stove")),
        ])
        let index = self.index!
        let snapshot = try index.store.read { try index.vocabulary.snapshot($0) }
        // A phrase by its token, a trailing star a prefix.
        func group(_ phrases: String...) -> MatchGroup {
            MatchGroup(phrases.map { MatchPhrase(token: String($0.filter { $0 != "*" }), isPrefix: $0.hasSuffix("*")) })
        }
        // stone 2, stones 1, stoned 1; store 1; stove 1.
        XCTAssertEqual(CandidateSearch.postings(ofGroup: group("stone*"), in: snapshot), 4)
        XCTAssertEqual(CandidateSearch.postings(ofGroup: group("stone", "store*", "stov*"), in: snapshot), 4)
        XCTAssertEqual(CandidateSearch.postings(ofGroup: group("stones", "stor"), in: snapshot), 1)
        XCTAssertEqual(CandidateSearch.postings(ofGroup: group("stone"), in: snapshot), 2)
        // A CJK run is not in the word list: no bound.
        XCTAssertNil(CandidateSearch.postings(ofGroup: group("stone", "新闻"), in: snapshot))
    }

    /// The Swift check of a prefix skips folding text whose only non-ASCII characters are
    /// kana and CJK ideographs when the prefix's letters appear nowhere in it; text with
    /// them, or with accented letters, is still folded: the same hits as FTS5's merge.
    func testTheSwiftCheckFindsPrefixesBesideJapaneseAndAccentedText() throws {
        // `all`: the sets are the matches of every term.
        try index.indexItems([
            item("jp-with", title: "River 東京の夜", description: "ビジネス こころ snowfall 小説"),
            item("jp-upper", title: "River", description: "東京 SNOW こころ"),
            item("jp-keyword", title: "River", keywords: ["東京", "Snowdrop"]),
            item("jp-without", title: "River 東京の夜", description: "ビジネス こころ 小説 report"),
            item("jp-inside", title: "River", description: "東京の夜 unsnow"),
            item("accent", title: "River", description: "Éclair naïve Snøhetta"),
            item("accent-without", title: "River", description: "café crème"),
        ])
        let expected: [String: Set<String>] = [
            "river sn": ["jp-with", "jp-upper", "jp-keyword", "accent"],
            "river ec": ["accent"],
            "river na": ["accent"],
            "river re": ["jp-without"],
            "river cr": ["accent-without"],
            "river un": ["jp-inside"],
        ]
        for (query, ids) in expected {
            let merged = try run(query, limit: 20, typos: false, prefixPath: .merge, strategy: .all)
            let checked = try run(query, limit: 20, typos: false, prefixPath: .swiftCheck, strategy: .all)
            XCTAssertEqual(Set(merged.ids), ids, "\(query) merged")
            XCTAssertEqual(checked.ids, merged.ids, "\(query) checked")
            XCTAssertEqual(checked.total, merged.total, "\(query) checked: total")
        }
    }

    /// Every path finds a prefix at the word starts FTS5's `unicode61` finds, and only
    /// there: `theBrent` is the one word `thebrent` (no word starts at `Brent`), `Straße`
    /// keeps its `ß` and `ﬁre` its ligature (neither folds to ASCII letters). The answer
    /// is asked of FTS5 itself, and of every way the search finds a prefix.
    /// Found by `make relevance`'s description queries: `cronstrue javascript` found
    /// nothing while `cronstrue java` found the package, because the Swift check missed
    /// the prefix in the text (a complete word in the title, the prefix only in the body).
    func testTheSwiftCheckFindsALongPrefixInTheBodyAfterATitleWord() throws {
        try index.indexItems([
            item("cron", title: "node-cronstrue", description: "Convert cron expressions into human readable descriptions",
                 text: "cronstrue is a JavaScript library that parses a cron expression and outputs a human readable "
                     + "description of the cron schedule.\nNode.js is an event-based server-side JavaScript engine."),
        ] + (0 ..< 30).map { item("filler\($0)", title: "Garden \($0)", description: "javascript") })
        for prefix in ["j", "java", "javascri", "javascript"] {
            for path in [nil, MatchPlan.PrefixPath.headWalk, .swiftCheck, .merge] {
                let found = try run("cronstrue \(prefix)", limit: 20, typos: false, prefixPath: path)
                XCTAssertEqual(found.ids, ["cron"], "cronstrue \(prefix) \(String(describing: path))")
            }
        }
    }

    func testEveryPathFindsThePrefixAtTheWordStartsFTS5Finds() throws {
        // `all`: the sets are FTS5's matches of every term.
        try index.indexItems([
            item("camel", title: "Garden", description: "theBrent show"),
            item("brent", title: "Garden", description: "Brentwood road"),
            item("eszett", title: "Garden", description: "Stra\u{df}e am See"),
            item("double-s", title: "Garden", description: "Strasse"),
            item("ligature", title: "Garden", keywords: ["\u{fb01}re escape"]),
            item("plain", title: "Garden", description: "fireplace"),
        ] + (0 ..< 30).map { item("filler\($0)", title: "Garden \($0)") })
        // What FTS5 matches: the rows of `garden` and of the prefix, as its index holds them.
        func fts5(_ prefix: String) throws -> Set<String> {
            try index.store.read { connection in
                let statement = try connection.prepare("""
                    SELECT id FROM items WHERE fts_rowid IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)
                    """)
                _ = statement.bind([.text("\"garden\" \"\(prefix)\"*")])
                var ids: Set<String> = []
                while try statement.step() { ids.insert(statement.text(0)!) }
                return ids
            }
        }
        let expected: [String: Set<String>] = [
            "bre": ["brent"], "the": ["camel"], "stras": ["double-s"], "stra\u{df}": ["eszett"], "str": ["eszett", "double-s"],
            "fir": ["plain"], "\u{fb01}": ["ligature"], "\u{fb01}r": ["ligature"],
        ]
        for (prefix, ids) in expected {
            XCTAssertEqual(try fts5(prefix), ids, "FTS5 for \(prefix)")
            // With typos, a prefix of 5 letters also matches words one edit away
            // (`stras`, `straße`): every path finds what FTS5's merge of them finds.
            for typos in [false, true] {
                let merged = try run("garden \(prefix)", limit: 20, typos: typos, prefixPath: .merge, strategy: .all)
                if !typos { XCTAssertEqual(Set(merged.ids), ids, "garden \(prefix) merged") }
                for path in [nil, MatchPlan.PrefixPath.headWalk, .swiftCheck] {
                    let found = try run("garden \(prefix)", limit: 20, typos: typos, prefixPath: path, strategy: .all)
                    let label = "garden \(prefix) \(String(describing: path)) typos \(typos)"
                    XCTAssertEqual(found.ids, merged.ids, label)
                    XCTAssertEqual(found.total, merged.total, "\(label): total")
                }
            }
            // The typo pass, which may check the prefix in Swift after the misspelt word.
            let merged = try run("gardn \(prefix)", limit: 20, checksTypoPrefix: false, strategy: .all)
            if prefix.count < 5 { XCTAssertEqual(Set(merged.ids), ids, "gardn \(prefix) merged") }
            let checked = try run("gardn \(prefix)", limit: 20, checksTypoPrefix: true, strategy: .all)
            XCTAssertEqual(checked.ids, merged.ids, "gardn \(prefix) checked")
            XCTAssertEqual(checked.total, merged.total, "gardn \(prefix) checked: total")
        }
    }

    /// A word frequent in descriptions but rare in titles: the walk of all matches reads
    /// as many rows as a count does, then takes the heavy matches from `items_head`.
    /// The page is the one the two plain passes find, every title match on it.
    func testHeavyMatchesPastTheCountedRowsComeFromTheHeadTable() throws {
        var items = (0 ..< 1200).map { n in
            SearchableItem(id: "d\(n)", attributes: SearchableItemAttributeSet(
                title: "Item \(n)", contentDescription: "the angle of item \(n)", rankingHint: Double(n % 50)))
        }
        items += (0 ..< 30).map { n in
            SearchableItem(id: "t\(n)", attributes: SearchableItemAttributeSet(
                title: "The angel \(n)", contentDescription: "a title match", rankingHint: 0))
        }
        try index.indexItems(items)
        for query in ["the ang", "the angl", "the ang item"] {
            for path in [MatchPlan.PrefixPath.merge, nil] {
                let together = try run(query, limit: 50, together: true, prefixPath: path)
                let apart = try run(query, limit: 50, together: false, prefixPath: path)
                XCTAssertEqual(together.ids, apart.ids, "\(query) \(String(describing: path))")
                XCTAssertEqual(together.scores, apart.scores, "\(query) \(String(describing: path))")
                XCTAssertEqual(together.total, apart.total, "\(query) \(String(describing: path)): total")
                if query == "the ang" {
                    XCTAssertTrue(Set(together.ids).isSuperset(of: (0 ..< 30).map { "t\($0)" }), "\(query): every title match")
                }
            }
        }
    }

    /// A walk of both lists that fills the page counts on from where it stopped, with
    /// statements of its own (asked again from the rows each list had reached): every
    /// item with the word and the prefix in a heavy field counts once, up to the cap,
    /// for a prefix from `items_head`'s prefix index (`con`) and a merged one (`conc`);
    /// body-only matches of the prefix are not among them (the total is a lower bound).
    func testTheWalkOfBothListsCountsEveryHeavyMatchUpToTheCap() throws {
        let sizes = ["common": 320, "usual": 700]
        var items: [SearchableItem] = []
        for (word, heavy) in sizes {
            for n in 0 ..< heavy {
                items.append(item("\(word)-h\(n)", title: "Concert \(n)", description: "\(word) words", rankingHint: Double(n % 90)))
            }
            for n in 0 ..< 200 {
                items.append(item("\(word)-b\(n)", title: "Item \(n)", description: "\(word) concert", rankingHint: Double(n % 70)))
                items.append(item("\(word)-y\(n)", title: "Other \(n)", description: word, rankingHint: Double(n % 80)))
            }
        }
        items += (0 ..< 300).map { item("x\($0)", title: "Console \($0)", description: "other words", rankingHint: Double($0 % 60)) }
        try index.indexItems(items)
        for (word, heavy) in sizes {
            for query in ["\(word) con", "\(word) conc"] {
                let walked = try run(query, limit: 20, prefixPath: .headWalk)
                XCTAssertEqual(walked.total, min(heavy, SearchableIndex.totalCountCap), query)
                XCTAssertFalse(walked.exact, query)
                XCTAssertEqual(walked.ids.count, 20, query)
                XCTAssertTrue(walked.ids.allSatisfy { $0.hasPrefix("\(word)-h") }, "\(query): \(walked.ids)")
            }
        }
    }

    /// The word list's counts make the walk of both lists the cheapest path (`con` words
    /// fill every description, so FTS5 would merge long lists), but few titles have
    /// one: the walk's heavy matches cannot fill the page, it gives up (or runs out),
    /// and the search finds what FTS5's merge finds, hits, scores and count.
    func testAWalkWhoseHeavyMatchesFallShortFindsWhatTheMergeFinds() throws {
        var items = (0 ..< 1000).map { n in
            item("d\(n)", title: n % 40 == 0 ? "Concert \(n)" : "Item \(n)",
                 description: "common concert console contour control \(n)", rankingHint: Double(n % 50))
        }
        items += (0 ..< 100).map { item("o\($0)", title: "Other \($0)", description: "control", rankingHint: 1) }
        try index.indexItems(items)
        let index = self.index!
        let counts = try index.store.read { connection in
            let snapshot = try index.vocabulary.snapshot(connection)
            return (snapshot.postings(withPrefix: Vocabulary.scalars(Array("con".utf8))),
                    snapshot.count(of: Vocabulary.scalars(Array("common".utf8))))
        }
        XCTAssertEqual(CostModel.prefixPathCosts(prefixPostings: counts.0, completeRows: counts.1, items: 1100,
                                                  want: CandidateSearch.window).cheapest, .headWalk, "\(counts)")
        for typos in [true, false] {
            let chosen = try run("common con", limit: 20, typos: typos)
            let merged = try run("common con", limit: 20, typos: typos, prefixPath: .merge)
            XCTAssertEqual(chosen.ids, merged.ids, "typos \(typos)")
            XCTAssertEqual(chosen.scores, merged.scores, "typos \(typos)")
            XCTAssertEqual(chosen.total, merged.total, "typos \(typos)")
            XCTAssertEqual(chosen.exact, merged.exact, "typos \(typos)")
            XCTAssertEqual(chosen.ids.count, 20)
        }
    }

    /// Past `CostModel.verifiedScanBudget` rows without the prefix, the Swift check
    /// gives up and walks both lists side by side: the same hits as the other paths.
    func testTheSwiftCheckGivingUpFindsWhatTheMergeFinds() throws {
        // `all`: the hits and counts are those of every term.
        var items = (0 ..< 2500).map { item("c\($0)", title: "Common item \($0)") }
        items.append(item("rare", title: "Common thing", description: "a zqwerty inside"))
        items.append(item("heading", title: "Common zqheading", rankingHint: 0))
        try index.indexItems(items)
        for path in [MatchPlan.PrefixPath.swiftCheck, .headWalk, .merge, nil] {
            let found = try run("common zq", limit: 10, prefixPath: path, strategy: .all)
            XCTAssertEqual(found.ids, ["heading", "rare"], "\(String(describing: path))")
            XCTAssertEqual(found.total, 2)
            XCTAssertTrue(found.exact)
        }
        // The typo pass's check of the prefix gives up too, and FTS5 merges it: the same
        // hits (after the exact pass for `zq`; for `zqhe` the typo pass runs first and
        // tells the exact rows apart).
        for query in ["comon zq", "comon zqhe"] {
            let merged = try run(query, limit: 10, checksTypoPrefix: false, strategy: .all)
            let checked = try run(query, limit: 10, checksTypoPrefix: true, strategy: .all)
            XCTAssertEqual(checked.ids, merged.ids, query)
            XCTAssertEqual(checked.total, merged.total, query)
            XCTAssertEqual(checked.exact, merged.exact, query)
            XCTAssertFalse(merged.ids.isEmpty, query)
            XCTAssertTrue(checked.notes.contains("typo prefix check gave up"), "\(query): \(checked.notes)")
        }
    }
}

/// The rule choosing how a short prefix after complete terms is found, on the counts
/// of `make bench`'s 100k index (where it was measured).
final class PrefixPathRuleTests: XCTestCase {
    /// The typo pass checks a prefix in Swift on its complete terms' matches when they
    /// are few for the prefix's postings (`politicized va`: 286 rows of the word and its
    /// alternatives, 21,963 postings of `va*`; `deices sn`: 623 rows for 21,020), and
    /// merges it otherwise (`blats ke`: 1,307 for 11,233; `scrubbiest fore`: 799 for
    /// 10,529), never past the scan budget.
    func testTheTypoPrefixIsCheckedWhenItsMatchesAreFew() {
        XCTAssertTrue(CostModel.checksTypoPrefix(rows: 286, prefixPostings: 21_963))
        XCTAssertTrue(CostModel.checksTypoPrefix(rows: 171, prefixPostings: 15_074))
        XCTAssertTrue(CostModel.checksTypoPrefix(rows: 623, prefixPostings: 21_020))
        XCTAssertFalse(CostModel.checksTypoPrefix(rows: 1_307, prefixPostings: 11_233))
        XCTAssertFalse(CostModel.checksTypoPrefix(rows: 799, prefixPostings: 10_529))
        XCTAssertFalse(CostModel.checksTypoPrefix(rows: CostModel.verifiedScanBudget + 1, prefixPostings: 10_000_000))
        XCTAssertFalse(CostModel.checksTypoPrefix(rows: 0, prefixPostings: 0))
    }

    func testTheCheapestPathIsChosen() {
        func path(_ postings: Int, _ rows: Int?) -> MatchPlan.PrefixPath {
            CostModel.prefixPathCosts(prefixPostings: postings, completeRows: rows, items: 100_000, want: CandidateSearch.window).cheapest
        }
        // `house a`: a prefix starting 200k postings, after 2,272 matches: a few hundred rows to check.
        XCTAssertEqual(path(230_000, 2_272), .swiftCheck)
        // `wrecking sta`: 79 rows to check beat merging 25k postings.
        XCTAssertEqual(path(25_530, 79), .swiftCheck)
        // `the tra`, `and con`: many heavy matches, found in the first few thousand steps of both lists.
        XCTAssertEqual(path(32_406, 29_910), .headWalk)
        XCTAssertEqual(path(79_095, 15_091), .headWalk)
        // The typo pass of `blats ke`: 1,300 rows with few `ke` words (14 ms checked) against 11k postings (2 ms).
        XCTAssertEqual(path(11_233, 1_300), .merge)
        // `the x`: a prefix rare in titles after a frequent word.
        XCTAssertEqual(path(5_896, 29_910), .merge)
        // Complete terms whose counts are unknown (CJK) count as matching every item.
        XCTAssertEqual(path(5_896, nil), .merge)
    }

    /// A prefix longer than `items_head`'s prefix index, on the counts of `SearchlightBench
    /// --native-only`'s 1M index, where FTS5 merged `inte*` (263k postings) for 30–40 ms.
    func testALongerPrefixIsCheckedOrWalkedWhenThatCostsLess() {
        func path(_ postings: Int, _ rows: Int?) -> MatchPlan.PrefixPath {
            CostModel.prefixPathCosts(prefixPostings: postings, completeRows: rows, items: 1_000_000,
                                       want: CandidateSearch.window, prefixIsIndexed: false).cheapest
        }
        // `fluttery inte`: 766 rows to check (7.6 ms in all, against 33 ms merged).
        XCTAssertEqual(path(263_252, 766), .swiftCheck)
        // `and inte`: many heavy matches among 150k rows, walked beside `inte*` merged in
        // items_head (8 ms, against 42 ms merged in items_fts).
        XCTAssertEqual(path(263_252, 150_113), .headWalk)
        // `the diss`: `the` is in 300k items' text but few titles; 57k postings merge in 7 ms.
        XCTAssertEqual(path(56_659, 300_970), .merge)
        // The same counts for an indexed prefix, whose walk does not merge in items_head first.
        XCTAssertEqual(CostModel.prefixPathCosts(prefixPostings: 263_252, completeRows: 150_113, items: 1_000_000,
                                                  want: CandidateSearch.window).cheapest, .headWalk)
    }
}

private extension SplitMix {
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

/// The screens that rule words out before the edit-distance table.
final class OneEditTests: XCTestCase {
    /// The character-count test that rules words out before the table never rules out
    /// a word within the distance, and rules out most others.
    func testTheLetterCountNeverRulesOutAMatch() {
        var random = SplitMix(seed: 9)
        let letters: [UInt32] = Array("abcdef".unicodeScalars.map(\.value))
        func word(_ lengths: ClosedRange<Int>) -> [UInt32] {
            (0 ..< random.next(in: lengths)).map { _ in letters[random.next(in: 0 ... letters.count - 1)] }
        }
        var scratch = [Int8](repeating: 0, count: 128)
        var ruledOut = 0, far = 0
        for _ in 0 ..< 20_000 {
            let a = word(1 ... 11), b = word(0 ... 14)
            let bytes = b.map { UInt8($0) }[...]
            for k in [1, 2] {
                for prefix in [false, true] {
                    let passes = Typos.mayBeWithin(k, of: Typos.Letters(a), bytes, prefix: prefix, scratch: &scratch)
                    if Typos.distance(a, b, limit: k, prefix: prefix) != nil {
                        XCTAssertTrue(passes, "\(a) \(b) k \(k) prefix \(prefix)")
                    } else {
                        far += 1
                        if !passes { ruledOut += 1 }
                    }
                }
            }
            XCTAssertEqual(scratch, [Int8](repeating: 0, count: 128))
        }
        XCTAssertGreaterThan(ruledOut, far / 2)
        // Real words: `goverment` is 1 edit from `government`; `movement` shares too few letters.
        let query = Vocabulary.scalars(Array("goverment".utf8))
        XCTAssertTrue(Typos.mayBeWithin(2, of: Typos.Letters(query), Array("government".utf8)[...], prefix: false, scratch: &scratch))
        XCTAssertFalse(Typos.mayBeWithin(2, of: Typos.Letters(query), Array("ornaments".utf8)[...], prefix: false, scratch: &scratch))
    }

    /// The letter-set test that runs before the letter counts and the distance never
    /// rules out a word within the distance (a whole word, or a prefix of it), and rules
    /// out many others.
    func testTheLetterSetNeverRulesOutAMatch() {
        var random = SplitMix(seed: 11)
        let letters: [UInt32] = Array("abcdefghij0189".unicodeScalars.map(\.value))
        func word(_ lengths: ClosedRange<Int>) -> [UInt32] {
            (0 ..< random.next(in: lengths)).map { _ in letters[random.next(in: 0 ... letters.count - 1)] }
        }
        var ruledOut = 0, far = 0
        for _ in 0 ..< 20_000 {
            let a = word(1 ... 11)
            // Half of the words near `a`: it with a few edits.
            var b = random.next(in: 0 ... 1) == 0 ? word(0 ... 14) : a
            for _ in 0 ..< random.next(in: 0 ... 3) where !b.isEmpty {
                let at = random.next(in: 0 ... b.count - 1)
                switch random.next(in: 0 ... 3) {
                case 0: b.remove(at: at)
                case 1: b.insert(letters[random.next(in: 0 ... letters.count - 1)], at: at)
                case 2: b[at] = letters[random.next(in: 0 ... letters.count - 1)]
                default: if at + 1 < b.count { b.swapAt(at, at + 1) }
                }
            }
            let bytes = b.map { UInt8($0) }[...]
            for k in [1, 2] {
                for prefix in [false, true] {
                    let passes = Typos.mayShareLetters(k, of: Typos.ByteSet(a), count: a.count, bytes, prefix: prefix)
                    if Typos.distance(a, b, limit: k, prefix: prefix) != nil {
                        XCTAssertTrue(passes, "\(a) \(b) k \(k) prefix \(prefix)")
                    } else {
                        far += 1
                        if !passes { ruledOut += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(ruledOut, far / 3)
        // Real words: `rolling` is 2 edits from `rowelling`; `recently` lacks four of its letters.
        let query = Typos.ByteSet(Vocabulary.scalars(Array("rowelling".utf8)))
        XCTAssertTrue(Typos.mayShareLetters(2, of: query, count: 9, Array("rolling".utf8)[...], prefix: true))
        XCTAssertFalse(Typos.mayShareLetters(2, of: query, count: 9, Array("recently".utf8)[...], prefix: true))
    }
}
