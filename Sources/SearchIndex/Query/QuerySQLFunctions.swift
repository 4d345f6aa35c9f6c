import CSQLite

/// The SQL functions compiled queries call, registered on a connection by
/// ``QueryLanguage/registerFunctions(on:)``.
///
/// - `searchlight_match(field, pattern, modifiers)`: 1 when the text `field` matches
///   the encoded `pattern` (see ``QueryText/encodedPattern``) under the modifier bits
///   (c = 1, d = 2, w = 4, t = 8), else 0; 0 when `field` is NULL.
/// - `searchlight_compare(field, value, modifiers)`: -1, 0 or 1 as the folded `field`
///   sorts before, equal to or after the folded `value`; NULL when `field` is NULL.
///
/// Both are deterministic and innocuous; the compiled pattern is kept with the
/// statement through `sqlite3_set_auxdata`, so it is built once per statement.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/create_function.html>,
/// <https://www.sqlite.org/c3ref/get_auxdata.html>
enum QuerySQLFunctions {
    static let matchName = "searchlight_match"
    static let compareName = "searchlight_compare"

    /// Registers both functions; returns the first SQLite result code that is not `SQLITE_OK`.
    static func register(on db: OpaquePointer) -> Int32 {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        var rc = sqlite3_create_function_v2(db, matchName, 3, flags, nil, { context, count, arguments in
            QuerySQLFunctions.match(context, count, arguments)
        }, nil, nil, nil)
        guard rc == SQLITE_OK else { return rc }
        rc = sqlite3_create_function_v2(db, compareName, 3, flags, nil, { context, count, arguments in
            QuerySQLFunctions.compare(context, count, arguments)
        }, nil, nil, nil)
        return rc
    }

    /// Calls `body` with the UTF-8 bytes of a text argument, or returns `nil` for NULL.
    private static func withText<T>(_ value: OpaquePointer?, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard sqlite3_value_type(value) != SQLITE_NULL else { return nil }
        let pointer = sqlite3_value_text(value)
        let count = Int(sqlite3_value_bytes(value))
        guard let pointer else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// The object cached for argument 1 of this statement, or a new one made by `make` and cached.
    private static func cached<T: AnyObject>(_ context: OpaquePointer?, isUsable: (T) -> Bool,
                                             make: () -> T?) -> T? {
        if let raw = sqlite3_get_auxdata(context, 1) {
            let object = Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
            if let object = object as? T, isUsable(object) { return object }
        }
        guard let object = make() else { return nil }
        let retained = Unmanaged<AnyObject>.passRetained(object as AnyObject).toOpaque()
        sqlite3_set_auxdata(context, 1, retained) { raw in
            if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
        }
        return object
    }

    private static func match(_ context: OpaquePointer?, _ count: Int32,
                              _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard count == 3, let arguments else {
            sqlite3_result_error(context, "\(matchName) takes 3 arguments", -1)
            return
        }
        let modifiers = QueryModifiers(rawValue: Int(sqlite3_value_int(arguments[2])))
        let pattern: TextPattern? = cached(context, isUsable: { $0.modifiers == modifiers }) {
            withText(arguments[1]) { bytes in
                QueryText.pieces(decoding: String(decoding: bytes, as: UTF8.self))
            }?.map { TextPattern(pieces: $0, modifiers: modifiers) }
        }
        guard let pattern else {
            sqlite3_result_error(context, "\(matchName): the pattern is NULL or ends in a lone backslash", -1)
            return
        }
        let matched = withText(arguments[0]) { pattern.matches($0) } ?? false
        sqlite3_result_int(context, matched ? 1 : 0)
    }

    /// A folded comparison value, cached per statement.
    private final class FoldedValue {
        let modifiers: QueryModifiers
        let bytes: [UInt8]
        init(modifiers: QueryModifiers, bytes: [UInt8]) {
            self.modifiers = modifiers
            self.bytes = bytes
        }
    }

    private static func folding(_ modifiers: QueryModifiers) -> TextFolding {
        TextFolding(caseInsensitive: modifiers.contains(.caseInsensitive),
                    diacriticInsensitive: modifiers.contains(.diacriticInsensitive))
    }

    private static func compare(_ context: OpaquePointer?, _ count: Int32,
                                _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard count == 3, let arguments else {
            sqlite3_result_error(context, "\(compareName) takes 3 arguments", -1)
            return
        }
        let modifiers = QueryModifiers(rawValue: Int(sqlite3_value_int(arguments[2])))
        let value: FoldedValue? = cached(context, isUsable: { $0.modifiers == modifiers }) {
            withText(arguments[1]) { FoldedValue(modifiers: modifiers, bytes: folding(modifiers).fold($0)) }
        }
        guard let value else {
            sqlite3_result_error(context, "\(compareName): the value is NULL", -1)
            return
        }
        guard let field = withText(arguments[0], { folding(modifiers).fold($0) }) else {
            sqlite3_result_null(context)
            return
        }
        let order: Int32 = field.lexicographicallyPrecedes(value.bytes) ? -1 : (field == value.bytes ? 0 : 1)
        sqlite3_result_int(context, order)
    }
}
