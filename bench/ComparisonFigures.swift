import Foundation

/// Figure 3 (against lunr.js in the same host: start to first result, query p50,
/// peak memory) and figure 2's search during a large indexing batch, on the index
/// the JS indexing run left behind.
struct ComparisonFigures {
    var paths: JSScript.Paths
    var options: BenchOptions

    /// The first query both sides answer: three letters of a workload word.
    static func firstQuery(_ files: WorkloadFiles) -> String {
        files.typing.sequences.first { !$0.cjk && $0.queries.count >= 3 }.map { $0.queries[2] } ?? "a"
    }

    func measureLunr(_ files: WorkloadFiles, dataDirectory: String, directory: String, into report: inout Report) {
        let section = "3. Against lunr.js at \(Report.count(files.items.count)) (same host)"
        let first = Self.firstQuery(files)

        say("\(Report.count(files.items.count)): searchlight from an existing index…")
        let ours: JSScript.Run
        do {
            ours = try JSScript(name: "open-and-search.js", arguments: [first, files.comparisonQueriesFile])
                .run(paths, dataDirectory: dataDirectory, outputFile: directory + "/open-and-search.out")
        } catch {
            report.add(.unavailable(section, "start to first result", goal: "≥ 100× faster", reason: "\(error)"))
            return
        }

        let lunr: JSScript.Run
        do {
            let lunrIndex = try lunrIndex(files, directory: directory)
            say("\(Report.count(files.items.count)): lunr.js from its serialized index…")
            lunr = try JSScript(name: "lunr-search.js", arguments: [lunrIndex, first, files.comparisonQueriesFile,
                                                                    String(options.lunrBudgetSeconds * 1000)])
                .run(paths, dataDirectory: directory + "/lunr-data", outputFile: directory + "/lunr-search.out")
        } catch {
            report.add(.unavailable(section, "lunr.js", goal: "", reason: "\(error)"))
            return
        }

        // Start to first result: from spawning the process to the first hits in JS.
        let oursStart = ours.number("firstResultEpochMs") - ours.process.spawnEpochMilliseconds
        let lunrStart = lunr.number("firstResultEpochMs") - lunr.process.spawnEpochMilliseconds
        report.add(Figure(section: section, name: "start to first result ('\(first)')",
                          measured: String(format: "%.0f ms (%.1f ms in the script)", oursStart, ours.number("firstResultMs")),
                          baseline: String(format: "lunr.js %.0f ms (%.0f ms in the script)", lunrStart, lunr.number("firstResultMs")),
                          ratio: lunrStart / oursStart, goal: "≥ 100× faster", met: lunrStart / oursStart >= 100))
        // p50 over the queries lunr.js finished within its budget (the same ones, in order).
        let lunrLatencies = lunr.latencies("latencies")
        let lunrCount = (lunr.figures["latencies"] as? [Any])?.count ?? 0
        let oursSamples = ((ours.figures["latencies"] as? [NSNumber]) ?? []).prefix(lunrCount).map { $0.doubleValue }
        let oursP50 = Latencies(oursSamples).p50, lunrP50 = lunrLatencies.p50
        report.add(Figure(section: section, name: "query p50 (the \(lunrCount) queries lunr.js finished in \(options.lunrBudgetSeconds) s)", measured: IndexingFigures.ms(oursP50),
                          baseline: "lunr.js \(IndexingFigures.ms(lunrP50)) (max \(IndexingFigures.ms(lunrLatencies.max)))",
                          ratio: oursP50 / lunrP50, goal: "≤ 1× (lunr's)", met: oursP50 <= lunrP50))
        let oursMemory = Double(ours.process.peakMemoryBytes), lunrMemory = Double(lunr.process.peakMemoryBytes)
        report.add(Figure(section: section, name: "peak memory of the process (VmHWM)",
                          measured: IndexingFigures.megabytes(Int64(oursMemory)),
                          baseline: "lunr.js \(IndexingFigures.megabytes(Int64(lunrMemory)))",
                          ratio: oursMemory / lunrMemory, goal: "≤ 0.33×", met: oursMemory / lunrMemory <= 1.0 / 3))
        report.notes.append("Start to first result is measured from spawning `searchlight run` to the first hits in JS (wall clock), so both sides include the host's start-up; the time inside the script (opening the index, or loading lunr.js and its serialized index with lunr.Index.load) is shown beside it. lunr.js is queried with every term required and the last one as a trailing wildcard; the query p50 compares the same queries for both (without CJK, last term of 3 letters or more, seeded shuffle), as many as lunr.js finished within its time budget.")
    }

