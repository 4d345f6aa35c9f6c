import CGLib
import CJavaScriptCore

/// Everything that lives on the JS thread: the context, the loop, timers, modules and
/// promises in flight. Created, used and destroyed on that thread only.
final class JSRuntime {
    /// Why the loop stopped early.
    enum Ending {
        /// `native.exit(code)`.
        case exit(Int32)
        /// An uncaught error or unhandled rejection, already printed.
        case uncaught
    }

    let configuration: JSHost.Configuration
    let mailbox: HostMailbox
    let mainContext: MainContext
    let ctx: JSGlobalContextRef
    private(set) var loop: OpaquePointer?
    private var source: UnsafeMutablePointer<GSource>?

    var timers = TimerQueue<JSObjectRef>()
    var modules: [ModuleBinding] = []
    var deferreds: [Int: (resolve: JSObjectRef, reject: JSObjectRef)] = [:]
    var nextPromiseID = 1
    /// The traced calls in flight, by promise id (``BridgeTrace``; empty when off).
    var callTraces: [Int: BridgeTrace.Record] = [:]
    var eventHandler: JSObjectRef?
    var host: JSObjectRef?
    /// The native functions made for this context.
    let hostFunctions = FunctionTable()
    /// Object keys of values going to JS.
    let propertyNames = PropertyNameCache()
    /// Modules whose buffered events go out at the start of the next turn.
    var pendingFlushes: [Int] = []
    var ending: Ending?
    /// What `host.runTests` resolved to, in test mode.
    var testSummary: (passed: Int, failed: Int, skipped: Int)?
    /// The check of ``JSONArguments``, once made (nil if the engine refused it).
    var jsonCheck: JSObjectRef?
    var jsonCheckMade = false
    /// JS values kept alive for the runtime's lifetime (module names, …).
    private var protected: [JSValueRef] = []
    private(set) var moduleNameValues: [JSValueRef] = []

    init(host: JSHost, modules: [any NativeModule]) {
        configuration = host.configuration
        mailbox = host.mailbox
        mainContext = host.mainContext
        // JSC's own heap timers use the thread-default context of the thread that
        // creates the VM: push ours first.
        g_main_context_push_thread_default(mainContext.pointer)
        searchlight_wtf_initialize_main_thread()
        ctx = JSGlobalContextCreate(nil)
        HostFunction.install(hostFunctions)
        self.modules = modules.enumerated().map { ModuleBinding(index: $0.offset, module: $0.element) }
        for binding in self.modules {
            let value = makeJSString(ctx, binding.name)
            keep(value)
            moduleNameValues.append(value)
        }
    }

    /// Protects `value` until the runtime ends.
    func keep(_ value: JSValueRef) {
        JSValueProtect(ctx, value)
        protected.append(value)
    }

    // MARK: Running

    /// Boots the JS, runs the loop until nothing is left, and returns the exit code.
    func run() -> Int32 {
        defer { tearDown() }
        loop = g_main_loop_new(mainContext.pointer, 0)
        installLoopSource()
        installUnhandledRejectionHandler()
        for binding in modules where !binding.supportedEvents.isEmpty {
            binding.module.attach(EventSink(mailbox: mailbox, moduleIndex: binding.index, moduleName: binding.name,
                                            supportedEvents: Set(binding.supportedEvents), listeners: binding.listeners))
        }
        guard boot() else { return 1 }
        start()
        if ending == nil && isAlive {
            scheduleNextTurn()
            g_main_loop_run(loop)
        }
        return finish()
    }

    /// Runs `body` with the context but no bootstrap or loop, then tears down (for
    /// ``BridgeBenchmark``).
    func withoutLoop<T>(_ body: () -> T) -> T {
        defer { tearDown() }
        return body()
    }

    /// Evaluates `host/bootstrap.js` and calls its function with `native`.
    private func boot() -> Bool {
        let path = configuration.jsDirectory + "/host/bootstrap.js"
        let source: String
        switch readTextFile(path) {
        case .success(let text): source = text
        case .failure(let error):
            writeStandardError("searchlight: cannot load the host's bootstrap \(path): \(error.message)\n")
            return false
        }
        var exception: JSValueRef?
        let completion = evaluateJS(ctx, source, url: path, exception: &exception)
        if let exception {
            reportUncaught(exception)
            return false
        }
        guard let completion, let bootstrap = JSValueToObject(ctx, completion, nil), JSObjectIsFunction(ctx, bootstrap) else {
            writeStandardError("searchlight: \(path) must end with a function bootstrap(native)\n")
            return false
        }
        let native = makeNativeObject()
        guard let result = call(bootstrap, [native]), let host = JSValueToObject(ctx, result, nil),
              JSValueIsObject(ctx, result) else {
            if ending == nil { writeStandardError("searchlight: bootstrap(native) must return the host object\n") }
            return false
        }
        keep(host)
        self.host = host
        return true
    }

