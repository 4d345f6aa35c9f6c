import Foundation

/// One of the scripts in `bench/js`, run in the release build of `searchlight run`
/// as a separate process, and the figures it reported.
///
/// A script ends by printing one line `BENCH {json}`; `{"error": …}` there (or no
/// such line) is a failure the report shows as the figure's value.
struct JSScript {
    /// The release `searchlight` binary and the repository's `bench/js` folder.
    struct Paths {
        var searchlight: String
        var scripts: String
    }

    /// What a script reported, and its process's outcome.
    struct Run {
        var figures: [String: Any]
        var process: ChildProcess.Outcome

        func number(_ key: String) -> Double { (figures[key] as? NSNumber)?.doubleValue ?? 0 }
        func latencies(_ key: String = "latencies") -> Latencies {
            Latencies((figures[key] as? [NSNumber] ?? []).map { $0.doubleValue })
        }
    }

    var name: String
    var arguments: [String]

    /// Runs the script with `--data-dir dataDirectory`, its stdout going to `outputFile`.
    func run(_ paths: Paths, dataDirectory: String, outputFile: String) throws -> Run {
        let child = ChildProcess(executable: paths.searchlight,
                                 arguments: ["run", "--data-dir", dataDirectory, "--app-id", "com.example.bench",
                                             paths.scripts + "/" + name] + arguments)
        let outcome = try child.run(outputFile: outputFile)
        guard let line = outcome.output.split(separator: "\n").last(where: { $0.hasPrefix("BENCH ") }),
              let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any] else {
            throw BenchError("\(name) reported nothing (exit status \(outcome.status); see its stderr above)")
        }
        if let error = object["error"] as? String {
            throw BenchError("\(name): \(error)")
        }
        return Run(figures: object, process: outcome)
    }
}
