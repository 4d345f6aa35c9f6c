import XCTest
final class SystemSearchTestsPlaceholder: XCTestCase { func testNothing() {} }
