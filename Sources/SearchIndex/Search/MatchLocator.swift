import CSQLite
import Foundation

/// The `searchlight_match(items_fts)` FTS5 auxiliary function: in which fields each
/// query phrase matched in the current row.
///
/// Ranking needs to know which field a term was found in (title above keywords above
/// description). FTS5 already has this in the row's column lists, so a tiny auxiliary
/// function reads it with `xPhraseFirstColumn` / `xPhraseNextColumn` for the few
/// candidate rows the search keeps, instead of re-tokenizing text in Swift. It returns
/// one integer: for phrase `i` (up to 12), bits `5i…5i+4` are the set of columns it
/// matched in (bit `c` = FTS column `c`). With a text argument of group sizes
/// (`searchlight_match(items_fts, '1,3,2')`: the phrases in order, grouped), bits
/// `5g…5g+4` are instead the columns any phrase of group `g` matched in, for up to 12
/// groups: a term ORed with its typo alternatives is one group.
///
/// The tables are `detail=column` (see ``Schema``): FTS5 keeps which columns a token is
/// in, not its offsets, and `xInst` of a contentless table then reports nothing. Whether
/// the title starts with a term is therefore checked in Swift (``TermMatcher``).
///
/// `fts5.h` is not shipped by Debian's `libsqlite3-dev`, so the two structs we use
/// (`fts5_api`, `Fts5ExtensionApi`) are read by their documented C layout: an `int`
/// version followed by function pointers, each pointer-aligned.
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#custom_auxiliary_functions>
enum MatchLocator {
    static let functionName = "searchlight_match"
    static let maximumPhrases = 12
    /// Set in a locator when the title starts with a term (computed in Swift).
    static let titleStartBit: Int64 = 1 << 62

    /// Column bits of phrase `phrase` in a value returned by the function.
    static func columns(ofPhrase phrase: Int, in value: Int64) -> Int {
        Int((value >> (5 * Int64(phrase))) & 0x1F)
    }

    // Fts5ExtensionApi: int iVersion; then function pointers in this order.
    private static let xPhraseCountSlot = 6
    private static let xPhraseFirstColumnSlot = 18
    private static let xPhraseNextColumnSlot = 19
    // fts5_api: int iVersion; xCreateTokenizer; xFindTokenizer; xCreateFunction.
    private static let xCreateFunctionSlot = 3

    private typealias PhraseCount = @convention(c) (OpaquePointer?) -> Int32
    /// `Fts5PhraseIter` is two pointers.
    private typealias PhraseIterator = (UnsafeRawPointer?, UnsafeRawPointer?)
    private typealias PhraseFirstColumn = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias PhraseNextColumn = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) -> Void
    private typealias ExtensionFunction = @convention(c) (UnsafeRawPointer?, OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    private typealias CreateFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, ExtensionFunction?, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32

    /// The function pointer at `slot` of a C struct that starts with an `int` and
    /// continues with pointers.
    private static func slot(_ slot: Int, of structure: UnsafeRawPointer) -> UnsafeRawPointer? {
        structure.load(fromByteOffset: slot * MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)
    }

    /// A C string that lives as long as the process, naming the `fts5_api` pointer type.
    nonisolated(unsafe) static let pointerType: UnsafeMutablePointer<CChar> = strdup("fts5_api_ptr")!
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

    private static let locate: ExtensionFunction = { api, fts, context, argumentCount, arguments in
        guard let api,
              let countPointer = MatchLocator.slot(MatchLocator.xPhraseCountSlot, of: api),
              let firstPointer = MatchLocator.slot(MatchLocator.xPhraseFirstColumnSlot, of: api),
              let nextPointer = MatchLocator.slot(MatchLocator.xPhraseNextColumnSlot, of: api)
        else { return }
        let phraseCount = unsafeBitCast(countPointer, to: PhraseCount.self)
        let first = unsafeBitCast(firstPointer, to: PhraseFirstColumn.self)
        let next = unsafeBitCast(nextPointer, to: PhraseNextColumn.self)
        var result: Int64 = 0
        var iterator: PhraseIterator = (nil, nil)
        var column: Int32 = 0
        // With groups, the bits of group g are those of its phrases together.
        var groups: [Int] = []
        if argumentCount >= 1, let arguments, let text = sqlite3_value_text(arguments[0]) {
            groups = String(cString: text).split(separator: ",").compactMap { Int($0) }
        }
        var group = 0, left = groups.first ?? 1
        let phrases = groups.isEmpty ? min(phraseCount(fts), Int32(MatchLocator.maximumPhrases)) : phraseCount(fts)
        for phrase in 0 ..< max(phrases, 0) {
            let slot: Int64
            if groups.isEmpty {
                slot = Int64(phrase)
            } else {
                if left == 0 {
                    group += 1
                    left = group < groups.count ? groups[group] : 1
                }
                left -= 1
                if group >= MatchLocator.maximumPhrases { break }
                slot = Int64(group)
            }
            let code = withUnsafeMutableBytes(of: &iterator) { buffer in
                first(fts, phrase, buffer.baseAddress, &column)
            }
            guard code == SQLITE_OK else {
                sqlite3_result_error(context, "\(MatchLocator.functionName): no column list", -1)
                return
            }
            while column >= 0 {
                if column < 5 { result |= Int64(1) << (5 * slot + Int64(column)) }
                withUnsafeMutableBytes(of: &iterator) { buffer in next(fts, buffer.baseAddress, &column) }
            }
        }
        sqlite3_result_int64(context, result)
    }
}
