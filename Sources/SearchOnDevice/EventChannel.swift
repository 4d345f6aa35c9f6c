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
/// its sink (then the host's own ``EventBuffer`` keeps them until the first JS listener).
///
/// What is held is kept in an ``EventBuffer`` too, the bridge's cold-start buffer: the
/// newest ``EventBuffer/limit`` events, oldest first, so a burst before the host runs
/// keeps what the bridge would keep.
final class EventChannel: Sendable {
    private struct State {
        var sender: (any EventSending)?
        let held: EventBuffer
    }

    private let state: Mutex<State>

    init(moduleName: String, supportedEvents: [String]) {
        state = Mutex(State(sender: nil, held: EventBuffer(moduleName: moduleName, supportedEvents: supportedEvents, buffers: true)))
    }

    /// Starts delivering to `sender`, first the events posted so far.
    func attach(_ sender: any EventSending) {
        state.withLock { state in
            for event in state.held.takeAll() { sender.send(event.name, event.body) }
            state.sender = sender
        }
    }

    /// Sends an event, or holds it until a sink is attached.
    func send(_ name: String, _ body: BridgeValue) {
        state.withLock { state in
            if let sender = state.sender {
                sender.send(name, body)
            } else {
                state.held.keep(name, body)
            }
        }
    }
}
