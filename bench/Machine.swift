import Foundation

/// The machine a run measured: what docs/benchmarks.md records beside the figures.
struct Machine {
    var processors: Int
    var cpuModel: String
    var memoryBytes: Int
    var date: Date

    /// Reads `/proc/cpuinfo` and `/proc/meminfo`; `nproc` is the processors this
    /// process may run on (what Foundation reads from the scheduler affinity).
    static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let kilobytes = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        return Machine(processors: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model, memoryBytes: kilobytes * 1024, date: Date())
    }

    /// `2 × AMD EPYC, 23.5 GiB`.
    var summary: String {
        String(format: "%d × %@, %.1f GiB memory", processors, cpuModel, Double(memoryBytes) / 1_073_741_824)
    }

    /// The date in UTC, ISO 8601 to the minute.
    var dateText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