    /// Loads the main module or starts the tests.
    private func start() {
        switch configuration.mode {
        case .run(let script, _):
            _ = callHost("runMain", [makeJSString(ctx, script)])
        case .test(let files):
            let paths = BridgeValue.array(files.map { .string($0) }).jsValue(in: ctx)
            guard let promise = callHost("runTests", [paths]), let promiseObject = JSValueToObject(ctx, promise, nil) else { return }
            let then = property(ctx, promiseObject, "then")
            guard let thenFunction = JSValueToObject(ctx, then, nil), JSObjectIsFunction(ctx, thenFunction) else {
                writeStandardError("searchlight: host.runTests must return a Promise\n")
                ending = .uncaught
                return
            }
            let onResult = makeFunction("testsFinished") { [unowned self] ctx, arguments in
                let summary = try? ValueConverter.value(ctx, arguments.first ?? nil, root: "summary")
                func count(_ key: String) -> Int { Int(summary?[key].numberValue ?? 0) }
                self.testSummary = (count("passed"), count("failed"), count("skipped"))
                return nil
            }
            let onFailure = makeFunction("testsFailed") { [unowned self] _, arguments in
                self.reportUncaught((arguments.first ?? nil) ?? JSValueMakeUndefined(self.ctx))
                return nil
            }
            _ = call(thenFunction, [onResult, onFailure], this: promiseObject)
        }
    }

    /// The exit code once the loop has stopped.
    private func finish() -> Int32 {
        if ending == nil {
            _ = callHost("beforeExit", [JSValueMakeNumber(ctx, Double(hostExitCode()))])
        }
        switch ending {
        case .uncaught: return 1
        case .exit(let code): return code
        case nil: break
        }
        let code = hostExitCode()
        guard case .test = configuration.mode else { return code }
        guard let summary = testSummary else {
            writeStandardError("searchlight test: the test run ended before host.runTests settled\n")
            return 1
        }
        return summary.failed > 0 ? 1 : code
    }

    /// `host.exitCode()`, 0 when it is missing or not a number.
    private func hostExitCode() -> Int32 {
        guard let value = callHost("exitCode", []) else { return ending == nil ? 0 : 1 }
        let number = JSValueToNumber(ctx, value, nil)
        guard number.isFinite else { return 0 }
        return Int32(truncatingIfNeeded: Int(number))
    }

    /// Whether anything still keeps the process alive.
    var isAlive: Bool {
        timers.refCount > 0 || timers.hasImmediates || !deferreds.isEmpty || !pendingFlushes.isEmpty
            || mailbox.openServices > 0 || mailbox.hasItems
    }

    // MARK: Turns of the loop

    /// One turn: posts and events, then immediates, then due timers.
    func runTurn() {
        flushBufferedEvents()
        for item in mailbox.takeAll() {
            guard ending == nil else { break }
            handle(item)
        }
        for id in timers.immediateIDs() {
            guard ending == nil else { break }
            guard let callback = timers.removeImmediate(id) else { continue }
            _ = call(callback, [])
            JSValueUnprotect(ctx, callback)
        }
        let now = monotonicMilliseconds()
        for id in timers.dueTimerIDs(now: now) {
            guard ending == nil else { break }
            guard let timer = timers.timer(id) else { continue }
            _ = call(timer.callback, [])
            if let finished = timers.finishRun(of: id, now: monotonicMilliseconds()) {
                JSValueUnprotect(ctx, finished)
            }
        }
        if ending != nil || !isAlive {
            g_main_loop_quit(loop)
        } else {
            scheduleNextTurn()
        }
    }

    /// Sets when the loop source next fires on its own: now for immediates and flushes,
    /// at the earliest timer, or never (posts wake it through the mailbox).
    func scheduleNextTurn() {
        guard let source else { return }
        if timers.hasImmediates || !pendingFlushes.isEmpty {
            g_source_set_ready_time(source, 0)
        } else if let deadline = timers.earliestDeadline {
            g_source_set_ready_time(source, gint64((deadline * 1000).rounded(.up)))
        } else {
            g_source_set_ready_time(source, -1)
        }
    }

    private func handle(_ item: MailboxItem) {
        switch item {
        case .work(let work): work()
        case .settle(let id, let outcome): settle(id, outcome)
        case .event(let module, let name, let body): route(module: modules[module], name, body)
        case .recheck: break
        case .exit(let code):
            // As process.exit: the 'exit' listeners run, then the loop ends.
            _ = callHost("beforeExit", [JSValueMakeNumber(ctx, Double(code))])
            if ending == nil { ending = .exit(code) }
        }
    }

    // MARK: Calling JS

