import CSQLite
import Foundation

// FTS5's C extension API: its tokenizers called from Swift, and auxiliary functions
// written in Swift.
//
// `fts5.h` is not shipped by Debian's `libsqlite3-dev`, so the structs used here
// (`fts5_api`, `fts5_tokenizer`, `Fts5ExtensionApi`) are read by their documented C
// layout: an `int` version followed by function pointers, each pointer-aligned.
//
// Related SQLite documentation: <https://sqlite.org/fts5.html#extending_fts5>

/// The `fts5_api` of one connection: where its tokenizers are found and its auxiliary
/// functions registered. Valid while the connection is open.
struct FTS5API {
    fileprivate let pointer: UnsafeMutableRawPointer

    // fts5_api: int iVersion; xCreateTokenizer; xFindTokenizer; xCreateFunction.
    fileprivate static let xFindTokenizerSlot = 2
    fileprivate static let xCreateFunctionSlot = 3
}

/// The function pointer at `slot` of a C struct that starts with an `int` and continues
/// with pointers.
private func slot(_ slot: Int, of structure: UnsafeRawPointer) -> UnsafeRawPointer? {
    structure.load(fromByteOffset: slot * MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)
}

/// The pointer type `SELECT fts5(?1)` hands its `fts5_api` out as; a C string that lives
/// as long as the process.
nonisolated(unsafe) private let fts5APIPointerType: UnsafeMutablePointer<CChar> = strdup("fts5_api_ptr")!

extension Connection {
    /// The connection's `fts5_api`, asked for as SQLite documents it (a pointer bound
    /// to `SELECT fts5(?1)`); throws when this SQLite has no FTS5.
    func fts5API() throws -> FTS5API {
        let statement = try prepare("SELECT fts5(?1)")
        var api: UnsafeMutableRawPointer?
        withUnsafeMutablePointer(to: &api) { pointer in
            _ = sqlite3_bind_pointer(statement.handle, 1, UnsafeMutableRawPointer(pointer), fts5APIPointerType, nil)
        }
        _ = try statement.step()
        statement.reset()
        guard let api else { throw IndexError.unavailable("this SQLite has no FTS5") }
        return FTS5API(pointer: api)
    }
}

// MARK: - Tokenizers

/// The tokens of one text, in order: `bytes[ranges[i]]` is token `i` as the tokenizer
/// made it (folded), `offsets[i]` its byte range in the text.
struct FTS5Tokens {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    var offsets: [Range<Int>] = []

    var count: Int { ranges.count }

    subscript(index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }
}

