import Foundation
import Synchronization
import XCTest

@testable import SearchIndex

/// Swift scalar functions registered on a real SQLite connection (``SQLFunction``),
/// and the query language's two functions called from SQL directly.
final class SQLFunctionTests: XCTestCase {
    private func connection() throws -> Connection {
        let connection = try Connection(path: ":memory:", create: true)
        try connection.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (NULL), ('été'), (''), (40)")
        return connection
    }

    private func column(_ connection: Connection, _ sql: String) throws -> [SQLValue] {
        let statement = try connection.prepare(sql)
        var values: [SQLValue] = []
        while try statement.step() { values.append(statement.value(0)) }
        return values
    }

    func testArgumentsAndResultsCrossAsTyped() throws {
        let connection = try connection()
        try connection.register(SQLFunction(name: "describe", argumentCount: 1) { call in
            if call.isNull(0) { return .null }
            guard let text = call.utf8(0) else { return .error("no text") }
            // Integers arrive as their text too; the length is in bytes.
            return .integer(call.int64(0) * 1000 + Int64(text.count))
        })
        XCTAssertEqual(try column(connection, "SELECT describe(x) FROM t ORDER BY rowid"),
                       [.integer(1001), .null, .integer(5), .integer(0), .integer(40002)])
    }

    func testAnErrorResultFailsTheStatementWithItsMessage() throws {
        let connection = try connection()
        try connection.register(SQLFunction(name: "refuse", argumentCount: 1) { _ in .error("refused on purpose") })
        XCTAssertThrowsError(try column(connection, "SELECT refuse(x) FROM t")) { error in
            XCTAssertEqual((error as? IndexError)?.code, IndexError.unavailable("").code)
            XCTAssertTrue("\(error)".contains("refused on purpose"), "\(error)")
        }
    }

    func testTheArgumentCountIsCheckedWhenPrepared() throws {
        let connection = try connection()
        try connection.register(SQLFunction(name: "one", argumentCount: 1) { _ in .integer(1) })
        XCTAssertThrowsError(try connection.prepare("SELECT one(x, x) FROM t"))
        XCTAssertEqual(try column(connection, "SELECT one(x) FROM t LIMIT 1"), [.integer(1)])
    }

    /// A value derived from a constant argument is made once per statement, not per row.
    func testAMemoIsKeptForAConstantArgument() throws {
        let connection = try connection()
        final class Box {}
        let made = Mutex(0)
        try connection.register(SQLFunction(name: "memo", argumentCount: 2) { call in
            let box: Box? = call.memo(forArgument: 1, isUsable: { _ in true }) {
                made.withLock { $0 += 1 }
                return Box()
            }
            return box == nil ? .null : .integer(1)
        })
        XCTAssertEqual(try column(connection, "SELECT memo(x, 'constant') FROM t").count, 5)
        XCTAssertEqual(made.withLock { $0 }, 1)
        // With an argument that changes from row to row, SQLite keeps nothing.
        XCTAssertEqual(try column(connection, "SELECT memo(x, x) FROM t").count, 5)
        XCTAssertEqual(made.withLock { $0 }, 6)
    }

    func testTheQueryFunctionsFromSQL() throws {
        let connection = try connection()
        for function in QueryLanguage.functions { try connection.register(function) }
        // Modifiers: c = 1, d = 2 (the pattern is QueryText's encoding; plain text is literal).
        XCTAssertEqual(try column(connection, "SELECT searchlight_match(x, 'ete', 3) FROM t ORDER BY rowid"),
                       [.integer(0), .integer(0), .integer(1), .integer(0), .integer(0)])
        XCTAssertEqual(try column(connection, "SELECT searchlight_compare(x, 'ETE', 3) FROM t ORDER BY rowid"),
                       [.integer(-1), .null, .integer(0), .integer(-1), .integer(-1)])
        XCTAssertThrowsError(try column(connection, "SELECT searchlight_match(x, NULL, 0) FROM t")) { error in
            XCTAssertTrue("\(error)".contains("searchlight_match: the pattern is NULL"), "\(error)")
        }
        XCTAssertThrowsError(try column(connection, "SELECT searchlight_compare(x, NULL, 0) FROM t")) { error in
            XCTAssertTrue("\(error)".contains("searchlight_compare: the value is NULL"), "\(error)")
        }
    }
}
