import Foundation
import XCTest

@testable import SearchIndex

/// FTS5's C extension API from Swift (`SQLite/FTS5.swift`) on a real SQLite: its
/// tokenizers outside any table, and an auxiliary function written in Swift.
final class FTS5Tests: XCTestCase {
    private func strings(_ tokens: FTS5Tokens) -> [String] {
        (0 ..< tokens.count).map { String(decoding: tokens[$0], as: UTF8.self) }
    }

    func testATokenizerFoldsAndSplitsAsItsModuleDoes() throws {
        let unicode = try XCTUnwrap(FTS5Tokenizer.Factory(name: "unicode61", arguments: ["remove_diacritics", "2"])?.make())
        var text = "Crème brûlée, e-mail!"
        let tokens = text.withUTF8 { unicode.tokens($0) }
        XCTAssertEqual(strings(tokens), ["creme", "brulee", "e", "mail"])
        // Offsets are byte ranges in the text given (è and û take two bytes).
        XCTAssertEqual(tokens.offsets, [0 ..< 6, 7 ..< 15, 17 ..< 18, 19 ..< 23])

        // The arguments reach the module: without remove_diacritics, unicode61 keeps them
        // only when told 0.
        let keeping = try XCTUnwrap(FTS5Tokenizer.Factory(name: "unicode61", arguments: ["remove_diacritics", "0"])?.make())
        XCTAssertEqual(strings(text.withUTF8 { keeping.tokens($0) }), ["crème", "brûlée", "e", "mail"])

        XCTAssertEqual(strings(FTS5Tokenizer.Factory(name: "unicode61", arguments: [])!.make()!.tokens(UnsafeBufferPointer(start: nil, count: 0))), [])
    }

    func testUnknownModulesAndArgumentsAreRefused() {
        XCTAssertNil(FTS5Tokenizer.Factory(name: "no-such-tokenizer", arguments: []))
        XCTAssertNil(FTS5Tokenizer.Factory(name: "unicode61", arguments: ["no-such-option", "1"])?.make())
    }

    /// The match locator's typed entries: per group of phrases, the columns of any of
    /// them, then those of its first (the term as typed), as one walk of a typo plan reads them.
    func testTheLocatorTellsEachGroupsFirstPhraseApart() throws {
        let connection = try Connection(path: ":memory:", create: true)
        try MatchLocator.register(on: connection)
        try connection.execute("""
            CREATE VIRTUAL TABLE docs USING fts5(title, names, keywords, description, text, detail=column);
            INSERT INTO docs(rowid, title, names, keywords) VALUES (1, 'red apple', 'green', 'red'), (2, 'green', 'apple', 'blue');
            """)
        let expression = MatchExpression([
            MatchGroup(["red", "green"].map { MatchPhrase(token: $0, isPrefix: false) }),
            MatchGroup(MatchPhrase(token: "apple", isPrefix: false)),
        ])
        XCTAssertEqual(expression.text, #"("red" OR "green") AND "apple""#)
        let layout = try XCTUnwrap(expression.layout(recordingTyped: true))
        XCTAssertEqual(layout.sqlArguments, ", X'010201'")
        let statement = try connection.prepare("""
            SELECT \(MatchLocator.functionName)(docs\(layout.sqlArguments)) FROM docs WHERE docs MATCH ? ORDER BY rowid
            """)
        statement.bind([.text(expression.text)])
        var locators: [PhraseLocator] = []
        while try statement.step() { locators.append(PhraseLocator(rawValue: statement.int64(0))) }
        XCTAssertEqual(locators.count, 2)
        // Row 1: `red` in the title and keywords, `green` in the names; `apple` in the title.
        XCTAssertEqual(locators[0][0], [.title, .names, .keywords])
        XCTAssertEqual(locators[0][1], [.title, .keywords])
        XCTAssertEqual(locators[0][2], .title)
        XCTAssertEqual(locators[0][3], .title)
        // Row 2 matches through `green` only: the typed term `red` is in no column.
        XCTAssertEqual(locators[1][0], .title)
        XCTAssertEqual(locators[1][1], [])
        XCTAssertEqual(locators[1][2], .names)
        XCTAssertEqual(locators[1][3], .names)
        XCTAssertEqual(locators.map(layout.matchesAsTyped), [true, false])
        XCTAssertEqual(locators.map(layout.isHeavy), [true, true])
    }

    func testAnAuxiliaryFunctionSeesEachPhrasesColumns() throws {
        let connection = try Connection(path: ":memory:", create: true)
        try connection.execute("""
            CREATE VIRTUAL TABLE docs USING fts5(a, b, c, detail=column);
            INSERT INTO docs(rowid, a, b, c) VALUES (1, 'red apple', 'green', 'red'), (2, 'green', 'apple', 'blue');
            """)
        // Phrase i's columns in bits 8i…8i+7, and the phrase count above them.
        try connection.register(FTS5Function(name: "where_found") { call in
            var result: Int64 = Int64(call.phraseCount) << 40
            for phrase in 0 ..< call.phraseCount {
                guard let columns = call.columns(ofPhrase: phrase) else { return .error("no column list") }
                result |= Int64(columns) << (8 * Int64(phrase))
            }
            return .integer(result)
        })
        let statement = try connection.prepare("SELECT rowid, where_found(docs) FROM docs WHERE docs MATCH ? ORDER BY rowid")
        statement.bind([.text("apple OR red")])
        var rows: [Int64: Int64] = [:]
        while try statement.step() { rows[statement.int64(0)] = statement.int64(1) }
        XCTAssertEqual(rows, [1: 2 << 40 | 0b101 << 8 | 0b001, 2: 2 << 40 | 0b010])

        // Arguments after the table's name.
        try connection.register(FTS5Function(name: "argument") { call in
            guard call.argumentCount == 1 else { return .integer(-Int64(call.argumentCount)) }
            return call.utf8(0).map { .integer(Int64($0.count)) } ?? .null
        })
        let arguments = try connection.prepare("SELECT argument(docs, ?), argument(docs, NULL), argument(docs) FROM docs WHERE docs MATCH 'blue'")
        arguments.bind([.text("1,3,2")])
        XCTAssertTrue(try arguments.step())
        XCTAssertEqual([arguments.value(0), arguments.value(1), arguments.value(2)], [.integer(5), .null, .integer(0)])
        arguments.reset()

        // A blob argument's bytes as they are; any other type is no blob.
        try connection.register(FTS5Function(name: "blob_sum") { call in
            guard let bytes = call.blob(0) else { return .null }
            return .integer(bytes.reduce(0) { $0 + Int64($1) } + 1000 * Int64(bytes.count))
        })
        let blobs = try connection.prepare(
            "SELECT blob_sum(docs, X'0102FF'), blob_sum(docs, X''), blob_sum(docs, 'abc'), blob_sum(docs, NULL) FROM docs WHERE docs MATCH 'blue'")
        XCTAssertTrue(try blobs.step())
        XCTAssertEqual((0 ..< 4).map { blobs.value(Int32($0)) }, [.integer(3258), .integer(0), .null, .null])
        blobs.reset()

        try connection.register(FTS5Function(name: "refuse") { _ in .error("refused on purpose") })
        XCTAssertThrowsError(try connection.prepare("SELECT refuse(docs) FROM docs WHERE docs MATCH 'apple'").run()) { error in
            XCTAssertTrue("\(error)".contains("refused on purpose"), "\(error)")
        }
    }
}
