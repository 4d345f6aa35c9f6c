import Dispatch
import Foundation
import JSHost
import SearchIndex

/// `NativeModules.SearchOnDevice`: the app's on-device search index, reached from JS
/// the way a React Native app reaches CoreSpotlight (SPEC §3).
///
/// Register one with the host; it opens its ``SearchableIndex`` on first use. The
/// system search reaches the app through ``handle(_:)``, which posts the
/// `onSearchOnDeviceRequest` event; the request that started the app is given at
/// creation, posted too, and answered by `getInitialRequest()`.
///
/// ```swift
/// let module = SearchOnDeviceModule(appID: "org.example.Foods",
///                                   dataDirectory: "/home/me/.local/share/searchlight/org.example.Foods",
///                                   initialRequest: launch.initialRequest)
/// try host.register(module)
/// ```
///
/// ## Ordering and threads
///
/// Nothing runs on the JS thread but the bridge's conversion of the arguments: each
/// call is handed at once to one of two queues, where its arguments are checked and
/// converted, images fetched, and the index called.
///
/// - Writes (`indexItems`, `indexItem`, the deletes, `becomeCurrent`,
///   `resignCurrent`, `setIndexingPreference`) run one at a time on a serial queue,
///   in the order JS called them, and resolve after their transaction has committed.
/// - Reads (`getItems`, `search`, `query`, `userQuery`, `fetchLastClientState`,
///   `getIndexingPreference`, `getInitialRequest`) run on a concurrent queue, on the
///   index's own reader connections, so a search never waits behind a long batch.
///   A read sees every write whose promise resolved before the read was called; a
///   read called while an earlier write is still pending may or may not see it (await
///   the write first when it must).
public final class SearchOnDeviceModule: NativeModule {
    /// The events this module sends.
    public static let requestEvent = "onSearchOnDeviceRequest"
    public static let reindexEvent = "onReindexRequest"

    public let name = "SearchOnDevice"
    public let supportedEvents = [requestEvent, reindexEvent]
    /// Events wait for the first listener: the request that started the app comes
    /// before the app's JS subscribes.
    public let buffersEventsUntilListener = true

    /// The app id: the default domain of items and `getConstants().appId`.
    public let appID: String
    /// The data directory the index lives in: `getConstants().dataDir`.
    public let dataDirectory: String
    /// The request that started the app (cold start), or `nil`.
    public let initialRequest: SearchRequest?

    let indexHandle: IndexHandle
    let events = EventChannel(moduleName: "SearchOnDevice", supportedEvents: [requestEvent, reindexEvent])
    /// Where warnings go (stderr): one line each, for images that could not be fetched.
    let warn: @Sendable (String) -> Void
    let fetcher: ThumbnailFetcher
    let writes = DispatchQueue(label: "searchlight.SearchOnDevice.writes", qos: .userInitiated)
    let reads = DispatchQueue(label: "searchlight.SearchOnDevice.reads", qos: .userInitiated, attributes: .concurrent)

    /// Makes the module for an app whose index lives in `dataDirectory` (created on first
    /// use, mode 0700).
    ///
    /// - Parameters:
    ///   - appID: the reverse-DNS app id, the default domain of items.
    ///   - dataDirectory: an absolute path.
    ///   - initialRequest: the request that started the app, from
    ///     ``LaunchOptions/initialRequest``; sent as an event and kept for `getInitialRequest()`.
    public convenience init(appID: String, dataDirectory: String, initialRequest: SearchRequest? = nil) {
        self.init(appID: appID, dataDirectory: dataDirectory, initialRequest: initialRequest,
                  fetcher: ThumbnailFetcher(), warn: { writeWarning($0) }) {
            try SearchableIndex(directory: dataDirectory, defaultDomain: appID)
        }
    }

    /// Makes the module over an index that is already open.
    public convenience init(index: SearchableIndex, appID: String, initialRequest: SearchRequest? = nil) {
        self.init(appID: appID, dataDirectory: index.configuration.directory, initialRequest: initialRequest,
                  fetcher: ThumbnailFetcher(), warn: { writeWarning($0) }) { index }
    }

    init(appID: String, dataDirectory: String, initialRequest: SearchRequest?, fetcher: ThumbnailFetcher,
         warn: @escaping @Sendable (String) -> Void, open: @escaping @Sendable () throws -> SearchableIndex) {
        self.appID = appID
        self.dataDirectory = dataDirectory
        self.initialRequest = initialRequest
        self.fetcher = fetcher
        self.warn = warn
        let events = events
        indexHandle = IndexHandle(directory: dataDirectory, opener: open) { index in
            if index.wasReset {
                events.send(Self.reindexEvent, ["ids": .null, "reason": "corrupt"])
            }
        }
        if let initialRequest { events.send(Self.requestEvent, initialRequest.eventBody) }
    }

    /// The module's index, opened now if it is not yet: for the D-Bus service, which
    /// serves the same index.
    ///
    /// - Throws: `NativeError` `E_INDEX_UNAVAILABLE` naming the directory and the reason.
    public func index() throws(NativeError) -> SearchableIndex {
        try indexHandle.get()
    }

