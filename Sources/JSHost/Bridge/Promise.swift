import Synchronization

/// The Swift end of the JS `Promise` a promise method returned.
///
/// Settle it once, from any thread: the first ``resolve(_:)`` or ``reject(_:)`` wins and
/// later calls are ignored. A promise dropped without being settled rejects with
/// `E_NATIVE_UNSETTLED`, so a forgotten path in a module never hangs the app.
public final class Promise: Sendable {
    /// Where the outcome goes: the host's JS promise, or a closure.
    private enum Target: Sendable {
        case host(HostMailbox, id: Int)
        case closure(@Sendable (Result<BridgeValue, NativeError>) -> Void)
    }

    private let target: Target
    /// `module.method`, for the message of an unsettled promise.
    private let origin: String
    private let settled = Atomic<Bool>(false)
    /// The call's times, when `SEARCHLIGHT_TRACE_BRIDGE` is set (``BridgeTrace``).
    let trace: BridgeTrace.Record?

    init(mailbox: HostMailbox, id: Int, origin: String, trace: BridgeTrace.Record? = nil) {
        target = .host(mailbox, id: id)
        self.origin = origin
        self.trace = trace
    }

    /// A promise whose outcome goes to `completion`, called once, on the thread that
    /// settles it: for hosts other than ``JSHost`` that call a module's methods (the
    /// window host answers a web page's calls this way). `origin` (`Module.method`)
    /// names the call when the promise is dropped unsettled.
    public init(origin: String, completion: @escaping @Sendable (Result<BridgeValue, NativeError>) -> Void) {
        target = .closure(completion)
        self.origin = origin
        trace = nil
    }

    /// Notes that the call's work reached `point` (for ``BridgeTrace``; nothing when
    /// tracing is off). From the thread doing the work.
    public func mark(_ point: BridgeTrace.Point) {
        trace?.mark(point)
    }

    /// Fulfils the JS promise with `value`.
    public func resolve(_ value: BridgeValue = .undefined) {
        settle(.success(value))
    }

    /// Rejects the JS promise with an `Error` whose `.code` and `.message` are the error's.
    public func reject(_ error: NativeError) {
        settle(.failure(error))
    }

    private func settle(_ result: Result<BridgeValue, NativeError>) {
        guard settled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        deliver(result)
    }

    private func deliver(_ result: Result<BridgeValue, NativeError>) {
        switch target {
        case .host(let mailbox, let id):
            trace?.mark(.encoded)
            mailbox.deliver(.settle(id: id, result: result))
            trace?.mark(.posted)
        case .closure(let completion): completion(result)
        }
    }

    deinit {
        if !settled.load(ordering: .acquiring) {
            deliver(.failure(NativeError(
                code: "E_NATIVE_UNSETTLED", message: "\(origin) finished without settling its promise")))
        }
    }
}
