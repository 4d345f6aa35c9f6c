import XCTest
@testable import SearchIndex

/// `HitAnalyzer` and the Swift prefix check read ASCII fields eight bytes at a time: the
/// splitter must split as FTS5's own tokenizer does, and the word scans must say what a
/// plain reading says.
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
        text.withUnsafeBufferPointer { ASCIIText.containsWord(Array(word.utf8), in: $0) }
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
        var numbers = SeededNumbers(seed: 0x5EED)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let alphabet = Array("abcdeABCDE019 ,.-\u{1}\u{12}".utf8) + [0xC3, 0xA9]
        let words = ["ab", "abc", "a", "cab", "9", "e0", "abcdeabcde"]
        for _ in 0 ..< 20_000 {
            let word = Array(words[next(words.count)].utf8)
            let text = numbers.text(planting: word, among: alphabet, length: next(40))
            let found = text.withUnsafeBufferPointer { ASCIIText.containsWord(word, in: $0) }
            XCTAssertEqual(found, reference(word, in: text), "\(String(decoding: word, as: UTF8.self)) in \(text)")
        }
    }

    /// What FTS5's tokenizer says of ASCII `text`: whether a token starts with `prefix`,
    /// and whether it is the first token; `nil` when there is none before a non-ASCII
    /// byte (or, in JSON, a backslash).
    private func referenceWordStarts(_ prefix: [UInt8], in text: [UInt8], json: Bool, tokenizer: FTSTokenizer) -> (any: Bool, first: Bool)? {
        let end = text.firstIndex { $0 >= 0x80 || (json && $0 == 0x5C) } ?? text.count
        let tokens = Array(text[..<end]).withUnsafeBufferPointer { tokenizer.tokens($0) }
        for number in 0 ..< tokens.count where Array(tokens[number]).starts(with: prefix) {
            return (true, number == 0)
        }
        return end < text.count ? nil : (false, false)
    }

    func testThePrefixCheckFindsWordStartsAsTheTablesTokenizerDoes() throws {
        let tokenizer = try XCTUnwrap(FTSTokenizer())
        func check(_ prefix: String, _ text: String, json: Bool = false) -> (any: Bool, first: Bool)? {
            Array(text.utf8).withUnsafeBufferPointer { ASCIIText.wordStarts(of: Array(prefix.utf8), in: $0, json: json) }
        }
        XCTAssertEqual(check("bre", "theBrent show").map { [$0.any, $0.first] }, [false, false], "no word starts inside theBrent")
        XCTAssertEqual(check("theb", "theBrent show").map { [$0.any, $0.first] }, [true, true], "theBrent is one word")
        XCTAssertEqual(check("sn", "Snow falls").map { [$0.any, $0.first] }, [true, true])
        XCTAssertEqual(check("sn", "caf\\u00e9 snow", json: true) == nil, true, "an escape comes first: it must be decoded")
        XCTAssertEqual(check("sn", "caf\u{e9} snow") == nil, true)
        XCTAssertEqual(check("sn", "snow caf\u{e9}").map { [$0.any, $0.first] }, [true, true], "found before the accent")
        // Seeded: letters of both cases, digits, separators, JSON's punctuation and
        // escape, control and non-ASCII bytes, with the prefix planted often, at every
        // offset of the eight-byte steps.
        var numbers = SeededNumbers(seed: 0xC0FFEE)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let alphabet = Array("abcdeABCDE019 ,.-\"\\[]\u{1}\u{12}".utf8) + [0xC3, 0xA9]
        let prefixes = ["ab", "abc", "a", "cab", "9", "e0", "abcdeabcde", "bc"]
        for _ in 0 ..< 30_000 {
            let prefix = Array(prefixes[next(prefixes.count)].utf8)
            let json = next(2) == 0
            let text = numbers.text(planting: prefix, among: alphabet, length: next(48))
            let found = text.withUnsafeBufferPointer { ASCIIText.wordStarts(of: prefix, in: $0, json: json) }
            let expected = referenceWordStarts(prefix, in: text, json: json, tokenizer: tokenizer)
            XCTAssertEqual(found.map { [$0.any, $0.first] }, expected.map { [$0.any, $0.first] },
                           "\(String(decoding: prefix, as: UTF8.self)) in \(String(decoding: text, as: UTF8.self)) (json \(json))")
        }
    }

    /// Past ASCII, the check reads the tokens the analysis reads, which are FTS5's.
    func testThePrefixCheckOfMixedTextFindsTheTokensFTS5Makes() throws {
        let fields = try XCTUnwrap(FieldTokenizer())
        func check(_ prefix: String, _ text: String) -> [Bool] {
            let found = Array(text.utf8).withUnsafeBufferPointer { bytes in
                let tokens = fields.tokenize(bytes)
                defer { fields.recycle(tokens) }
                return PrefixVerifier.wordStarts(of: Array(prefix.utf8), in: tokens)
            }
            return [found.any, found.first]
        }
        XCTAssertEqual(check("sea", "the S\u{e9}ances"), [true, false], "an accented letter folds to its letter")
        XCTAssertEqual(check("strass", "Stra\u{df}e"), [false, false], "ß stays ß")
        XCTAssertEqual(check("stra\u{df}", "Stra\u{df}e"), [true, true])
        XCTAssertEqual(check("fi", "\u{fb01}re"), [false, false], "the ligature stays a ligature")
        XCTAssertEqual(check("\u{fb01}", "\u{fb01}re"), [true, true])
        XCTAssertEqual(check("bre", "caf\u{e9} theBrent"), [false, false])
        XCTAssertEqual(check("tra", "東京travel"), [true, false], "a word starts after a Chinese character")
        XCTAssertEqual(check("ke", "ビジネス make"), [false, false])
        XCTAssertEqual(check("sea", "se\u{301}ance"), [true, true], "a combining accent is removed")
    }

    func testTheSplitterSplitsAndFoldsAsTheTablesTokenizerDoes() throws {
        let tokenizer = try XCTUnwrap(FTSTokenizer())
        var numbers = SeededNumbers(seed: 0xA5C11)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        // Every ASCII byte, with letters and digits most often, at lengths around the
        // eight-byte steps.
        let common = Array("abcxyzABCXYZ0189 ".utf8)
        for _ in 0 ..< 5_000 {
            var text: [UInt8] = []
            for _ in 0 ..< next(30) { text.append(next(3) == 0 ? UInt8(next(128)) : common[next(common.count)]) }
            // Written over a longer buffer, as the field tokenizer reuses one.
            var folded = [UInt8](repeating: 0xFF, count: text.count + next(10))
            var ranges: [Range<Int>] = []
            XCTAssertTrue(text.withUnsafeBufferPointer { source in
                folded.withUnsafeMutableBufferPointer { ASCIIText.split(source, folding: $0, into: &ranges) }
            })
            let expected = text.withUnsafeBufferPointer { tokenizer.tokens($0) }
            XCTAssertEqual(ranges, expected.offsets, "token ranges of \(text)")
            XCTAssertEqual(ranges.map { Array(folded[$0]) }, (0 ..< expected.count).map { Array(expected[$0]) }, "tokens of \(text)")
        }
        let accented = Array("plain words, then caf\u{e9}".utf8)
        var folded = accented
        var ranges: [Range<Int>] = []
        XCTAssertFalse(accented.withUnsafeBufferPointer { source in
            folded.withUnsafeMutableBufferPointer { ASCIIText.split(source, folding: $0, into: &ranges) }
        })
    }
    /// The title check's first tokens are the tokenizer's first tokens, or `nil` when a
    /// non-ASCII byte comes before as many.
    func testTheTitleChecksTokensAreTheTablesTokenizers() throws {
        let tokenizer = try XCTUnwrap(FTSTokenizer())
        var numbers = SeededNumbers(seed: 0x717E)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let common = "abcxyzABCXYZ0189 -,".map(String.init) + ["\u{e9}", "\u{a9}", "東"]
        for _ in 0 ..< 5_000 {
            let text = Array((0 ..< next(30)).map { _ in common[next(common.count)] }.joined().utf8)
            let limit = 1 + next(3)
            let found = text.withUnsafeBufferPointer { TermMatcher.asciiTokens($0, limit: limit) }
            let whole = text.withUnsafeBufferPointer { tokenizer.tokens($0) }
            guard let found else {
                XCTAssertTrue(text.contains { $0 >= 0x80 }, "\(text): ASCII text is split")
                continue
            }
            let expected = (0 ..< min(limit, whole.count)).map { Array(whole[$0]) }
            XCTAssertEqual((0 ..< found.count).map { Array(found[$0]) }, expected, "\(text) limit \(limit)")
            XCTAssertEqual(found.offsets, Array(whole.offsets.prefix(limit)), "\(text) limit \(limit)")
        }
    }
}


