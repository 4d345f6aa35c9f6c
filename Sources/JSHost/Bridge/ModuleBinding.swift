import CJavaScriptCore
import Synchronization

/// The JS thread's record of one registered module: its listener count and, for a
/// buffering module, the events kept until a listener for their name is added.
final class ModuleBinding {
    /// Events a buffering module keeps while it has no listener.
    static let bufferLimit = 64

    let index: Int
    let module: any NativeModule
    let name: String
    let supportedEvents: [String]
    let buffers: Bool
    /// Listeners JS has added minus those removed (never below 0); readable from any
    /// thread through the module's ``EventSink``.
    let listeners = ListenerCount()
    var listenerCount: Int {
        get { listeners.value }
        set { listeners.value = newValue }
    }
    /// The event names `addListener` was called with since the count was last 0.
    ///
    /// `removeListeners(n)` names no event (as in React Native), so a name stays here
    /// until every listener of the module is gone.
    var listenedNames: Set<String> = []
    /// Kept events, oldest first.
    private(set) var buffered: [(name: String, body: BridgeValue)] = []
    /// JS strings of the event names delivered so far, protected for the runtime's life.
    var eventNameValues: [String: JSValueRef] = [:]
    /// Event names already warned about as dropped, so a burst warns once.
    var warnedDrops: Set<String> = []

    init(index: Int, module: any NativeModule) {
        self.index = index
        self.module = module
        name = module.name
        supportedEvents = module.supportedEvents
        buffers = module.buffersEventsUntilListener
    }

    /// Keeps an event, dropping the oldest beyond ``bufferLimit``.
    func keep(_ name: String, _ body: BridgeValue) {
        if buffered.count == Self.bufferLimit { buffered.removeFirst() }
        buffered.append((name, body))
    }

    /// Whether an event of this name goes to JS now rather than being kept or dropped.
    ///
    /// A buffering module's event waits for a listener of its own name: a cold-start
    /// request must not be delivered (and lost) because the app first subscribed to
    /// another event of the module.
    func isListened(_ eventName: String) -> Bool {
        listenerCount > 0 && (!buffers || listenedNames.contains(eventName))
    }

    /// Whether a kept event waits for a listener of this name.
    func hasBuffered(_ eventName: String) -> Bool {
        buffered.contains { $0.name == eventName }
    }

    /// Takes the kept events that now have a listener, oldest first; keeps the others.
    func takeListenedBuffered() -> [(name: String, body: BridgeValue)] {
        let taken = buffered.filter { isListened($0.name) }
        buffered.removeAll { isListened($0.name) }
        return taken
    }
}

/// A module's listener count: written on the JS thread, read from any.
final class ListenerCount: Sendable {
    private let storage = Atomic<Int>(0)

    var value: Int {
        get { storage.load(ordering: .acquiring) }
        set { storage.store(newValue, ordering: .releasing) }
    }
}
