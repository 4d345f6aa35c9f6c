import Foundation
import XCTest
@testable import SearchIndex

/// Among matches with as many typos, the likelier correction ranks first (SPEC §5's
/// typo criterion, refined): the word more items hold, one with the typed first
/// letter, one a swap of neighbours away. The likelihood is weighed with the field: a
/// much likelier word in the description beats a title match of a rare one.
final class TypoClosenessTests: IndexTestCase {
    func testTheMoreFrequentCorrectionRanksFirst() throws {
        // "writen" is one edit from "writer" (one item, in its title) and from
        // "written" (three items, in their descriptions).
        try index.indexItems([
            item("writer", title: "Writer tools"),
            item("a", title: "Notes", description: "written by hand"),
            item("b", title: "Letters", description: "written in ink"),
            item("c", title: "Scrolls", description: "written on vellum"),
        ])
        let hits = try index.search("writen").hits
        XCTAssertEqual(hits.count, 4)
        XCTAssertEqual(hits.last?.item.id, "writer", "the rarer word, though in a title, ranks below")
        XCTAssertEqual(Set(hits.map { $0.breakdown.typoCount }), [1])
    }

    func testASwapOfNeighboursIsCloserThanAnotherEdit() throws {
        // "huose" is one swap from "house" and one deletion from "hose" (more frequent).
        try index.indexItems([
            item("house", title: "Listings", description: "a house by the sea"),
            item("hose1", title: "Garden", description: "a hose for the lawn"),
            item("hose2", title: "Fire", description: "a hose for the engine"),
        ])
        XCTAssertEqual(try searchIDs("huose").first, "house")
        XCTAssertEqual(Typos.shapeCloseness(of: Array("huose".unicodeScalars.map(\.value)), to: Array("house".unicodeScalars.map(\.value)), prefix: false), 0.5)
        XCTAssertEqual(Typos.shapeCloseness(of: Array("huose".unicodeScalars.map(\.value)), to: Array("hose".unicodeScalars.map(\.value)), prefix: false), 0.25)
    }

    func testAWholeWordCorrectionBeatsTheStartOfAFrequentWord() throws {
        // The prefix "reachs" is one edit from the whole word "reaches" (one item) and from
        // the start of "reached" (three items): the whole word is the likelier correction.
        try index.indexItems([
            item("whole", title: "Pipes", description: "the water finally reaches the outlet"),
            item("start1", title: "Between", description: "the end is finally reached"),
            item("start2", title: "Summit", description: "the top is reached"),
            item("start3", title: "Goal", description: "a goal reached"),
        ])
        let hits = try index.search("finally reachs").hits
        XCTAssertEqual(hits.map { $0.item.id }, ["whole", "start1"])
        XCTAssertEqual(hits.first?.breakdown.typoCount, 1)
    }

    func testOneTypoFewerStillWins() throws {
        // Two typos on a frequent word never beat one typo on a rare one.
        try index.indexItems([
            item("rare", title: "Occurence report"),
            item("f1", description: "occurrence one"), item("f2", description: "occurrence two"),
        ])
        let hits = try index.search("occurense").hits
        XCTAssertEqual(hits.first?.item.id, "rare")
        XCTAssertEqual(hits.first?.breakdown.typoCount, 1)
    }
}
