import Foundation

/// What `SearchlightBench` was asked to do: item counts, batch size, where to write.
struct BenchOptions {
    /// Item counts to measure indexing and search at, smallest first.
    var sizes: [Int] = [10_000, 100_000]
    /// The count at which the lunr.js comparison and the search-during-indexing figure run.
    var comparisonSize = 100_000
    /// How long lunr.js may spend on the comparison queries (it can take minutes on
    /// one one-letter prefix); searchlight's p50 is taken over the same queries.
    var lunrBudgetSeconds = 90
    /// Parts left out (`lunr`, `during`, `bridge`), for quick or profiled runs.
    var skipped: Set<String> = []
    /// Items per `indexItems` call (and per baseline transaction).
    var batchSize = 1_000
    /// The Markdown report to write (absolute); `nil` prints only.
    var reportPath: String?
    /// Scratch files (absolute): workload JSON, indexes, lunr's serialized index.
    var workDirectory: String
    /// Only time searches from Swift on the native index a previous run left in the
    /// work directory (quick iterations on search; no report).
    var searchOnly = false
    /// With ``searchOnly``: time only these queries (one per line of a file), each
    /// repeated, instead of the workload's.
    var queriesPath: String?
    /// With ``searchOnly``: first let idle maintenance finish on the index (merges,
    /// free pages, WAL), as an app that stays open after an import sees it.
    var settle = false
    /// With ``searchOnly``: also time the same queries from JS (wall clock, one
    /// `searchlight run` process) on the same index, right after the Swift side.
    var fromJS = false
    /// With ``fromJS``: also trace each call's trip through the bridge
    /// (`SEARCHLIGHT_TRACE_BRIDGE`) and print p50 / p99 of each phase.
    var phases = false
    /// Only write the native index (from Swift) and time its searches, without the
    /// plain-FTS5 baseline or the JS import: a fresh 1M index for `--search-only`
    /// runs in a third of a full run's time (no report).
    var nativeOnly = false

    static let usage = """
        usage: SearchlightBench [--full] [--sizes N,N…] [--batch N] [--lunr-budget S] [--skip PART,…] [--report FILE | --no-report] [--work-dir DIR] [--native-only] [--search-only [--settle] [--js [--phases]] [--queries FILE]]

        Measures Searchlight in a release build and prints a table of ratios against
        baselines measured in the same run; writes docs/benchmarks.md.

          --full           also measure 1 000 000 items (long); same as BENCH_FULL=1
          --sizes N,N…     item counts (default 10000,100000)
          --batch N        items per indexItems call (default 1000)
          --lunr-budget S  seconds lunr.js may spend on the query comparison (default 90)
          --skip PART,…    leave out lunr (the lunr.js comparison), during (search during
                           a large batch) or bridge (the bridge figures)
          --report FILE    where to write the Markdown report (default docs/benchmarks.md)
          --no-report      print the table only
          --work-dir DIR   scratch directory (default .build/bench)
          --native-only    only write the index from Swift (DIR/<size>/native) and
                           time its searches there: no FTS5 baseline, no JS import
          --search-only    time searches from Swift only, per query class, on the index
                           a previous run left in the work directory
          --queries FILE   with --search-only: time the queries of FILE (one per
                           line) instead, each 20 times, and print each one's median
          --settle         with --search-only: first run idle maintenance to the end
                           (merges, free pages, WAL) and say how long it took
          --js             with --search-only: then time the same queries from JS on
                           the same index (wall clock, typos on)
          --phases         with --js: also split each JS search into the phases of
                           its trip through the bridge (p50 / p99 per class)
        """

    /// Parses `arguments` (without the program name) and `BENCH_FULL`; paths given
    /// are relative to `workingDirectory`, the defaults to `repository`.
    static func parse(_ arguments: [String], environment: [String: String],
                      workingDirectory: String, repository: String) throws -> BenchOptions {
        var options = BenchOptions(reportPath: repository + "/docs/benchmarks.md", workDirectory: repository + "/.build/bench")
        func absolute(_ path: String) -> String {
            URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory + "/")).standardizedFileURL.path
        }
        if let full = environment["BENCH_FULL"], !full.isEmpty, full != "0" { options.sizes.append(1_000_000) }
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchError("\(flag) needs a value\n\n\(usage)") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--full":
                if !options.sizes.contains(1_000_000) { options.sizes.append(1_000_000) }
            case "--sizes":
                let text = try value(argument)
                let sizes = text.split(separator: ",").compactMap { Int($0) }
                guard !sizes.isEmpty, sizes.count == text.split(separator: ",").count, sizes.allSatisfy({ $0 > 0 }) else {
                    throw BenchError("--sizes must be positive integers separated by commas, not '\(text)'")
                }
                options.sizes = sizes
            case "--batch":
                let text = try value(argument)
                guard let batch = Int(text), batch > 0 else { throw BenchError("--batch must be a positive integer, not '\(text)'") }
                options.batchSize = batch
            case "--lunr-budget":
                let text = try value(argument)
                guard let seconds = Int(text), seconds > 0 else { throw BenchError("--lunr-budget must be a positive number of seconds, not '\(text)'") }
                options.lunrBudgetSeconds = seconds
            case "--skip":
                let text = try value(argument)
                let parts = Set(text.split(separator: ",").map(String.init))
                guard !parts.isEmpty, parts.isSubset(of: ["lunr", "during", "bridge"]) else {
                    throw BenchError("--skip takes lunr, during and bridge separated by commas, not '\(text)'")
                }
                options.skipped = parts
            case "--report":
                options.reportPath = absolute(try value(argument))
            case "--no-report":
                options.reportPath = nil
            case "--search-only":
                options.searchOnly = true
                options.reportPath = nil
            case "--native-only":
                options.nativeOnly = true
                options.reportPath = nil
            case "--settle":
                options.settle = true
            case "--js":
                options.fromJS = true
            case "--phases":
                options.phases = true
            case "--queries":
                options.queriesPath = absolute(try value(argument))
            case "--work-dir":
                options.workDirectory = absolute(try value(argument))
            case "--help", "-h":
                say(usage)
                exit(0)
            default:
                throw BenchError("unknown option '\(argument)'\n\n\(usage)")
            }
        }
        options.sizes = Array(Set(options.sizes)).sorted()
        if !options.sizes.contains(options.comparisonSize) { options.comparisonSize = options.sizes.last! }
        return options
    }
}