extension ASCIIScanTests {
    /// The analyzer splits text with non-ASCII characters in stretches (ASCII words in
    /// Swift, the words around non-ASCII bytes by the tokenizer): the tokens, their
    /// folded bytes and their byte ranges must be those of the whole text tokenized
    /// at once, CJK characters one by one, as the tables see it.
    func testTheMixedSplitterTokenizesAsTheTablesTokenizerDoesWhole() throws {
        let tokenizer = try XCTUnwrap(FTSTokenizer())
        let fields = try XCTUnwrap(FieldTokenizer())
        func wholly(_ text: [UInt8]) -> [([UInt8], Range<Int>)] {
            text.withUnsafeBufferPointer { source in
                var spaced: [UInt8] = [], insertions: [Int] = []
                guard CJKText.spaced(utf8: source, into: &spaced, insertions: &insertions) else {
                    let found = tokenizer.tokens(source)
                    return (0 ..< found.count).map { (Array(found[$0]), found.offsets[$0]) }
                }
                let found = spaced.withUnsafeBufferPointer { tokenizer.tokens($0) }
                return (0 ..< found.count).map { index in
                    let range = found.offsets[index]
                    let added = insertions.filter { $0 < range.lowerBound }.count
                    return (Array(found[index]), range.lowerBound - added ..< range.upperBound - added)
                }
            }
        }
        func mixed(_ text: [UInt8], folded: inout [UInt8]) -> [([UInt8], Range<Int>)] {
            var ranges: [Range<Int>] = [], offsets: [Range<Int>] = []
            text.withUnsafeBufferPointer { fields.splitMixed($0, folded: &folded, ranges: &ranges, offsets: &offsets) }
            return zip(ranges, offsets).map { (Array(folded[$0.0]), $0.1) }
        }
        let pieces = ["caf\u{e9}", "Caf\u{c9}", "e\u{301}t\u{e9}", "na\u{ef}ve", "Stra\u{df}e", "\u{c5}ngstr\u{f6}m", "word", "WORD",
                      "x1", "42", "東京", "オーディオブック", "ひらがな", "腾讯新闻", "한국어", "ＡＢＣ", "\u{a0}", "\u{2014}",
                      "\u{201c}quoted\u{201d}", "\u{1f600}", "\u{3002}", "-", ",", " ", "  ", "(", ")", "'", "e-mail", "a\u{e9}b"]
        var numbers = SeededNumbers(seed: 0x51ED)
        // One buffer for every text, as the analyzer reuses its own: longer texts leave
        // bytes behind for shorter ones.
        var folded: [UInt8] = []
        for _ in 0 ..< 3_000 {
            var text = ""
            for _ in 0 ..< numbers.next(12) {
                text += pieces[numbers.next(pieces.count)]
                if numbers.next(3) > 0 { text += [" ", ", ", "-", "", "\n"][numbers.next(5)] }
            }
            let bytes = Array(text.utf8)
            let expected = wholly(bytes), found = mixed(bytes, folded: &folded)
            XCTAssertEqual(found.map(\.0), expected.map(\.0), "tokens of \(text)")
            XCTAssertEqual(found.map(\.1), expected.map(\.1), "token ranges of \(text)")
            // As a field is tokenized: split as ASCII until the first other byte, then
            // in stretches from there.
            let tokens = bytes.withUnsafeBufferPointer { fields.tokenize($0) }
            let whole = (0 ..< tokens.count).map { (Array(tokens[$0]), tokens.original($0)) }
            XCTAssertEqual(whole.map(\.0), expected.map(\.0), "tokens of \(text), as a field")
            XCTAssertEqual(whole.map(\.1), expected.map(\.1), "token ranges of \(text), as a field")
            XCTAssertEqual(tokens.characterTotal(), expected.reduce(0) { $0 + String(decoding: $1.0, as: UTF8.self).unicodeScalars.count },
                           "characters of \(text)")
        }
    }
}

/// The seeded numbers the random texts above are made from (a linear congruential
/// generator: the same texts on every run).
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next number below `bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    /// At least `length` bytes of `alphabet`, with `word` (lower-case ASCII) planted
    /// often, each letter of it in either case.
    mutating func text(planting word: [UInt8], among alphabet: [UInt8], length: Int) -> [UInt8] {
        var text: [UInt8] = []
        while text.count < length {
            if next(6) == 0 {
                for byte in word { text.append(next(2) == 0 && byte >= 0x61 ? byte - 0x20 : byte) }
            } else {
                text.append(alphabet[next(alphabet.count)])
            }
        }
        return text
    }
}
