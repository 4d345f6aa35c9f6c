import CJavaScriptCore
import Synchronization

/// The JS thread's record of one registered module: its listener count and, for a
/// buffering module, the events kept until the first listener.
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

    /// Takes the kept events, oldest first.
    func takeBuffered() -> [(name: String, body: BridgeValue)] {
        defer { buffered.removeAll() }
        return buffered
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
