import Foundation
import JSHost
import SearchIndex
import SearchOnDevice

/// `searchlight import FILE`: indexes the items of a JSON Lines file (`-` reads
/// standard input), one item per line in SPEC §3's item shape.
///
/// All or nothing: every line is read and checked first, then the whole file is
/// written in one transaction. The first bad line stops the import with one error
/// naming it (`line 12: keywords must be an array of strings`) and nothing is stored.
/// Blank lines are skipped. Each line is read by SearchOnDevice's item conversion, so
/// keys, aliases, checks and messages are those of `indexItems`. Images named by URL
/// or path are fetched before the write; one that cannot be fetched leaves its item
/// without a thumbnail and prints a warning once the file is stored. Progress
/// (`checked 5000/100000`, then `imported 12000/100000`) is shown on standard error
/// when it is a terminal, never when it is piped.
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "index the items of a JSON Lines file (- for standard input), all or nothing"
    static let synopsis = "FILE"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let positionals = arguments.positionals + arguments.passthrough
        guard let file = positionals.first else {
            throw UsageError("missing FILE (usage: searchlight import FILE, or - for standard input)")
        }
        guard positionals.count == 1 else {
            throw UsageError("import takes one FILE, got \(positionals.count) arguments")
        }
        var (items, lineNumbers) = try readItems(try contents(of: file))
        let warnings = ItemConversion.fetchImages(&items)
        let entries = items.map { $0.entry }
        let index = try IndexAccess.open(context, creating: true)
        let progress = ProgressLine("imported", total: entries.count)
        let written: Int
        do {
            written = try index.indexItems(entries, progress: progress.map { line in { line.update($0) } })
            progress?.finish()
        } catch let error as IndexError {
            progress?.finish()
            throw CommandFailure(naming(error, lineNumbers: lineNumbers))
        }
        for warning in warnings {
            standardError("searchlight import: warning: line \(lineNumbers[warning.position]): \(warning.message)")
        }
        print("imported \(written) item\(written == 1 ? "" : "s")")
        return 0
    }

    /// The bytes of FILE, or of standard input for `-`.
    static func contents(of file: String) throws -> Data {
        if file == "-" {
            do {
                return try FileHandle.standardInput.readToEnd() ?? Data()
            } catch {
                throw CommandFailure("cannot read standard input: \(error.localizedDescription)")
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw CommandFailure("cannot read '\(file)': no such file")
        }
        guard !isDirectory.boolValue else { throw CommandFailure("cannot read '\(file)': it is a directory") }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("cannot read '\(file)': permission denied or unreadable")
        }
        return data
    }

    /// Every non-blank line read as an item by SearchOnDevice's conversion (the rules
    /// of `indexItems`), with the line number of each; the first bad line throws,
    /// naming it.
    static func readItems(_ data: Data) throws -> (items: [ItemConversion.Item], lineNumbers: [Int]) {
        var items: [ItemConversion.Item] = []
        var lineNumbers: [Int] = []
        var lineNumber = 0
        // Lines are ranges of one byte array: splitting the Data itself goes through
        // Data's slices and iterator per byte, a large cost per line (docs/benchmarks.md,
        // "Figures behind choices in the code").
        let bytes = [UInt8](data)
        var lines: [Range<Int>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(start..<offset)
            start = offset + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        let progress = ProgressLine("checked", total: lines.count)
        defer { progress?.clear() }
        for var line in lines {
            lineNumber += 1
            progress?.update(lineNumber)
            if !line.isEmpty, bytes[line.upperBound - 1] == UInt8(ascii: "\r") { line = line.lowerBound..<line.upperBound - 1 }
            if bytes[line].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            // A byte order mark starting a line is skipped, as String(data:encoding:) did.
            if bytes[line].starts(with: [0xEF, 0xBB, 0xBF]) { line = line.lowerBound + 3..<line.upperBound }
            guard let text = String(validating: bytes[line], as: UTF8.self) else {
                throw CommandFailure("line \(lineNumber): not valid JSON: the text is not UTF-8; nothing was imported")
            }
            let json: JSONValue
            do {
                json = try JSONValue.parse(text)
            } catch let error as JSONValue.ParseError {
                throw CommandFailure("line \(lineNumber): not valid JSON: \(error.reason) at byte \(error.offset + 1); nothing was imported")
            }
            do throws(NativeError) {
                // An empty path: the messages name the field alone, the line names the item.
                items.append(try ItemConversion.item(BridgeJSON.value(json), path: ""))
            } catch {
                throw CommandFailure("line \(lineNumber): \(error.message); nothing was imported")
            }
            lineNumbers.append(lineNumber)
        }
        return (items, lineNumbers)
    }

    /// The index's message with `items[i].` turned into the file's `line N: `.
    static func naming(_ error: IndexError, lineNumbers: [Int]) -> String {
        let message = error.message
        guard message.hasPrefix("items["), let close = message.firstIndex(of: "]"),
              let position = Int(message[message.index(message.startIndex, offsetBy: 6)..<close]),
              lineNumbers.indices.contains(position)
        else {
            return "\(message) (\(error.code)); nothing was imported"
        }
        var rest = message[message.index(after: close)...]
        if rest.first == "." { rest = rest.dropFirst() }
        return "line \(lineNumbers[position]): \(rest.trimmingCharacters(in: .whitespaces)); nothing was imported"
    }
}
