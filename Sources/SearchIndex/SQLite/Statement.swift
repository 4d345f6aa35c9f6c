import CSQLite

/// A prepared SQLite statement; the only owner of its `sqlite3_stmt`.
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/stmt.html>
final class Statement {
    let handle: OpaquePointer
    private unowned let connection: Connection
    let sql: String

    init(connection: Connection, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw connection.error(code, context: "prepare \(sql)")
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to parameters 1, 2, 3…
    @discardableResult
    func bind(_ values: [SQLValue]) -> Statement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() { bind(value, at: Int32(offset + 1)) }
        return self
    }

    /// Resets the statement and binds `integer` as its only parameter: `bind([.integer(v)])`
    /// without making an array, for the statements a search runs once per candidate.
    @discardableResult
    func bind(only integer: Int64) -> Statement {
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, integer)
        return self
    }

    /// Binds one value at a 1-based parameter index.
    func bind(_ value: SQLValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let v): sqlite3_bind_int64(handle, index, v)
        case .real(let v): sqlite3_bind_double(handle, index, v)
        case .text(let v): bindText(v, at: index)
        case .blob(let v):
            v.withUnsafeBytes { raw in
                _ = sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), searchlight_sqlite_transient())
            }
        }
    }

    /// Binds text, or NULL for `nil`.
    func bind(_ text: String?, at index: Int32) {
        if let text { bindText(text, at: index) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds text with its byte length, so a NUL inside it is data rather than its end
    /// (with length -1 SQLite stops at the first NUL: `a\0b` would match the id `a`).
    private func bindText(_ text: String, at index: Int32) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // An empty buffer may have no address; SQLite wants one for empty text.
                _ = sqlite3_bind_text(handle, index, chars.baseAddress ?? emptyText, Int32(chars.count), searchlight_sqlite_transient())
            }
        }
    }

    /// Binds a real, or NULL for `nil`.
    func bind(_ number: Double?, at index: Int32) {
        if let number { sqlite3_bind_double(handle, index, number) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds an integer, or NULL for `nil`.
    func bind(_ number: Int64?, at index: Int32) {
        if let number { sqlite3_bind_int64(handle, index, number) } else { sqlite3_bind_null(handle, index) }
    }

    /// Runs one step; `true` when a row is available.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        let error = connection.error(code, context: sql)
        sqlite3_reset(handle)
        throw error
    }

    /// Runs the statement to completion, ignoring rows.
    func run() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Resets the statement so its read locks are released.
    func reset() { sqlite3_reset(handle) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    /// The number of `?` parameters the statement has (the largest index of one).
    var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// The number of columns a row of this statement has.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    func text(_ column: Int32) -> String? {
        utf8(column).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The UTF-8 bytes of a column of the current row as SQLite holds them, without
    /// copying; `nil` for NULL. Valid until the statement steps or is reset.
    ///
    /// Related SQLite documentation: <https://sqlite.org/c3ref/column_blob.html>
    func utf8(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column)))
    }

    func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int64(column))
        case SQLITE_FLOAT: return .real(double(column))
        case SQLITE_TEXT: return .text(text(column) ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let pointer = sqlite3_column_blob(handle, column), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default: return .null
        }
    }
}

/// The text bound for an empty string whose buffer has no address.
private nonisolated(unsafe) let emptyText: UnsafePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return UnsafePointer(pointer)
}()