/// One instance of an FTS5 tokenizer (`xCreate` with its arguments), called from Swift
/// outside any table. Cheap to make; not thread-safe (the tokenizer keeps a buffer),
/// so each user makes its own from a ``Factory``.
final class FTS5Tokenizer {
    fileprivate typealias TokenCallback = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
    fileprivate typealias Create = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    fileprivate typealias Delete = @convention(c) (OpaquePointer?) -> Void
    fileprivate typealias Tokenize = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, TokenCallback?) -> Int32
    private typealias FindTokenizer = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?) -> Int32

    /// A tokenizer module (`fts5_tokenizer`: xCreate, xDelete, xTokenize) found by name,
    /// and the arguments its instances are made with.
    ///
    /// A module's functions are static C code, but its context belongs to the
    /// connection it was found on: the factory finds it on a private in-memory
    /// connection that it keeps open, so make factories once (a `static let`).
    final class Factory: @unchecked Sendable {
        // Immutable after init; the connection is only kept open, never used again.
        private let connection: Connection
        fileprivate let context: UnsafeMutableRawPointer?
        fileprivate let create: Create
        fileprivate let delete: Delete
        fileprivate let tokenize: Tokenize
        /// The arguments as C strings, for the life of the factory.
        private let arguments: [UnsafeMutablePointer<CChar>]

        /// The module `name` (`unicode61`, `ascii`, `porter`, `trigram`) made with
        /// `arguments` (`["remove_diacritics", "2"]`), or `nil` when SQLite lacks FTS5
        /// or the module.
        init?(name: String, arguments: [String]) {
            guard let connection = try? Connection(path: ":memory:", create: true),
                  let api = try? connection.fts5API(),
                  let findPointer = slot(FTS5API.xFindTokenizerSlot, of: api.pointer) else { return nil }
            let find = unsafeBitCast(findPointer, to: FindTokenizer.self)
            let functions = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 3)
            defer { functions.deallocate() }
            var context: UnsafeMutableRawPointer?
            guard find(api.pointer, name, &context, UnsafeMutableRawPointer(functions)) == SQLITE_OK,
                  let create = functions[0], let delete = functions[1], let tokenize = functions[2]
            else { return nil }
            self.connection = connection
            self.context = context
            self.create = unsafeBitCast(create, to: Create.self)
            self.delete = unsafeBitCast(delete, to: Delete.self)
            self.tokenize = unsafeBitCast(tokenize, to: Tokenize.self)
            self.arguments = arguments.map { strdup($0)! }
        }

        deinit { for argument in arguments { free(argument) } }

        /// A new instance, or `nil` when the module refuses the arguments.
        func make() -> FTS5Tokenizer? {
            var arguments = self.arguments.map { UnsafePointer<CChar>?(UnsafePointer($0)) }
            var handle: OpaquePointer?
            let code = arguments.withUnsafeMutableBufferPointer { buffer in
                create(context, buffer.baseAddress, Int32(buffer.count), &handle)
            }
            guard code == SQLITE_OK, let handle else { return nil }
            return FTS5Tokenizer(factory: self, handle: handle)
        }
    }

    private let factory: Factory
    private let handle: OpaquePointer

    private init(factory: Factory, handle: OpaquePointer) {
        self.factory = factory
        self.handle = handle
    }

    deinit { factory.delete(handle) }

    /// The tokens of `text` (UTF-8 bytes), tokenized as a document's text is.
    func tokens(_ text: UnsafeBufferPointer<UInt8>) -> FTS5Tokens {
        var result = FTS5Tokens()
        tokens(text, into: &result)
        return result
    }

    /// The tokens of `text` written over `result`, whose arrays keep their capacity:
    /// a caller tokenizing many texts reuses one value instead of growing new arrays.
    func tokens(_ text: UnsafeBufferPointer<UInt8>, into result: inout FTS5Tokens) {
        result.bytes.removeAll(keepingCapacity: true)
        result.ranges.removeAll(keepingCapacity: true)
        result.offsets.removeAll(keepingCapacity: true)
        guard let base = text.baseAddress, !text.isEmpty else { return }
        // Folded tokens take about as many bytes as the text. The ranges are left to grow:
        // room for a token every two bytes would be sixteen times the text twice over
        // for a caller that tokenizes a long text once (the full-text writer's words).
        result.bytes.reserveCapacity(text.count)
        withUnsafeMutablePointer(to: &result) { pointer in
            base.withMemoryRebound(to: CChar.self, capacity: text.count) { chars in
                _ = factory.tokenize(handle, UnsafeMutableRawPointer(pointer), Self.document, chars, Int32(text.count), Self.collect)
            }
        }
    }

    /// `FTS5_TOKENIZE_DOCUMENT`.
    private static let document: Int32 = 0x0004

    private static let collect: TokenCallback = { context, _, token, length, start, end in
        guard let context, let token else { return SQLITE_OK }
        let result = context.assumingMemoryBound(to: FTS5Tokens.self)
        let first = result.pointee.bytes.count
        token.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
            result.pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        result.pointee.ranges.append(first ..< first + Int(length))
        result.pointee.offsets.append(Int(start) ..< Int(end))
        return SQLITE_OK
    }
}

// MARK: - Auxiliary functions

/// An FTS5 auxiliary function written in Swift: `name(table)` in a query on an FTS5
/// table is computed, for each matching row, from what FTS5 knows of the match
/// (``Call``).
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#custom_auxiliary_functions>
struct FTS5Function: Sendable {
    /// The name SQL calls it by.
    let name: String
    let body: @Sendable (Call) -> SQLFunction.Result

    /// One call, for the current row of a query on an FTS5 table: valid during the call.
    struct Call {
        fileprivate let api: UnsafeRawPointer
        fileprivate let fts: OpaquePointer?
        fileprivate let arguments: UnsafeMutablePointer<OpaquePointer?>?
        /// How many arguments follow the table's name (`name(table, a, b)`: 2).
        let argumentCount: Int

        /// The UTF-8 bytes of argument `index` (0-based, after the table's name) without
        /// copying; `nil` for NULL. Valid until the call returns.
        func utf8(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
            SQLFunction.utf8(of: arguments?[index])
        }

