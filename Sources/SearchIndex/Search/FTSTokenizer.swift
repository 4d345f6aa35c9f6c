import CSQLite
import Foundation

/// FTS5's own `unicode61 remove_diacritics 2` tokenizer, called from Swift.
///
/// With `detail=column` (see ``Schema``) FTS5 keeps no token positions, so adjacency
/// (`e-mail`, a run of Chinese characters) is checked in Swift on the candidates'
/// text. That check and the query's tokens must split and fold text exactly as the
/// index did, so both go through the very tokenizer the tables use, found with
/// `fts5_api.xFindTokenizer`, instead of a Swift imitation of its character classes.
///
/// The tokenizer's functions are static C code: they are looked up once, on a private
/// in-memory connection kept for the life of the process. An instance (`xCreate`) is
/// cheap and not thread-safe (it keeps a folding buffer), so each user makes its own.
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#custom_tokenizers>
final class FTSTokenizer {
    /// Folded tokens of one text, in order: `bytes[ranges[i]]` is token `i`.
    struct Tokens {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        /// Byte offsets of each token in the tokenized text.
        var offsets: [Range<Int>] = []

        var count: Int { ranges.count }

        subscript(index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }
    }

    private typealias TokenCallback = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
    private typealias Create = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    private typealias Delete = @convention(c) (OpaquePointer?) -> Void
    private typealias Tokenize = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, TokenCallback?) -> Int32
    private typealias FindTokenizer = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?) -> Int32

    /// `fts5_tokenizer`: three function pointers (xCreate, xDelete, xTokenize).
    private struct Module: @unchecked Sendable {
        var context: UnsafeMutableRawPointer?
        var create: Create
        var delete: Delete
        var tokenize: Tokenize
    }

    /// The unicode61 module, looked up once.
    private static let module: Module? = {
        var db: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else { return nil }
        // Kept open: the module's context belongs to this connection's fts5_api.
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutableRawPointer?
        withUnsafeMutablePointer(to: &api) { pointer in
            _ = sqlite3_bind_pointer(statement, 1, UnsafeMutableRawPointer(pointer), MatchLocator.pointerType, nil)
        }
        _ = sqlite3_step(statement)
        guard let api, let findPointer = api.load(fromByteOffset: 2 * MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self) else {
            return nil
        }
        let find = unsafeBitCast(findPointer, to: FindTokenizer.self)
        let functions = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 3)
        defer { functions.deallocate() }
        var context: UnsafeMutableRawPointer?
        guard find(api, "unicode61", &context, UnsafeMutableRawPointer(functions)) == SQLITE_OK,
              let create = functions[0], let delete = functions[1], let tokenize = functions[2]
        else { return nil }
        return Module(context: context, create: unsafeBitCast(create, to: Create.self),
                      delete: unsafeBitCast(delete, to: Delete.self), tokenize: unsafeBitCast(tokenize, to: Tokenize.self))
    }()

    private let module: Module
    private let handle: OpaquePointer

    /// A tokenizer configured like the index's tables, or `nil` if this SQLite lacks FTS5.
    init?() {
        guard let module = Self.module else { return nil }
        var arguments: [UnsafePointer<CChar>?] = [Self.removeDiacritics, Self.two]
        var handle: OpaquePointer?
        let code = arguments.withUnsafeMutableBufferPointer { buffer in
            module.create(module.context, buffer.baseAddress, 2, &handle)
        }
        guard code == SQLITE_OK, let handle else { return nil }
        self.module = module
        self.handle = handle
    }

    deinit { module.delete(handle) }

    nonisolated(unsafe) private static let removeDiacritics = UnsafePointer<CChar>(strdup("remove_diacritics")!)
    nonisolated(unsafe) private static let two = UnsafePointer<CChar>(strdup("2")!)

    /// The folded tokens of `text` (UTF-8 bytes).
    func tokens(_ text: UnsafeBufferPointer<UInt8>) -> Tokens {
        var result = Tokens()
        guard let base = text.baseAddress, !text.isEmpty else { return result }
        withUnsafeMutablePointer(to: &result) { pointer in
            base.withMemoryRebound(to: CChar.self, capacity: text.count) { chars in
                _ = module.tokenize(handle, UnsafeMutableRawPointer(pointer), 0x0004, chars, Int32(text.count), Self.collect)
            }
        }
        return result
    }

    /// The folded tokens of `text`.
    func tokens(_ text: String) -> Tokens {
        var text = text
        return text.withUTF8 { tokens($0) }
    }

    private static let collect: TokenCallback = { context, _, token, length, start, end in
        guard let context, let token else { return SQLITE_OK }
        let result = context.assumingMemoryBound(to: Tokens.self)
        let first = result.pointee.bytes.count
        token.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
            result.pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        result.pointee.ranges.append(first ..< first + Int(length))
        result.pointee.offsets.append(Int(start) ..< Int(end))
        return SQLITE_OK
    }
}
