import CGLib
import Foundation

/// A GLib main loop for a process or thread whose only job is serving D-Bus
/// (`searchlight serve`, tests).
public final class ServiceMainLoop: @unchecked Sendable {
    /// The context the loop iterates; pass it to ``SearchProviderService/start(context:busAddress:)``.
    public let context: OpaquePointer
    private let loop: OpaquePointer
    private let finished = DispatchSemaphore(value: 0)

    /// Makes a loop on a new context, or with `globalDefault` on GLib's global default
    /// context (a process's main loop, as under `searchlight serve`). A service started
    /// on it reports a closed bus connection on this context (``SearchProviderService``).
    public init(globalDefault: Bool = false) {
        context = globalDefault ? g_main_context_ref(g_main_context_default()) : g_main_context_new()
        loop = g_main_loop_new(context, 0)
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    /// Iterates the loop on the calling thread until ``quit()``.
    public func run() {
        // Another thread may hold the context for a moment (a service connecting and
        // exporting through MainContextInvoker before this loop ran): wait for it, as
        // pushing a context someone else owns fails.
        while g_main_context_acquire(context) == 0 { usleep(200) }
        g_main_context_push_thread_default(context)
        g_main_loop_run(loop)
        g_main_context_pop_thread_default(context)
        g_main_context_release(context)
    }

    /// Runs the loop on a new thread; ``quit()`` stops it and waits for the thread.
    public func runInBackground() {
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "searchlight.system-search.loop"
        thread.start()
    }

    /// Ends ``run()`` (from any thread); with `waitForThread`, also waits for the
    /// thread ``runInBackground()`` started (only then).
    public func quit(waitForThread: Bool = false) {
        g_main_loop_quit(loop)
        if waitForThread { finished.wait() }
    }

    /// Quits the loop on SIGINT or SIGTERM (handled as GLib sources, not in a signal handler).
    public func quitOnTerminationSignals() {
        for signal in [SIGINT, SIGTERM] {
            let source = g_unix_signal_source_new(signal)!
            g_source_set_callback(source, { data in
                g_main_loop_quit(OpaquePointer(data!))
                return 0 // G_SOURCE_REMOVE
            }, UnsafeMutableRawPointer(loop), nil)
            g_source_attach(source, context)
            g_source_unref(source)
        }
    }
}
