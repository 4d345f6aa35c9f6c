import Foundation
import XCTest

@testable import SearchIndex

/// The short ways a search reads text it wrote itself (stored arrays of names and
/// keywords, FTS5 phrases and ORed groups, the match locator's group sizes), each
/// held to the general reading it stands in for.
final class ShortcutParsingTests: XCTestCase {
    /// What the general JSON parser makes of an array of strings.
    private func parsed(_ text: String) -> [String]? {
        guard case .array(let elements)? = try? JSONValue.parse(text) else { return nil }
        return elements.compactMap { element in
            if case .string(let string) = element { return string }
            return nil
        }
    }

    func testStoredArraysDecodeAsTheParserDecodesThem() {
        let stored: [[String]] = [
            [], [""], ["Cat"], ["Cat", "Chat"], ["", "", "a"], ["a,b", "c\",\"d"], ["say \"hi\""], ["back\\slash"],
            ["tab\there", "line\nbreak"], ["naïve", "寿司", "🍣 roll"], [",", "\",", "[", "]"],
        ]
        for strings in stored {
            let text = JSONText.array(strings)!
            XCTAssertEqual(JSONText.decodeArray(text), strings, text)
            XCTAssertEqual(JSONText.decodeArray(text), parsed(text), text)
        }
        // Text the writer does not make goes to the parser, whatever it holds.
        for text in [#"[ "a" , "b" ]"#, #"["a",]"#, #"["a""#, #"["]"#, #"["a"],"b"]"#, #"["a" "b"]"#, "[1,\"a\"]", "{}", "", "[", #""a""#] {
            XCTAssertNil(JSONText.plainArray(text), text)
            XCTAssertEqual(JSONText.decodeArray(text), parsed(text), text)
        }
        XCTAssertEqual(JSONText.plainArray(#"["Cat","Chat"]"#), ["Cat", "Chat"])
    }

    func testPhrasesAreQuotedWithTheirQuotesDoubled() {
        XCTAssertEqual(SearchText.quoted("cat"), #""cat""#)
        XCTAssertEqual(SearchText.quoted(#"a"b"#), #""a""b""#)
        XCTAssertEqual(SearchText.quoted(#"""#), #""""""#)
        XCTAssertEqual(SearchText.quoted("e\u{301}\""), "\"e\u{301}\"\"\"")
        XCTAssertEqual(SearchText.quoted(""), #""""#)
    }

    func testAGroupsPhrasesAreWhatORSeparates() {
        func phrases(_ group: String) -> [String] {
            CandidateSearch.phrases(ofGroup: group).map { String(decoding: Array($0), as: UTF8.self) }
        }
        XCTAssertEqual(phrases(#""cat""#), [#""cat""#])
        XCTAssertEqual(phrases(#"("rowelling"* OR "rolling"* OR "or" OR "word")"#),
                       [#"("rowelling"*"#, #""rolling"*"#, #""or""#, #""word")"#])
        XCTAssertEqual(phrases(""), [""])
    }

    func testWordsGoToScalarsAndBackAsStringsDo() {
        for word in ["cat", "rowelling", "", "café", "naïve", "寿司", "オーディオブック", "🍣", "e\u{301}", "x1"] {
            let scalars = Vocabulary.scalars(Array(word.utf8))
            XCTAssertEqual(scalars, word.unicodeScalars.map(\.value), word)
            XCTAssertEqual(Vocabulary.string(scalars), word, word)
        }
        // Bytes that are not UTF-8 are read as the String would read them.
        let broken: [UInt8] = [0x61, 0xFF, 0x62]
        XCTAssertEqual(Vocabulary.scalars(broken), String(decoding: broken, as: UTF8.self).unicodeScalars.map(\.value))
    }

    func testTheLocatorsGroupSizesReadAsAListOfNumbers() {
        func sizes(_ text: String?) -> (typed: Bool, sizes: [Int]) {
            guard let text else {
                var none = MatchLocator.GroupSizes(nil)
                XCTAssertTrue(none.isEmpty)
                return (none.typed, none.next().map { [$0] } ?? [])
            }
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                var reader = MatchLocator.GroupSizes(UnsafeBufferPointer(buffer))
                var found: [Int] = []
                while let size = reader.next() { found.append(size) }
                XCTAssertEqual(reader.isEmpty, found.isEmpty, text)
                return (reader.typed, found)
            }
        }
        XCTAssertEqual(sizes("1,3,2").sizes, [1, 3, 2])
        XCTAssertFalse(sizes("1,3,2").typed)
        XCTAssertEqual(sizes("+12,1").sizes, [12, 1])
        XCTAssertTrue(sizes("+12,1").typed)
        XCTAssertEqual(sizes("1,,x,4,").sizes, [1, 4])
        XCTAssertEqual(sizes("").sizes, [])
        XCTAssertEqual(sizes("+").sizes, [])
        XCTAssertEqual(sizes(nil).sizes, [])
    }

    /// Without the `'+'`: one entry per group, the columns of any of its phrases.
    func testTheLocatorJoinsEachGroupsColumns() throws {
        let connection = try Connection(path: ":memory:", create: true)
        try MatchLocator.register(on: connection)
        try connection.execute("""
            CREATE VIRTUAL TABLE docs USING fts5(title, names, keywords, description, text, detail=column);
            INSERT INTO docs(rowid, title, names, keywords, description) VALUES (1, 'red apple', 'green', 'blue', 'plum');
            """)
        let statement = try connection.prepare("""
            SELECT \(MatchLocator.functionName)(docs, '1,3') FROM docs
            WHERE docs MATCH '"apple" AND ("green" OR "blue" OR "plum")'
            """)
        XCTAssertTrue(try statement.step())
        let locator = PhraseLocator(rawValue: statement.int64(0))
        XCTAssertEqual(locator[0], .title)
        XCTAssertEqual(locator[1], [.names, .keywords, .description])
        XCTAssertEqual(locator[2], [])
    }
}
