import Foundation
import XCTest
@testable import SearchIndex

/// The word list typo tolerance and term statistics use (``Vocabulary``): searches
/// never wait for a write, counts stay exact through deletes, and the next process's
/// first search reads the list the last one saved.
final class VocabularyTests: IndexTestCase {
    private func count(_ word: String, in index: SearchableIndex? = nil) throws -> Int {
        let index = index ?? self.index!
        return try index.store.read { try index.vocabulary.snapshot($0) }.count(of: word.unicodeScalars.map(\.value))
    }

    /// The list as a fresh read of `items_fts` gives it.
    private func listReadFromTheIndex() throws -> Vocabulary.Snapshot {
        let fresh = Vocabulary()
        return try index.store.read { try fresh.snapshot($0) }
    }

    /// The full-text writer counts the words of ASCII text without FTS5's tokenizer: it
    /// must split them exactly as the index's tokenizer does, or typo counts drift.
    func testTheWordCountersASCIISplitIsTheTokenizers() throws {
        let tokenizer = try XCTUnwrap(FTSTokenizer())
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("aZ9 -_.,'\"\t\n()[]{}*^$#@!~`|/\\:;<>?=+&%\u{01}\u{7F}09azAZ").map(String.init) + ["abcdefghijklmnopqrs"]
        func sorted(_ words: Vocabulary.RowWords) -> [[UInt32]] {
            (words.packed.map(\.scalars) + words.other).sorted { $0.lexicographicallyPrecedes($1) }
        }
        for _ in 0 ..< 3_000 {
            var text = (0 ..< Int.random(in: 0 ... 30, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            var split = Vocabulary.RowWords()
            XCTAssertTrue(text.withUTF8 { FullTextWriter.asciiWords($0, into: &split) }, text)
            var expected = Vocabulary.RowWords()
            let tokens = tokenizer.tokens(text)
            for index in 0 ..< tokens.count { expected.insert(Vocabulary.scalars(tokens[index])) }
            XCTAssertEqual(sorted(split), sorted(expected), text.debugDescription)
        }
        var text = "Crème brûlée"
        var none = Vocabulary.RowWords()
        XCTAssertFalse(text.withUTF8 { FullTextWriter.asciiWords($0, into: &none) }, "not ASCII: left to the tokenizer")
        XCTAssertTrue(none.packed.isEmpty && none.other.isEmpty)
    }

    /// Packed words keep their characters and sort as the words do.
    func testPackedWordsSortAsTheirWords() throws {
        var random = SystemRandomNumberGenerator()
        let letters = Array("ab09z".unicodeScalars.map(\.value))
        let words = (0 ..< 2_000).map { _ in (0 ..< Int.random(in: 1 ... 16, using: &random)).map { _ in letters.randomElement(using: &random)! } }
        let packed = try words.map { try XCTUnwrap(Vocabulary.PackedWord($0)) }
        XCTAssertEqual(packed.map(\.scalars), words)
        XCTAssertEqual(packed.sorted().map(\.scalars), words.sorted { $0.lexicographicallyPrecedes($1) })
        XCTAssertNil(Vocabulary.PackedWord(Array(repeating: UInt32(97), count: 17)), "17 characters")
        XCTAssertNil(Vocabulary.PackedWord("é".unicodeScalars.map(\.value)), "not ASCII")
        XCTAssertNil(Vocabulary.PackedWord([UInt32]()))
    }

    /// Replaces the test's index with a new one in an empty directory whose idle
    /// maintenance starts after 50 ms.
    private func openNewIndexWithShortIdleDelay() throws {
        index = nil
        try FileManager.default.removeItem(atPath: directory)
        var configuration = SearchableIndex.Configuration(directory: directory, defaultDomain: "org.example.app")
        configuration.idleMaintenanceDelay = 0.05
        index = try SearchableIndex(configuration: configuration)
    }

    /// A new index does not keep its word list while it is written; once the writes go
    /// idle, the list is read in the background, so the first search after an app's
    /// first import does not read it while the user waits.
    func testIdleAfterTheFirstImportReadsTheListBeforeAnySearch() throws {
        try openNewIndexWithShortIdleDelay()
        try index.indexItems([item("receive", title: "How to receive a parcel"), item("weird", title: "Weird fish")])
        let deadline = Date().addingTimeInterval(30)
        while !index.vocabulary.isLoaded && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(index.vocabulary.isLoaded, "read once the writes went idle")
        XCTAssertEqual(index.vocabulary.loads.load(ordering: .relaxed), 1)
        XCTAssertEqual(try searchIDs("recieve"), ["receive"])
        XCTAssertEqual(try searchIDs("wierd"), ["weird"])
        XCTAssertEqual(index.vocabulary.loads.load(ordering: .relaxed), 1, "the searches used the list read in the background")
        // Kept current from then on.
        try index.indexItems([item("achieve", title: "Achieve your goals")])
        XCTAssertEqual(try searchIDs("acheive"), ["achieve"])
        XCTAssertEqual(index.vocabulary.loads.load(ordering: .relaxed), 1)
    }

    /// An app that opens its new index at launch (asking for its client state) and
    /// fetches its data before the first batch leaves the index idle in between. Idle
    /// maintenance then reads the word list, but a list of an index nothing was written
    /// to is not kept, a search's included: otherwise the whole first import would count
    /// every row's words. The import's words are read once its writes go idle.
    func testAnIdleMomentBeforeTheFirstImportKeepsNoList() throws {
        try openNewIndexWithShortIdleDelay()
        XCTAssertNil(try index.fetchLastClientState())
        let deadline = Date().addingTimeInterval(30)
        while index.vocabulary.loads.load(ordering: .relaxed) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertGreaterThanOrEqual(index.vocabulary.loads.load(ordering: .relaxed), 1, "idle maintenance read the list")
        XCTAssertFalse(index.vocabulary.isLoaded, "and did not keep the empty list")
        XCTAssertEqual(try searchIDs("anything"), [])
        XCTAssertFalse(index.vocabulary.isLoaded, "nor did a search")
        try index.indexItems([item("receive", title: "How to receive a parcel"), item("weird", title: "Weird fish")])
        while !index.vocabulary.isLoaded && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(index.vocabulary.isLoaded, "read once the import's writes went idle")
        XCTAssertEqual(try searchIDs("recieve"), ["receive"])
        XCTAssertEqual(try searchIDs("wierd"), ["weird"])
        try index.indexItems([item("achieve", title: "Achieve your goals")])
        XCTAssertEqual(try searchIDs("acheive"), ["achieve"], "kept current from then on")
    }

    func testASearchDuringAWriteSeesTheWordsOfTheLastCommit() throws {
        try index.indexItems([item("receive", title: "How to receive a parcel")])
        XCTAssertEqual(try searchIDs("recieve"), ["receive"], "loads the word list")
        let generation = try count("receive")
        // Inside a write transaction (the writer lock held, on this very thread): a search
        // that waited for the writer would never return.
        try index.write { transaction in
            try index.storeItem(item("achieve", title: "Achieve your goals"), kind: Schema.itemKind, activity: nil, existing: nil, in: transaction)
            try index.storeItem(item("receive2", title: "Receive updates"), kind: Schema.itemKind, activity: nil, existing: nil, in: transaction)
            XCTAssertEqual(try searchIDs("receive"), ["receive"], "the committed items, not the ones being written")
            XCTAssertEqual(try searchIDs("recieve"), ["receive"], "typos against the last committed words")
            XCTAssertEqual(try searchIDs("acheive"), [], "an uncommitted word is not offered")
            XCTAssertEqual(try count("receive"), generation)
        }
        XCTAssertEqual(try searchIDs("acheive"), ["achieve"], "committed: merged into the list")
        XCTAssertEqual(try Set(searchIDs("recieve")), ["receive", "receive2"])
        XCTAssertEqual(try count("receive"), 2)
    }

    func testCountsStayExactThroughDeletesAndReplacements() throws {
        try index.indexItems([item("a", title: "Lighthouse keeper"), item("b", title: "Lighthouse tours")])
        XCTAssertEqual(try count("lighthouse"), 2, "loads the word list")
        // Replacing an item with the same words must not count them twice.
        try index.indexItems([item("a", title: "Lighthouse keeper"), item("b", title: "Lighthouse tours")])
        XCTAssertEqual(try count("lighthouse"), 2)
        _ = try index.deleteItems(identifiers: ["b"])
        XCTAssertEqual(try count("tours"), 0, "a word no item holds any more is dropped")
        XCTAssertEqual(try searchIDs("turos"), [], "and offered as a typo alternative no more")
        _ = try index.deleteAllItems()
        XCTAssertEqual(try count("lighthouse"), 0)
        try index.indexItems([item("c", title: "Harbour lights")])
        let kept = try index.store.read { try index.vocabulary.snapshot($0) }
        let read = try listReadFromTheIndex()
        XCTAssertEqual(kept.words, read.words, "the list kept in step equals one read from the index")
        XCTAssertEqual(kept.counts, read.counts)
    }

    func testTheNextOpenersFirstSearchReadsTheSavedList() throws {
        try index.indexItems([item("receive", title: "How to receive a parcel"), item("weird", title: "Weird fiction")])
        XCTAssertEqual(try searchIDs("wierd"), ["weird"], "loads the word list")
        try index.indexItems([item("achieve", title: "Achieve your goals")])
        index.close()
        index = nil
        index = try openIndex()
        XCTAssertEqual(try searchIDs("acheive"), ["achieve"])
        XCTAssertEqual(index.vocabulary.cacheReads.load(ordering: .relaxed), 1, "the saved list, not a read of items_fts")
        let saved = try index.store.read { try index.vocabulary.snapshot($0) }
        let read = try listReadFromTheIndex()
        XCTAssertEqual(saved.words, read.words)
        XCTAssertEqual(saved.counts, read.counts)
    }

    func testASavedListOfAnotherGenerationIsNotUsed() throws {
        try index.indexItems([item("weird", title: "Weird fiction")])
        XCTAssertEqual(try searchIDs("wierd"), ["weird"], "loads the word list")
        index.close()
        // Another opener writes after the list was saved.
        let other = try openIndex()
        try other.indexItems([item("believe", title: "Believe it")])
        index = try openIndex()
        XCTAssertEqual(try searchIDs("beleive"), ["believe"], "read from items_fts")
        XCTAssertEqual(index.vocabulary.cacheReads.load(ordering: .relaxed), 0)
    }

    func testADamagedSavedListIsNotUsed() throws {
        try index.indexItems([item("weird", title: "Weird fiction")])
        XCTAssertEqual(try searchIDs("wierd"), ["weird"], "loads the word list")
        index.close()
        index = nil
        let path = Vocabulary.cachePath(in: directory)
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertGreaterThan(bytes.count, 40)
        bytes.removeLast(3)
        try bytes.write(to: URL(fileURLWithPath: path))
        index = try openIndex()
        XCTAssertEqual(try searchIDs("wierd"), ["weird"])
        XCTAssertEqual(index.vocabulary.cacheReads.load(ordering: .relaxed), 0)
    }

    func testTheSavedListReadsBackExactly() throws {
        let words: [(String, Int32)] = [
            ("a", 1), ("ab", 300), ("abandon", 5), ("abandoned", 70_000), ("abandoning", 2), ("b", Int32.max),
            ("café", 3), ("cafés", 4), ("naïve", 128),
            (String(repeating: "z", count: Vocabulary.longestWord), 1), ("ωmega", 9), ("𝔘nicode", 16_384),
        ]
        let list = Vocabulary.Snapshot(words: words.map { (word: $0.0.unicodeScalars.map(\.value), count: $0.1) })
        let bytes = WordListFile.bytes(of: list, generation: 42)
        let read = bytes.withUnsafeBytes { WordListFile.snapshot(from: $0, generation: 42) }
        XCTAssertEqual(read, list)
        XCTAssertNil(bytes.withUnsafeBytes { WordListFile.snapshot(from: $0, generation: 43) }, "another generation")
        XCTAssertNil(bytes.dropLast().withUnsafeBytes { WordListFile.snapshot(from: $0, generation: 42) }, "a cut file")
        XCTAssertNil((bytes + [0]).withUnsafeBytes { WordListFile.snapshot(from: $0, generation: 42) }, "bytes after the list")
        var older = bytes
        older[WordListFile.magic.count - 2] = UInt8(ascii: "1")
        XCTAssertNil(older.withUnsafeBytes { WordListFile.snapshot(from: $0, generation: 42) }, "the earlier layout")
        let backwards: [(word: [UInt32], count: Int32)] = [(word: [0x62], count: 1), (word: [0x61], count: 1)]
        let reordered = Vocabulary.Snapshot(words: backwards)
        let unordered = WordListFile.bytes(of: reordered, generation: 1)
        XCTAssertNil(unordered.withUnsafeBytes { WordListFile.snapshot(from: $0, generation: 1) }, "words out of order")
    }
}
