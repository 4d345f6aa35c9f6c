import Foundation
import XCTest
@testable import SearchIndex

/// Chinese, Japanese and Korean text matches by substring from one character up.
final class CJKTests: IndexTestCase {
    func testChineseSubstrings() throws {
        try index.indexItems([
            item("tencent", title: "腾讯新闻"),
            item("sina", title: "新浪微博"),
            item("friend", title: "张伟", description: "大学同学"),
        ])
        XCTAssertEqual(try searchIDs("新闻"), ["tencent"])
        XCTAssertEqual(Set(try searchIDs("新")), ["tencent", "sina"])
        XCTAssertEqual(try searchIDs("讯新"), ["tencent"])
        XCTAssertEqual(try searchIDs("同学"), ["friend"])
        XCTAssertEqual(try searchIDs("闻新"), [], "characters must be adjacent and in order")
    }

    func testJapaneseKatakanaAndMixedText() throws {
        try index.indexItems([
            item("book", title: "オーディオブック", keywords: ["読書"]),
            item("article", title: "React NativeアプリでSpotlightを使った検索を実装する"),
        ])
        XCTAssertEqual(try searchIDs("ブック"), ["book"])
        XCTAssertEqual(try searchIDs("オーディオ"), ["book"])
        XCTAssertEqual(try searchIDs("読"), ["book"])
        XCTAssertEqual(try searchIDs("アプリ"), ["article"])
        XCTAssertEqual(try searchIDs("spotlight 検索"), ["article"])
        XCTAssertEqual(try searchIDs("native アプリ"), ["article"])
        XCTAssertEqual(try searchIDs("reac"), ["article"], "Latin words inside Japanese text stay prefix-searchable")
    }

    func testKorean() throws {
        try index.indexItems([item("k", title: "서울 맛집 지도")])
        XCTAssertEqual(try searchIDs("맛집"), ["k"])
        XCTAssertEqual(try searchIDs("울"), ["k"])
    }

    func testCJKDeletionAndUpdateKeepTheIndexConsistent() throws {
        try index.indexItems([item("a", title: "腾讯新闻")])
        try index.indexItems([item("a", title: "网易新闻")])
        XCTAssertEqual(try searchIDs("腾讯"), [])
        XCTAssertEqual(try searchIDs("网易"), ["a"])
        try index.deleteItems(identifiers: ["a"])
        XCTAssertEqual(try searchIDs("新闻"), [])
    }

    func testCharactersOfARunMustBeAdjacent() throws {
        // "讯新 腾讯" has the bigrams of 腾讯新 (腾讯, 讯新), but not side by side.
        try index.indexItems([
            item("tencent", title: "腾讯新闻"),
            item("scattered", title: "讯新 腾讯", description: "新 的 闻"),
        ])
        XCTAssertEqual(try searchIDs("腾讯新"), ["tencent"])
        XCTAssertEqual(try searchIDs("腾讯新闻"), ["tencent"])
        XCTAssertEqual(try searchIDs("新闻"), ["tencent"], "新 and 闻 apart in a description are no match")
        XCTAssertEqual(Set(try searchIDs("新")), ["tencent", "scattered"])
    }

    func testPunctuationEndsARunWithTyposOnAsOff() throws {
        // `新。闻` is two runs: the index holds 新 and 闻 but no bigram 新闻 across the
        // full stop, so no plan may ask for one, the typo plan included (it runs with
        // typos on even when every word is spelled right: `receive` starts `receiver`).
        try index.indexItems([
            item("stop", title: "新。闻 receive"),
            item("joined", title: "新闻 receive"),
        ])
        for typoTolerance in [true, false] {
            let options = SearchOptions(typoTolerance: typoTolerance, matchingStrategy: .all)
            XCTAssertEqual(Set(try index.search("新。闻 receive", options: options).hits.map(\.item.id)), ["stop", "joined"],
                           "tokens side by side, as in `e-mail`; typos \(typoTolerance)")
        }
        XCTAssertEqual(Set(try searchIDs("新。闻 recieve", matching: .all)), ["stop", "joined"], "a typo elsewhere in the query")
        XCTAssertEqual(Set(try searchIDs("recieve 新。闻", matching: .all)), ["stop", "joined"], "the run last")
        XCTAssertEqual(try searchIDs("新闻 recieve", matching: .all), ["joined"], "a run typed whole is a bigram")
    }

