import Foundation

/// The workload of one size, materialized for the native baselines and written as
/// JSON files for the JS scripts, so that both paths index exactly the same items.
struct WorkloadFiles {
    /// Items per JSON file: the JS side `require`s one file at a time.
    static let itemsPerFile = 50_000

    /// The lunr.js comparison leaves out queries whose last term is shorter.
    static let shortestComparedPrefix = 3

    var items: [Workload.Item]
    /// Bytes of searchable text (title, description, keywords): the size baseline.
    var textBytes: Int
    /// `items-0.json`, `items-1.json`…: arrays of `{id, title, description, keywords, domain}`.
    var itemFiles: [String]
    /// `queries.json`: `[{queries: [String], cjk: Bool}]`.
    var queriesFile: String
    /// `comparison-queries.json`: the queries without CJK (lunr.js cannot match inside
    /// such words) whose last term has at least ``shortestComparedPrefix`` letters
    /// (lunr.js takes seconds to minutes on one- and two-letter prefixes at 100k
    /// items), shuffled with a fixed seed so that any prefix of the list mixes short
    /// and long prefixes: the lunr.js comparison may stop early.
    var comparisonQueriesFile: String
    var typing: TypingSequences

    /// Generates `count` items (seed 42) and writes the files under `directory`;
    /// without `writingItems`, only the query files (the item files a previous run
    /// wrote are named but not written again: 640 MB at 1M).
    static func make(count: Int, directory: String, writingItems: Bool = true) throws -> WorkloadFiles {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let items = Array(try Workload(count: count))
        let textBytes = items.reduce(0) { $0 + $1.textBytes }

        var typing = TypingSequences()
        let stride = max(1, count / 120)
        var cjkSequences = 0
        for (index, item) in items.enumerated() {
            let isCJK = item.title.unicodeScalars.contains { $0.value >= 0x3000 }
            if index % stride == stride / 2 {
                typing.add(lookingFor: item)
            } else if index % stride == stride / 4 && !isCJK {
                typing.addMultiTerm(lookingFor: item)
            } else if index % stride == 3 * stride / 4 && !isCJK {
                typing.addTypo(lookingFor: item)
            } else if isCJK && cjkSequences < 16 && index % 97 == 0 {
                typing.add(lookingFor: item)
                cjkSequences += 1
            }
        }

        var itemFiles: [String] = []
        for (number, start) in Swift.stride(from: 0, to: items.count, by: itemsPerFile).enumerated() {
            let path = directory + "/items-\(number).json"
            itemFiles.append(path)
            guard writingItems else { continue }
            var json = "["
            for (offset, item) in items[start..<min(start + itemsPerFile, items.count)].enumerated() {
                if offset > 0 { json += ",\n" }
                json += "{\"id\":\(quoted(item.id)),\"title\":\(quoted(item.title)),\"description\":\(quoted(item.description)),"
                json += "\"keywords\":[\(item.keywords.map(quoted).joined(separator: ","))],\"domain\":\(quoted(item.domain))}"
            }
            json += "]\n"
            try json.write(toFile: path, atomically: false, encoding: .utf8)
        }

        let queriesFile = directory + "/queries.json"
        let sequences = typing.sequences.map { sequence in
            "{\"cjk\":\(sequence.cjk),\"kind\":\"\(sequence.kind.rawValue)\",\"queries\":[\(sequence.queries.map(quoted).joined(separator: ","))]}"
        }
        try ("[" + sequences.joined(separator: ",\n") + "]\n").write(toFile: queriesFile, atomically: false, encoding: .utf8)

        let latin: [String] = typing.sequences.filter { !$0.cjk && $0.kind == .typing }.flatMap { $0.queries }
        var comparison = latin.filter { query in
            (query.split(separator: " ").last?.count ?? 0) >= WorkloadFiles.shortestComparedPrefix
        }
        var random = SplitMix64(seed: 11)
        for i in Swift.stride(from: comparison.count - 1, to: 0, by: -1) {
            comparison.swapAt(i, random.next(in: 0...i))
        }
        let comparisonQueriesFile = directory + "/comparison-queries.json"
        try ("[" + comparison.map(quoted).joined(separator: ",\n") + "]\n")
            .write(toFile: comparisonQueriesFile, atomically: false, encoding: .utf8)
        return WorkloadFiles(items: items, textBytes: textBytes, itemFiles: itemFiles, queriesFile: queriesFile,
                             comparisonQueriesFile: comparisonQueriesFile, typing: typing)
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                bytes.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
