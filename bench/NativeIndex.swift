import CSQLite
import Foundation
import SearchIndex

/// The same work as the JS path, done by calling ``SearchableIndex`` from Swift: it
/// splits the JS path's cost into the index's own and the bridge's.
enum NativeIndex {
    /// What JS `search(text, {limit: 20})` asks of the index: its hits and no total
    /// (``SearchOptions/countsTotal`` false), so that the Swift figures are the same
    /// work as the JS ones. `userQuery`, which counts, is timed from JS too.
    static func searchOptions(typoTolerance: Bool = true) -> SearchOptions {
        SearchOptions(limit: 20, typoTolerance: typoTolerance, countsTotal: false)
    }

    /// What the native path took.
    struct Result {
        var indexSeconds: Double
        var bytesOnDisk: Int64
        /// Every query's latency, in order, with typo tolerance on (the default).
        var samples: [Double]
        var latencies: Latencies
        var queriesWithoutHits: Int
        /// Every query's ``typoCost(of:index:clock:)``, in order, on the index as the
        /// import left it.
        var typoCosts: [TypoCost]
        /// The same once idle maintenance has run to its end (``settle(directory:)``).
        var settledTypoCosts: [TypoCost]
    }

    /// One query searched warm with typos on and off (ms), and whether typo tolerance
    /// changed its page: whether a hit with typos is on it (the exact matches did not
    /// fill it, so the typo pass SPEC §5 asks for ran and was used).
    struct TypoCost {
        var on: Double
        var off: Double
        var typosOnPage: Bool
    }

    /// What typo tolerance costs one query, in ms of `clock`: right after its first
    /// search, it is searched ``typoCostRounds`` times with typos off, on, on and off,
    /// and the lowest time of each way is kept.
    ///
    /// Searching it once each way, one right after the other, favoured whichever ran
    /// second: it found what the first had read still cached (SQLite's pages, the
    /// CPU's caches), and on queries that do the same work either way (no word of five
    /// letters or more) it took a fifth less time whichever it was
    /// (docs/benchmarks.md, "MEASURED (2026-12-03, lead, second session)"). After the first search
    /// both find the query's pages cached, and each way runs once after the other way and
    /// once after itself.
    ///
    /// With one round (two searches each way) the exact-query ratio of the same code and
    /// index came out anywhere in 1.09–1.29× from run to run: its p99 is the 17th
    /// slowest of 1,714 queries, in a band of some 30 queries within 0.2 ms of each
    /// other, and a stall in either search of any of them moved it. With three rounds,
    /// three `--search-only` runs in a row gave 1.11, 1.12 and 1.11× (against 1.17, 1.14
    /// and 1.11× with one, alternating). On the index as an import leaves it, before idle
    /// maintenance has merged its segments, it was higher, 1.20–1.26×, which is why
    /// ``run(_:queries:batchSize:directory:)`` times it both ways (docs/benchmarks.md,
    /// "MEASURED (2026-12-05, lead, fifteenth session)"); since the index finishes
    /// `items_head`'s merge once writes pause, searches or not, it is its settled figure
    /// (1.15–1.26× in alternating runs, median 1.19×)
    /// ("MEASURED (2026-12-06, lead, sixteenth session)").
    static let typoCostRounds = 3

    static func typoCost(of text: String, index: SearchableIndex, clock: () -> Double) throws -> TypoCost {
        var typosOnPage = false
        func time(typos: Bool) throws -> Double {
            let begin = clock()
            let results = try index.search(text, options: searchOptions(typoTolerance: typos))
            let end = clock()
            if typos { typosOnPage = results.hits.contains { $0.breakdown.typoCount > 0 } }
            return end - begin
        }
        var on = Double.infinity, off = Double.infinity
        for _ in 0 ..< typoCostRounds {
            off = min(off, try time(typos: false))
            on = min(on, try time(typos: true))
            on = min(on, try time(typos: true))
            off = min(off, try time(typos: false))
        }
        return TypoCost(on: on, off: off, typosOnPage: typosOnPage)
    }

    /// The queries `picked` of `costs` apart by whether typos filled their page (those
    /// without a typo hit first), with each part's typos-on and typos-off latencies; a
    /// part without queries is left out.
    static func splitByTyposOnPage(_ costs: [TypoCost], picked: [Int]) -> [(filled: Bool, on: Latencies, off: Latencies)] {
        [false, true].compactMap { filled in
            let part = picked.filter { costs[$0].typosOnPage == filled }
            guard !part.isEmpty else { return nil }
            return (filled, Latencies(part.map { costs[$0].on }), Latencies(part.map { costs[$0].off }))
        }
    }

