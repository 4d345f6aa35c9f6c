import Foundation
import SearchIndex

/// Figures 1, 2 and 5 at one size: bulk indexing through the JS bridge against plain
/// FTS5 inserts, search-as-you-type latency from JS against the same searches made
/// natively, and the index's size against the raw text.
struct IndexingFigures {
    var paths: JSScript.Paths
    var options: BenchOptions

    /// The JS run, kept for the figures that reuse its index and latencies.
    struct Outcome {
        var dataDirectory: String
        var jsLatencies: Latencies?
    }

    func measure(_ files: WorkloadFiles, directory: String, into report: inout Report) -> Outcome {
        let size = Report.count(files.items.count)
        let indexing = "1. Bulk indexing"
        let latency = "2. Search as you type (from JS, limit 20)"
        let disk = "5. Index size on disk"
        let queries = files.typing.queries

        say("\(size): plain FTS5 inserts…")
        var baseline: FTS5Baseline.Result
        do {
            baseline = try FTS5Baseline.run(files.items, batchSize: options.batchSize, path: directory + "/baseline.sqlite3")
        } catch {
            report.add(.unavailable(indexing, "baseline at \(size)", goal: "", reason: "\(error)"))
            return Outcome(dataDirectory: "", jsLatencies: nil)
        }
        var baselineRate = Double(files.items.count) / baseline.seconds
        var baselineText = "plain FTS5 inserts \(Self.rate(baselineRate))"

        say("\(size): SearchableIndex from Swift…")
        let native = try? NativeIndex.run(files.items, queries: queries, batchSize: options.batchSize,
                                          directory: directory + "/native")

        say("\(size): indexItems and search from JS…")
        let dataDirectory = directory + "/searchlight"
        try? FileManager.default.removeItem(atPath: dataDirectory)
        let script = JSScript(name: "index-and-search.js",
                              arguments: [String(options.batchSize), files.queriesFile] + files.itemFiles)
        let js: JSScript.Run
        do {
            js = try script.run(paths, dataDirectory: dataDirectory, outputFile: directory + "/index-and-search.out")
        } catch {
            report.add(.unavailable(indexing, "JS indexItems, \(size) items", goal: "≥ 0.8×", reason: "\(error)"))
            report.add(.unavailable(latency, "p99 at \(size)", goal: Self.latencyGoal(files.items.count), reason: "\(error)"))
            report.add(.unavailable(disk, "\(size) items", goal: "≤ 2.5×", reason: "\(error)"))
            if let native {
                // What the index alone does, so a failed JS run still says something.
                addNative(native, files, baselineRate: baselineRate, baselineText: baselineText, size: size, into: &report)
                for (name, value) in [("p50", native.latencies.p50), ("p99", native.latencies.p99)] {
                    report.add(Figure(section: latency, name: "Swift SearchableIndex.search \(name) at \(size) (no JS)",
                                      measured: Self.ms(value), baseline: "", ratio: nil, goal: "", met: nil))
                }
                let ratio = Double(native.bytesOnDisk) / Double(files.textBytes)
                report.add(Figure(section: disk, name: "\(size) items, index written from Swift", measured: Self.megabytes(native.bytesOnDisk),
                                  baseline: "raw text \(Self.megabytes(Int64(files.textBytes)))", ratio: ratio, goal: "", met: nil))
            }
            return Outcome(dataDirectory: "", jsLatencies: nil)
        }

        // The machine is shared: a second baseline after the JS run, and their mean, so
        // that load changing during the run weighs on both sides alike.
        if files.items.count <= Self.largestBracketedSize,
           let after = try? FTS5Baseline.run(files.items, batchSize: options.batchSize, path: directory + "/baseline.sqlite3") {
            let rates = [baselineRate, Double(files.items.count) / after.seconds]
            baselineRate = (rates[0] + rates[1]) / 2
            baselineText = "plain FTS5 inserts \(Self.rate(baselineRate)) (mean of \(Self.rate(rates[0])) before, \(Self.rate(rates[1])) after)"
            baseline = after
        }
        let jsRate = js.number("written") / (js.number("indexMs") / 1000)
        report.add(Figure(section: indexing, name: "JS indexItems, \(size) items", measured: Self.rate(jsRate),
                          baseline: baselineText, ratio: jsRate / baselineRate, goal: "≥ 0.8×", met: jsRate / baselineRate >= 0.8))
        if let native { addNative(native, files, baselineRate: baselineRate, baselineText: baselineText, size: size, into: &report) }
        // The index sets FTS5's hashsize; the same setting on the plain table shows what
        // the ratio owes to it (no goal: the goal is against FTS5 as it comes).
        if let tuned = try? FTS5Baseline.run(files.items, batchSize: options.batchSize, path: directory + "/baseline-hashsize.sqlite3",
                                              hashSize: SearchableIndex.ftsHashSize) {
            let tunedRate = Double(files.items.count) / tuned.seconds
            report.add(Figure(section: indexing, name: "JS indexItems, \(size), against FTS5 with the index's hashsize",
                              measured: Self.rate(jsRate),
                              baseline: "FTS5 inserts with hashsize \(SearchableIndex.ftsHashSize / 1_048_576) MB \(Self.rate(tunedRate))",
                              ratio: jsRate / tunedRate, goal: "", met: nil))
            try? FileManager.default.removeItem(atPath: directory + "/baseline-hashsize.sqlite3")
        }

        let latencies = js.latencies()
        let goal = Self.latencyGoal(files.items.count)
        for (name, value, nativeValue, limit) in [("p50", latencies.p50, native?.latencies.p50, nil as Double?),
                                                  ("p99", latencies.p99, native?.latencies.p99, Self.latencyLimit(files.items.count))] {
            report.add(Figure(section: latency, name: "\(name) at \(size) (\(latencies.count) queries)", measured: Self.ms(value),
                              baseline: nativeValue.map { "Swift SearchableIndex.search \(Self.ms($0))" } ?? "",
                              ratio: nativeValue.map { value / $0 },
                              goal: limit == nil ? "" : goal, met: limit.map { value <= $0 }))
        }
        // Each query class apart, from JS (typos on), against the same class from Swift.
        let jsSamples = (js.figures["latencies"] as? [NSNumber] ?? []).map { $0.doubleValue }
        let kinds = files.typing.kinds
        let classes: [(TypingSequences.Kind, String)] = [(.typing, "typing (prefixes of titles)"),
                                                           (.multi, "multi-term (frequent word + 3–4 letter prefix)"),
                                                           (.typo, "one typo in a title word")]
        for (kind, label) in classes where jsSamples.count == kinds.count {
            let js = Latencies(zip(jsSamples, kinds).filter { $0.1 == kind }.map { $0.0 })
            guard js.count > 0 else { continue }
            let swift = native.map { native in Latencies(zip(native.samples, kinds).filter { $0.1 == kind }.map { $0.0 }) }
            report.add(Figure(section: latency, name: "\(label) at \(size), p50 / p99 (\(js.count) queries)",
                              measured: "\(Self.ms(js.p50)) / \(Self.ms(js.p99))",
                              baseline: swift.map { "Swift \(Self.ms($0.p50)) / \(Self.ms($0.p99))" } ?? "",
                              ratio: swift.map { js.p99 / $0.p99 },
                              goal: Self.classLatencyLimit(files.items.count).map { "≤ \(Int($0)) ms" } ?? "",
                              met: Self.classLatencyLimit(files.items.count).map { js.p99 <= $0 }))
        }
        addUserQueryClasses(classes, queries: queries, kinds: kinds, searchSamples: jsSamples, dataDirectory: dataDirectory,
                            directory: directory, size: size, section: latency, into: &report)
        if let native, native.typoCosts.count == kinds.count {
            // What typo tolerance costs the queries that need none (typing, multi-term), from
            // Swift, each searched warm both ways (``NativeIndex/typoCost(of:index:clock:)``),
            // on the index as the import left it and once idle maintenance has settled it
            // (``NativeIndex/run(_:queries:batchSize:directory:)`` says why both).
            let needNone = kinds.indices.filter { kinds[$0] != .typo }
            for (costs, state) in [(native.typoCosts, "just imported"), (native.settledTypoCosts, "settled")] {
                let on = Latencies(needNone.map { costs[$0].on })
                let off = Latencies(needNone.map { costs[$0].off })
                report.add(Figure(section: latency, name: "exact queries at \(size), \(state), warm, typos on, p50 / p99 (Swift, \(on.count) queries)",
                                  measured: "\(Self.ms(on.p50)) / \(Self.ms(on.p99))",
                                  baseline: "typoTolerance false \(Self.ms(off.p50)) / \(Self.ms(off.p99))",
                                  ratio: on.p99 / off.p99, goal: "≤ 1.2×", met: on.p99 / off.p99 <= 1.2))
                // The same queries apart by whether typo tolerance changed their page: where
                // it did, the exact matches did not fill it and the typo pass that filled it
                // is what SPEC §5 asks for; where it did not, the cost is pure overhead.
                for (filled, typosOn, typosOff) in NativeIndex.splitByTyposOnPage(costs, picked: needNone) {
                    let label = filled ? "whose page typos filled" : "whose page holds no typo hit"
                    report.add(Figure(section: latency, name: "exact queries at \(size), \(state), \(label), typos on, p50 / p99 (Swift, \(typosOn.count) queries)",
                                      measured: "\(Self.ms(typosOn.p50)) / \(Self.ms(typosOn.p99))",
                                      baseline: "typoTolerance false \(Self.ms(typosOff.p50)) / \(Self.ms(typosOff.p99))",
                                      ratio: typosOn.p99 / typosOff.p99, goal: "", met: nil))
                }
            }
        }
        let roundTrips = js.latencies("roundTrips")
        if roundTrips.count > 0 {
            report.add(Figure(section: latency, name: "promise round trip at \(size), no search (p50 / p99)",
                              measured: "\(Self.ms(roundTrips.p50)) / \(Self.ms(roundTrips.p99))",
                              baseline: "getInitialRequest(), a promise method that reads no index", ratio: nil, goal: "", met: nil))
        }
        let withoutHits = Int(js.number("withoutHits"))
        if withoutHits > 0 {
            report.notes.append("At \(size), \(withoutHits) of \(latencies.count) typed queries found nothing from JS, though each is a prefix of an indexed item's title.")
        }

        let bytes = DiskUsage.bytes(atPath: dataDirectory)
        let ratio = Double(bytes) / Double(files.textBytes)
        // The process exits without closing the index, so its WAL stays on disk until
        // the next open checkpoints it: shown apart, counted in the ratio.
        let wal = DiskUsage.bytes(under: dataDirectory, endingWith: "-wal")
        let walText = wal > 0 ? "; WAL left at exit \(Self.megabytes(wal))" : ""
        report.add(Figure(section: disk, name: "\(size) items",
                          measured: "\(Self.megabytes(bytes)) (plain FTS5: \(Self.megabytes(baseline.bytesOnDisk))\(walText))",
                          baseline: "raw text \(Self.megabytes(Int64(files.textBytes)))", ratio: ratio, goal: "≤ 2.5×", met: ratio <= 2.5))
        if let settled = Self.settledBytes(of: dataDirectory, copy: directory + "/settled") {
            let settledRatio = Double(settled) / Double(files.textBytes)
            report.add(Figure(section: disk, name: "\(size) items, settled (a copy after idle maintenance ran to its end)",
                              measured: Self.megabytes(settled), baseline: "raw text \(Self.megabytes(Int64(files.textBytes)))",
                              ratio: settledRatio, goal: "≤ 2.5×", met: settledRatio <= 2.5))
        }
        return Outcome(dataDirectory: dataDirectory, jsLatencies: latencies)
    }

