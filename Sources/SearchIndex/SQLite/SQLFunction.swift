import CSQLite

/// A scalar SQL function written in Swift: its name, how many arguments it takes and
/// what it computes from them.
///
/// ```swift
/// let twice = SQLFunction(name: "twice", argumentCount: 1) { call in
///     call.isNull(0) ? .null : .integer(2 * call.int64(0))
/// }
/// try connection.register(twice)   // SELECT twice(rowid) FROM items
/// ```
///
/// Functions are registered as deterministic and innocuous (their result depends on
/// their arguments only, and they have no side effects), in UTF-8; SQLite checks the
/// argument count when a statement is prepared.
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/create_function.html>
public struct SQLFunction: Sendable {
    /// The name SQL calls it by.
    public let name: String
    /// How many arguments it takes.
    public let argumentCount: Int
    let body: @Sendable (Call) -> Result

    init(name: String, argumentCount: Int, body: @escaping @Sendable (Call) -> Result) {
        self.name = name
        self.argumentCount = argumentCount
        self.body = body
    }

    /// What one call of a function returns.
    enum Result {
        case integer(Int64)
        case null
        /// The statement running the call fails with this message.
        case error(String)
    }

    /// One call of a function: its arguments, valid during the call only.
    struct Call {
        fileprivate let context: OpaquePointer?
        fileprivate let arguments: UnsafeMutablePointer<OpaquePointer?>?
        /// How many arguments the call has.
        let count: Int

        /// Whether argument `index` (0-based) is NULL.
        func isNull(_ index: Int) -> Bool {
            sqlite3_value_type(arguments?[index]) == SQLITE_NULL
        }

        /// Argument `index` as an integer (0 for NULL, as SQLite converts it).
        func int64(_ index: Int) -> Int64 {
            sqlite3_value_int64(arguments?[index])
        }

        /// The UTF-8 bytes of argument `index` as SQLite holds them, without copying;
        /// `nil` for NULL. Valid until the call returns.
        func utf8(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
            SQLFunction.utf8(of: arguments?[index])
        }

        /// An object derived from argument `index` that SQLite keeps with the running
        /// statement while that argument stays the same (a constant pattern is compiled
        /// once per statement, not once per row): the kept one when there is one and
        /// `isUsable` accepts it, else a new one from `make`, kept for the next calls.
        ///
        /// Related SQLite documentation: <https://sqlite.org/c3ref/get_auxdata.html>
        func memo<T: AnyObject>(forArgument index: Int, isUsable: (T) -> Bool, make: () -> T?) -> T? {
            if let raw = sqlite3_get_auxdata(context, Int32(index)),
               let object = Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T, isUsable(object) {
                return object
            }
            guard let object = make() else { return nil }
            // SQLite owns this reference and releases it when it drops the value (which
            // may be at once, when the argument is not a constant).
            let retained = Unmanaged<AnyObject>.passRetained(object as AnyObject).toOpaque()
            sqlite3_set_auxdata(context, Int32(index), retained) { raw in
                if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
            }
            return object
        }
    }
}

extension SQLFunction {
    /// The UTF-8 bytes of an argument value (`sqlite3_value *`) without copying; `nil`
    /// for NULL.
    static func utf8(of value: OpaquePointer?) -> UnsafeBufferPointer<UInt8>? {
        guard sqlite3_value_type(value) != SQLITE_NULL else { return nil }
        // The text first, then its length (the order SQLite's documentation asks).
        guard let pointer = sqlite3_value_text(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_value_bytes(value)))
    }

    /// The bytes of a blob argument value without copying (an empty buffer for an empty
    /// blob); `nil` for any other type, which is not converted.
    static func blob(of value: OpaquePointer?) -> UnsafeBufferPointer<UInt8>? {
        guard sqlite3_value_type(value) == SQLITE_BLOB else { return nil }
        guard let pointer = sqlite3_value_blob(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: Int(sqlite3_value_bytes(value)))
    }
}

/// The Swift closure behind a registered function, owned by SQLite (released when
/// the connection closes or the function is registered again).
private final class FunctionBody {
    let body: @Sendable (SQLFunction.Call) -> SQLFunction.Result
    init(_ body: @escaping @Sendable (SQLFunction.Call) -> SQLFunction.Result) { self.body = body }
}

extension Connection {
    /// Registers `function` on this connection, replacing one of the same name and
    /// argument count.
    func register(_ function: SQLFunction) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let body = Unmanaged.passRetained(FunctionBody(function.body)).toOpaque()
        // On failure SQLite calls the destructor itself.
        let code = sqlite3_create_function_v2(handle, function.name, Int32(function.argumentCount), flags, body, { context, count, arguments in
            // SQLite holds the reference for as long as the function is registered.
            let result = Unmanaged<FunctionBody>.fromOpaque(sqlite3_user_data(context))._withUnsafeGuaranteedRef { body in
                body.body(SQLFunction.Call(context: context, arguments: arguments, count: Int(count)))
            }
            switch result {
            case .integer(let value): sqlite3_result_int64(context, value)
            case .null: sqlite3_result_null(context)
            case .error(let message): sqlite3_result_error(context, message, -1)
            }
        }, nil, nil, { body in
            if let body { Unmanaged<FunctionBody>.fromOpaque(body).release() }
        })
        guard code == SQLITE_OK else { throw error(code, context: "register the SQL function \(function.name)") }
    }
}
