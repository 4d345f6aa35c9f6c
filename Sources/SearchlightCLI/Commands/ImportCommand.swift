import Foundation
import SearchIndex

/// `searchlight import FILE`: indexes the items of a JSON Lines file (`-` reads
/// standard input), one item per line in SPEC §3's item shape.
///
/// All or nothing: every line is read and checked first, then the whole file is
/// written in one transaction. The first bad line stops the import with one error
/// naming it (`line 12: keywords must be an array of strings`) and nothing is stored.
/// Blank lines are skipped. Images named by `http(s)` URLs are downloaded before
/// the write; one that cannot be fetched leaves its item without a thumbnail and
/// prints a warning. Progress (`checked 5000/100000`, then
/// `imported 12000/100000`) is shown on standard error when it is a terminal, never
/// when it is piped.
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
        var (entries, lineNumbers, downloads) = try readEntries(try contents(of: file))
        fetchImages(downloads, into: &entries, lineNumbers: lineNumbers)
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

    /// Every non-blank line as an index entry, with the line number of each and the
    /// images to download (by entry); the first bad line throws, naming it.
    static func readEntries(_ data: Data) throws -> (entries: [IndexEntry], lineNumbers: [Int], downloads: [Int: ItemJSONDecoding.ImageDownload]) {
        var decoding = ItemJSONDecoding()
        var entries: [IndexEntry] = []
        var lineNumbers: [Int] = []
        var downloads: [Int: ItemJSONDecoding.ImageDownload] = [:]
        var lineNumber = 0
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let progress = ProgressLine("checked", total: lines.count)
        defer { progress?.clear() }
        for var line in lines {
            lineNumber += 1
            progress?.update(lineNumber)
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let node: JSONNode
            do {
                node = try JSONNode.parse(Data(line))
            } catch let error as JSONSyntaxError {
                throw CommandFailure("line \(lineNumber): not valid JSON: \(error.reason); nothing was imported")
            } catch {
                throw CommandFailure("line \(lineNumber): not valid JSON; nothing was imported")
            }
            do {
                entries.append(try decoding.entry(node))
            } catch let problem as ItemJSONDecoding.Problem {
                throw CommandFailure("line \(lineNumber): \(problem.message); nothing was imported")
            }
            if let download = decoding.download { downloads[entries.count - 1] = download }
            lineNumbers.append(lineNumber)
        }
        return (entries, lineNumbers, downloads)
    }

    /// Downloads the `http(s)` images and sets them as the entries' thumbnails; an
    /// image that cannot be fetched leaves its item without one, with a warning.
    static func fetchImages(_ downloads: [Int: ItemJSONDecoding.ImageDownload], into entries: inout [IndexEntry], lineNumbers: [Int]) {
        guard !downloads.isEmpty else { return }
        let order = downloads.keys.sorted()
        let results = ImageFetcher.fetch(order.map { downloads[$0]!.url })
        for (position, result) in zip(order, results) {
            switch result {
            case .success(let thumbnail):
                switch entries[position] {
                case .replace(var item):
                    item.attributes.thumbnail = thumbnail
                    entries[position] = .replace(item)
                case .merge(var update):
                    update.thumbnail = .set(thumbnail)
                    entries[position] = .merge(update)
                }
            case .failure(let failure):
                let download = downloads[position]!
                standardError("searchlight import: warning: line \(lineNumbers[position]): \(download.key) \(download.url.absoluteString) could not be fetched (\(failure.reason)); the item is indexed without a thumbnail")
            }
        }
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
