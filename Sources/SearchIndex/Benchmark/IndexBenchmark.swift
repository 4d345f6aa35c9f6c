import CSQLite
import Foundation

/// Measures bulk indexing and search-as-you-type latency of ``SearchableIndex``.
///
/// Indexing is compared with the plain baseline the issue names: prepared-statement
/// inserts into an FTS5 table with the same five text columns and tokenizer (which
/// stores its text itself). Search runs short and long prefixes, single and multiple
/// terms, with the default page of 20. Build in release mode to get meaningful figures.
public enum IndexBenchmark {
    /// Runs the benchmark on `count` generated items in a temporary directory and
    /// returns a human-readable report.
    ///
    /// - Parameters:
    ///   - count: items to index (the targets are for 100 000 and 1 000 000).
    ///   - queries: searches to time.
    ///   - batchSize: items per `indexItems` call (and per baseline transaction).
    public static func run(count: Int, queries: Int = 1000, batchSize: Int = 1000, naiveQueries: Int = 50) throws -> String {
        let directory = NSTemporaryDirectory() + "searchlight-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = ItemGenerator(seed: 42)
        let items = (0..<count).map { generator.item(number: $0) }
        let rawBytes = items.reduce(0) { $0 + rawTextBytes($1) }
        var report: [String] = [String(
            format: "SearchIndex benchmark: %d items, %.1f MB of text, batches of %d",
            count, Double(rawBytes) / 1e6, batchSize)]

        // Baseline: plain FTS5 inserts.
        try DataDirectory.create(directory)
        let baselinePath = directory + "/baseline.sqlite3"
        let baseline = try Connection(path: baselinePath, create: true)
        try baseline.execute("""
            PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
            CREATE VIRTUAL TABLE plain USING fts5(title, names, keywords, description, text, tokenize='unicode61 remove_diacritics 2');
            """)
        let insert = try baseline.prepare("INSERT INTO plain(title, names, keywords, description, text) VALUES (?, ?, ?, ?, ?)")
        let baselineSeconds = try time {
            for start in stride(from: 0, to: items.count, by: batchSize) {
                try baseline.transaction {
                    for item in items[start..<min(start + batchSize, items.count)] {
                        let a = item.attributes
                        insert.bind([
                            a.title.map(SQLValue.text) ?? .null,
                            a.displayName.map(SQLValue.text) ?? .null,
                            .text((a.keywords ?? []).joined(separator: "\n")),
                            a.contentDescription.map(SQLValue.text) ?? .null,
                            a.textContent.map(SQLValue.text) ?? .null,
                        ])
                        try insert.run()
                    }
                }
            }
        }
        try baseline.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let baselineRate = Double(count) / baselineSeconds
        report.append(String(format: "baseline FTS5 inserts: %.0f items/s, %.1f MB", baselineRate, megabytes(DataDirectory.databaseBytes(baselinePath))))

        // SearchableIndex.
        let index = try SearchableIndex(configuration: .init(directory: directory + "/index", defaultDomain: "bench", queryLanguage: nil))
        let indexSeconds = try time {
            for start in stride(from: 0, to: items.count, by: batchSize) {
                try index.indexItems(Array(items[start..<min(start + batchSize, items.count)]))
            }
        }
        let indexRate = Double(count) / indexSeconds
        try index.checkpoint()
        let size = DataDirectory.databaseBytes(index.databasePath) + DataDirectory.databaseBytes(index.fullText.path)
        report.append(String(format: "SearchableIndex.indexItems: %.0f items/s (%.0f%% of baseline), %.1f MB on disk (%.2f× the text)",
                             indexRate, 100 * indexRate / baselineRate, megabytes(size), Double(size) / Double(max(rawBytes, 1))))

        // Search as you type.
        var texts: [String] = []
        for number in 0..<queries { texts.append(generator.queryText(number: number)) }
        for text in texts.prefix(20) { _ = try index.search(text) }  // warm the page cache
        var latencies: [Double] = []
        var byLength: [Int: [Double]] = [:]
        var totalHits = 0
        for text in texts {
            var hits = 0
            let seconds = try time { hits = try index.search(text).hits.count }
            totalHits += hits
            latencies.append(seconds * 1000)
            byLength[min(text.split(separator: " ").last!.count, 4), default: []].append(seconds * 1000)
        }
        report.append(String(format: "search (limit 20): p50 %.2f ms, p99 %.2f ms, max %.2f ms over %d queries, %.1f hits each",
                             percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.max() ?? 0, texts.count,
                             Double(totalHits) / Double(max(texts.count, 1))))
        for length in byLength.keys.sorted() {
            let values = byLength[length]!
            report.append(String(format: "  last term %@%d chars: p50 %.2f ms, p99 %.2f ms (%d queries)",
                                 length == 4 ? "≥" : "", length, percentile(values, 0.5), percentile(values, 0.99), values.count))
        }

        // The naive query the design replaces, for comparison.
        if naiveQueries > 0 {
            let naive = try baseline.prepare("SELECT rowid FROM plain WHERE plain MATCH ? ORDER BY bm25(plain) LIMIT 20")
            var naiveLatencies: [Double] = []
            for text in texts.prefix(naiveQueries) {
                guard let match = SearchText.matchExpression(for: text) else { continue }
                naiveLatencies.append(try time {
                    naive.bind([.text(match)])
                    while try naive.step() {}
                    naive.reset()
                } * 1000)
            }
            report.append(String(format: "naive bm25 on the baseline table: p50 %.2f ms, p99 %.2f ms over %d queries",
                                 percentile(naiveLatencies, 0.5), percentile(naiveLatencies, 0.99), naiveLatencies.count))
        }
        return report.joined(separator: "\n")
    }

