import CJavaScriptCore
import Synchronization

/// The JS thread's record of one registered module: its ``EventBuffer`` (listener
/// count, events kept until a listener for their name is added).
final class ModuleBinding {
    let index: Int
    let module: any NativeModule
    let name: String
    let supportedEvents: [String]
    /// The listener count and the events kept until they have a listener.
    let events: EventBuffer
    /// The listener count, readable from any thread through the module's ``EventSink``.
    let listeners = ListenerCount()
    /// JS strings of the event names delivered so far, protected for the runtime's life.
    var eventNameValues: [String: JSValueRef] = [:]

    init(index: Int, module: any NativeModule) {
        self.index = index
        self.module = module
        name = module.name
        supportedEvents = module.supportedEvents
        events = EventBuffer(moduleName: module.name, supportedEvents: module.supportedEvents,
                             buffers: module.buffersEventsUntilListener)
        let listeners = listeners
        events.onCountChange = { listeners.value = $0 }
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
