import XCTest
@testable import SearchIndex

/// SPEC §5's typo rules as ``TypoPolicy`` states them, one test per rule, on the terms
/// a search plans from user text.
final class TypoPolicyTests: XCTestCase {
    private let policy = TypoPolicy.spec

    /// The edits each term of `text` may have, in order.
    private func edits(_ text: String, _ policy: TypoPolicy = .spec) throws -> [Int] {
        let plan = try XCTUnwrap(SearchText.plan(for: text), text)
        return plan.terms.map { policy.maximumEdits(for: $0) }
    }

    func testEditsGrowWithTheWordsLength() throws {
        // Shorter than 5 exactly; 5–8 one edit; 9 or more two.
        XCTAssertEqual(try edits("cat bolt"), [0, 0])
        XCTAssertEqual(try edits("weird separate x"), [1, 1, 0])
        XCTAssertEqual(try edits("definitely accommodation x"), [2, 2, 0])
        XCTAssertEqual((1...12).map(policy.maximumEdits(length:)), [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2])
    }

    func testTheLastTermIsAPrefixWithTheEditsOfWhatWasTyped() throws {
        let plan = try XCTUnwrap(SearchText.plan(for: "cat recie"))
        XCTAssertTrue(plan.terms[1].isPrefix)
        XCTAssertEqual(policy.maximumEdits(for: plan.terms[1]), 1, "5 letters typed: one edit, as a complete word of 5")
        XCTAssertEqual(try edits("cat rec"), [0, 0], "3 letters typed: exactly")
        XCTAssertEqual(try edits("accommodat"), [2])
        var noPrefixTypos = TypoPolicy.spec
        noPrefixTypos.prefixTermHasTypos = false
        XCTAssertEqual(try edits("receive accommodat", noPrefixTypos), [1, 0])
    }

    func testWordsWithADigitMatchExactly() throws {
        // Numbers, codes and versions: `n1234` must not find `n1231`.
        XCTAssertEqual(try edits("n12345 abcde1 version2 x"), [0, 0, 0, 0])
        XCTAssertEqual(try edits("123456789 x"), [0, 0])
        var digitTypos = TypoPolicy.spec
        digitTypos.digitsMatchExactly = false
        XCTAssertEqual(try edits("n12345 x", digitTypos), [1, 0])
    }

    func testChineseJapaneseAndKoreanMatchExactly() throws {
        // Long enough by count, but matched by substring, never with typos.
        XCTAssertEqual(try edits("オーディオブック 腾讯新闻新闻 한국어한국어한"), [0, 0, 0])
        XCTAssertFalse(try XCTUnwrap(SearchText.plan(for: "オーディオブック")).terms.contains(where: policy.mayHaveTypos))
        // A word that mixes letters and a CJK character: exactly too.
        XCTAssertEqual(policy.maximumEdits(word: Vocabulary.scalars(Array("abcde新".utf8))), 0)
    }

    func testATermOfSeveralTokensMatchesExactly() throws {
        let plan = try XCTUnwrap(SearchText.plan(for: "新闻报道 x"))
        XCTAssertGreaterThan(plan.terms[0].tokens.count, 1)
        XCTAssertEqual(policy.maximumEdits(for: plan.terms[0]), 0)
    }

    func testWordsLongerThanTheListsLongestMatchExactly() {
        let longest = [UInt32](repeating: UInt32(UInt8(ascii: "a")), count: Vocabulary.longestWord)
        XCTAssertEqual(policy.maximumEdits(word: longest), 2)
        XCTAssertEqual(policy.maximumEdits(word: longest + [UInt32(UInt8(ascii: "a"))]), 0)
    }

    func testASwapOfNeighboursIsOneEdit() {
        XCTAssertTrue(TypoPolicy.transpositionIsOneEdit)
        let typed = Vocabulary.scalars(Array("recieve".utf8)), meant = Vocabulary.scalars(Array("receive".utf8))
        // Every distance Typos computes counts the swap once, within the one edit of 7 letters.
        XCTAssertEqual(Typos.distance(typed, meant, limit: policy.maximumEdits(word: typed)), 1)
        XCTAssertEqual(Typos.distances(try XCTUnwrap(Typos.Pattern(typed)), Array("receive".utf8)[...]).complete, 1)
        XCTAssertEqual(Typos.distance(Vocabulary.scalars(Array("recie".utf8)), meant, limit: 1, prefix: true), 1, "as a prefix")
    }

    func testTypoToleranceOffIsTheExactPolicy() throws {
        XCTAssertEqual(TypoPolicy.forTolerance(true), .spec)
        XCTAssertEqual(TypoPolicy.forTolerance(false), .exact)
        XCTAssertEqual(try edits("definitely accommodat", .exact), [0, 0])
        XCTAssertEqual((1...60).map(TypoPolicy.exact.maximumEdits(length:)).max(), 0)
    }
}