    func testARunTypedWholeIsNotFoundAcrossPunctuation() throws {
        // The index pairs 新 and 闻 only where they are side by side, so `新闻` must not
        // count `新・闻` as a match either: once it did, in the title of an item FTS5
        // found by its description, which then ranked as a title match on a long page
        // and was missing from a short one.
        try index.indexItems([
            item("apart", title: "新・闻 daily"),
            item("joined", title: "新闻 daily"),
            item("body", title: "新・闻 weekly", description: "今日的新闻"),
        ])
        XCTAssertEqual(try searchIDs("新闻"), ["joined", "body"])
        let body = try XCTUnwrap(try index.search("新闻").hits.first { $0.item.id == "body" })
        XCTAssertEqual(body.breakdown.bestField, "description", "found in the description, not in `新・闻`")
        XCTAssertEqual(body.highlights.map(\.field), ["description"])
        XCTAssertEqual(Set(try searchIDs("新・闻")), ["apart", "joined", "body"], "typed apart, the characters may be either way")
        XCTAssertEqual(try searchIDs("新闻 dai", matching: .all), ["joined"])
    }

    func testJapaneseRunInsideALongerWord() throws {
        try index.indexItems([
            item("audiobook", title: "オーディオブックの世界"),
            item("apart", title: "ブッ ク オーディオ", keywords: ["ブック棚"]),
        ])
        XCTAssertEqual(try searchIDs("ディオブ"), ["audiobook"])
        XCTAssertEqual(Set(try searchIDs("ブック")), ["audiobook", "apart"], "a keyword holds ブック")
        XCTAssertEqual(try searchIDs("ブック棚"), ["apart"])
        XCTAssertEqual(try searchIDs("オーディオブック"), ["audiobook"])
    }

    func testTheSwiftCheckSplitsTextLikeTheIndex() throws {
        // The Swift check's tokens (bytes spaced around CJK characters) are the unigram
        // tokens the index holds (scalars spaced, then bigrams appended), in order.
        let tokenizer = try XCTUnwrap(FTSTokenizer())
        func strings(_ tokens: FTSTokenizer.Tokens) -> [String] {
            (0 ..< tokens.count).map { String(decoding: tokens[$0], as: UTF8.self) }
        }
        for text in ["React NativeアプリでSpotlightを使った検索", "腾讯新闻 Daily", "Crème brûlée", "𠀀𠀁 emoji 😀 한국어", ""] {
            let checked = strings(tokenizer.tokens(CJKText.spaced(text)))
            let indexed = strings(tokenizer.tokens(CJKText.segmented(text)))
            XCTAssertEqual(Array(indexed.prefix(checked.count)), checked, text)
            XCTAssertTrue(indexed.dropFirst(checked.count).allSatisfy { $0.unicodeScalars.count == 2 }, "then bigrams: \(text)")
        }
    }

    func testATokenIsCJKByItsFirstCharacter() {
        XCTAssertTrue(CJKText.isCJKToken(Array("新".utf8)))
        XCTAssertTrue(CJKText.isCJKToken(Array("ブ".utf8)))
        XCTAssertTrue(CJKText.isCJKToken(Array("맛".utf8)))
        XCTAssertFalse(CJKText.isCJKToken(Array("crème".utf8)))
        XCTAssertFalse(CJKText.isCJKToken(Array("2026".utf8)))
        XCTAssertFalse(CJKText.isCJKToken([UInt8]()), "no token")
        XCTAssertFalse(CJKText.isCJKToken([0xE6, 0x96]), "a cut sequence")
    }

    func testSegmentationLeavesOtherScriptsAlone() {
        XCTAssertEqual(CJKText.segmented("Crème brûlée"), "Crème brûlée")
        XCTAssertEqual(CJKText.segmented("新闻abc"), " 新 闻 abc 新闻 ", "unigrams, then the run's bigrams")
        XCTAssertEqual(CJKText.segmented("腾讯新闻"), " 腾 讯 新 闻  腾讯 讯新 新闻 ")
        XCTAssertEqual(CJKText.spaced("新闻abc"), " 新 闻 abc")
        XCTAssertEqual(SearchText.matchExpression(for: "新闻 ab"), "\"新闻\" AND \"ab\"*")
        XCTAssertEqual(SearchText.matchExpression(for: "ab 新闻"), "\"ab\" AND \"新闻\"")
        XCTAssertEqual(SearchText.matchExpression(for: "オーディオ"), "\"オー\" AND \"ーデ\" AND \"ディ\" AND \"ィオ\"")
        XCTAssertEqual(SearchText.matchExpression(for: "新"), "\"新\"")
    }
}
