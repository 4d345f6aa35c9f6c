import CSQLite
import Foundation

/// The `searchlight_match(items_fts)` FTS5 auxiliary function: where each query
/// phrase matched in the current row.
///
/// Ranking needs to know which field a term was found in (title above keywords above
/// description). FTS5 already has this in the row's position lists, so a tiny
/// auxiliary function reads it with `xInstCount` / `xInst` for the few candidate rows
/// the search keeps, instead of re-tokenizing text in Swift. It returns one integer:
/// for phrase `i` (up to 12), bits `5i…5i+4` are the set of columns it matched in
/// (bit `c` = FTS column `c`), and bit 62 is set when some phrase matched the title's
/// first token.
///
/// `fts5.h` is not shipped by Debian's `libsqlite3-dev`, so the two structs we use
/// (`fts5_api`, `Fts5ExtensionApi`) are read by their documented C layout: an `int`
/// version followed by function pointers, each pointer-aligned.
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#custom_auxiliary_functions>
enum MatchLocator {
    static let functionName = "searchlight_match"
    static let maximumPhrases = 12
    static let titleStartBit: Int64 = 1 << 62

    /// Column bits of phrase `phrase` in a value returned by the function.
    static func columns(ofPhrase phrase: Int, in value: Int64) -> Int {
        Int((value >> (5 * Int64(phrase))) & 0x1F)
    }

    // Fts5ExtensionApi: int iVersion; then function pointers in this order.
    private static let xInstCountSlot = 8
    private static let xInstSlot = 9
    // fts5_api: int iVersion; xCreateTokenizer; xFindTokenizer; xCreateFunction.
    private static let xCreateFunctionSlot = 3

    private typealias InstCount = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias Inst = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias ExtensionFunction = @convention(c) (UnsafeRawPointer?, OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    private typealias CreateFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, ExtensionFunction?, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32

    /// The function pointer at `slot` of a C struct that starts with an `int` and
    /// continues with pointers.
    private static func slot(_ slot: Int, of structure: UnsafeRawPointer) -> UnsafeRawPointer? {
        structure.load(fromByteOffset: slot * MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)
    }

    /// A C string that lives as long as the process, naming the `fts5_api` pointer type.
    nonisolated(unsafe) private static let pointerType: UnsafeMutablePointer<CChar> = strdup("fts5_api_ptr")!
    nonisolated(unsafe) private static let name: UnsafeMutablePointer<CChar> = strdup(functionName)!

    /// Registers the function on a connection.
    static func register(on connection: Connection) throws {
        let statement = try connection.prepare("SELECT fts5(?1)")
        var api: UnsafeMutableRawPointer?
        withUnsafeMutablePointer(to: &api) { pointer in
            _ = sqlite3_bind_pointer(statement.handle, 1, UnsafeMutableRawPointer(pointer), pointerType, nil)
        }
        _ = try statement.step()
        statement.reset()
        guard let api, let create = slot(xCreateFunctionSlot, of: api) else {
            throw IndexError.unavailable("this SQLite has no FTS5")
        }
        let createFunction = unsafeBitCast(create, to: CreateFunction.self)
        let code = createFunction(api, name, nil, locate, nil)
        guard code == SQLITE_OK else { throw connection.error(code, context: "register \(functionName)") }
    }

    private static let locate: ExtensionFunction = { api, fts, context, _, _ in
        guard let api,
              let countPointer = MatchLocator.slot(MatchLocator.xInstCountSlot, of: api),
              let instPointer = MatchLocator.slot(MatchLocator.xInstSlot, of: api)
        else { return }
        let instCount = unsafeBitCast(countPointer, to: InstCount.self)
        let inst = unsafeBitCast(instPointer, to: Inst.self)
        var count: Int32 = 0
        guard instCount(fts, &count) == SQLITE_OK else {
            sqlite3_result_error(context, "\(MatchLocator.functionName): no instances", -1)
            return
        }
        var result: Int64 = 0
        var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
        for index in 0..<count {
            guard inst(fts, index, &phrase, &column, &offset) == SQLITE_OK else { break }
            if phrase < Int32(MatchLocator.maximumPhrases) && column < 5 {
                result |= Int64(1) << (5 * Int64(phrase) + Int64(column))
            }
            if column == 0 && offset == 0 { result |= MatchLocator.titleStartBit }
        }
        sqlite3_result_int64(context, result)
    }
}
