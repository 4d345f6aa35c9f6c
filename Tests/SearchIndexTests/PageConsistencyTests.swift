import Foundation
import XCTest
@testable import SearchIndex

/// SPEC §5's promises about pages, checked on seeded text that mixes Latin words, CJK
/// runs and punctuation, for every matching strategy, typos on and off: a page is a
/// slice of one order whatever `limit` and `offset` ask (up to 60 hits, where every
/// search ranks the same candidates, ``CandidateSearch/window``), dropping terms only
/// adds hits after the whole query's, and `userQuery` gives `search`'s hits with a
/// count that is exact when it says so.
final class PageConsistencyTests: IndexTestCase {
    func testPagesAreSlicesOfOneOrderForEveryStrategyAndScript() throws {
        var mixed = MixedText(seed: 7)
        let (items, texts) = mixed.items(300, bodies: true)
        try index.indexItems(items)
        let most = 60
        for field in texts.prefix(50) {
            // A start of the text, sometimes with a word more, sometimes cut mid-word.
            let words = field.split(separator: " ")
            var query = words.prefix(mixed.number(1 ... words.count)).joined(separator: " ")
            if mixed.number(0 ... 1) == 0 { query += " " + mixed.pick(MixedText.latin) }
            if mixed.number(0 ... 2) == 0 { query = String(query.dropLast(mixed.number(0 ... 2))) }
            for typos in [true, false] {
                func ids(_ limit: Int, offset: Int = 0, _ strategy: MatchingStrategy) throws -> [String] {
                    try index.search(query, options: SearchOptions(limit: limit, offset: offset, typoTolerance: typos,
                                                                   matchingStrategy: strategy)).hits.map { $0.item.id }
                }
                let all = try ids(most, .all)
                for strategy in [MatchingStrategy.all, .last, .frequency] {
                    let label = "\(query) typos \(typos) \(strategy)"
                    let page = try ids(most, strategy)
                    for limit in [1, 3, 10] {
                        XCTAssertEqual(try ids(limit, strategy), Array(page.prefix(limit)), "\(label) limit \(limit)")
                    }
                    XCTAssertEqual(try ids(5, offset: 5, strategy), Array(page.dropFirst(5).prefix(5)), "\(label) offset 5")
                    XCTAssertEqual(Array(page.prefix(all.count)), all, "\(label): the whole query's hits first")
                    let asked = try index.userQuery(query, options: SearchOptions(limit: most, typoTolerance: typos,
                                                                                  matchingStrategy: strategy), suggestions: 0).results
                    XCTAssertEqual(asked.hits.map { $0.item.id }, page, "\(label): userQuery")
                    if asked.totalCountIsExact && page.count < most {
                        XCTAssertEqual(asked.totalCount, page.count, "\(label): an exact count")
                    }
                }
            }
        }
    }
}
