import XCTest
final class JSHostTestsPlaceholder: XCTestCase { func testNothing() {} }
