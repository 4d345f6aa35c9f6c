import Foundation
import XCTest
@testable import SearchIndex

/// What an index holds, as a row count and a checksum over every stored row and
/// setting: two equal snapshots mean nothing was written in between.
struct IndexSnapshot: Equatable, CustomStringConvertible {
    var itemCount: Int
    var checksum: UInt64

    /// Reads the database of `index` through a connection of its own.
    init(of index: SearchableIndex) throws {
        let connection = try Connection(path: index.databasePath, create: false)
        var hash = FNV1a()
        var count = 0
        for table in ["items ORDER BY id", "settings ORDER BY key", "engagements ORDER BY id"] {
            let statement = try connection.prepare("SELECT * FROM \(table)")
            let columns = statement.columnCount
            while try statement.step() {
                if table.hasPrefix("items") { count += 1 }
                for column in 0..<columns {
                    hash.add("\(statement.value(column))")
                    hash.add("\u{1F}")
                }
                hash.add("\u{1E}")
            }
        }
        itemCount = count
        checksum = hash.value
    }

    var description: String { "\(itemCount) rows, checksum \(String(checksum, radix: 16))" }
}

/// The 64-bit FNV-1a hash, enough to tell two database dumps apart.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }
}

extension XCTestCase {
    /// Runs `body` and asserts it left the index exactly as it found it.
    func assertUnchanged(_ index: SearchableIndex, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                         _ body: () throws -> Void) rethrows {
        let before = try? IndexSnapshot(of: index)
        try body()
        let after = try? IndexSnapshot(of: index)
        XCTAssertNotNil(before, file: file, line: line)
        XCTAssertEqual(before, after, "\(what) changed the index", file: file, line: line)
    }
}

extension Connection {
    /// A test's own connection on the index in `directory`, with `fulltext.sqlite3`
    /// attached as the index's readers have it, so `items_fts` is found unqualified.
    static func inspecting(_ directory: String) throws -> Connection {
        let connection = try Connection(path: SearchableIndex.databasePath(in: directory), create: false)
        try connection.attach(FullTextWriter.path(in: directory), as: "fulltext")
        return connection
    }
}
