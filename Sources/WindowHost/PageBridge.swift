import CWebKit
import Foundation
import JSHost

/// The window host's side of the page ⇄ Swift protocol (js/window/README.md): the
/// page's calls of native module methods, arriving as script messages, and the
/// modules' events, run in the page as `window.__searchlightEvent(module, name, body)`.
///
/// The modules are the headless host's (``NativeModule``): the same methods get the
/// same ``BridgeArguments`` (parsed from the page's `JSON.stringify` texts) and settle
/// the same ``Promise``; events go through the same ``EventBuffer`` (listener counts,
/// the cold-start buffer). Used on the GTK main thread only.
final class PageBridge {
    /// One module as the page sees it.
    final class Binding {
        let module: any NativeModule
        let methods: [String: NativeMethod]
        let events: EventBuffer
        /// The listener count, for the module's ``EventSink`` on any thread.
        let count = Count()

        init(_ module: any NativeModule) {
            self.module = module
            methods = Dictionary(module.methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            events = EventBuffer(moduleName: module.name, supportedEvents: module.supportedEvents,
                                 buffers: module.buffersEventsUntilListener)
        }
    }

    /// An atomic-enough listener count (written on the main thread, read anywhere).
    final class Count: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = 0
        var value: Int {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    private var bindings: [String: Binding] = [:]
    private let order: [String]
    /// Runs a script in the page (set once the web view exists).
    var evaluate: ((String) -> Void)?
    /// Called on the main thread for each event before it is routed: the window host
    /// raises its window for a request from the desktop.
    var onEvent: ((_ module: String, _ name: String, _ body: BridgeValue) -> Void)?

    init(modules: [any NativeModule]) {
        order = modules.map(\.name)
        for module in modules { bindings[module.name] = Binding(module) }
    }

    /// What the page is told before its scripts run: `{ modules: { Name: { constants,
    /// methods, supportedEvents } } }` (the `argv` is added by the window host).
    func description() -> BridgeObject {
        var modules: [(String, BridgeValue)] = []
        for name in order {
            guard let binding = bindings[name] else { continue }
            var methods = binding.module.methods.map { BridgeValue.string($0.name) }
            if !binding.module.supportedEvents.isEmpty {
                methods += [.string("addListener"), .string("removeListeners")]
            }
            modules.append((name, .object(BridgeObject([
                ("constants", .object(binding.module.constants())),
                ("methods", .array(methods)),
            ]))))
        }
        return BridgeObject(modules)
    }

    /// Hands every module its event sink. Call once, on the main thread, before the
    /// main loop runs.
    func attachModules() {
        for name in order {
            guard let binding = bindings[name] else { continue }
            let count = binding.count
            let sink = EventSink(moduleName: name, supportedEvents: binding.module.supportedEvents,
                                 listenerCount: { count.value }) { [weak self] eventName, body in
                MainThread.async { self?.route(name, eventName, body) }
            }
            binding.module.attach(sink)
        }
    }

    /// One call from the page: `MODULE\nMETHOD\nARG0\nARG1…`, each argument the
    /// `JSON.stringify` text of one argument (an empty line for `undefined`); `reply`
    /// gets `{"ok": value}` (no `ok` for `undefined`) or `{"error": {code, message}}`.
    func call(_ message: String, reply: @escaping (String) -> Void) {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else {
            reply(Self.errorText(NativeError(code: "E_NATIVE", message: "malformed bridge message")))
            return
        }
        let moduleName = lines.removeFirst()
        let methodName = lines.removeFirst()
        let arguments = BridgeArguments(jsonTexts: lines.map { $0.isEmpty ? nil : $0 })
        guard let binding = bindings[moduleName] else {
            reply(Self.errorText(NativeError(code: "E_NATIVE", message: "no native module named \(moduleName)")))
            return
        }
        let settle: @Sendable (Result<BridgeValue, NativeError>) -> Void = { result in
            let text: String
            switch result {
            case .success(let value): text = Self.okText(value)
            case .failure(let error): text = Self.errorText(error)
            }
            MainThread.async { reply(text) }
        }
        do {
            switch methodName {
            case "getConstants":
                settle(.success(.object(binding.module.constants())))
            case "addListener" where !binding.module.supportedEvents.isEmpty:
                let flush = try binding.events.addListener(try arguments.values())
                binding.count.value = binding.events.listenerCount
                settle(.success(.undefined))
                if flush { MainThread.async { [weak self] in self?.flush(binding) } }
            case "removeListeners" where !binding.module.supportedEvents.isEmpty:
                try binding.events.removeListeners(try arguments.values())
                binding.count.value = binding.events.listenerCount
                settle(.success(.undefined))
            default:
                guard let method = binding.methods[methodName] else {
                    throw NativeError(code: "E_NATIVE", message: "\(moduleName) has no method \(methodName)")
                }
                let promise = Promise(origin: "\(moduleName).\(methodName)", completion: settle)
                // A promise body's error rejects its promise: were it thrown on, the
                // promise would be dropped first and reject as E_NATIVE_UNSETTLED.
                do {
                    switch method.body {
                    case .sync(let body):
                        settle(.success(try body(try arguments.values())))
                    case .promise(let body):
                        try body(try arguments.values(), promise)
                    case .promiseConvertingLater(let body):
                        try body(arguments, promise)
                    }
                } catch let error as NativeError {
                    promise.reject(error)
                }
            }
        } catch let error as NativeError {
            settle(.failure(error))
        } catch {
            settle(.failure(NativeError(code: "E_NATIVE", message: String(describing: error))))
        }
    }

    /// Delivers, keeps or drops one event of `module` (the ``EventBuffer`` decides).
    private func route(_ module: String, _ name: String, _ body: BridgeValue) {
        guard let binding = bindings[module] else { return }
        onEvent?(module, name, body)
        switch binding.events.route(name, body) {
        case .deliver:
            deliver(module, name, body)
        case .kept:
            break
        case .dropped(let firstTime):
            if firstTime {
                FileHandle.standardError.write(Data("searchlight: \(module) sent '\(name)' with no listeners; dropped (warned once per event)\n".utf8))
            }
        }
    }

    /// Delivers the events kept for names that now have a listener.
    private func flush(_ binding: Binding) {
        for event in binding.events.takeListenedBuffered() {
            if binding.events.isListened(event.name) {
                deliver(binding.module.name, event.name, event.body)
            } else {
                binding.events.keep(event.name, event.body)
            }
        }
    }

    private func deliver(_ module: String, _ name: String, _ body: BridgeValue) {
        let script = "window.__searchlightEvent(\(BridgeValue.string(module).jsonText),\(BridgeValue.string(name).jsonText),\(body.jsonText))"
        evaluate?(script)
    }

    static func okText(_ value: BridgeValue) -> String {
        if case .undefined = value { return "{}" }
        return "{\"ok\":\(value.jsonText)}"
    }

    static func errorText(_ error: NativeError) -> String {
        let body: BridgeValue = ["code": .string(error.code), "message": .string(error.message)]
        return "{\"error\":\(body.jsonText)}"
    }
}
