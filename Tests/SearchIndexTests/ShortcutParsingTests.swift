import Foundation
import XCTest

@testable import SearchIndex

/// The short ways a search reads text it wrote itself (stored arrays of names and
/// keywords, FTS5 phrases and ORed groups, the match locator's layout), each
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

    func testAnExpressionRendersItsGroupsAsFTS5Reads() {
        func phrase(_ token: String, _ isPrefix: Bool = false) -> MatchPhrase { MatchPhrase(token: token, isPrefix: isPrefix) }
        XCTAssertEqual(MatchGroup(phrase("cat")).text, #""cat""#)
        XCTAssertEqual(MatchGroup(phrase(#"a"b"#, true)).text, #""a""b"*"#)
        let typo = MatchGroup([phrase("rowelling", true), phrase("rolling", true), phrase("or"), phrase("word")])
        XCTAssertEqual(typo.text, #"("rowelling"* OR "rolling"* OR "or" OR "word")"#)
        XCTAssertEqual(typo.typed, phrase("rowelling", true))
        let expression = MatchExpression([MatchGroup(phrase("apple")), typo])
        XCTAssertEqual(expression.text, #""apple" AND ("rowelling"* OR "rolling"* OR "or" OR "word")"#)
        XCTAssertEqual(expression.heavyFieldsText, #"{title names keywords} : ("apple" AND ("rowelling"* OR "rolling"* OR "or" OR "word"))"#)
        // The layout comes from the same groups.
        XCTAssertEqual(expression.layout(), LocatorLayout(sizes: [1, 4], recordsTyped: false))
        XCTAssertEqual(expression.layout(recordingTyped: true), LocatorLayout(sizes: [1, 4], recordsTyped: true))
        // Past half the locator's entries, groups are not recorded as typed; past all of them, not at all.
        let many = MatchExpression(Array(repeating: MatchGroup(phrase("x")), count: 7))
        XCTAssertEqual(many.layout(recordingTyped: true)?.recordsTyped, false)
        XCTAssertNil(MatchExpression(Array(repeating: MatchGroup(phrase("x")), count: 13)).layout())
        // What the search asks for user text.
        let plan = try! XCTUnwrap(SearchText.plan(for: "apple mou"))
        XCTAssertEqual(plan.expression.text, #""apple" AND "mou"*"#)
        XCTAssertEqual(plan.completeExpression?.text, #""apple""#)
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

    func testTheLocatorsLayoutReadsBackAsItWasWritten() {
        /// The entry of each of `phrases` phrases, and whether it is its group's first, as the function reads them.
        func entries(_ blob: [UInt8]?, phrases: Int) -> (typed: Bool, entries: [String]) {
            func read(_ buffer: UnsafeBufferPointer<UInt8>?) -> (Bool, [String]) {
                var decoder = LocatorLayout.Decoder(buffer)
                var found: [String] = []
                for _ in 0 ..< phrases {
                    guard let (entry, isFirst) = decoder.next() else { break }
                    found.append(isFirst ? "\(entry)!" : "\(entry)")
                }
                return (decoder.recordsTyped, found)
            }
            guard let blob else { return read(nil) }
            return blob.withUnsafeBufferPointer { read($0) }
        }
        let plain = LocatorLayout(sizes: [1, 3, 2], recordsTyped: false)
        XCTAssertEqual(plain.encoded, [0, 1, 3, 2])
        XCTAssertEqual(plain.sqlArguments, ", X'00010302'")
        XCTAssertEqual(entries(plain.encoded, phrases: 6).entries, ["0!", "1!", "1", "1", "2!", "2"])
        XCTAssertFalse(entries(plain.encoded, phrases: 6).typed)
        let typed = LocatorLayout(sizes: [12, 1], recordsTyped: true)
        XCTAssertEqual(typed.sqlArguments, ", X'010C01'")
        XCTAssertTrue(entries(typed.encoded, phrases: 13).typed)
        XCTAssertEqual(entries(typed.encoded, phrases: 13).entries, ["0!"] + Array(repeating: "0", count: 11) + ["2!"])
        // Phrases past the named groups are a group each, until the locator is full.
        XCTAssertEqual(entries([0, 2], phrases: 20).entries, ["0!", "0"] + (1 ..< 12).map { "\($0)!" })
        XCTAssertEqual(entries([1, 0, 2, 1], phrases: 4).entries, ["0!", "0", "2!", "4!"], "a zero size is skipped")
        // Without groups (no blob, an empty one, only the flags), one entry a phrase, nothing typed.
        for blob in [nil, [], [1], [1, 0]] as [[UInt8]?] {
            XCTAssertEqual(entries(blob, phrases: 14).entries, (0 ..< 12).map { "\($0)" }, "\(String(describing: blob))")
            XCTAssertFalse(entries(blob, phrases: 1).typed)
        }
        // Groups of one phrase, nothing typed: the function's default, no argument.
        XCTAssertEqual(LocatorLayout(sizes: [1, 1], recordsTyped: false).sqlArguments, "")
        XCTAssertNotEqual(LocatorLayout(sizes: [1, 1], recordsTyped: true).sqlArguments, "")
    }

    func testTheLayoutReadsHeavyAndTypedEntries() {
        let layout = LocatorLayout(sizes: [2, 1], recordsTyped: true)
        var locator = PhraseLocator()
        locator[layout.entry(ofGroup: 0)] = [.title, .text]
        locator[layout.entry(ofGroup: 1)] = .keywords
        XCTAssertTrue(layout.isHeavy(locator))
        XCTAssertFalse(layout.matchesAsTyped(locator), "no group matched through its typed phrase")
        locator[layout.typedEntry(ofGroup: 0)] = .text
        XCTAssertFalse(layout.matchesAsTyped(locator))
        locator[layout.typedEntry(ofGroup: 1)] = .keywords
        XCTAssertTrue(layout.matchesAsTyped(locator))
        locator[layout.entry(ofGroup: 1)] = .description
        XCTAssertFalse(layout.isHeavy(locator), "group 1 only in the description")
        XCTAssertFalse(LocatorLayout(sizes: [2, 1], recordsTyped: false).matchesAsTyped(PhraseLocator(rawValue: -1)))
    }

    /// Without typed entries: one entry per group, the columns of any of its phrases.
    func testTheLocatorJoinsEachGroupsColumns() throws {
        let connection = try Connection(path: ":memory:", create: true)
        try MatchLocator.register(on: connection)
        try connection.execute("""
            CREATE VIRTUAL TABLE docs USING fts5(title, names, keywords, description, text, detail=column);
            INSERT INTO docs(rowid, title, names, keywords, description) VALUES (1, 'red apple', 'green', 'blue', 'plum');
            """)
        let expression = MatchExpression([
            MatchGroup(MatchPhrase(token: "apple", isPrefix: false)),
            MatchGroup(["green", "blue", "plum"].map { MatchPhrase(token: $0, isPrefix: false) }),
        ])
        let layout = try XCTUnwrap(expression.layout())
        let statement = try connection.prepare("""
            SELECT \(MatchLocator.functionName)(docs\(layout.sqlArguments)) FROM docs WHERE docs MATCH ?
            """)
        statement.bind([.text(expression.text)])
        XCTAssertTrue(try statement.step())
        let locator = PhraseLocator(rawValue: statement.int64(0))
        XCTAssertEqual(locator[0], .title)
        XCTAssertEqual(locator[1], [.names, .keywords, .description])
        XCTAssertEqual(locator[2], [])
        // A layout the function cannot read is an error, not a wrong locator.
        for argument in ["'1,3'", "NULL", "7"] {
            let wrong = try connection.prepare("SELECT \(MatchLocator.functionName)(docs, \(argument)) FROM docs WHERE docs MATCH 'apple'")
            XCTAssertThrowsError(try wrong.step(), argument) { error in
                XCTAssertTrue("\(error)".contains("must be a blob"), "\(error)")
            }
        }
    }
}
