import XCTest

@testable import SearchIndex

/// ``PhraseLocator``: per phrase, the set of FTS columns, in one integer.
final class PhraseLocatorTests: XCTestCase {
    func testPhrasesKeepTheirOwnColumns() {
        var locator = PhraseLocator()
        locator[0] = [.title, .keywords]
        locator[11] = .text
        locator[3] = FTSColumns(column: 3)
        XCTAssertEqual(locator[0], [.title, .keywords])
        XCTAssertEqual(locator[3], .description)
        XCTAssertEqual(locator[11], .text)
        XCTAssertEqual(locator[1], [])
        locator[0] = .names
        XCTAssertEqual(locator[0], .names, "setting a phrase replaces its columns")
        XCTAssertEqual(locator[11], .text)
        XCTAssertFalse(locator.titleStarts)
    }

    func testInsertAddsToAPhrase() {
        var locator = PhraseLocator()
        locator.insert(.title, atPhrase: 4)
        locator.insert(.text, atPhrase: 4)
        locator.insert(.all, atPhrase: 12)
        XCTAssertEqual(locator[4], [.title, .text])
        XCTAssertEqual(locator[3], [])
        XCTAssertEqual(locator[5], [])
    }

    func testPhrasesPastTheLastAreNotRecorded() {
        var locator = PhraseLocator()
        locator[12] = .all
        XCTAssertEqual(locator, PhraseLocator())
        XCTAssertEqual(PhraseLocator(rawValue: -1)[12], [])
    }

    func testTheTitleStartAndUnions() {
        var locator = PhraseLocator()
        locator[11] = .all
        locator.titleStarts = true
        XCTAssertTrue(locator.titleStarts)
        XCTAssertEqual(locator[11], .all, "the title-start bit is apart from every phrase")
        var other = PhraseLocator()
        other[11] = .title
        other[2] = .keywords
        other.formUnion(locator)
        XCTAssertEqual(other[2], .keywords)
        XCTAssertEqual(other[11], .all)
        XCTAssertTrue(other.titleStarts)
        locator.titleStarts = false
        XCTAssertFalse(locator.titleStarts)
        XCTAssertEqual(locator[11], .all)
    }

    func testColumnsAreEveryPhrasesTogether() {
        var locator = PhraseLocator()
        XCTAssertEqual(locator.columns, [])
        locator.titleStarts = true
        XCTAssertEqual(locator.columns, [], "the title-start bit is no column")
        locator[0] = .keywords
        locator[5] = .description
        locator[11] = .text
        XCTAssertEqual(locator.columns, [.keywords, .description, .text])
        XCTAssertEqual(PhraseLocator(rawValue: -1).columns, .all)
    }

    func testColumnsOutsideTheTablesAreDropped() {
        XCTAssertEqual(FTSColumns(rawValue: 0xFF), .all)
        XCTAssertEqual(FTSColumns(column: 5), [])
    }
}
