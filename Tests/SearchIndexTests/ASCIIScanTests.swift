import XCTest
@testable import SearchIndex

/// `HitAnalyzer` reads ASCII fields eight bytes at a time: its splitter must split as
/// FTS5's own tokenizer does, and its word scan must say what a plain reading says.
final class ASCIIScanTests: XCTestCase {
    /// The plain reading: `nil` when a non-ASCII byte comes before the first token equal
    /// to `word` (the text would need FTS5's tokenizer), else whether there is one.
    private func reference(_ word: [UInt8], in text: [UInt8]) -> Bool? {
        var token: [UInt8] = []
        for byte in text + [0x20] {
            let lowered = byte | 0x20
            let isWord = (byte >= 0x30 && byte <= 0x39) || (lowered >= 0x61 && lowered <= 0x7A)
            if isWord && byte < 0x80 {
                token.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                continue
            }
            if !token.isEmpty && token == word { return true }
            token = []
            if byte >= 0x80 { return nil }
        }
        return false
    }

    private func scan(_ word: String, _ text: [UInt8]) -> Bool? {
        text.withUnsafeBufferPointer { HitAnalyzer.containsWord(Array(word.utf8), in: $0) }
    }

    func testItFindsWholeWordsInEitherCase() {
        XCTAssertEqual(scan("water", Array("Fresh WATER from the well".utf8)), true)
        XCTAssertEqual(scan("water", Array("waterfall and waters".utf8)), false, "a longer word is not the word")
        XCTAssertEqual(scan("fall", Array("waterfall".utf8)), false, "nor is a word's end")
        XCTAssertEqual(scan("42", Array("room 42, floor 4".utf8)), true)
        XCTAssertEqual(scan("42", Array("room \u{12}2 and 420".utf8)), false, "a control byte is not a digit")
        XCTAssertEqual(scan("cafe", Array("the cafe\u{301}".utf8)), true, "found before the accent")
        XCTAssertEqual(scan("tea", Array("caf\u{e9} tea".utf8)), nil, "past a non-ASCII byte it cannot tell")
        XCTAssertEqual(scan("tea", []), false)
    }

    func testItAgreesWithAPlainReadingOnRandomText() {
        // Seeded: letters of both cases, digits, separators, control and non-ASCII bytes,
        // with the word planted often, at every offset of the eight-byte steps.
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcdeABCDE019 ,.-\u{1}\u{12}".utf8) + [0xC3, 0xA9]
        let words = ["ab", "abc", "a", "cab", "9", "e0", "abcdeabcde"]
        for _ in 0 ..< 20_000 {
            let word = Array(words[next(words.count)].utf8)
            var text: [UInt8] = []
            let length = next(40)
            while text.count < length {
                if next(6) == 0 {
                    text += word.map { next(2) == 0 && $0 >= 0x61 ? $0 - 0x20 : $0 }
                } else {
                    text.append(alphabet[next(alphabet.count)])
                }
            }
            let found = text.withUnsafeBufferPointer { HitAnalyzer.containsWord(word, in: $0) }
            XCTAssertEqual(found, reference(word, in: text), "\(String(decoding: word, as: UTF8.self)) in \(text)")
        }
    }

    func testTheSplitterSplitsAndFoldsAsTheTablesTokenizerDoes() throws {
        let tokenizer = try XCTUnwrap(FTSTokenizer())
        var state: UInt64 = 0xA5C11
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        // Every ASCII byte, with letters and digits most often, at lengths around the
        // eight-byte steps.
        let common = Array("abcxyzABCXYZ0189 ".utf8)
        for _ in 0 ..< 5_000 {
            var text: [UInt8] = []
            for _ in 0 ..< next(30) { text.append(next(3) == 0 ? UInt8(next(128)) : common[next(common.count)]) }
            // Written over a longer buffer, as the analyzer reuses one.
            var folded = [UInt8](repeating: 0xFF, count: text.count + next(10))
            var ranges: [Range<Int>] = []
            XCTAssertTrue(text.withUnsafeBufferPointer { source in
                folded.withUnsafeMutableBufferPointer { HitAnalyzer.splitASCII(source, folding: $0, into: &ranges) }
            })
            let expected = text.withUnsafeBufferPointer { tokenizer.tokens($0) }
            XCTAssertEqual(ranges, expected.offsets, "token ranges of \(text)")
            XCTAssertEqual(ranges.map { Array(folded[$0]) }, (0 ..< expected.count).map { Array(expected[$0]) }, "tokens of \(text)")
        }
        let accented = Array("plain words, then caf\u{e9}".utf8)
        var folded = accented
        var ranges: [Range<Int>] = []
        XCTAssertFalse(accented.withUnsafeBufferPointer { source in
            folded.withUnsafeMutableBufferPointer { HitAnalyzer.splitASCII(source, folding: $0, into: &ranges) }
        })
    }
}
