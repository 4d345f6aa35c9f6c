import CGLib
import Foundation
import Synchronization

/// A JavaScript host: one JS thread running a GLib main loop, the app's JS, and the
/// native modules registered with it.
///
/// Configure it, ``register(_:)`` modules, then ``run()``, which blocks until the JS is
/// done — when no ref'd timer, immediate, pending native promise, open service or
/// queued post is left — and returns the process exit code: `process.exitCode`, or 1
/// after an uncaught error or unhandled rejection.
///
/// ```swift
/// let host = JSHost(configuration: .init(mode: .run(script: "/abs/app.js", arguments: [])))
/// host.register(MyModule())
/// exit(host.run())
/// ```
public final class JSHost: Sendable {
    /// How this host was configured.
    public let configuration: Configuration
    /// The JS thread's GLib main context, for attaching sources (GDBus exports).
    public let mainContext: MainContext

    let mailbox: HostMailbox
    private let registered = Mutex<(modules: [any NativeModule], started: Bool)>(([], false))

    public init(configuration: Configuration) {
        self.configuration = configuration
        mainContext = MainContext()
        mailbox = HostMailbox(context: mainContext)
    }

    /// Adds a native module, reachable from JS as `NativeModules[module.name]`.
    ///
    /// Call before ``run()``. A second module with the same name, or a module registered
    /// after the host started, is refused with a `NativeError` (`E_INVALID_ARGUMENT`).
    public func register(_ module: any NativeModule) throws(NativeError) {
        try registered.withLock { (state) throws(NativeError) in
            guard !state.started else {
                throw NativeError(code: NativeError.invalidArgumentCode, message: "module \(module.name): register modules before the host runs")
            }
            guard !state.modules.contains(where: { $0.name == module.name }) else {
                throw NativeError(code: NativeError.invalidArgumentCode, message: "module \(module.name) is registered twice")
            }
            state.modules.append(module)
        }
    }

    /// Runs the JS on a new JS thread and waits for it to end; returns the exit code.
    ///
    /// A host runs once; a second call returns 1 at once.
    public func run() -> Int32 {
        let modules = registered.withLock { state -> [any NativeModule]? in
            guard !state.started else { return nil }
            state.started = true
            return state.modules
        }
        guard let modules else {
            writeStandardError("searchlight: a JSHost runs once\n")
            return 1
        }
        let done = DispatchSemaphore(value: 0)
        let code = Mutex<Int32>(1)
        let thread = Thread { [self] in
            let runtime = JSRuntime(host: self, modules: modules)
            let result = runtime.run()
            code.withLock { $0 = result }
            done.signal()
        }
        thread.name = "searchlight-js"
        thread.stackSize = 16 << 20
        thread.start()
        done.wait()
        return code.withLock { $0 }
    }

    /// Runs `work` on the JS thread, after what was posted before it; from any thread.
    ///
    /// The GLib main context is the thread default there. Posts after the host ended are
    /// dropped.
    public func post(_ work: @escaping @Sendable () -> Void) {
        mailbox.deliver(.work(work))
    }

    /// Ends the JS from any thread, as `process.exit(code)` would from JS: the `'exit'`
    /// listeners run, timers and pending promises are dropped, and ``run()`` returns
    /// `code`. Ignored once the JS is already ending.
    public func exit(code: Int32) {
        mailbox.deliver(.exit(code))
    }

    /// Keeps the host running while a service (a D-Bus export) is open; from any thread.
    public func retainService() {
        mailbox.retainService()
    }

    /// Ends one ``retainService()``; the host ends once nothing else is left.
    public func releaseService() {
        mailbox.releaseService()
    }
}
