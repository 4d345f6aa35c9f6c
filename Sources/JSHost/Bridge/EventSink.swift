/// A native module's way to send events to JS listeners, from any thread.
///
/// Events are queued and delivered in the order sent, many per wake-up of the JS
/// thread, to `NativeEventEmitter` listeners as `(eventName, body)`. While the module
/// has no listener an event is dropped with a warning, or kept when the module
/// ``NativeModule/buffersEventsUntilListener``.
public final class EventSink: Sendable {
    private let mailbox: HostMailbox
    private let moduleIndex: Int
    /// The name of the module the events come from.
    public let moduleName: String
    private let supportedEvents: Set<String>
    private let listeners: ListenerCount

    init(mailbox: HostMailbox, moduleIndex: Int, moduleName: String, supportedEvents: Set<String>, listeners: ListenerCount) {
        self.mailbox = mailbox
        self.listeners = listeners
        self.moduleIndex = moduleIndex
        self.moduleName = moduleName
        self.supportedEvents = supportedEvents
    }

    /// The number of JS listeners the module has now (`addListener` calls minus
    /// `removeListeners` counts); it may change as soon as it is read.
    public var listenerCount: Int { listeners.value }

    /// Sends `eventName` with `body` to the module's JS listeners.
    ///
    /// An event the module does not list in ``NativeModule/supportedEvents`` is not sent;
    /// a warning on stderr names it. After the host has ended, events are discarded.
    public func send(_ eventName: String, _ body: BridgeValue = .null) {
        guard supportedEvents.contains(eventName) else {
            writeStandardError("searchlight: \(moduleName) sent the event '\(eventName)', which is not in its supportedEvents; dropped\n")
            return
        }
        mailbox.deliver(.event(module: moduleIndex, name: eventName, body: body))
    }
}
