import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process run to completion, with its peak memory, for the figures that
/// compare whole processes (start to first result, peak memory).
///
/// Foundation's `Process` cannot report a child's resource usage, so this spawns
/// with `posix_spawn` and reaps with `wait4`, whose `ru_maxrss` is the kernel's
/// high-water mark of the child's resident set (the `VmHWM` of `/proc/PID/status`).
struct ChildProcess {
    /// What a finished child left behind.
    struct Outcome {
        /// The exit status (128 + signal number when killed by a signal).
        var status: Int32
        /// Everything it wrote to stdout, or its first 4 KiB when the output was not kept.
        var output: String
        /// Peak resident set size in bytes.
        var peakMemoryBytes: Int
        /// Wall-clock time of the spawn, in ms since the epoch (the reference for
        /// times the child reports with `Date.now()`).
        var spawnEpochMilliseconds: Double
        /// Seconds from spawn to exit.
        var seconds: Double
    }

    /// The executable's absolute path and its arguments (without `argv[0]`).
    var executable: String
    var arguments: [String]

    /// Runs the child, its stdout going to `outputFile` (read back afterwards, whole
    /// when `keepOutput`) and its stderr to ours, and waits for it.
    func run(outputFile: String, keepOutput: Bool = true) throws -> Outcome {
        guard FileManager.default.createFile(atPath: outputFile, contents: nil) else {
            throw BenchError("cannot create \(outputFile)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_TRUNC | O_CREAT, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawnEpoch = ChildProcess.epochMilliseconds()
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        let spawned = argv.withUnsafeBufferPointer { pointer in
            posix_spawn(&pid, executable, &actions, nil, UnsafeMutablePointer(mutating: pointer.baseAddress!), environ)
        }
        guard spawned == 0 else {
            throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed for \(executable): \(String(cString: strerror(errno)))") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let signal = status & 0x7f
        let exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        let output: String
        if keepOutput {
            output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        } else {
            let file = FileHandle(forReadingAtPath: outputFile)
            output = String(decoding: (try? file?.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
            try? file?.close()
        }
        return Outcome(status: exitStatus, output: output, peakMemoryBytes: Int(usage.ru_maxrss) * 1024,
                       spawnEpochMilliseconds: spawnEpoch, seconds: seconds)
    }

    /// Wall-clock milliseconds since the epoch, as JS's `Date.now()` counts them.
    static func epochMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}

/// A benchmark step that could not run, with the reason shown to the user.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
