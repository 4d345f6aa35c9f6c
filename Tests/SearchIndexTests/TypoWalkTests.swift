import XCTest
@testable import SearchIndex

/// The typo walk over the flat word list finds exactly what comparing the query with
/// every word (and, for the prefix being typed, every prefix of every word) with
/// ``Typos/distance(_:_:limit:prefix:)`` finds: on a real English word list (Debian's
/// wamerican), for random misspellings of its words, complete and prefix, one and two
/// edits.
final class TypoWalkTests: XCTestCase {
    /// wamerican's words folded as the index folds them (lower case; words with an
    /// apostrophe left out), sorted by scalars, each with a seeded random item count, so
    /// that some prefixes stand for more than ``Typos/maximumPrefixPostings`` occurrences.
    private static let list: (words: [[UInt32]], counts: [Int32])? = {
        guard let text = try? String(contentsOfFile: "/usr/share/dict/american-english", encoding: .utf8) else { return nil }
        var seen = Set<[UInt32]>()
        for line in text.split(separator: "\n") where !line.contains("'") {
            let word = line.lowercased().unicodeScalars.map(\.value)
            if Vocabulary.keeps(word) { seen.insert(word) }
        }
        let words = seen.sorted { $0.lexicographicallyPrecedes($1) }
        var random = SplitMix(seed: 16)
        let counts = words.map { _ in Int32(1 + random.next() % 120) }
        return (words, counts)
    }()

    private func snapshot() throws -> (Vocabulary.Snapshot, [[UInt32]], [Int32]) {
        let list = try XCTUnwrap(Self.list, "wamerican's /usr/share/dict/american-english is installed (Makefile DEBIAN_PACKAGES)")
        XCTAssertGreaterThan(list.words.count, 50_000)
        return (Vocabulary.Snapshot(words: zip(list.words, list.counts).map { (word: $0, count: $1) }), list.words, list.counts)
    }

