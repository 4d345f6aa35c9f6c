import Foundation
import JSHost
import SearchIndex
import SearchOnDevice
import SystemSearch

/// `searchlight serve`: the app's index on D-Bus for GNOME Shell and KRunner, without a script.
///
/// Requests (a result opened, a search continued) have no JS to go to here: each is
/// printed on stdout as one JSON line shaped like the `onSearchOnDeviceRequest`
/// event body, `{"id":"…","query":null,"timestamp":0}` or `{"id":null,"query":"…","timestamp":0}`.
struct ServeCommand: Command {
    static let name = "serve"
    static let summary = "serve the index to the system search (GNOME Shell, KRunner) over D-Bus"
    static let synopsis = ""
    static let options: [OptionSpec] = [
        .value("limit", "N", help: "most results one search returns to the desktop (default 20)"),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("serve takes no arguments, got '\(arguments.positionals[0])'")
        }
        let limit = try arguments.integer("limit", default: 20, range: 1...1000)
        let source = try SystemSearchSourceFactory.open(context)
        let loop = ServiceMainLoop(globalDefault: true)
        loop.quitOnTerminationSignals()
        do {
            let icon = AppIcon.installed(appID: context.appID) ?? .fallback
            let service = try SearchProviderService(appID: context.appID, source: source, resultLimit: limit, icon: icon) { request in
                FileHandle.standardOutput.write(Data((requestLine(request) + "\n").utf8))
            }
            // Called before the loop runs: registration happens on this thread, calls
            // are then served by `loop.run()` here.
            try service.start(context: loop.context) { [loop] in
                standardError("searchlight serve: the session bus closed; stopped serving \(context.appID)")
                loop.quit()
            }
            standardError("searchlight serve: serving \(context.appID) at \(service.address.objectPath) (Ctrl-C to stop)")
            loop.run()
            service.stop()
        } catch let error as SystemSearchError {
            throw CommandFailure(error.message)
        }
        return 0
    }

    /// The request as the event body's JSON, keys in a fixed order
    /// (`{"id":…,"query":…,"timestamp":…}`, plus `activityType` and `userInfo` for a viewed record).
    static func requestLine(_ request: SearchRequest) -> String {
        request.eventBody.jsonText
    }
}

/// Opens what `serve` answers from: the app's index at the data directory, seen
/// through its privacy rules (``IndexSystemSearchSource``).
enum SystemSearchSourceFactory {
    static func open(_ context: CommandContext) throws -> any SystemSearchSource {
        do {
            let index = try SearchableIndex(directory: context.dataDirectory.path, defaultDomain: context.appID)
            return IndexSystemSearchSource(index: index)
        } catch let error as IndexError {
            throw CommandFailure("cannot open the index in \(context.dataDirectory.path): \(error.message)")
        }
    }
}