    /// Posts a request from the system search to JS as `onSearchOnDeviceRequest`:
    /// `{id, query: null}` to open an item, `{id: null, query}` to continue a search.
    ///
    /// Callable from any thread; requests arrive in the order posted, and wait for the
    /// first listener when JS has none yet.
    public func handle(_ request: SearchRequest) {
        events.send(Self.requestEvent, request.eventBody)
    }

    /// Closes the index at the end of a run: waits for the writes already queued, then
    /// stops its idle maintenance and truncates its WAL (``SearchableIndex/close()``).
    ///
    /// Call it from the thread that runs the host once the JS event loop has nothing
    /// left (no promise pending), before the process exits; never on the JS thread while
    /// JS may still call the module. An index that was never opened stays unopened.
    public func close() {
        writes.sync {}
        indexHandle.openedIndex?.close()
    }

    public func constants() -> BridgeObject {
        ["appId": .string(appID), "dataDir": .string(dataDirectory),
         "supportedEvents": .array(supportedEvents.map { .string($0) })]
    }

    /// Connects the module to JS, and opens an existing index in the background so
    /// that a corrupt one is moved aside and reported (`onReindexRequest`) at start,
    /// not only at the app's first call, and prepares for searching it (the folding
    /// table, the index's word list) while the JS starts. A data directory without an index stays untouched until the first
    /// call, so a script that never searches creates no files.
    public func attach(_ sink: EventSink) {
        events.attach(sink)
        let indexHandle = indexHandle
        if FileManager.default.fileExists(atPath: SearchableIndex.databasePath(in: dataDirectory)) {
            writes.async { _ = try? indexHandle.get() }
            reads.async {
                SearchableIndex.prepareForSearch()
                (try? indexHandle.get())?.prepareWordList()
            }
        }
    }

    /// A string the bridge refused in an item, id or domain argument (a lone
    /// surrogate) is an invalid item: `E_INVALID_ITEM` naming `activity.relatedUniqueIdentifier`.
    public func refusedArgument(_ error: NativeError, method: String) -> NativeError {
        Self.calls.first { $0.name == method }?.itemError(error) ?? error
    }

    /// Attaches a sink other than the bridge's (tests record events this way).
    func attach(sender: any EventSending) {
        events.attach(sender)
    }

    public var methods: [NativeMethod] {
        Self.calls.map { call in
            .promiseConvertingLater(call.name) { [self] arguments, promise in
                perform(call, arguments, promise: promise) { result in
                    switch result {
                    case .success(let value as BridgeValue): promise.resolve(value)
                    case .success(let answer): promise.resolve(writing: answer)
                    case .failure(let error): promise.reject(error)
                    }
                }
            }
        }
    }

    /// Runs the method `name` as JS would call it and reports its outcome; for tests,
    /// which cannot make a bridge `Promise`.
    func call(_ name: String, _ arguments: [BridgeValue],
              completion: @escaping @Sendable (Result<BridgeValue, NativeError>) -> Void) {
        guard let call = Self.calls.first(where: { $0.name == name }) else {
            completion(.failure(NativeError(code: IndexError.invalidArgument, message: "SearchOnDevice has no method \(name)")))
            return
        }
        perform(call, BridgeArguments(arguments)) { result in
            completion(result.map { ($0 as? BridgeValue) ?? $0.bridgeValue })
        }
    }

    /// Hands a call to its queue, where its arguments are converted (a large
    /// `indexItems` batch is parsed there from JSON, not on the JS thread).
    private func perform(_ call: Call, _ arguments: BridgeArguments, promise: Promise? = nil,
                         completion: @escaping @Sendable (Result<any BridgeWritable, NativeError>) -> Void) {
        let queue = call.access == .write ? writes : reads
        let queued = Self.tracesCalls ? DispatchTime.now().uptimeNanoseconds : 0
        var completion = completion
        if Self.tracesCalls {
            let original = completion, name = call.name
            completion = { result in
                let done = DispatchTime.now().uptimeNanoseconds
                original(result)
                writeWarning(String(format: "call-trace %@ queued+run %.2f ms, handing back %.2f ms", name,
                                    Double(done - queued) / 1e6, Double(DispatchTime.now().uptimeNanoseconds - done) / 1e6))
            }
        }
        queue.async { [self, completion] in
            promise?.mark(.workStarted)
            do {
                let values: [BridgeValue]
                do {
                    values = try arguments.values()
                } catch let error as NativeError {
                    throw call.itemError(error) ?? error
                }
                promise?.mark(.argumentsRead)
                let answer = try call.body(self, Arguments(values, promise: promise))
                promise?.mark(.answered)
                completion(.success(answer))
            } catch let error as NativeError {
                completion(.failure(error))
            } catch let error as IndexError {
                completion(.failure(NativeError(code: error.code, message: error.message)))
            } catch {
                completion(.failure(NativeError(code: IndexError.indexUnavailable, message: "\(error)")))
            }
        }
    }
}

extension SearchOnDeviceModule {
    /// `SEARCHLIGHT_TRACE_SEARCH=1`: every call also writes how long it queued and ran
    /// (stderr), beside the index's own `search-trace` lines.
    static let tracesCalls = ProcessInfo.processInfo.environment["SEARCHLIGHT_TRACE_SEARCH"].map { !$0.isEmpty && $0 != "0" } ?? false
}

/// Writes one warning line to stderr.
func writeWarning(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
