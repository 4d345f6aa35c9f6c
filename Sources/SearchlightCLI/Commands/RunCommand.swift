import Foundation
import JSHost
import SearchIndex
import SearchOnDevice
import SystemSearch

/// `searchlight run SCRIPT [ARGS…]`: runs a JS file in the host, like `node`.
enum RunCommand: Command {
    static let name = "run"
    static let summary = "run a JS file in the host; exits when nothing is left to do"
    static let synopsis = "SCRIPT [ARGS…]  (the options below may stand before or after SCRIPT; other arguments, and all after --, go to the script)"
    static let stopsAtFirstPositional = true
    static let options: [OptionSpec] = [
        .value("activate", "ID", help: "start the app as if the system search opened the item ID (cold start)"),
        .value("continue", "TEXT", help: "start the app as if the system search continued the query TEXT in it"),
        .flag("serve", help: "keep running as the app's D-Bus search service"),
        .flag("window", help: "open the app (an AppRegistry entry module) in a window: React Native screens in a WebKitGTK view; needs a display"),
        .flag("watch", help: "with --window: rebuild and reload the page when one of the app's source files changes"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard let script = arguments.positionals.first else {
            throw UsageError("missing SCRIPT (usage: searchlight run SCRIPT [ARGS…])")
        }
        let launch = try launchOptions(arguments)
        let path = URL(fileURLWithPath: script).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandFailure("cannot find the script '\(script)' (no such file)")
        }
        if arguments.flag("window") {
            try WindowRun.run(app: path, passthrough: arguments.passthrough, launch: launch, watch: arguments.flag("watch"), context: context)
        }
        guard !arguments.flag("watch") else {
            throw UsageError("--watch reloads a window: use it with --window")
        }
        let configuration = JSHost.Configuration(mode: .run(script: path, arguments: arguments.passthrough))
        let host = JSHost(configuration: try ModernJS.bundling([path], into: configuration))
        let searchOnDevice = SearchOnDeviceModule(appID: context.appID, dataDirectory: context.dataDirectory.path,
                                                  initialRequest: launch.initialRequest)
        try host.register(searchOnDevice)
        var service: SearchProviderService?
        if launch.serve {
            let icon = AppIcon.installed(appID: context.appID) ?? AppPackage(besideScript: path)?.icon ?? .fallback
            service = try serve(searchOnDevice, appID: context.appID, icon: icon, on: host)
        }
        let status = host.run()
        // The JS loop has ended: stop serving, then let queued writes finish and close
        // the index (idle maintenance stops, the WAL is truncated) before the process
        // exits. On this thread, never on the index's write queue.
        service?.stop()
        service = nil
        searchOnDevice.close()
        return status
    }

    /// Exports the D-Bus search providers over the module's index on the JS thread's
    /// main context (SPEC §6), before the JS thread starts iterating it; requests
    /// become `onSearchOnDeviceRequest` events. The open service keeps the host running.
    static func serve(_ searchOnDevice: SearchOnDeviceModule, appID: String, icon: AppIcon, on host: JSHost) throws -> SearchProviderService {
        do {
            let source = IndexSystemSearchSource(index: try searchOnDevice.index())
            let service = try SearchProviderService(appID: appID, source: source, icon: icon) { request in
                searchOnDevice.handle(request)
            }
            // When the session bus goes away (logout, the end of a test's
            // dbus-run-session) the app ends: nothing could reach it any more, and it
            // must not keep its loop, its index or an inherited pipe open.
            try service.start(context: host.mainContext.pointer) { [host] in
                standardError("searchlight run: the session bus closed; \(appID) stops")
                host.exit(code: 0)
            }
            host.retainService()
            return service
        } catch let error as NativeError {
            throw CommandFailure(error.message)
        } catch let error as SystemSearchError {
            throw CommandFailure(error.message)
        }
    }

    /// `--activate`, `--continue` and `--serve`: the module's cold-start request and
    /// the D-Bus service.
    static func launchOptions(_ arguments: ParsedArguments) throws -> LaunchOptions {
        let activate = arguments.value("activate")
        let continueText = arguments.value("continue")
        if activate != nil && continueText != nil {
            throw UsageError("--activate and --continue cannot be used together")
        }
        if let activate, activate.isEmpty { throw UsageError("--activate needs a non-empty item id") }
        if let continueText, continueText.isEmpty { throw UsageError("--continue needs a non-empty query text") }
        return LaunchOptions(activateID: activate, continueText: continueText, serve: arguments.flag("serve"))
    }
}
