import Foundation
import XCTest
@testable import SearchIndex

/// The shared base of the index tests: a fresh temporary data directory and an index
/// opened in it, removed after each test.
class IndexTestCase: XCTestCase {
    var directory: String!
    var index: SearchableIndex!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "searchindex-tests-" + UUID().uuidString
        index = try openIndex()
    }

    override func tearDownWithError() throws {
        index = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Opens (another) index on the test's directory.
    func openIndex(now: (@Sendable () -> Date)? = nil, compiler: QueryLanguageProvider? = nil) throws -> SearchableIndex {
        var configuration = SearchableIndex.Configuration(directory: directory, defaultDomain: "org.example.app", queryLanguage: compiler ?? QueryLanguageProvider.standard)
        if let now { configuration.now = now }
        return try SearchableIndex(configuration: configuration)
    }

    /// An item with a title and optional other fields.
    func item(_ id: String, title: String? = nil, domain: String? = nil, description: String? = nil,
              keywords: [String]? = nil, text: String? = nil, rankingHint: Double? = nil,
              expiration: Date? = nil) -> SearchableItem {
        SearchableItem(id: id, domain: domain, expirationDate: expiration, attributes: SearchableItemAttributeSet(
            title: title, contentDescription: description, keywords: keywords, textContent: text, rankingHint: rankingHint))
    }

    /// The identifiers of the hits for `text`, best first.
    func searchIDs(_ text: String, domains: [String]? = nil, limit: Int = 20, matching: MatchingStrategy = .last) throws -> [String] {
        try index.search(text, domains: domains, limit: limit, matchingStrategy: matching).hits.map { $0.item.id }
    }

    /// Asserts that `body` throws an ``IndexError`` with `code` whose message contains `fragment`.
    func assertIndexError(_ code: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) {
        do {
            try body()
            XCTFail("expected \(code)", file: file, line: line)
        } catch let error as IndexError {
            XCTAssertEqual(error.code, code, error.message, file: file, line: line)
            XCTAssertTrue(error.message.contains(fragment), "'\(error.message)' lacks '\(fragment)'", file: file, line: line)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
    }
}
