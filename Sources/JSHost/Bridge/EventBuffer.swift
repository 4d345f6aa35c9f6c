/// One native module's listener count and the events it keeps until they have a
/// listener: React Native's `addListener(eventName)` / `removeListeners(count)`
/// bookkeeping (`RCTEventEmitter`), and the cold-start buffer of SPEC §6.
///
/// The headless host keeps one per module on its JS thread; the window host
/// (`WindowHost`) keeps one per module for the page; a module keeps its events in one
/// before a host attaches (SearchOnDevice's `EventChannel`, ``takeAll()``). Not
/// thread-safe: use it from one thread at a time.
public final class EventBuffer {
    /// Events a buffering module keeps while no listener of their name exists.
    public static let limit = 64

    /// What to do with an event that was just sent.
    public enum Route: Equatable, Sendable {
        /// A listener of its name exists: deliver it now.
        case deliver
        /// Kept until a listener of its name is added (the oldest went beyond ``limit``).
        case kept
        /// No listener and the module does not buffer; `firstTime` says whether this
        /// event name was not dropped before (warn once per name).
        case dropped(firstTime: Bool)
    }

    /// The module's name, for error messages.
    public let moduleName: String
    public let supportedEvents: [String]
    /// Whether events wait for a listener (``NativeModule/buffersEventsUntilListener``).
    public let buffers: Bool
    /// Listeners JS has added minus those removed (never below 0).
    public private(set) var listenerCount = 0 {
        didSet { onCountChange?(listenerCount) }
    }
    /// Called with the new count after every change (the headless host mirrors it into
    /// an atomic that ``EventSink/listenerCount`` reads from any thread).
    var onCountChange: ((Int) -> Void)?
    /// The event names `addListener` was called with since the count was last 0.
    ///
    /// `removeListeners(n)` names no event (as in React Native), so a name stays here
    /// until every listener of the module is gone.
    private var listenedNames: Set<String> = []
    /// Kept events, oldest first.
    private var buffered: [(name: String, body: BridgeValue)] = []
    /// Event names already dropped once, so a burst warns once.
    private var warnedDrops: Set<String> = []

    public init(moduleName: String, supportedEvents: [String], buffers: Bool) {
        self.moduleName = moduleName
        self.supportedEvents = supportedEvents
        self.buffers = buffers
    }

    /// The module's `addListener(eventName)`: counts one listener; returns true when
    /// events kept for this name should now be delivered (``takeListenedBuffered()``).
    ///
    /// - Throws: `E_INVALID_ARGUMENT` when `arguments[0]` is not one of the module's events.
    public func addListener(_ arguments: [BridgeValue]) throws(NativeError) -> Bool {
        guard let eventName = arguments.first?.stringValue else {
            throw NativeError.invalidArgument("args[0]", "must be the event name, a string")
        }
        guard supportedEvents.contains(eventName) else {
            throw NativeError.invalidArgument("args[0]", "'\(eventName)' is not an event of \(moduleName) (supported: \(supportedEvents.joined(separator: ", ")))")
        }
        listenerCount += 1
        let isNewName = listenedNames.insert(eventName).inserted
        return isNewName && buffered.contains { $0.name == eventName }
    }

    /// The module's `removeListeners(count)`.
    ///
    /// - Throws: `E_INVALID_ARGUMENT` when `arguments[0]` is not a whole number ≥ 0.
    public func removeListeners(_ arguments: [BridgeValue]) throws(NativeError) {
        guard let count = arguments.first?.numberValue, count >= 0, count == count.rounded(.down) else {
            throw NativeError.invalidArgument("args[0]", "must be the number of listeners removed, a whole number ≥ 0")
        }
        listenerCount = max(0, listenerCount - Int(min(count, Double(Int32.max))))
        if listenerCount == 0 { listenedNames.removeAll() }
    }

    /// Whether an event of this name goes to JS now rather than being kept or dropped.
    ///
    /// A buffering module's event waits for a listener of its own name: a cold-start
    /// request must not be delivered (and lost) because the app first subscribed to
    /// another event of the module.
    public func isListened(_ eventName: String) -> Bool {
        listenerCount > 0 && (!buffers || listenedNames.contains(eventName))
    }

    /// Decides what happens to an event just sent, keeping it when it must wait.
    public func route(_ name: String, _ body: BridgeValue) -> Route {
        if isListened(name) { return .deliver }
        if buffers {
            keep(name, body)
            return .kept
        }
        return .dropped(firstTime: warnedDrops.insert(name).inserted)
    }

    /// Keeps an event, dropping the oldest beyond ``limit``.
    public func keep(_ name: String, _ body: BridgeValue) {
        if buffered.count == Self.limit { buffered.removeFirst() }
        buffered.append((name, body))
    }

    /// Takes the kept events that now have a listener, oldest first; keeps the others.
    public func takeListenedBuffered() -> [(name: String, body: BridgeValue)] {
        let taken = buffered.filter { isListened($0.name) }
        buffered.removeAll { isListened($0.name) }
        return taken
    }

    /// Takes every kept event, oldest first, whatever their listeners: what a module
    /// kept before it had a sink, handed to the sink once it is attached.
    public func takeAll() -> [(name: String, body: BridgeValue)] {
        defer { buffered.removeAll() }
        return buffered
    }
}