    private static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }

    private static func megabytes(_ bytes: Int64) -> Double { Double(bytes) / 1_000_000 }

    private static func rawTextBytes(_ item: SearchableItem) -> Int {
        let a = item.attributes
        return [a.title, a.displayName, a.contentDescription, a.textContent].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
            + (a.keywords ?? []).reduce(0) { $0 + $1.utf8.count }
    }
}

/// Deterministic items made of dictionary words (`/usr/share/dict/words`, else
/// generated syllables), with a Zipf-like word frequency as in real text.
struct ItemGenerator {
    private var state: UInt64
    private let words: [String]

    init(seed: UInt64) {
        state = seed
        let dictionary = (try? String(contentsOfFile: "/usr/share/dict/words", encoding: .utf8))?
            .split(separator: "\n").filter { !$0.contains("'") }.map(String.init) ?? []
        if dictionary.count > 1000 {
            words = dictionary
        } else {
            let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qu", "be", "do", "fi", "gu", "ha"]
            words = (0..<20_000).map { n in (0..<(2 + n % 3)).map { syllables[(n / (1 << (4 * $0))) % syllables.count] }.joined() }
        }
    }

    private mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }

    /// A word, frequent ones more often (squared uniform index).
    private mutating func word() -> String {
        let u = Double(next() % 1_000_000) / 1_000_000
        return words[Int(u * u * Double(words.count - 1))]
    }

    private mutating func words(_ range: ClosedRange<Int>) -> String {
        let n = range.lowerBound + Int(next() % UInt64(range.count))
        return (0..<n).map { _ in word() }.joined(separator: " ")
    }

    mutating func item(number: Int) -> SearchableItem {
        let title = words(2...5)
        return SearchableItem(id: "item-\(number)", domain: "bench.domain\(number % 5)", attributes: SearchableItemAttributeSet(
            title: title.prefix(1).uppercased() + title.dropFirst(),
            contentDescription: words(8...16),
            keywords: (0..<3).map { _ in word() },
            displayName: number % 4 == 0 ? words(1...2) : nil,
            textContent: words(20...40),
            rankingHint: Double(next() % 101)))
    }

    /// What a user has typed: one or two words, the last cut to 1–6 characters.
    mutating func queryText(number: Int) -> String {
        let last = word()
        let cut = String(last.prefix(1 + number % 6))
        return number % 3 == 0 ? word() + " " + cut : cut
    }
}

extension IndexBenchmark {
    /// The generated items the benchmark indexes, for profiling elsewhere.
    public static func sampleItems(count: Int, seed: UInt64 = 42) -> [SearchableItem] {
        var generator = ItemGenerator(seed: seed)
        return (0..<count).map { generator.item(number: $0) }
    }
}