    /// The index in `directory`, opened, its word list loaded by a first search (how
    /// long that took, in ms, is returned too), and warmed by the first 20 of `queries`.
    private static func openedAndWarmed(directory: String, queries: [String]) throws -> (SearchableIndex, firstSearchMs: Double) {
        let index = try SearchableIndex(directory: directory, defaultDomain: "com.example.bench")
        let begin = DispatchTime.now().uptimeNanoseconds
        _ = try index.search("a")
        let firstSearchMs = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6
        for text in queries.prefix(20) { _ = try index.search(text, options: searchOptions()) }
        return (index, firstSearchMs)
    }

    /// Times `queries` on the index a previous run left in `directory`, typos on and
    /// off, and prints p50 / p99 of the searching thread's CPU time per class.
    static func timeSearches(queries: [String], kinds: [TypingSequences.Kind], directory: String) throws {
        let (index, firstMs) = try openedAndWarmed(directory: directory, queries: queries)
        say(String(format: "first search (loads the word list): %.1f ms", firstMs))
        let cpu = cpuMilliseconds
        // Each query's first search (typos on), then what typos cost it, both warm.
        var first: [Double] = [], wall: [Double] = [], costs: [TypoCost] = []
        var withoutHits: [String] = []
        for text in queries {
            let wallBegin = DispatchTime.now().uptimeNanoseconds
            let begin = cpu()
            if try index.search(text, options: searchOptions()).hits.isEmpty { withoutHits.append(text) }
            first.append(cpu() - begin)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallBegin) / 1e6)
            costs.append(try typoCost(of: text, index: index, clock: cpu))
        }
        if !withoutHits.isEmpty { say("without hits: " + withoutHits.joined(separator: ", ")) }
        if let path = ProcessInfo.processInfo.environment["BENCH_HITS"] {
            try writeHits(queries: queries, index: index, to: path)
        }
        if let path = ProcessInfo.processInfo.environment["BENCH_PER_QUERY"] {
            // One line per query: class, ms with typos on, ms off (both warm), whether the
            // page holds a typo hit (1 or 0), text (for sorting).
            let lines = queries.indices.map {
                String(format: "%@\t%.3f\t%.3f\t%d\t%@", kinds[$0].rawValue, costs[$0].on, costs[$0].off, costs[$0].typosOnPage ? 1 : 0,
                       queries[$0])
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        for kind in [TypingSequences.Kind.typing, .multi, .typo] {
            let picked = kinds.indices.filter { kinds[$0] == kind }
            let f = Latencies(picked.map { first[$0] }), w = Latencies(picked.map { wall[$0] })
            let a = Latencies(picked.map { costs[$0].on }), b = Latencies(picked.map { costs[$0].off })
            say(String(format: "%@ (%d): first search p50 %.2f p99 %.2f ms (wall clock %.2f / %.2f); warm, typos on p50 %.2f p99 %.2f ms, off p50 %.2f p99 %.2f ms",
                       kind.rawValue, picked.count, f.p50, f.p99, w.p50, w.p99, a.p50, a.p99, b.p50, b.p99))
            saySlowest(picked, queries: queries, samples: first)
        }
        try timeOnWokenWorker(queries: queries, kinds: kinds, directory: directory, onCaller: first)
        sayExactQueries(costs, kinds: kinds)
    }

    /// Prints the exact-query figure of the full run (typing and multi-term queries
    /// together, typos on against off, p50 / p99 and the p99 ratio), then the same apart
    /// by whether typos filled the page.
    static func sayExactQueries(_ costs: [TypoCost], kinds: [TypingSequences.Kind], state: String? = nil) {
        let exact = kinds.indices.filter { kinds[$0] != .typo }
        let a = Latencies(exact.map { costs[$0].on }), b = Latencies(exact.map { costs[$0].off })
        say(String(format: "exact queries (%d)%@, warm: typos on p50 %.2f p99 %.2f ms; off p50 %.2f p99 %.2f ms; p99 ratio %.2f×",
                   exact.count, state.map { ", " + $0 } ?? "", a.p50, a.p99, b.p50, b.p99, a.p99 / b.p99))
        for (filled, typosOn, typosOff) in splitByTyposOnPage(costs, picked: exact) {
            say(String(format: "  of them, %@ (%d): typos on p50 %.2f p99 %.2f ms; off p50 %.2f p99 %.2f ms; p99 ratio %.2f×",
                       filled ? "typo hits on the page" : "no typo hit on the page", typosOn.count,
                       typosOn.p50, typosOn.p99, typosOff.p50, typosOff.p99, typosOn.p99 / typosOff.p99))
        }
    }

    /// Times each query's first search again, on a second opening of the index, the way
    /// `SearchOnDevice` runs it: handed to a global dispatch queue's worker, which wakes
    /// for it, while the calling thread waits. Prints per class that worker's CPU time
    /// and the caller's wall clock, against `onCaller` (the first searches ``timeSearches``
    /// timed on its own, busy, thread).
    ///
    /// The search is the same; the thread it runs on is not. On these shared virtual
    /// machines a search on a worker that was asleep took 1.2–1.5× the CPU time of the
    /// same search on a thread that kept running, and its caller waited 0.1–0.3 ms
    /// more; with both threads spinning instead of sleeping most of the difference was
    /// gone (docs/benchmarks.md, "MEASURED (2026-12-03, lead, fourth session)"). So
    /// this is the part of the gap between the JS figures and the Swift ones that the
    /// bridge's code does not cause.
    static func timeOnWokenWorker(queries: [String], kinds: [TypingSequences.Kind], directory: String, onCaller: [Double]) throws {
        let (index, _) = try openedAndWarmed(directory: directory, queries: queries)
        var cpu: [Double] = [], wall: [Double] = []
        for text in queries {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var spent = 0.0
            nonisolated(unsafe) var failure: Error?
            let begin = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.global(qos: .userInitiated).async {
                let start = cpuMilliseconds()
                do { _ = try index.search(text, options: searchOptions()) } catch { failure = error }
                spent = cpuMilliseconds() - start
                done.signal()
            }
            done.wait()
            if let failure { throw failure }
            cpu.append(spent)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
        }
        for kind in [TypingSequences.Kind.typing, .multi, .typo] {
            let picked = kinds.indices.filter { kinds[$0] == kind }
            let own = Latencies(picked.map { onCaller[$0] })
            let c = Latencies(picked.map { cpu[$0] }), w = Latencies(picked.map { wall[$0] })
            say(String(format: "%@ (%d), first search on a woken worker: CPU p50 %.2f p99 %.2f ms (%.2f× / %.2f× the busy thread's), caller's wall clock p50 %.2f p99 %.2f ms",
                       kind.rawValue, picked.count, c.p50, c.p99, c.p50 / own.p50, c.p99 / own.p99, w.p50, w.p99))
        }
    }

    /// Prints what ``run`` measured: the import rate, the size against the text, and
    /// p50 / p99 (wall clock) per query class, typos on and off.
    static func summarize(_ result: Result, kinds: [TypingSequences.Kind], count: Int, textBytes: Int) {
        say(String(format: "indexItems from Swift: %.0f items/s; %.1f MB on disk, %.2f× the text", Double(count) / result.indexSeconds,
                   Double(result.bytesOnDisk) / 1e6, Double(result.bytesOnDisk) / Double(textBytes)))
        for kind in [TypingSequences.Kind.typing, .multi, .typo] {
            let picked = kinds.indices.filter { kinds[$0] == kind }
            let f = Latencies(picked.map { result.samples[$0] })
            let a = Latencies(picked.map { result.typoCosts[$0].on }), b = Latencies(picked.map { result.typoCosts[$0].off })
            say(String(format: "%@ (%d), wall clock: first search p50 %.2f p99 %.2f ms; warm, typos on p50 %.2f p99 %.2f ms, off p50 %.2f p99 %.2f ms",
                       kind.rawValue, picked.count, f.p50, f.p99, a.p50, a.p99, b.p50, b.p99))
        }
        sayExactQueries(result.typoCosts, kinds: kinds, state: "just imported")
        sayExactQueries(result.settledTypoCosts, kinds: kinds, state: "settled")
    }

    /// Writes what every query finds, typos on and off (`limit: 20`): per line the
    /// query, the total, whether it is exact, and each hit's identifier, score and
    /// highlights, so that two builds' answers can be compared line by line
    /// (`BENCH_HITS=FILE` with `--search-only`).
    static func writeHits(queries: [String], index: SearchableIndex, to path: String) throws {
        var lines: [String] = []
        for text in queries {
            for typos in [true, false] {
                let results = try index.search(text, options: SearchOptions(typoTolerance: typos))
                let hits = results.hits.map { hit in
                    let ranges = hit.highlights.map { "\($0)" }.joined(separator: ";")
                    return "\(hit.item.id) \(String(format: "%.6f", hit.score)) [\(ranges)]"
                }
                lines.append("\(text)\t\(typos ? "on" : "off")\t\(results.totalCount)\t\(results.totalCountIsExact)\t" + hits.joined(separator: " | "))
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Lets idle maintenance run to its end on the index in `directory` (FTS merges,
    /// free pages, WAL truncation: what an app that stays open after an import gets
    /// once it is idle), and says how long that took and how many segments each FTS
    /// table had before and after.
    static func settle(directory: String) throws {
        say("settling: segments before " + segmentCounts(directory: directory))
        let begin = DispatchTime.now().uptimeNanoseconds
        let index = try SearchableIndex(directory: directory, defaultDomain: "com.example.bench")
        index.close(maintenanceBudget: 3_600)
        say(String(format: "settled in %.1f s; segments after %@", Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9,
                   segmentCounts(directory: directory)))
    }

    /// How many FTS5 segments `items_fts` and `items_head` hold (read-only).
    static func segmentCounts(directory: String) -> String {
        func count(_ file: String, _ table: String) -> String {
            var db: OpaquePointer?
            defer { sqlite3_close_v2(db) }
            guard sqlite3_open_v2(directory + "/" + file, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return "?" }
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(db, "SELECT count(DISTINCT segid) FROM \(table)_idx", -1, &statement, nil) == SQLITE_OK,
                  sqlite3_step(statement) == SQLITE_ROW else { return "?" }
            return String(sqlite3_column_int64(statement, 0))
        }
        return "items_fts \(count("fulltext.sqlite3", "items_fts")), items_head \(count("index.sqlite3", "items_head"))"
    }

    /// Times `queries` from JS on the index in `directory` (one `searchlight run`
    /// process, `search(text, {limit: 20})`, typos on, wall clock from the call to the
    /// resolved promise) and prints p50 / p99 per class, as ``timeSearches`` does for
    /// Swift; then the same with `userQuery`, which also counts the total, in a second
    /// process (so that neither finds the other's pages in SQLite's cache).
    /// With `phases`, the host also traces each `search` call's trip (``BridgeTrace``), and the
    /// phases' p50 / p99 per class are printed in the same run.
    static func timeFromJS(queries: [String], kinds: [TypingSequences.Kind], directory: String, paths: JSScript.Paths,
                           phases: Bool = false) throws {
        let queriesFile = directory + "/../search-only-queries.json"
        let json = try JSONSerialization.data(withJSONObject: queries)
        try json.write(to: URL(fileURLWithPath: queriesFile))
        try JSONSerialization.data(withJSONObject: kinds.map(\.rawValue)).write(to: URL(fileURLWithPath: directory + "/../search-only-kinds.json"))
        let traceFile = directory + "/../search-only-trace.tsv"
        // Only the `search` run is traced.
        if phases { setenv("SEARCHLIGHT_TRACE_BRIDGE", traceFile, 1) }
        let searched = try timeQueriesFromJS(queriesFile, count: queries.count, method: "search", dataDirectory: directory,
                                             outputFile: directory + "/../search-only-js.out", paths: paths)
        if phases { unsetenv("SEARCHLIGHT_TRACE_BRIDGE") }
        say(String(format: "from JS: first search (opens the index, loads the word list) %.1f ms", searched.run.number("firstResultMs")))
        sayClasses(searched.latencies, method: "search", queries: queries, kinds: kinds)
        if phases {
            let starts = (searched.run.figures["starts"] as? [NSNumber] ?? []).map { $0.doubleValue }
            try sayPhases(traceFile: traceFile, starts: starts, latencies: searched.latencies, kinds: kinds)
        }
        let counted = try timeQueriesFromJS(queriesFile, count: queries.count, method: "userQuery", dataDirectory: directory,
                                            outputFile: directory + "/../search-only-js-userquery.out", paths: paths)
        sayClasses(counted.latencies, method: "userQuery", queries: queries, kinds: kinds)
    }

    /// Runs `open-and-search.js` in its own `searchlight run` process on the index in
    /// `dataDirectory`, asking each of the `count` queries of `queriesFile` (a JSON array)
    /// with `method` (`search` or `userQuery`, `limit: 20`); returns the run and the
    /// latency of every query, in order.
    static func timeQueriesFromJS(_ queriesFile: String, count: Int, method: String, dataDirectory: String, outputFile: String,
                                  paths: JSScript.Paths) throws -> (run: JSScript.Run, latencies: [Double]) {
        let run = try JSScript(name: "open-and-search.js", arguments: ["a", queriesFile, method])
            .run(paths, dataDirectory: dataDirectory, outputFile: outputFile)
        let latencies = (run.figures["latencies"] as? [NSNumber] ?? []).map { $0.doubleValue }
        guard latencies.count == count else { throw BenchError("open-and-search.js timed \(latencies.count) of \(count) \(method) calls") }
        return (run, latencies)
    }

    /// Prints p50 / p99 per class of JS latencies (`samples`, one per query) taken with
    /// `method`, and each class's slowest queries.
    private static func sayClasses(_ samples: [Double], method: String, queries: [String], kinds: [TypingSequences.Kind]) {
        for kind in [TypingSequences.Kind.typing, .multi, .typo] {
            let picked = kinds.indices.filter { kinds[$0] == kind }
            let js = Latencies(picked.map { samples[$0] })
            say(String(format: "%@ (%d) from JS, %@: wall clock, typos on, p50 %.2f p99 %.2f ms", kind.rawValue, picked.count, method,
                       js.p50, js.p99))
            saySlowest(picked, queries: queries, samples: samples)
        }
    }

    /// The phases of each JS search's trip, from the host's trace (the last
    /// `starts.count` calls of `SearchOnDevice.search` are the timed ones, in order)
    /// and the script's own start and end times: p50 / p99 per class, in ms.
    static func sayPhases(traceFile: String, starts: [Double], latencies: [Double], kinds: [TypingSequences.Kind]) throws {
        let lines = try String(contentsOfFile: traceFile, encoding: .utf8).split(separator: "\n")
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else {
            throw BenchError("empty bridge trace \(traceFile)")
        }
        let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            .filter { $0.first == "SearchOnDevice.search" }
            .map { row in Dictionary(uniqueKeysWithValues: zip(header, row.map { Double($0) ?? .nan })) }
        guard rows.count >= starts.count, starts.count == latencies.count else {
            throw BenchError("bridge trace has \(rows.count) searches for \(starts.count) timed ones")
        }
        let timed = Array(rows.suffix(starts.count))
        // Each phase: a name and its duration for call `i` (`start` and `end` are the
        // script's own times around the call).
        typealias Phase = (name: String, span: (Int) -> Double)
        func between(_ a: String, _ b: String) -> (Int) -> Double { { timed[$0][b]! - timed[$0][a]! } }
        let end = { (i: Int) in starts[i] + latencies[i] }
        let phases: [Phase] = [
            ("JS call → native function", { timed[$0]["called"]! - starts[$0] }),
            ("arguments taken (JS thread)", between("called", "argumentsTaken")),
            ("queued → worker starts", between("argumentsTaken", "workStarted")),
            ("arguments read (worker)", between("workStarted", "argumentsRead")),
            ("search", between("argumentsRead", "searched")),
            ("hit values (BridgeValue)", between("searched", "answered")),
            ("JSON encoded (worker)", between("answered", "encoded")),
            ("posted → JS thread's turn", between("encoded", "turnStarted")),
            ("JSON written (JS thread)", between("turnStarted", "jsonWritten")),
            ("JSC parse", between("jsonWritten", "parsed")),
            ("promise → awaiting code", { end($0) - timed[$0]["parsed"]! }),
            ("= before the search", { timed[$0]["argumentsRead"]! - starts[$0] }),
            ("= after the search", { end($0) - timed[$0]["searched"]! }),
            ("= JS thread after the post", { end($0) - timed[$0]["turnStarted"]! }),
            ("= JS wall clock (whole call)", { latencies[$0] }),
        ]
        say("phases of a JS search (ms, p50 / p99 per class; typing, multi-term, one typo):")
        for phase in phases {
            var text = "  " + phase.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            for kind in [TypingSequences.Kind.typing, .multi, .typo] {
                let spans = Latencies(kinds.indices.filter { kinds[$0] == kind }.map(phase.span).filter { !$0.isNaN })
                text += String(format: "  %6.3f / %6.3f", spans.p50, spans.p99)
            }
            say(text)
        }
    }

    /// Prints the five slowest of the queries at `picked`, with their times.
    private static func saySlowest(_ picked: [Int], queries: [String], samples: [Double]) {
        let slowest = picked.sorted { samples[$0] > samples[$1] }.prefix(5).map { "\(queries[$0]) \(String(format: "%.1f", samples[$0]))" }
        say("  slowest: " + slowest.joined(separator: ", "))
    }

    /// Times each of `queries` 20 times on the index in `directory`, typos on and off,
    /// as JS `search` asks (``searchOptions(typoTolerance:)``), and prints each one's
    /// median thread CPU time and hit count: for looking at single slow queries.
    static func timeEach(queries: [String], directory: String) throws {
        let index = try SearchableIndex(directory: directory, defaultDomain: "com.example.bench")
        _ = try index.search("a")
        for text in queries where !text.isEmpty {
            var on: [Double] = [], off: [Double] = []
            var hits = 0
            for _ in 0 ..< 20 {
                var begin = cpuMilliseconds()
                hits = try index.search(text, options: searchOptions()).hits.count
                on.append(cpuMilliseconds() - begin)
                begin = cpuMilliseconds()
                _ = try index.search(text, options: searchOptions(typoTolerance: false))
                off.append(cpuMilliseconds() - begin)
            }
            say(String(format: "%@: typos on %.2f ms, off %.2f ms (%d hits)", text, Latencies(on).p50, Latencies(off).p50, hits))
        }
    }

    /// The calling thread's CPU time: on a shared, loaded machine, waiting for a core
    /// would swamp the differences wall time shows.
    static func cpuMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// Indexes `items` in batches into a new index under `directory`, then times
    /// `queries` (after 20 unmeasured ones that warm the page cache), and what typos
    /// cost each of them, twice: on the index as the import left it, and once idle
    /// maintenance has run to its end.
    ///
    /// The first is what a search right after an import meets; an app meets the
    /// second from its first idle moment on (maintenance waits for half a second
    /// without reads or writes; at 10k items it then takes about 0.2 s). Searching
    /// without a pause, the bench never gives maintenance that moment. FTS5's
    /// automerge leaves a 10k import with 11 segments in `items_head` (a merge it has
    /// begun, not finished), and every typo alternative's prefix list is set up in
    /// each segment (docs/benchmarks.md, "MEASURED (2026-12-05, lead, fifteenth
    /// session)"); 0.2 s after the last write the index finishes that merge (3
    /// segments), while these searches run (``IndexStore/headMergeStep(writer:lock:pagesPerStep:)``),
    /// so the first figure includes the searches of those 0.2 s and of the merge.
    static func run(_ items: [Workload.Item], queries: [String], batchSize: Int, directory: String) throws -> Result {
        try? FileManager.default.removeItem(atPath: directory)
        var index: SearchableIndex? = try SearchableIndex(directory: directory, defaultDomain: "com.example.bench")
        let start = DispatchTime.now().uptimeNanoseconds
        for batchStart in stride(from: 0, to: items.count, by: batchSize) {
            let batch = items[batchStart..<min(batchStart + batchSize, items.count)].map { item in
                SearchableItem(id: item.id, domain: item.domain, attributes: SearchableItemAttributeSet(
                    title: item.title, contentDescription: item.description, keywords: item.keywords))
            }
            try index!.indexItems(batch)
        }
        let indexSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9

        for text in queries.prefix(20) { _ = try index!.search(text, options: searchOptions()) }
        var samples: [Double] = []
        var typoCosts: [TypoCost] = []
        var withoutHits = 0
        let wall = { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
        for text in queries {
            let begin = DispatchTime.now().uptimeNanoseconds
            let results = try index!.search(text, options: searchOptions())
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
            if results.hits.isEmpty { withoutHits += 1 }
            typoCosts.append(try typoCost(of: text, index: index!, clock: wall))
        }
        index = nil  // closing the last connection checkpoints the WAL into the database file
        let bytesOnDisk = DiskUsage.bytes(atPath: directory)

        try settle(directory: directory)
        let (settled, _) = try openedAndWarmed(directory: directory, queries: queries)
        let settledTypoCosts = try queries.map { try typoCost(of: $0, index: settled, clock: wall) }
        settled.close()
        return Result(indexSeconds: indexSeconds, bytesOnDisk: bytesOnDisk, samples: samples, latencies: Latencies(samples),
                      queriesWithoutHits: withoutHits, typoCosts: typoCosts, settledTypoCosts: settledTypoCosts)
    }
}
