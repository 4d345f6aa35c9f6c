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
    ///
    /// For the headless host an array or object is written as JSON text here, on the
    /// settling thread, so that the JS thread only parses it.
    public func resolve(_ value: BridgeValue = .undefined) {
        guard settle() else { return }
        switch target {
        case .host:
            if !value.goesAsJSON {
                deliver(.value(value))
            } else if let text = JSONText(value) {
                deliver(.json(text, answer: value))
            } else {
                deliver(.memberwise(value))
            }
        case .closure(let completion):
            completion(.success(value))
        }
    }

    /// Fulfils the JS promise with the value `answer` writes: for the headless host as
    /// JSON text written here (the JS thread only parses it), for others as a
    /// ``BridgeValue``. Either way JS sees what ``resolve(_:)`` with
    /// `answer.bridgeValue` would give it.
    public func resolve(writing answer: some BridgeWritable) {
        guard settle() else { return }
        switch target {
        case .host:
            var writer = BridgeJSONWriter()
            answer.writeJSON(to: &writer)
            if let text = JSONText(writer) {
                deliver(.json(text, answer: answer))
            } else {
                // -0, NaN, a date…: JSON cannot carry it, the JS thread builds it.
                deliver(.memberwise(answer.bridgeValue))
            }
        case .closure(let completion):
            completion(.success(answer.bridgeValue))
        }
    }

    /// Rejects the JS promise with an `Error` whose `.code` and `.message` are the error's.
    public func reject(_ error: NativeError) {
        guard settle() else { return }
        deliver(.failure(error))
    }

    /// True for the first settling call only.
    private func settle() -> Bool {
        settled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    private func deliver(_ outcome: Settlement) {
        switch target {
        case .host(let mailbox, let id):
            trace?.mark(.encoded)
            mailbox.deliver(.settle(id: id, outcome: outcome))
            trace?.mark(.posted)
        case .closure(let completion):
            switch outcome {
            case .value(let value), .memberwise(let value): completion(.success(value))
            case .json: preconditionFailure("JSON text is made only for the headless host")
            case .failure(let error): completion(.failure(error))
            }
        }
    }

    deinit {
        if !settled.load(ordering: .acquiring) {
            deliver(.failure(NativeError(
                code: "E_NATIVE_UNSETTLED", message: "\(origin) finished without settling its promise")))
        }
    }
}