    /// A word of the list of `lengths` letters with `edits` random edits (substitution,
    /// insertion, deletion, swap of neighbours).
    private func misspelling(_ words: [[UInt32]], lengths: ClosedRange<Int>, edits: Int, random: inout SplitMix) -> [UInt32] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars.map(\.value))
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        while true {
            var word = words[pick(words.count)]
            guard lengths.contains(word.count), word.allSatisfy({ $0 < 0x80 }) else { continue }
            for _ in 0 ..< edits {
                let at = pick(word.count)
                switch pick(4) {
                case 0: word[at] = letters[pick(letters.count)]
                case 1: word.insert(letters[pick(letters.count)], at: at)
                case 2: word.remove(at: at)
                default: if at + 1 < word.count { word.swapAt(at, at + 1) }
                }
            }
            return word
        }
    }

    /// What the walk must find for a complete word: every listed word within the
    /// distance but the query itself.
    private func bruteForceWords(_ query: [UInt32], k: Int, words: [[UInt32]], counts: [Int32]) -> [Typos.Alternative] {
        var found: [Typos.Alternative] = []
        for (index, word) in words.enumerated() {
            guard let distance = Typos.distance(query, word, limit: k), distance > 0 else { continue }
            found.append(Typos.Alternative(word: word, distance: distance, count: Int(counts[index])))
        }
        return found
    }

    /// What the walk must find for the prefix being typed: the shortest prefixes of
    /// listed words within the distance, each taken with every word under it when it
    /// stands for few enough occurrences (or is as long as a match may be); under a
    /// broader one, the longer prefixes are looked at, and a listed word that is the
    /// broad prefix itself is one alternative as a whole word. The typed text itself is
    /// searched anyway: neither it nor anything under it is an alternative.
    private func bruteForcePrefixes(_ query: [UInt32], k: Int, words: [[UInt32]], counts: [Int32]) -> [Typos.Alternative] {
        let n = query.count
        // Every distinct prefix of a length a match may have, with its postings and
        // whether it is a listed word itself.
        var postings: [[UInt32]: Int] = [:]
        var listed: [[UInt32]: Int] = [:]
        for (index, word) in words.enumerated() {
            listed[word] = Int(counts[index])
            guard word.count >= max(1, n - k) else { continue }
            for length in max(1, n - k) ... min(word.count, n + k) {
                postings[Array(word[..<length]), default: 0] += Int(counts[index])
            }
        }
        var taken = Set<[UInt32]>()
        var found: [Typos.Alternative] = []
        for prefix in postings.keys.sorted(by: { $0.count < $1.count }) {
            // Under a prefix already taken (or under the typed text), nothing more.
            if (max(1, n - k) ..< prefix.count).contains(where: { taken.contains(Array(prefix[..<$0])) }) { continue }
            guard let distance = Typos.distance(query, prefix, limit: k) else { continue }
            let count = postings[prefix]!
            if prefix == query || count <= Typos.maximumPrefixPostings || prefix.count >= n + k {
                taken.insert(prefix)
                if prefix != query { found.append(Typos.Alternative(word: prefix, distance: distance, count: count)) }
            } else if let items = listed[prefix] {
                found.append(Typos.Alternative(word: prefix, distance: distance, count: items, isWord: true))
            }
        }
        return found
    }

    func testTheWalkFindsWhatComparingEveryWordFinds() throws {
        let (vocabulary, words, counts) = try snapshot()
        var random = SplitMix(seed: 1)
        var compared = 0, nonEmpty = 0
        for (lengths, edits) in [(5 ... 8, 1), (5 ... 8, 1), (9 ... 12, 2), (9 ... 12, 1)] {
            for _ in 0 ..< 5 {
                let query = misspelling(words, lengths: lengths, edits: edits, random: &random)
                let k = TypoPolicy.spec.maximumEdits(length: query.count)
                guard k > 0 else { continue }
                let expected = bruteForceWords(query, k: k, words: words, counts: counts)
                let walked = Typos.everyAlternative(of: query, prefix: false, maximumEdits: k, in: vocabulary)
                XCTAssertEqual(Set(walked), Set(expected), "\(query) k \(k)")
                XCTAssertEqual(walked.count, expected.count, "\(query): each word once")
                XCTAssertEqual(Typos.alternatives(of: query, prefix: false, maximumEdits: k, in: vocabulary),
                               Array(Typos.ranked(expected, of: query, prefix: false).prefix(Typos.maximumAlternatives)))
                compared += 1
                if !expected.isEmpty { nonEmpty += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 12)
        // Most misspellings of real words are near some word: the comparison is not empty.
        XCTAssertGreaterThan(nonEmpty, compared / 2)
    }

    func testTheWalkFindsWhatComparingEveryPrefixFinds() throws {
        let (vocabulary, words, counts) = try snapshot()
        var random = SplitMix(seed: 2)
        var compared = 0, broad = 0, wholeWords = 0
        for (lengths, edits) in [(5 ... 8, 1), (5 ... 8, 0), (9 ... 12, 2), (9 ... 12, 1)] {
            for _ in 0 ..< 5 {
                // The text typed so far: the start of a misspelled word.
                let misspelled = misspelling(words, lengths: lengths, edits: edits, random: &random)
                let query = Array(misspelled.prefix(max(5, misspelled.count - Int(random.next() % 4))))
                let k = TypoPolicy.spec.maximumEdits(length: query.count)
                guard k > 0 else { continue }
                let expected = bruteForcePrefixes(query, k: k, words: words, counts: counts)
                let walked = Typos.everyAlternative(of: query, prefix: true, maximumEdits: k, in: vocabulary)
                XCTAssertEqual(Set(walked), Set(expected), "\(String(String.UnicodeScalarView(query.compactMap(Unicode.Scalar.init)))) k \(k)")
                XCTAssertEqual(walked.count, expected.count)
                XCTAssertEqual(Typos.alternatives(of: query, prefix: true, maximumEdits: k, in: vocabulary),
                               Array(Typos.ranked(expected, of: query, prefix: true).prefix(Typos.maximumAlternatives)))
                compared += 1
                if expected.contains(where: \.isWord) { wholeWords += 1 }
                if expected.contains(where: { !$0.isWord && $0.word.count >= query.count + k && $0.count > Typos.maximumPrefixPostings }) { broad += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 12)
        // Short typed prefixes reach broad prefixes: the whole-word rule was exercised.
        XCTAssertGreaterThan(wholeWords + broad, 0)
    }

    /// The flat list answers what a list of words would: counts, postings, bounds.
    func testTheFlatListAnswersPerWord() throws {
        let (vocabulary, words, counts) = try snapshot()
        XCTAssertEqual(vocabulary.words, words)
        var random = SplitMix(seed: 3)
        for _ in 0 ..< 40 {
            let index = Int(random.next() % UInt64(words.count))
            let word = words[index]
            XCTAssertEqual(vocabulary.count(of: word), Int(counts[index]))
            XCTAssertEqual(vocabulary.lowerBound(word), index)
            let prefix = Array(word.prefix(1 + Int(random.next() % UInt64(word.count))))
            let under = words.indices.filter { words[$0].starts(with: prefix) }
            XCTAssertEqual(vocabulary.postings(withPrefix: prefix), under.reduce(0) { $0 + Int(counts[$1]) })
            XCTAssertEqual(vocabulary.end(ofPrefix: prefix[...], from: under.first!), under.last! + 1)
        }
        XCTAssertEqual(vocabulary.count(of: Array("zzzzqqq".unicodeScalars.map(\.value))), 0)
    }

    /// What the walk reads instead of the words (each word's start shared with the one
    /// before and its next scalar) is the words', and the end of a prefix's words found
    /// from the shared starts (block by block, region by region) is where comparing
    /// the words one by one ends, for every prefix length of random words.
    func testTheSharedStartsAreTheWordsAndEndTheirPrefixes() throws {
        let (vocabulary, words, _) = try snapshot()
        for index in words.indices {
            let before = index == 0 ? [] : words[index - 1], word = words[index]
            let common = zip(before, word).prefix { $0 == $1 }.count
            XCTAssertEqual(Int(vocabulary.shared[index]), common)
            XCTAssertEqual(vocabulary.following[index], common < word.count ? word[common] : Vocabulary.Snapshot.noScalar)
        }
        var random = SplitMix(seed: 5)
        for _ in 0 ..< 200 {
            let index = Int(random.next() % UInt64(words.count))
            for length in 0 ... words[index].count {
                let prefix = words[index].prefix(length)
                var end = index + 1
                while end < words.count && words[end].starts(with: prefix) { end += 1 }
                XCTAssertEqual(vocabulary.end(ofPrefix: prefix, from: index), end, "\(prefix) from \(index)")
            }
        }
    }
}

/// The shortcuts the analyzer compares candidates' tokens with give what the
/// edit-distance table gives, on many random pairs over small alphabets (so that many
/// are near each other: swaps, insertions, deletions and substitutions all occur).
final class TypoShortcutTests: XCTestCase {
    private func word(_ lengths: ClosedRange<Int>, _ letters: [UInt32], _ random: inout SplitMix) -> [UInt32] {
        let length = lengths.lowerBound + Int(random.next() % UInt64(lengths.count))
        return (0 ..< length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
    }

    func testTheBitVectorDistancesAreTheTables() throws {
        var random = SplitMix(seed: 11)
        var near = 0
        for alphabet in ["ab", "abc", "abcdef"] {
            let letters = Array(alphabet.unicodeScalars.map(\.value))
            for _ in 0 ..< 6_000 {
                let a = word(1 ... 14, letters, &random), b = word(0 ... 18, letters, &random)
                let pattern = try XCTUnwrap(Typos.Pattern(a))
                let (complete, prefix) = Typos.distances(pattern, b.map { UInt8($0) }[...])
                for limit in 0 ... 3 {
                    let expectedComplete = Typos.distance(a, b, limit: limit)
                    let expectedPrefix = Typos.distance(a, b, limit: limit, prefix: true)
                    XCTAssertEqual(complete <= limit ? complete : nil, expectedComplete, "\(a) \(b) limit \(limit)")
                    XCTAssertEqual(prefix <= limit ? prefix : nil, expectedPrefix, "\(a) \(b) limit \(limit) prefix")
                }
                if complete <= 2 { near += 1 }
            }
        }
        XCTAssertGreaterThan(near, 1_000)
        // Tokens with characters that are not ASCII (which no ASCII query character equals).
        let mixed = Array("abé日ß".unicodeScalars.map(\.value)), ascii = Array("abc".unicodeScalars.map(\.value))
        for _ in 0 ..< 4_000 {
            let a = word(1 ... 10, ascii, &random), b = word(0 ... 12, mixed, &random)
            let utf8 = Array(String(String.UnicodeScalarView(b.compactMap(Unicode.Scalar.init))).utf8)
            let (complete, prefix) = Typos.distances(try XCTUnwrap(Typos.Pattern(a)), utf8[...])
            for limit in 0 ... 2 {
                XCTAssertEqual(complete <= limit ? complete : nil, Typos.distance(a, b, limit: limit), "\(a) \(b)")
                XCTAssertEqual(prefix <= limit ? prefix : nil, Typos.distance(a, b, limit: limit, prefix: true), "\(a) \(b) prefix")
            }
        }
        // A slice that does not start at 0, and the 64-character limit.
        let text = Array("xx recieve yy".utf8)
        XCTAssertEqual(Typos.distances(try XCTUnwrap(Typos.Pattern(Vocabulary.scalars(Array("receive".utf8)))), text[3 ..< 10]).complete, 1)
        let long = [UInt32](repeating: 0x61, count: 64)
        XCTAssertEqual(Typos.distances(try XCTUnwrap(Typos.Pattern(long)), [UInt8](repeating: 0x61, count: 63)[...]).complete, 1)
        XCTAssertNil(Typos.Pattern(long + [0x61]))
        XCTAssertNil(Typos.Pattern(Vocabulary.scalars(Array("café".utf8))))
    }

    /// The first-characters rule never rules out a token within the distance
    /// (complete, or a prefix of it), and rules out most others at one edit.
    func testTheFirstCharactersRuleNeverRulesOutAMatch() {
        var random = SplitMix(seed: 12)
        for k in 1 ... 3 {
            var ruledOut = 0, far = 0, within = 0
            for alphabet in ["abc", "abcdefgh"] {
                let letters = Array(alphabet.unicodeScalars.map(\.value))
                for _ in 0 ..< 15_000 {
                    let a = word(k + 1 ... k + 8, letters, &random), b = word(k + 1 ... k + 12, letters, &random)
                    let bytes = b.map { UInt8($0) }
                    let passes = a.withUnsafeBufferPointer { a in bytes.withUnsafeBufferPointer { Typos.startsShareACharacter(a, $0.baseAddress!, k: k) } }
                    for prefix in [false, true] {
                        if Typos.distance(a, b, limit: k, prefix: prefix) != nil {
                            within += 1
                            XCTAssertTrue(passes, "\(a) \(b) k \(k) prefix \(prefix)")
                        } else if !prefix {
                            far += 1
                            if !passes { ruledOut += 1 }
                        }
                    }
                }
            }
            XCTAssertGreaterThan(within, 500, "k \(k)")
            if k == 1 { XCTAssertGreaterThan(ruledOut, far / 3) }
        }
        // Real slips: a swap, a dropped and a doubled first letter; an unrelated word.
        func passes(_ a: String, _ b: String, k: Int = 1) -> Bool {
            let a = Array(a.unicodeScalars.map(\.value)), b = Array(b.utf8)
            return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { Typos.startsShareACharacter(a, $0.baseAddress!, k: k) } }
        }
        XCTAssertTrue(passes("ehllo", "hello"))
        XCTAssertTrue(passes("ello", "hello"))
        XCTAssertTrue(passes("hhello", "hello"))
        XCTAssertFalse(passes("world", "hello"))
        XCTAssertTrue(passes("xyabcdefg", "abcdefg", k: 2))
        XCTAssertFalse(passes("xyzabcdef", "abcdefg", k: 2))
    }
}
