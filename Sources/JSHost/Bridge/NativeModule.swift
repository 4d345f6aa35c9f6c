/// A Swift object that JS reaches as `NativeModules[name]`, the way a React Native
/// app reaches an `RCTBridgeModule`.
///
/// Register modules with ``JSHost/register(_:)`` before ``JSHost/run()``. Every method
/// runs on the JS thread: a sync method must return quickly; a promise method hands
/// slow work (I/O, SQLite) to a queue of its own and settles its ``Promise`` from there.
/// Only ``name`` and ``methods`` are required; the rest have defaults (no constants,
/// no events, no buffering).
public protocol NativeModule: AnyObject, Sendable {
    /// The key under `NativeModules`, e.g. `SearchOnDevice`.
    var name: String { get }
    /// What `getConstants()` returns in JS, synchronously; called on the JS thread.
    func constants() -> BridgeObject
    /// The methods JS may call; read once, when the host starts.
    var methods: [NativeMethod] { get }
    /// The events this module sends. When non-empty the bridge adds the sync methods
    /// `addListener(eventName)` and `removeListeners(count)` that count listeners.
    var supportedEvents: [String] { get }
    /// When true, events sent while no JS listener exists are kept (at most 64, oldest
    /// dropped first) and delivered in order right after the first listener is added,
    /// instead of being dropped with a warning: for cold starts, where the event that
    /// launched the app comes before the app's JS has subscribed.
    var buffersEventsUntilListener: Bool { get }
    /// Hands the module the sink it sends its events through; called once, on the JS
    /// thread, before any script runs. The sink may be kept and used from any thread.
    func attach(_ sink: EventSink)
    /// The error a promise method's call rejects with when the bridge refuses one of
    /// its arguments on the JS thread (a lone surrogate, a function): a module may
    /// say what the refusal means for it (SearchOnDevice: an invalid item).
    func refusedArgument(_ error: NativeError, method: String) -> NativeError
}

extension NativeModule {
    public func constants() -> BridgeObject { [:] }
    public var supportedEvents: [String] { [] }
    public var buffersEventsUntilListener: Bool { false }
    public func attach(_ sink: EventSink) {}
    public func refusedArgument(_ error: NativeError, method: String) -> NativeError { error }
}

/// One method of a ``NativeModule``: synchronous, or returning a JS `Promise`.
public struct NativeMethod: Sendable {
    /// What runs when JS calls the method.
    public enum Body: Sendable {
        /// Runs on the JS thread and returns the call's value; a thrown ``NativeError``
        /// becomes a thrown JS `Error` with `.code`.
        case sync(@Sendable ([BridgeValue]) throws -> BridgeValue)
        /// Runs on the JS thread; the JS caller gets a `Promise` that settles when the
        /// ``Promise`` does. A thrown error rejects it.
        case promise(@Sendable ([BridgeValue], Promise) throws -> Void)
        /// Like ``promise``, but the arguments are converted when the body (or the
        /// queue it hands them to) calls ``BridgeArguments/values()``: large array
        /// arguments then cost the JS thread one `JSON.stringify` instead of
        /// a C API call per member. Errors are those of ``promise``, thrown by
        /// `values()`.
        case promiseConvertingLater(@Sendable (BridgeArguments, Promise) throws -> Void)
    }

    /// The name JS calls the method by.
    public let name: String
    /// What the method does.
    public let body: Body

    public init(name: String, body: Body) {
        self.name = name
        self.body = body
    }

    /// A synchronous method: `.sync("echoSync") { args in args.first ?? .undefined }`.
    public static func sync(_ name: String, _ body: @escaping @Sendable ([BridgeValue]) throws -> BridgeValue) -> NativeMethod {
        NativeMethod(name: name, body: .sync(body))
    }

    /// A method returning a promise: `.promise("echo") { args, promise in promise.resolve(args[0]) }`.
    public static func promise(_ name: String, _ body: @escaping @Sendable ([BridgeValue], Promise) throws -> Void) -> NativeMethod {
        NativeMethod(name: name, body: .promise(body))
    }

    /// A promise method that converts its arguments off the JS thread:
    /// `.promiseConvertingLater("save") { args, promise in queue.async { … try args.values() … } }`.
    public static func promiseConvertingLater(_ name: String, _ body: @escaping @Sendable (BridgeArguments, Promise) throws -> Void) -> NativeMethod {
        NativeMethod(name: name, body: .promiseConvertingLater(body))
    }
}
