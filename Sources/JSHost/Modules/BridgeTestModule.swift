import Dispatch
import Synchronization

/// `BridgeTest` and `BufferedBridgeTest`: real native modules the JS tests of the
/// bridge itself call (see js/host/NATIVE.md). `searchlight test` registers both.
///
/// Promise methods settle from a background queue and `emit` sends from one, so the
/// tests cross threads the way real modules do.
public final class BridgeTestModule: NativeModule {
    public let name: String
    public let buffersEventsUntilListener: Bool
    public let supportedEvents = ["bridgeTestEvent", "bridgeTestOther"]
    private let sink = SinkSlot()
    private let queue = DispatchQueue(label: "searchlight.bridge-test", attributes: .concurrent)

    /// The module; `buffered` gives `BufferedBridgeTest`, which keeps events until its
    /// first listener.
    public init(buffered: Bool = false) {
        name = buffered ? "BufferedBridgeTest" : "BridgeTest"
        buffersEventsUntilListener = buffered
    }

    public func constants() -> BridgeObject { ["answer": 42] }

    public func attach(_ sink: EventSink) {
        self.sink.set(sink)
    }

    public var methods: [NativeMethod] {
        let queue = self.queue
        let sink = self.sink
        return [
            .sync("noop") { _ in .undefined },
            .sync("echoSync") { args in args.first ?? .undefined },
            .promise("echo") { args, promise in
                let value = args.first ?? .undefined
                queue.async { promise.resolve(value) }
            },
            .promise("delay") { args, promise in
                guard let milliseconds = args.first?.numberValue, milliseconds >= 0, milliseconds.isFinite else {
                    throw NativeError.invalidArgument("args[0]", "must be a number of milliseconds ≥ 0, got \(Self.describe(args.first))")
                }
                let value = args.count > 1 ? args[1] : .undefined
                queue.asyncAfter(deadline: .now() + .milliseconds(Int(milliseconds))) { promise.resolve(value) }
            },
            .promise("fail") { args, promise in
                let error = try Self.error(from: args)
                queue.async { promise.reject(error) }
            },
            .sync("failSync") { args in
                throw try Self.error(from: args)
            },
            .promise("emit") { args, promise in
                guard let eventName = args.first?.stringValue else {
                    throw NativeError.invalidArgument("args[0]", "must be the event name, a string, got \(Self.describe(args.first))")
                }
                let body: BridgeObject
                switch args.count > 1 ? args[1] : .undefined {
                case .undefined, .null: body = [:]
                case .object(let object): body = object
                case let other: throw NativeError.invalidArgument("args[1]", "must be an object or null, got \(other.typeName)")
                }
                let count: Int
                switch args.count > 2 ? args[2] : .undefined {
                case .undefined: count = 1
                case .number(let number) where number >= 0 && number <= 10_000_000 && number == number.rounded(.down):
                    count = Int(number)
                case let other: throw NativeError.invalidArgument("args[2]", "must be a whole number from 0 to 10000000, got \(Self.describe(other))")
                }
                guard let sink = sink.get() else {
                    throw NativeError(code: "E_NATIVE", message: "the module has no event sink")
                }
                queue.async {
                    for index in 0..<count {
                        var event = body
                        event["index"] = .number(Double(index))
                        sink.send(eventName, .object(event))
                    }
                    promise.resolve(.number(Double(count)))
                }
            },
            .sync("listenerCount") { _ in
                .number(Double(sink.get()?.listenerCount ?? 0))
            },
        ]
    }

    private static func error(from args: [BridgeValue]) throws -> NativeError {
        guard let code = args.first?.stringValue else {
            throw NativeError.invalidArgument("args[0]", "must be the error code, a string, got \(describe(args.first))")
        }
        guard let message = (args.count > 1 ? args[1] : .undefined).stringValue else {
            throw NativeError.invalidArgument("args[1]", "must be the error message, a string, got \(describe(args.count > 1 ? args[1] : nil))")
        }
        return NativeError(code: code, message: message)
    }

    private static func describe(_ value: BridgeValue?) -> String {
        switch value {
        case nil: return "nothing"
        case .string(let text)?: return "the string \"\(text)\""
        case .number(let number)?: return "\(number)"
        case let other?: return other.typeName
        }
    }
}

/// The event sink a module received, kept for use from any thread.
private final class SinkSlot: Sendable {
    private let slot = Mutex<EventSink?>(nil)
    func set(_ sink: EventSink) { slot.withLock { $0 = sink } }
    func get() -> EventSink? { slot.withLock { $0 } }
}