    /// Calls `function` with `arguments`; an exception is uncaught: printed, exit 1.
    @discardableResult
    func call(_ function: JSObjectRef, _ arguments: [JSValueRef?], this: JSObjectRef? = nil) -> JSValueRef? {
        var exception: JSValueRef?
        let result = withStackValues(arguments) { buffer in
            JSObjectCallAsFunction(ctx, function, this, buffer.count, buffer.baseAddress, &exception)
        }
        if let exception {
            reportUncaught(exception)
            return nil
        }
        return result
    }

    /// Calls `host[name](…arguments)`.
    func callHost(_ name: String, _ arguments: [JSValueRef?]) -> JSValueRef? {
        guard let host else { return nil }
        guard let function = JSValueToObject(ctx, property(ctx, host, name), nil), JSObjectIsFunction(ctx, function) else {
            writeStandardError("searchlight: the host object has no function \(name)\n")
            if ending == nil { ending = .uncaught }
            return nil
        }
        return call(function, arguments, this: host)
    }

    /// Prints an uncaught error with `host.formatError` and stops with exit code 1;
    /// ignored once the process is already ending.
    func reportUncaught(_ error: JSValueRef) {
        guard ending == nil else { return }
        ending = .uncaught
        writeStandardError(formatError(error) + "\n")
    }

    /// `host.formatError(error)`, or the error's `stack` when the host cannot format it.
    private func formatError(_ error: JSValueRef) -> String {
        if let host, let format = JSValueToObject(ctx, property(ctx, host, "formatError"), nil), JSObjectIsFunction(ctx, format) {
            var exception: JSValueRef?
            let text = withStackValues([error]) { buffer in
                JSObjectCallAsFunction(ctx, format, host, 1, buffer.baseAddress, &exception)
            }
            if exception == nil, let text { return stringOf(ctx, text) }
        }
        var text = stringOf(ctx, error)
        if let object = JSValueToObject(ctx, error, nil), JSValueIsObject(ctx, error) {
            let line = property(ctx, object, "line"), column = property(ctx, object, "column")
            let url = property(ctx, object, "sourceURL")
            if JSValueIsString(ctx, url) {
                text = "\(stringOf(ctx, url)):\(stringOf(ctx, line)):\(stringOf(ctx, column)) " + text
            }
            let stack = property(ctx, object, "stack")
            if JSValueIsString(ctx, stack) { text += "\n" + stringOf(ctx, stack) }
        }
        return text
    }

    /// Makes a native function for JS.
    func makeFunction(_ name: String, _ body: @escaping HostFunctionBody) -> JSObjectRef {
        HostFunction.make(ctx, name: name, table: hostFunctions, body)
    }

    // MARK: Loop source and shutdown

    private func installLoopSource() {
        let size = MemoryLayout<GSource>.stride + MemoryLayout<UnsafeRawPointer>.stride
        let source = g_source_new(LoopSource.functions, guint(size))!
        (UnsafeMutableRawPointer(source) + MemoryLayout<GSource>.stride)
            .storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        g_source_attach(source, mainContext.pointer)
        self.source = source
    }

    private func installUnhandledRejectionHandler() {
        let handler = makeFunction("unhandledRejection") { [unowned self] ctx, arguments in
            self.reportUncaught(arguments.count > 1 ? arguments[1] ?? JSValueMakeUndefined(ctx) : JSValueMakeUndefined(ctx))
            return nil
        }
        JSGlobalContextSetUnhandledRejectionCallback(ctx, handler, nil)
    }

    private func tearDown() {
        mailbox.close()
        BridgeTrace.write()
        if let source {
            g_source_destroy(source)
            g_source_unref(source)
        }
        source = nil
        for callback in timers.allCallbacks() { JSValueUnprotect(ctx, callback) }
        for deferred in deferreds.values {
            JSValueUnprotect(ctx, deferred.resolve)
            JSValueUnprotect(ctx, deferred.reject)
        }
        deferreds.removeAll()
        if let eventHandler { JSValueUnprotect(ctx, eventHandler) }
        for value in protected { JSValueUnprotect(ctx, value) }
        protected.removeAll()
        for address in hostFunctions.addresses { JSValueUnprotect(ctx, OpaquePointer(address)) }
        hostFunctions.removeAll()
        HostFunction.install(nil)
        JSGlobalContextRelease(ctx)
        if let loop { g_main_loop_unref(loop) }
        g_main_context_pop_thread_default(mainContext.pointer)
    }
}

/// Runs `body` with `values` copied to stack memory, which JSC's conservative garbage
/// collector scans (a Swift array's heap storage is not a GC root).
func withStackValues<R>(_ values: [JSValueRef?], _ body: (UnsafeMutableBufferPointer<JSValueRef?>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: JSValueRef?.self, capacity: max(values.count, 1)) { buffer in
        for index in values.indices { buffer[index] = values[index] }
        return body(UnsafeMutableBufferPointer(rebasing: buffer[0..<values.count]))
    }
}
