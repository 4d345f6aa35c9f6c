import JSHost
import Synchronization

/// Where the module's events go: the bridge's ``EventSink`` in the host, a recording
/// sink in tests.
protocol EventSending: Sendable {
    /// Sends an event to the module's JS listeners; callable from any thread.
    func send(_ eventName: String, _ body: BridgeValue)
}

extension EventSink: EventSending {}

/// The module's events, in the order they were posted, held until the host attaches
/// its sink (then the bridge keeps them until the first JS listener).
final class EventChannel: Sendable {
    /// The most events held before a sink is attached; the oldest go first, as in the bridge.
    static let capacity = 64

    private let state = Mutex<(sender: (any EventSending)?, pending: [(String, BridgeValue)])>((nil, []))

    /// Starts delivering to `sender`, first the events posted so far.
    func attach(_ sender: any EventSending) {
        state.withLock { state in
            for (name, body) in state.pending { sender.send(name, body) }
            state.pending = []
            state.sender = sender
        }
    }

    /// Sends an event, or holds it until a sink is attached.
    func send(_ name: String, _ body: BridgeValue) {
        state.withLock { state in
            if let sender = state.sender {
                sender.send(name, body)
            } else {
                if state.pending.count == Self.capacity { state.pending.removeFirst() }
                state.pending.append((name, body))
            }
        }
    }
}
