import CGLib
import Synchronization

/// What other threads hand to the JS thread, in the order they handed it.
enum MailboxItem: Sendable {
    /// A closure to run on the JS thread.
    case work(@Sendable () -> Void)
    /// A native promise settled.
    case settle(id: Int, outcome: Settlement)
    /// A module's event.
    case event(module: Int, name: String, body: BridgeValue)
    /// Nothing to run: wakes the loop so it checks whether anything is left to do.
    case recheck
    /// End the JS now with this exit code, as `process.exit(code)` would.
    case exit(Int32)
}

/// How a native promise settled, as the JS thread takes it.
enum Settlement: Sendable {
    /// Fulfilled with a value the JS thread converts.
    case value(BridgeValue)
    /// Fulfilled with a container the settling thread found JSON cannot carry (a date,
    /// `-0`, bytes…): the JS thread builds it member by member without trying JSON
    /// again at its top (its member containers still try).
    case memberwise(BridgeValue)
    /// Fulfilled with a value already written as JSON text (on the settling thread):
    /// the JS thread only parses it; `answer` is what it was written from, made
    /// member by member should the engine refuse the text.
    case json(JSONText, answer: any BridgeWritable)
    case failure(NativeError)
}

/// The thread-safe queue between any thread and the JS thread.
///
/// A mutex-protected list; posting to an empty list wakes the JS thread's main context
/// once, and the loop source drains everything queued by then in one dispatch.
final class HostMailbox: Sendable {
    private struct State {
        var items: [MailboxItem] = []
        var closed = false
        var services = 0
    }

    private let state = Mutex(State())
    /// The JS thread's `GMainContext`, owned by ``JSHost``.
    private let context: MainContext

    init(context: MainContext) {
        self.context = context
    }

    /// Queues `item` and wakes the JS thread; discarded once the host has ended.
    func deliver(_ item: MailboxItem) {
        let wake = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.items.append(item)
            return state.items.count == 1
        }
        if wake { g_main_context_wakeup(context.pointer) }
    }

    /// True when items wait; called by the loop source on the JS thread.
    var hasItems: Bool {
        state.withLock { !$0.items.isEmpty }
    }

    /// Takes every queued item.
    func takeAll() -> [MailboxItem] {
        state.withLock { state in
            let items = state.items
            state.items.removeAll(keepingCapacity: true)
            return items
        }
    }

    /// Number of open services keeping the host alive.
    var openServices: Int {
        state.withLock { $0.services }
    }

    /// Adds one open service.
    func retainService() {
        state.withLock { $0.services += 1 }
    }

    /// Removes one open service and wakes the loop so it can end if nothing is left.
    func releaseService() {
        let released = state.withLock { state -> Bool in
            guard state.services > 0 else { return false }
            state.services -= 1
            return true
        }
        if released { deliver(.recheck) }
    }

    /// Stops accepting items: the host has ended.
    func close() {
        let dropped = state.withLock { state -> [MailboxItem] in
            state.closed = true
            defer { state.items = [] }
            return state.items
        }
        // Released outside the lock: an unsettled `Promise` captured by an item delivers
        // from its deinit, which takes the lock again.
        _ = dropped
    }
}