    /// The size of the index in `directory` once idle maintenance has merged its FTS
    /// segments, returned its free pages and truncated its WALs, as an app left open
    /// after an import has it a few seconds later. Measured on a copy (removed after),
    /// so the figures that reopen the JS run's index see it as that run left it.
    static func settledBytes(of directory: String, copy: String) -> Int64? {
        try? FileManager.default.removeItem(atPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        do {
            try FileManager.default.copyItem(atPath: directory, toPath: copy)
            try NativeIndex.settle(directory: copy)
        } catch {
            say("settling a copy of \(directory) failed: \(error)")
            return nil
        }
        return DiskUsage.bytes(atPath: copy)
    }

    private func addNative(_ native: NativeIndex.Result, _ files: WorkloadFiles, baselineRate: Double, baselineText: String,
                           size: String, into report: inout Report) {
        let rate = Double(files.items.count) / native.indexSeconds
        report.add(Figure(section: "1. Bulk indexing", name: "Swift SearchableIndex.indexItems, \(size) (no JS)",
                          measured: Self.rate(rate), baseline: baselineText, ratio: rate / baselineRate, goal: "", met: nil))
        if native.queriesWithoutHits > 0 {
            report.notes.append("At \(size), \(native.queriesWithoutHits) typed queries found nothing from Swift, though each is a prefix of an indexed item's title.")
        }
    }

    /// Up to this size the baseline also runs after the JS path (a second run at 1M
    /// would add minutes).
    static let largestBracketedSize = 100_000

    static func latencyLimit(_ count: Int) -> Double? {
        count >= 1_000_000 ? 20 : (count >= 100_000 ? 5 : nil)
    }

    /// `userQuery`, which also counts the total (`search` does not), from JS on the
    /// index the JS run left, per query class, in a process of its own (so that
    /// SQLite's cache holds none of the `search` run's pages); against `search`'s figure
    /// of the same class, `searchSamples`.
    private func addUserQueryClasses(_ classes: [(TypingSequences.Kind, String)], queries: [String], kinds: [TypingSequences.Kind],
                                     searchSamples: [Double], dataDirectory: String, directory: String, size: String,
                                     section: String, into report: inout Report) {
        let samples: [Double]
        do {
            let queriesFile = directory + "/user-query-queries.json"
            try JSONSerialization.data(withJSONObject: queries).write(to: URL(fileURLWithPath: queriesFile))
            samples = try NativeIndex.timeQueriesFromJS(queriesFile, count: kinds.count, method: "userQuery", dataDirectory: dataDirectory,
                                                        outputFile: directory + "/open-and-user-query.out", paths: paths).latencies
        } catch {
            report.add(.unavailable(section, "userQuery at \(size)", goal: "", reason: "\(error)"))
            return
        }
        for (kind, label) in classes {
            let counted = Latencies(zip(samples, kinds).filter { $0.1 == kind }.map { $0.0 })
            guard counted.count > 0 else { continue }
            let searched = searchSamples.count == kinds.count
                ? Latencies(zip(searchSamples, kinds).filter { $0.1 == kind }.map { $0.0 }) : nil
            report.add(Figure(section: section, name: "\(label) at \(size), userQuery (counts the total), p50 / p99",
                              measured: "\(Self.ms(counted.p50)) / \(Self.ms(counted.p99))",
                              baseline: searched.map { "search \(Self.ms($0.p50)) / \(Self.ms($0.p99))" } ?? "",
                              ratio: searched.map { counted.p99 / $0.p99 }, goal: "", met: nil))
        }
    }

    /// Each query class's p99 from JS with typos on (issue 16): 5 ms at 100k, 15 ms at 1M.
    static func classLatencyLimit(_ count: Int) -> Double? {
        count >= 1_000_000 ? 15 : (count >= 100_000 ? 5 : nil)
    }

    static func latencyGoal(_ count: Int) -> String {
        latencyLimit(count).map { "≤ \(Int($0)) ms" } ?? ""
    }

    static func rate(_ itemsPerSecond: Double) -> String { String(format: "%.0f items/s", itemsPerSecond) }
    static func ms(_ milliseconds: Double) -> String { String(format: "%.2f ms", milliseconds) }
    static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}
