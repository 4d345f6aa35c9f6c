import Foundation
import JSHost
import XCTest
@testable import SearchOnDevice

/// Images named by items: local files, `data:` URLs, base64, web images from a real
/// server on 127.0.0.1, and images that cannot be fetched (indexed without one, with
/// one warning each).
final class ThumbnailTests: ModuleTestCase {
    /// A GIF's first bytes: different from the PNG, recognisable by the index.
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]

    var images: String { directory + "-images" }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: images)
        try super.tearDownWithError()
    }

    /// The bytes of the stored thumbnail of `id`, or `nil` when it has none.
    func thumbnailBytes(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8]? {
        let stored = try XCTUnwrap(try item(id, file: file, line: line), "\(id) is stored", file: file, line: line)
        guard case .string(let path)? = stored["thumbnail"] else { return nil }
        XCTAssertTrue(path.hasPrefix(directory + "/thumbnails/"), path, file: file, line: line)
        return Fixture.bytes(at: path)
    }

    func testLocalImagesDataURLsAndBase64AreStored() throws {
        let cover = try Fixture.writePNG(in: images)
        try call("indexItems", [
            ["id": "path", "imageUrl": .string(cover)],
            ["id": "file-url", "thumbnailURL": .string("file://" + cover)],
            ["id": "data-url", "thumbnailUri": .string("data:image/png;base64," + Fixture.pngBase64)],
            ["id": "base64", "thumbnailData": .string(Fixture.pngBase64)],
            ["id": "base64-prefixed", "thumbnailData": .string("data:image/png;base64," + Fixture.pngBase64)],
            ["id": "base64-unpadded", "thumbnailData": .string(String(Fixture.pngBase64.dropLast(2)))],
            ["id": "bytes", "thumbnailData": .bytes(Fixture.png)],
        ])
        for id in ["path", "file-url", "data-url", "base64", "base64-prefixed", "base64-unpadded", "bytes"] {
            XCTAssertEqual(try thumbnailBytes(id), Fixture.png, id)
        }
        let path = try XCTUnwrap(try item("path")?["thumbnail"]?.stringValue)
        XCTAssertTrue(path.hasSuffix(".png"), path)
        XCTAssertEqual(warnings.all, [])
    }

    func testWebImagesAreDownloadedEachIntoItsOwnItem() throws {
        let server = try LocalHTTPServer(files: ["cover.png": Fixture.png, "other.gif": Self.gif])
        try call("indexItems", [
            ["id": "web-png", "imageUrl": .string(server.url("cover.png")), "title": "Web cover"],
            ["id": "web-gif", "thumbnailUri": .string(server.url("other.gif"))],
            ["id": "inline", "thumbnailData": .string(Fixture.pngBase64)],
        ])
        XCTAssertEqual(try thumbnailBytes("web-png"), Fixture.png)
        XCTAssertEqual(try thumbnailBytes("web-gif"), Self.gif)
        XCTAssertEqual(try thumbnailBytes("inline"), Fixture.png)
        XCTAssertEqual(warnings.all, [])
    }

    func testWebImagesFollowRedirectsAndKeepTheirMIMEType() throws {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#.utf8)
        // http.server answers a folder without its slash with a 301 to the folder, then
        // serves its index.html (with the PNG's bytes) as text/html.
        let server = try LocalHTTPServer(files: ["moved/index.html": Fixture.png, "logo.svg": svg])
        try call("indexItems", [
            ["id": "redirected", "imageUrl": .string(server.url("moved"))],
            ["id": "svg", "imageUrl": .string(server.url("logo.svg"))],
        ])
        XCTAssertEqual(try thumbnailBytes("redirected"), Fixture.png)
        XCTAssertEqual(try thumbnailBytes("svg"), svg)
        // The extension comes from the response's image/svg+xml: the bytes have no signature.
        let path = try XCTUnwrap(try item("svg")?["thumbnail"]?.stringValue)
        XCTAssertTrue(path.hasSuffix(".svg"), path)
        XCTAssertEqual(warnings.all, [])
    }

    func testAnImageThatCannotBeFetchedLeavesTheItemWithoutAThumbnailAndWarnsOnce() throws {
        let server = try LocalHTTPServer(files: ["cover.png": Fixture.png])
        let missing = server.url("missing.png")
        XCTAssertEqual(try call("indexItems", [
            ["id": "ok", "imageUrl": .string(server.url("cover.png"))],
            ["id": "not-found", "title": "No cover", "imageUrl": .string(missing)],
            ["id": "no-file", "imageUrl": .string(images + "/nothing.png")],
        ]), 3)
        XCTAssertEqual(try thumbnailBytes("ok"), Fixture.png)
        XCTAssertNil(try thumbnailBytes("not-found"))
        XCTAssertEqual(try item("not-found")?["title"], "No cover")
        XCTAssertNil(try thumbnailBytes("no-file"))
        XCTAssertEqual(warnings.all, [
            "searchlight: items[1].imageUrl: could not fetch \(missing) (HTTP 404); indexed without a thumbnail",
            "searchlight: items[2].imageUrl: could not fetch \(images)/nothing.png (no such file); indexed without a thumbnail",
        ])
    }

    func testAClosedPortAndASilentServerFailWithoutHangingTheWrites() throws {
        let silent = try SilentServer()
        let closedPort = try SilentServer().port  // bound then closed: nothing listens there
        module = makeModule(fetcher: ThumbnailFetcher(timeout: 1))
        try call("indexItems", [
            ["id": "silent", "imageUrl": .string("http://127.0.0.1:\(silent.port)/cover.png")],
            ["id": "refused", "imageUrl": .string("http://127.0.0.1:\(closedPort)/cover.png")],
        ])
        XCTAssertNil(try thumbnailBytes("silent"))
        XCTAssertNil(try thumbnailBytes("refused"))
        let lines = warnings.all
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix("; indexed without a thumbnail") }, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("searchlight: items[0].imageUrl: could not fetch http://127.0.0.1:\(silent.port)/cover.png ("), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("searchlight: items[1].imageUrl: could not fetch http://127.0.0.1:\(closedPort)/cover.png ("), lines[1])
    }

    func testImagesOverTheSizeCapAreNotStored() throws {
        let server = try LocalHTTPServer(files: ["cover.png": Fixture.png])
        let cover = try Fixture.writePNG(in: images)
        module = makeModule(fetcher: ThumbnailFetcher(maximumBytes: 16))
        try call("indexItems", [
            ["id": "big-web", "imageUrl": .string(server.url("cover.png"))],
            ["id": "big-file", "imageUrl": .string(cover)],
        ])
        XCTAssertNil(try thumbnailBytes("big-web"))
        XCTAssertNil(try thumbnailBytes("big-file"))
        XCTAssertEqual(warnings.all, [
            "searchlight: items[0].imageUrl: could not fetch \(server.url("cover.png")) (larger than 16 bytes); indexed without a thumbnail",
            "searchlight: items[1].imageUrl: could not fetch \(cover) (larger than 16 bytes); indexed without a thumbnail",
        ])
    }

    func testAMergeWhoseImageFailsKeepsTheStoredThumbnail() throws {
        try call("indexItem", ["id": "keep", "title": "Kept cover", "thumbnailData": .string(Fixture.pngBase64)])
        try call("indexItem", ["id": "keep", "isUpdate": true, "imageUrl": .string(images + "/gone.png")])
        XCTAssertEqual(try thumbnailBytes("keep"), Fixture.png)
        XCTAssertEqual(warnings.all, [
            "searchlight: item.imageUrl: could not fetch \(images)/gone.png (no such file); the stored thumbnail is kept",
        ])
    }

    func testNoWarningForABatchThatIsRejected() throws {
        let error = rejection("indexItems", [
            ["id": "w1", "imageUrl": .string(images + "/gone.png")],
            ["id": "w2", "domain": "org..bad"],
        ])
        XCTAssertEqual(error.code, "E_INVALID_ITEM")
        XCTAssertEqual(warnings.all, [], "nothing was indexed, so nothing was indexed without a thumbnail")
        XCTAssertEqual(try call("getItems", ["w1", "w2"]), [nil, nil])
    }

    func testActivitiesTakeImagesToo() throws {
        let cover = try Fixture.writePNG(in: images)
        try call("becomeCurrent", ["activityType": "org.example.view", "title": "Viewed cover", "imageUrl": .string(cover),
                                   "eligibleForSearch": true])
        try call("becomeCurrent", ["activityType": "org.example.view", "title": "Viewed nothing",
                                   "imageUrl": .string(images + "/gone.png"), "eligibleForSearch": true])
        XCTAssertEqual(warnings.all, [
            "searchlight: activity.imageUrl: could not fetch \(images)/gone.png (no such file); recorded without a thumbnail",
        ])
    }
}
