import XCTest
final class SearchIndexTestsPlaceholder: XCTestCase { func testNothing() {} }
