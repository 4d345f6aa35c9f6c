import XCTest
final class SearchOnDeviceTestsPlaceholder: XCTestCase { func testNothing() {} }
