import Foundation
import JSHost
import SearchIndex
import SearchOnDevice
import SystemSearch
import WindowHost

/// `searchlight run APP --window`: the app's entry module, bundled for a web page with
/// `js/window/page.js`, in a GTK window holding a WebKitGTK web view (SPEC §7). The
/// page is the app's JS: no headless host runs; the page reaches the same
/// ``SearchOnDeviceModule`` through the window host's bridge.
enum WindowLaunch {
    /// The bundle's module aliases: `react-native` is the page's own (components and
    /// bridge), React is Debian's, the SPEC's wrappers are the headless built-ins.
    static func aliases(jsDirectory: String, app: String) -> [String: String] {
        let react = "/usr/share/nodejs"
        return [
            "react-native": jsDirectory + "/window/react-native.js",
            "react": react + "/react",
            "react-dom": react + "/react-dom",
            "scheduler": react + "/scheduler",
            "searchlight": jsDirectory + "/modules/searchlight/index.js",
            "react-native-spotlight-search": jsDirectory + "/modules/react-native-spotlight-search/index.js",
            "react-native-search-with-spotlight": jsDirectory + "/modules/react-native-search-with-spotlight/index.js",
            // page.js requires the app's entry by this name.
            "searchlight-window-app": app,
        ]
    }

    /// The path of the page's script: `js/window/page.js` bundled with the app (or,
    /// for `entry`, another page entry such as the test runner's), in the bundle cache.
    static func bundle(app: String, entry: String? = nil, configuration: JSHost.Configuration,
                       extraAliases: [String: String] = [:]) throws -> PreparedBundle {
        var bundler = JSBundler(configuration: configuration)
        bundler.pageAliases = aliases(jsDirectory: configuration.jsDirectory, app: app).merging(extraAliases) { $1 }
        let page = entry ?? configuration.jsDirectory + "/window/page.js"
        do {
            return try bundler.bundle(entry: page, shownAs: app)
        } catch {
            throw WindowFailure(error.message)
        }
    }

    /// `--watch`: when a source file changes, bundles the page again (on the watcher's
    /// thread) and reloads it in the same window — a full reload, not React Refresh:
    /// component state starts over, the index and the window stay. A bundling error is
    /// shown on the page's error screen and on stderr; the page keeps running.
    static func watch(_ bundle: PreparedBundle, app: String, configuration: JSHost.Configuration, window: WindowHost) -> SourceWatcher {
        let page = window.pageReloader
        let shownDirectory = (app as NSString).deletingLastPathComponent + "/"
        let watcher = SourceWatcher { watcher, file in
            let started = DispatchTime.now()
            let shown = file.hasPrefix(shownDirectory) ? String(file.dropFirst(shownDirectory.count)) : file
            do {
                let rebuilt = try Self.bundle(app: app, configuration: configuration)
                watcher.watch(rebuilt.inputs)
                page.reload(scriptPath: rebuilt.code)
                let milliseconds = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
                FileHandle.standardError.write(Data("searchlight run --watch: \(shown) changed; bundled in \(milliseconds) ms, reloading\n".utf8))
            } catch let failure as WindowFailure {
                FileHandle.standardError.write(Data("searchlight run --watch: \(shown) changed; \(failure.message)\n".utf8))
                page.showBuildError(failure.message)
            } catch {
                page.showBuildError("\(error)")
            }
        }
        watcher.watch(bundle.inputs)
        watcher.start()
        return watcher
    }

    /// The one line `--window` prints without a display (exit 1).
    static let noDisplay = "--window needs a display, and neither $WAYLAND_DISPLAY nor $DISPLAY is set"

