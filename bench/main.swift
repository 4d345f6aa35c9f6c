// SearchlightBench: `make bench`. Measures Searchlight in a release build against
// baselines measured in the same run, prints a table and writes docs/benchmarks.md.
// See BenchOptions.usage for the options and docs/benchmarks.md for the figures.
import Foundation
import JSHost
import SearchIndex

/// The repository: this file is bench/main.swift in it.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                                     workingDirectory: FileManager.default.currentDirectoryPath, repository: repository)
} catch {
    FileHandle.standardError.write(Data("SearchlightBench: \(error)\n".utf8))
    exit(2)
}

// Where this program is, to find `searchlight` beside it in `.build/release`.
let executableDirectory = URL(fileURLWithPath: JSHost.currentExecutablePath()).deletingLastPathComponent().path
let paths = JSScript.Paths(searchlight: executableDirectory + "/searchlight", scripts: repository + "/bench/js")
guard FileManager.default.isExecutableFile(atPath: paths.searchlight) else {
    FileHandle.standardError.write(Data("SearchlightBench: no searchlight beside this program (\(paths.searchlight)); run `swift build -c release` first\n".utf8))
    exit(1)
}

// The baselines use SQLite in this process before any index is opened: give them the
// process-wide settings every searchlight process runs with (memory statistics off).
SearchableIndex.configureSQLite()

let machine = Machine.current()
var report = Report(machine: machine, options: options)
say("Searchlight benchmarks on \(machine.summary), \(machine.dateText)")
say("sizes \(options.sizes.map { Report.count($0) }.joined(separator: ", ")), batches of \(options.batchSize), scratch files in \(options.workDirectory)/")

for size in options.sizes {
    let directory = options.workDirectory + "/" + Report.count(size)
    if options.searchOnly, let path = options.queriesPath {
        // Given queries need no workload: they run on the index a previous run left.
        do {
            if options.settle { try NativeIndex.settle(directory: directory + "/native") }
            let queries = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            try NativeIndex.timeEach(queries: queries, directory: directory + "/native")
        } catch {
            say("\(Report.count(size)): \(error)")
        }
        continue
    }
    let files: WorkloadFiles
    do {
        say("\(Report.count(size)): generating the workload…")
        files = try WorkloadFiles.make(count: size, directory: directory, writingItems: !options.searchOnly && !options.nativeOnly)
    } catch {
        report.add(.unavailable("1. Bulk indexing", "workload of \(Report.count(size)) items", goal: "", reason: "\(error)"))
        continue
    }
    if options.searchOnly {
        do {
            if options.settle { try NativeIndex.settle(directory: directory + "/native") }
            try NativeIndex.timeSearches(queries: files.typing.queries, kinds: files.typing.kinds, directory: directory + "/native")
            if options.fromJS {
                try NativeIndex.timeFromJS(queries: files.typing.queries, kinds: files.typing.kinds,
                                           directory: directory + "/native", paths: paths, phases: options.phases)
            }
        } catch {
            say("\(Report.count(size)): \(error)")
        }
        continue
    }
    if options.nativeOnly {
        do {
            let native = try NativeIndex.run(files.items, queries: files.typing.queries, batchSize: options.batchSize,
                                             directory: directory + "/native")
            NativeIndex.summarize(native, kinds: files.typing.kinds, count: files.items.count, textBytes: files.textBytes)
        } catch {
            say("\(Report.count(size)): \(error)")
        }
        continue
    }
    let indexing = IndexingFigures(paths: paths, options: options)
    let outcome = indexing.measure(files, directory: directory, into: &report)
    SuggestionFigures.measure(directory: directory + "/native", typing: files.typing, size: Report.count(size), into: &report)
    if size == options.comparisonSize && !outcome.dataDirectory.isEmpty {
        let comparison = ComparisonFigures(paths: paths, options: options)
        if !options.skipped.contains("lunr") {
            comparison.measureLunr(files, dataDirectory: outcome.dataDirectory, directory: directory, into: &report)
        }
        if !options.skipped.contains("during") {
            comparison.measureSearchDuringIndexing(files, dataDirectory: outcome.dataDirectory, directory: directory,
                                                   idle: outcome.jsLatencies, into: &report)
        }
    }
}



if !options.skipped.contains("bridge") && !options.searchOnly && !options.nativeOnly {
    BridgeFigures.measure(into: &report)
}

say("")
say(report.table())
for note in report.notes { say("- " + note) }
if let path = options.reportPath {
    do {
        let command = "make bench" + (options.sizes.contains(1_000_000) ? " BENCH_FULL=1" : "")
        try report.write(to: path, command: command)
        say("\nwrote \(path)")
    } catch {
        FileHandle.standardError.write(Data("SearchlightBench: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}
