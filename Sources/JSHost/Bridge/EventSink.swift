/// A native module's way to send events to JS listeners, from any thread.
///
/// Events are queued and delivered in the order sent, many per wake-up of the JS
/// thread, to `NativeEventEmitter` listeners as `(eventName, body)`. While the module
/// has no listener an event is dropped with a warning, or kept when the module
/// ``NativeModule/buffersEventsUntilListener``.
public final class EventSink: Sendable {
    /// Where events go: the host's JS thread, or a closure.
    private enum Target: Sendable {
        case host(HostMailbox, moduleIndex: Int)
        case closure(@Sendable (String, BridgeValue) -> Void)
    }

    private let target: Target
    /// The name of the module the events come from.
    public let moduleName: String
    private let supportedEvents: Set<String>
    private let listeners: ListenerCount
    private let countReader: (@Sendable () -> Int)?

    init(mailbox: HostMailbox, moduleIndex: Int, moduleName: String, supportedEvents: Set<String>, listeners: ListenerCount) {
        target = .host(mailbox, moduleIndex: moduleIndex)
        self.listeners = listeners
        countReader = nil
        self.moduleName = moduleName
        self.supportedEvents = supportedEvents
    }

    /// A sink whose events go to `deliver` (on the sending thread), for hosts other than
    /// ``JSHost`` (the window host hands them to its page); ``listenerCount`` reads
    /// `listenerCount`.
    public init(moduleName: String, supportedEvents: [String], listenerCount: @escaping @Sendable () -> Int,
                deliver: @escaping @Sendable (_ eventName: String, _ body: BridgeValue) -> Void) {
        target = .closure(deliver)
        listeners = ListenerCount()
        countReader = listenerCount
        self.moduleName = moduleName
        self.supportedEvents = Set(supportedEvents)
    }

    /// The number of JS listeners the module has now (`addListener` calls minus
    /// `removeListeners` counts); it may change as soon as it is read.
    public var listenerCount: Int { countReader?() ?? listeners.value }

    /// Sends `eventName` with `body` to the module's JS listeners.
    ///
    /// An event the module does not list in ``NativeModule/supportedEvents`` is not sent;
    /// a warning on stderr names it. After the host has ended, events are discarded.
    public func send(_ eventName: String, _ body: BridgeValue = .null) {
        guard supportedEvents.contains(eventName) else {
            writeStandardError("searchlight: \(moduleName) sent the event '\(eventName)', which is not in its supportedEvents; dropped\n")
            return
        }
        switch target {
        case .host(let mailbox, let moduleIndex): mailbox.deliver(.event(module: moduleIndex, name: eventName, body: body))
        case .closure(let deliver): deliver(eventName, body)
        }
    }
}