    static func run(_ request: WindowRequest, app path: String, entry: String? = nil,
                    extraAliases: [String: String] = [:], title: String? = nil, assetDirectory: String? = nil) throws -> Int32 {
        guard WindowHost.hasDisplay() else { throw WindowFailure(noDisplay) }
        let configuration = JSHost.Configuration(mode: .run(script: path, arguments: request.passthrough))
        let prepared = try bundle(app: path, entry: entry, configuration: configuration, extraAliases: extraAliases)
        do {
            try WindowHost.initializeGTK()
        } catch {
            throw WindowFailure(error.message)
        }
        let searchOnDevice = SearchOnDeviceModule(appID: request.appID, dataDirectory: request.dataDirectory,
                                                  initialRequest: request.launch.initialRequest)
        var windowConfiguration = WindowHost.Configuration(
            title: title ?? appName(path, appID: request.appID), baseDirectory: (path as NSString).deletingLastPathComponent,
            scriptPath: prepared.code, argv: [request.searchlightPath, path] + request.passthrough)
        if let assetDirectory { windowConfiguration.assetDirectory = assetDirectory }
        windowConfiguration.controlPath = ProcessInfo.processInfo.environment["SEARCHLIGHT_WINDOW_CONTROL"]
        let window = WindowHost(configuration: windowConfiguration, modules: [searchOnDevice, DesktopModule()])
        // A request from the desktop raises the window, with the desktop's timestamp
        // when the event carries one (SPEC §6), else "now".
        window.raisesWindow = { _, event, body in
            guard event == SearchOnDeviceModule.requestEvent else { return nil }
            let timestamp = body["timestamp"].numberValue ?? 0
            return timestamp > 0 && timestamp <= Double(UInt32.max) ? UInt32(timestamp) : 0
        }
        let watcher = request.watch ? watch(prepared, app: path, configuration: configuration, window: window) : nil
        var service: SearchProviderService?
        if request.launch.serve {
            // Exported on the default main context, which GTK's main loop iterates;
            // the handlers hand their work to queues (ARCHITECTURE.md, Threads).
            do {
                let source = IndexSystemSearchSource(index: try searchOnDevice.index())
                service = try SearchProviderService(appID: request.appID, source: source) { request in
                    searchOnDevice.handle(request)
                }
                try service?.start(context: nil)
            } catch let error as NativeError {
                throw WindowFailure(error.message)
            } catch let error as SystemSearchError {
                throw WindowFailure(error.message)
            }
        }
        let status = window.run()
        withExtendedLifetime(watcher) {}
        service?.stop()
        service = nil
        searchOnDevice.close()
        return status
    }

    /// `searchlight test --window`: the test files bundled into one page with the
    /// `test` and `assert` modules (over the page's `#host`, js/window/host.js), run
    /// against the page's bridge; the page prints `N passed, N failed` and ends the run.
    ///
    /// In the page, `__dirname` is the directory of the first test file (a web page has
    /// no module wrapper; the SearchOnDevice tests find their fixtures through it).
    static func runTests(_ request: WindowRequest) throws -> Int32 {
        let files = request.testFiles
        guard !files.isEmpty else { throw WindowFailure("no test files") }
        guard WindowHost.hasDisplay() else { throw WindowFailure(noDisplay) }
        let configuration = JSHost.Configuration(mode: .test(files: files))
        let js = configuration.jsDirectory
        let directory = FileManager.default.temporaryDirectory.path + "/searchlight-window-tests-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func quoted(_ text: String) -> String { BridgeValue.string(text).jsonText }
        var entry = "'use strict';\n// Generated by searchlight test --window.\n"
        entry += "window.__dirname = \(quoted((files[0] as NSString).deletingLastPathComponent));\n"
        entry += "const loaders = {\n"
        for file in files { entry += "  \(quoted(file)): () => require(\(quoted(file))),\n" }
        entry += "};\nrequire(\(quoted(js + "/window/test-runner.js")))(Object.keys(loaders), (file) => loaders[file]());\n"
        let entryPath = directory + "/tests.js"
        try Data(entry.utf8).write(to: URL(fileURLWithPath: entryPath))
        var aliases = ["#host": js + "/window/host.js"]
        for name in ["test", "assert", "util"] {
            aliases[name] = js + "/modules/\(name)/index.js"
            aliases["node:" + name] = js + "/modules/\(name)/index.js"
        }
        return try run(request, app: entryPath, entry: entryPath, extraAliases: aliases, title: "searchlight test --window",
                       assetDirectory: (files[0] as NSString).deletingLastPathComponent)
    }

    /// The window's title: `name` of the app's package.json when there is one, else the
    /// app id's last part.
    static func appName(_ path: String, appID: String) -> String {
        var directory = (path as NSString).deletingLastPathComponent
        for _ in 0..<3 {
            let manifest = directory + "/package.json"
            if let data = FileManager.default.contents(atPath: manifest),
               let json = try? JSONValue.parse(String(decoding: data, as: UTF8.self)) {
                for key in ["displayName", "name"] {
                    if case .string(let name)? = json[key], !name.isEmpty { return name }
                }
            }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return String(appID.split(separator: ".").last ?? Substring(appID))
    }
}
