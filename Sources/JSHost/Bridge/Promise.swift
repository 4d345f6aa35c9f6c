import Synchronization

/// The Swift end of the JS `Promise` a promise method returned.
///
/// Settle it once, from any thread: the first ``resolve(_:)`` or ``reject(_:)`` wins and
/// later calls are ignored. A promise dropped without being settled rejects with
/// `E_NATIVE_UNSETTLED`, so a forgotten path in a module never hangs the app.
public final class Promise: Sendable {
    private let mailbox: HostMailbox
    private let id: Int
    /// `module.method`, for the message of an unsettled promise.
    private let origin: String
    private let settled = Atomic<Bool>(false)

    init(mailbox: HostMailbox, id: Int, origin: String) {
        self.mailbox = mailbox
        self.id = id
        self.origin = origin
    }

    /// Fulfils the JS promise with `value`.
    public func resolve(_ value: BridgeValue = .undefined) {
        settle(.success(value))
    }

    /// Rejects the JS promise with an `Error` whose `.code` and `.message` are the error's.
    public func reject(_ error: NativeError) {
        settle(.failure(error))
    }

    /// True once the promise has been settled.
    public var isSettled: Bool { settled.load(ordering: .acquiring) }

    private func settle(_ result: Result<BridgeValue, NativeError>) {
        guard settled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        mailbox.deliver(.settle(id: id, result: result))
    }

    deinit {
        if !settled.load(ordering: .acquiring) {
            mailbox.deliver(.settle(id: id, result: .failure(NativeError(
                code: "E_NATIVE_UNSETTLED", message: "\(origin) finished without settling its promise"))))
        }
    }
}
