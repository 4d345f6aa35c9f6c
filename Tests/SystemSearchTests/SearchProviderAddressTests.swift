import SystemSearch
import XCTest

final class SearchProviderAddressTests: XCTestCase {
    func testObjectPathIsTheAppIDWithSlashesPlusSearchProvider() throws {
        let address = try SearchProviderAddress(appID: "org.example.Foods")
        XCTAssertEqual(address.busName, "org.example.Foods")
        XCTAssertEqual(address.objectPath, "/org/example/Foods/SearchProvider")
        // '-' is legal in a bus name but not in an object path.
        XCTAssertEqual(try SearchProviderAddress(appID: "com.example.my-app").objectPath, "/com/example/my_app/SearchProvider")
    }

    func testAnAppIDThatIsNoBusNameIsRejectedByName() {
        for bad in ["", "Foods", "org..Foods", "org.1example.Foods", "org.example.Foods!", "org.exämple.Foods"] {
            XCTAssertThrowsError(try SearchProviderAddress(appID: bad), bad) { error in
                XCTAssertEqual((error as? SystemSearchError)?.code, SystemSearchError.invalidArgument)
                XCTAssertTrue("\(error)".contains("'\(bad)'"), "\(error)")
            }
        }
    }
}
