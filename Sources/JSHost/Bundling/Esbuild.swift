import Foundation
import Glibc

/// The esbuild executable the host bundles modern JS with, found without running it.
///
/// `$SEARCHLIGHT_ESBUILD` names it when set (a path; nothing else is tried), else the
/// first `esbuild` on `$PATH`.
struct Esbuild: Sendable {
    /// The executable's absolute path.
    let path: String
    /// The executable's size and modification time: changes when esbuild is upgraded,
    /// so a cached bundle is checked against it without starting esbuild.
    let identity: String

    /// Where esbuild was looked for, for the error when it is missing.
    enum Search: Sendable, Equatable {
        case override(String)
        case path
    }

    /// esbuild from `environment`, or nil when it is not installed.
    static func locate(environment: [String: String]) -> Esbuild? {
        switch search(environment: environment) {
        case .override(let path):
            return at(path)
        case .path:
            let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            for directory in directories where !directory.isEmpty {
                if let found = at(directory + "/esbuild") { return found }
            }
            return nil
        }
    }

    /// How `environment` says to find esbuild.
    static func search(environment: [String: String]) -> Search {
        if let override = environment["SEARCHLIGHT_ESBUILD"], !override.isEmpty { return .override(override) }
        return .path
    }

    /// The executable at `path`, or nil when there is no executable file there.
    static func at(_ path: String) -> Esbuild? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else { return nil }
        let absolute = canonicalPath(path) ?? path
        return Esbuild(path: absolute, identity: "\(absolute) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
    }

    /// What a run of esbuild left: its exit status and its standard error.
    struct Outcome {
        let status: Int32
        let standardError: String
    }

    /// Runs esbuild with `arguments` and waits for it; relative paths in its output
    /// are relative to the current directory.
    func run(_ arguments: [String]) throws(BundleError) -> Outcome {
        let (status, errors) = try spawn(arguments, capturing: 2)
        return Outcome(status: status, standardError: errors)
    }

    /// `esbuild --version`, e.g. `0.17.0`.
    func version() throws(BundleError) -> String {
        let (status, output) = try spawn(["--version"], capturing: 1)
        guard status == 0 else {
            throw BundleError(code: BundleError.bundleFailedCode, message: "\(path) --version failed (exit \(status))")
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs esbuild with `posix_spawn` (no helper threads left behind in this process,
    /// which hosts JavaScriptCore), reading the output descriptor `fd` (1 or 2) to its
    /// end; the other one and standard input are /dev/null.
    private func spawn(_ arguments: [String], capturing fd: Int32) throws(BundleError) -> (Int32, String) {
        func failure(_ what: String) -> BundleError {
            BundleError(code: BundleError.bundleFailedCode, message: "cannot run esbuild (\(path)): \(what): \(String(cString: strerror(errno)))")
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw failure("pipe") }
        // Neither end leaks into esbuild beyond the dup2 below.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], fd)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, fd == 1 ? 2 : 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            errno = spawned
            throw failure("spawn")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw failure("waitpid") }
        }
        // WIFEXITED / WEXITSTATUS, else 128 + the signal, as a shell reports it.
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: bytes, as: UTF8.self))
    }
}