        /// The bytes of argument `index` when it is a blob, without copying; `nil` for
        /// any other type. Valid until the call returns.
        func blob(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
            SQLFunction.blob(of: arguments?[index])
        }

        // Fts5ExtensionApi: int iVersion; then function pointers in this order.
        fileprivate static let xUserDataSlot = 1
        private static let xPhraseCountSlot = 6
        private static let xPhraseFirstColumnSlot = 18
        private static let xPhraseNextColumnSlot = 19

        private typealias PhraseCount = @convention(c) (OpaquePointer?) -> Int32
        /// `Fts5PhraseIter` is two pointers.
        private typealias PhraseIterator = (UnsafeRawPointer?, UnsafeRawPointer?)
        private typealias PhraseFirstColumn = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) -> Int32
        private typealias PhraseNextColumn = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) -> Void

        /// How many phrases the query's MATCH expression has.
        var phraseCount: Int {
            guard let pointer = slot(Self.xPhraseCountSlot, of: api) else { return 0 }
            return Int(unsafeBitCast(pointer, to: PhraseCount.self)(fts))
        }

        /// The columns of the current row in which phrase `phrase` (0-based) matched, as
        /// bits (bit `c` for column `c`, columns 0–63); `nil` when FTS5 has no column
        /// list for the table (`detail=none`).
        func columns(ofPhrase phrase: Int) -> UInt64? {
            guard let firstPointer = slot(Self.xPhraseFirstColumnSlot, of: api),
                  let nextPointer = slot(Self.xPhraseNextColumnSlot, of: api) else { return nil }
            let first = unsafeBitCast(firstPointer, to: PhraseFirstColumn.self)
            let next = unsafeBitCast(nextPointer, to: PhraseNextColumn.self)
            var iterator: PhraseIterator = (nil, nil)
            var column: Int32 = 0
            let code = withUnsafeMutableBytes(of: &iterator) { buffer in
                first(fts, Int32(phrase), buffer.baseAddress, &column)
            }
            guard code == SQLITE_OK else { return nil }
            var columns: UInt64 = 0
            while column >= 0 {
                if column < 64 { columns |= 1 << UInt64(column) }
                withUnsafeMutableBytes(of: &iterator) { buffer in next(fts, buffer.baseAddress, &column) }
            }
            return columns
        }
    }
}

/// The Swift closure behind a registered auxiliary function, owned by FTS5 (released
/// when the connection closes).
private final class FTS5FunctionBody {
    let body: @Sendable (FTS5Function.Call) -> SQLFunction.Result
    init(_ body: @escaping @Sendable (FTS5Function.Call) -> SQLFunction.Result) { self.body = body }
}

extension Connection {
    private typealias ExtensionFunction = @convention(c) (UnsafeRawPointer?, OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    private typealias CreateFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, ExtensionFunction?, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32
    private typealias UserData = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?

    /// Registers an FTS5 auxiliary function on this connection.
    func register(_ function: FTS5Function) throws {
        let api = try fts5API()
        guard let create = slot(FTS5API.xCreateFunctionSlot, of: api.pointer) else {
            throw IndexError.unavailable("this SQLite has no FTS5")
        }
        let body = Unmanaged.passRetained(FTS5FunctionBody(function.body)).toOpaque()
        let code = unsafeBitCast(create, to: CreateFunction.self)(api.pointer, function.name, body, { api, fts, context, count, arguments in
            guard let api, let userData = slot(FTS5Function.Call.xUserDataSlot, of: api),
                  let raw = unsafeBitCast(userData, to: UserData.self)(fts) else { return }
            // FTS5 holds the reference for as long as the function is registered.
            let result = Unmanaged<FTS5FunctionBody>.fromOpaque(raw)._withUnsafeGuaranteedRef { body in
                body.body(FTS5Function.Call(api: api, fts: fts, arguments: arguments, argumentCount: Int(max(count, 0))))
            }
            switch result {
            case .integer(let value): sqlite3_result_int64(context, value)
            case .null: sqlite3_result_null(context)
            case .error(let message): sqlite3_result_error(context, message, -1)
            }
        }, { body in
            if let body { Unmanaged<FTS5FunctionBody>.fromOpaque(body).release() }
        })
        guard code == SQLITE_OK else {
            // FTS5 calls the destructor only for a function it registered.
            Unmanaged<FTS5FunctionBody>.fromOpaque(body).release()
            throw error(code, context: "register the FTS5 function \(function.name)")
        }
    }
}
