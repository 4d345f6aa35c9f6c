import Foundation
import XCTest
@testable import SearchIndex

/// Nobody in: private files, apps that never see each other's items, and damaged
/// index files detected, moved aside and reported instead of crashing.
final class IsolationTests: IndexTestCase {
    private func mode(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else {
            XCTFail("\(path) is missing", file: file, line: line)
            return -1
        }
        return Int(info.st_mode) & 0o777
    }

    private func thumbnailItem(_ id: String) -> SearchableItem {
        SearchableItem(id: id, attributes: SearchableItemAttributeSet(
            title: "With picture", thumbnail: .data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2], mimeType: "image/png")))
    }

    func testFilesArePrivateWhateverTheUmask() throws {
        index = nil
        let previous = umask(0)
        defer { umask(previous) }
        let nested = directory + "/a/b/app"
        // An existing directory and database that are too open get tightened.
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let open = try SearchableIndex(directory: nested, defaultDomain: "app")
        try open.indexItems([thumbnailItem("t")])
        _ = try open.search("picture")
        XCTAssertEqual(mode(nested), 0o700)
        for name in ["index.sqlite3", "index.sqlite3-wal", "index.sqlite3-shm"] {
            XCTAssertEqual(mode(nested + "/" + name), 0o600, name)
        }
        XCTAssertEqual(mode(nested + "/thumbnails"), 0o700)
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: nested + "/thumbnails")
        XCTAssertEqual(thumbnails.count, 1)
        for name in thumbnails { XCTAssertEqual(mode(nested + "/thumbnails/" + name), 0o600, name) }

        // A database file left world-readable is made private when opened.
        let other = directory + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        _ = try SearchableIndex(directory: other, defaultDomain: "app")
        chmod(other + "/index.sqlite3", 0o644)
        let reopened = try SearchableIndex(directory: other, defaultDomain: "app")
        try reopened.indexItems([thumbnailItem("u")])
        XCTAssertEqual(mode(other), 0o700)
        XCTAssertEqual(mode(other + "/index.sqlite3"), 0o600)
        XCTAssertEqual(mode(other + "/index.sqlite3-wal"), 0o600)
    }

    func testTwoAppsNeverSeeEachOthersItems() throws {
        let first = index!
        let second = try SearchableIndex(directory: directory + "-second", defaultDomain: "org.example.second")
        defer { try? FileManager.default.removeItem(atPath: directory + "-second") }
        try first.indexItems([item("shared-id", title: "First app secret", keywords: ["alpha"]), item("only-first", title: "Mine")],
                             clientState: "first")
        try second.indexItems([item("shared-id", title: "Second app note", keywords: ["beta"])], clientState: "second")

        XCTAssertEqual(try first.search("secret").hits.map { $0.item.id }, ["shared-id"])
        XCTAssertEqual(try second.search("secret").hits.count, 0)
        XCTAssertEqual(try second.search("mine").hits.count, 0)
        XCTAssertEqual(try second.items(identifiers: ["shared-id", "only-first"]).map { $0?.attributes.title }, ["Second app note", nil])
        XCTAssertEqual(try second.query(#"keywords == "alpha""#).count, 0)
        XCTAssertEqual(try second.systemSearch(terms: ["secret"]).count, 0)
        XCTAssertEqual(try second.systemSearchMetas(ids: ["only-first"]).count, 0)
        XCTAssertEqual(try first.fetchLastClientState(), "first")
        XCTAssertEqual(try second.fetchLastClientState(), "second")
        XCTAssertEqual(try second.statistics().itemsPerDomain, ["org.example.second": 1])

        // Deleting everything in one app leaves the other whole.
        let before = try IndexSnapshot(of: first)
        XCTAssertEqual(try second.deleteAllItems(), 1)
        XCTAssertEqual(try second.deleteItems(identifiers: ["only-first"]), 0)
        XCTAssertEqual(try IndexSnapshot(of: first), before)
        XCTAssertEqual(try first.items(identifiers: ["shared-id"]).first??.attributes.title, "First app secret")
    }

    /// Closes the test's index after filling it, damages its file with `damage`, and
    /// opens it again: the damage must be detected, set aside and reported.
    private func assertDamageIsDetected(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                                        _ damage: (_ path: String, _ size: Int) throws -> Void) throws {
        let items = (0..<2000).map { item("n\($0)", title: "Note \($0)", text: String(repeating: "body text \($0) ", count: 20)) }
        try index.indexItems(items, clientState: "full")
        index = nil
        let path = directory + "/index.sqlite3"
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the WAL should be checkpointed on close", file: file, line: line)
        let size = Int(DataDirectory.fileSize(path))
        try damage(path, size)

        let reopened: SearchableIndex
        do {
            reopened = try openIndex()
        } catch {
            return XCTFail("\(what): opening failed instead of resetting: \(error)", file: file, line: line)
        }
        XCTAssertTrue(reopened.wasReset, "\(what): not reported", file: file, line: line)
        XCTAssertEqual(try reopened.statistics().itemCount, 0, file: file, line: line)
        XCTAssertNil(try reopened.fetchLastClientState(), file: file, line: line)
        XCTAssertEqual(try reopened.indexItems([item("fresh", title: "Fresh start")]), 1, file: file, line: line)
        XCTAssertEqual(try reopened.search("fresh").hits.map { $0.item.id }, ["fresh"], file: file, line: line)
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("index.sqlite3.corrupt-") }
        XCTAssertEqual(aside.count, 1, "\(what): the damaged file is not kept aside", file: file, line: line)
        if let name = aside.first { XCTAssertEqual(mode(directory + "/" + name), 0o600, file: file, line: line) }
        // Opening once more is a normal open.
        XCTAssertFalse(try openIndex().wasReset, file: file, line: line)
    }

    func testTruncatedIndexIsMovedAsideAndReported() throws {
        try assertDamageIsDetected("truncated to a third") { path, size in
            XCTAssertEqual(truncate(path, off_t(size / 3)), 0)
        }
    }

    func testOverwrittenPagesAreMovedAsideAndReported() throws {
        try assertDamageIsDetected("pages overwritten") { path, size in
            let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
            defer { try? handle.close() }
            // Keep the header page (with the schema); scribble over every page after it.
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for offset in stride(from: 4096, to: size, by: 4096) {
                try handle.seek(toOffset: UInt64(offset))
                let page = (0..<512).flatMap { _ -> [UInt8] in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return withUnsafeBytes(of: state) { Array($0) }
                }
                try handle.write(contentsOf: Data(page))
            }
        }
    }

    func testGarbageHeaderIsMovedAsideAndReported() throws {
        try assertDamageIsDetected("garbage header") { path, _ in
            let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
            defer { try? handle.close() }
            try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
        }
    }

    func testGarbageWALIsIgnoredWithoutLosingData() throws {
        try index.indexItems([item("kept", title: "Kept")], clientState: "s")
        index = nil
        try Data((0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: directory + "/index.sqlite3-wal"))
        let reopened = try openIndex()
        XCTAssertFalse(reopened.wasReset)
        XCTAssertEqual(try reopened.items(identifiers: ["kept"]).first??.attributes.title, "Kept")
        XCTAssertEqual(try reopened.fetchLastClientState(), "s")
    }

    func testUnusableDataDirectoryIsACodedError() throws {
        index = nil
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: directory + "-file"))
        defer { unlink(directory + "-file") }
        for path in [directory + "-file", directory + "-file/app", "/proc/searchlight-cannot-be-here"] {
            do {
                _ = try SearchableIndex(directory: path, defaultDomain: "app")
                XCTFail("\(path) opened")
            } catch let error as IndexError {
                XCTAssertEqual(error.code, IndexError.indexUnavailable, error.message)
            }
        }
    }
}