    /// lunr.js's serialized index of `files`, built by lunr-build.js (setup, not
    /// timed) unless an earlier run left one for the same workload.
    private func lunrIndex(_ files: WorkloadFiles, directory: String) throws -> String {
        let path = directory + "/lunr-index.json"
        let keyPath = path + ".key"
        let key = "lunr.js index of \(files.items.count) workload items, seed 42, \(files.textBytes) bytes of text\n"
        if (try? String(contentsOfFile: keyPath, encoding: .utf8)) == key, FileManager.default.fileExists(atPath: path) {
            say("\(Report.count(files.items.count)): lunr.js index from an earlier run (\(path))")
            return path
        }
        say("\(Report.count(files.items.count)): lunr.js index build (setup, not timed; kept for later runs)…")
        try? FileManager.default.removeItem(atPath: keyPath)
        let build = try ChildProcess(executable: paths.searchlight,
                                     arguments: ["run", "--data-dir", directory + "/lunr-data", paths.scripts + "/lunr-build.js"] + files.itemFiles)
            .run(outputFile: path, keepOutput: false)
        guard build.status == 0, build.output.hasPrefix("{") else {
            throw BenchError("lunr-build.js failed (exit status \(build.status)): \(build.output.prefix(300))")
        }
        try key.write(toFile: keyPath, atomically: true, encoding: .utf8)
        say(String(format: "%@: lunr.js index built in %.0f s", Report.count(files.items.count), build.seconds))
        return path
    }

    func measureSearchDuringIndexing(_ files: WorkloadFiles, dataDirectory: String, directory: String,
                                     idle: Latencies?, into report: inout Report) {
        let section = "2. Search as you type (from JS, limit 20)"
        let name = "p99 during one \(Report.count(files.items.count))-item indexItems call"
        say("\(Report.count(files.items.count)): searches during one large indexItems call…")
        do {
            let run = try JSScript(name: "search-during-indexing.js", arguments: [files.queriesFile] + files.itemFiles)
                .run(paths, dataDirectory: dataDirectory, outputFile: directory + "/search-during-indexing.out")
            let latencies = run.latencies()
            guard latencies.count > 0 else {
                report.add(.unavailable(section, name, goal: "≤ 20 ms", reason: "the batch finished before a search could be issued"))
                return
            }
            report.add(Figure(section: section, name: name + " (\(latencies.count) searches)",
                              measured: IndexingFigures.ms(latencies.p99) + " (p50 \(IndexingFigures.ms(latencies.p50)))",
                              baseline: idle.map { "idle p99 \(IndexingFigures.ms($0.p99))" } ?? "",
                              ratio: idle.map { latencies.p99 / $0.p99 }, goal: "≤ 20 ms", met: latencies.p99 <= 20))
            report.notes.append(String(format: "During the %@-item batch, a search ran every 20 ms; the indexItems call itself held the JS thread for %.0f ms (converting the batch) and the batch took %.1f s.",
                                       Report.count(files.items.count), run.number("callMs"), run.number("batchMs") / 1000))
        } catch {
            report.add(.unavailable(section, name, goal: "≤ 20 ms", reason: "\(error)"))
        }
    }
}
