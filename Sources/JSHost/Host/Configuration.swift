import Foundation

extension JSHost {
    /// What the host runs and the process it presents to JS as `process`.
    public struct Configuration: Sendable {
        /// The two ways the host runs JS.
        public enum Mode: Sendable, Equatable {
            /// `searchlight run`: loads `script` (an absolute path) as the main module;
            /// `arguments` follow it in `process.argv`.
            case run(script: String, arguments: [String])
            /// `searchlight test`: runs the given test files (absolute paths) in order.
            case test(files: [String])
        }

        /// What to run.
        public var mode: Mode
        /// The directory holding `host/` (bootstrap) and `modules/` (built-in modules).
        public var jsDirectory: String
        /// `process.env`.
        public var environment: [String: String]
        /// `process.execPath` and `process.argv[0]`.
        public var execPath: String
        /// Entry files to run as esbuild bundles, by canonical path (see ``JSBundler``).
        public var bundles: [String: PreparedBundle] = [:]

        /// A configuration with the current process's environment and executable, and
        /// the JS directory from ``JSHost/defaultJSDirectory(environment:)``.
        public init(mode: Mode,
                    jsDirectory: String? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment,
                    execPath: String = JSHost.currentExecutablePath()) {
            self.mode = mode
            self.jsDirectory = jsDirectory ?? JSHost.defaultJSDirectory(environment: environment)
            self.environment = environment
            self.execPath = execPath
        }

        /// `process.argv`: `[execPath, script, …arguments]` in run mode, `[execPath]` in test mode.
        var argv: [String] {
            switch mode {
            case .run(let script, let arguments): return [execPath, script] + arguments
            case .test: return [execPath]
            }
        }
    }

    /// The JS directory: `$SEARCHLIGHT_JS_DIR` when set, else the repository's `js/`
    /// beside the sources this module was built from, so built-ins resolve from any
    /// working directory.
    public static func defaultJSDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let directory = environment["SEARCHLIGHT_JS_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: directory).standardizedFileURL.path
        }
        // #filePath is …/Sources/JSHost/Host/Configuration.swift.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("js").path
    }

    /// The running executable's absolute path.
    public static func currentExecutablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "searchlight"
    }
}
