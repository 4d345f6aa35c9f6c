import CWebKit

/// Runs closures on the GTK main thread: the thread that iterates GLib's default main
/// context (`gtk_main`). Every GTK, WebKit and JSCValue object of the window host is
/// touched only there.
enum MainThread {
    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Queues `body` for the GTK main loop's next turn; callable from any thread (also
    /// the main one, which then runs it after the current callback returns).
    static func async(_ body: @escaping () -> Void) {
        let pointer = Unmanaged.passRetained(Job(body)).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue().body()
            return 0 // G_SOURCE_REMOVE
        }, pointer, { data in
            Unmanaged<Job>.fromOpaque(data!).release()
        })
    }
}

/// A Swift closure as GLib user data for a one-shot async callback
/// (`GAsyncReadyCallback`): retained until the callback takes it.
final class CallbackBox<Argument> {
    let body: (Argument) -> Void
    init(_ body: @escaping (Argument) -> Void) { self.body = body }

    var retainedPointer: gpointer { Unmanaged.passRetained(self).toOpaque() }

    /// Takes back the box `pointer` came from and releases it.
    static func take(_ pointer: gpointer?) -> CallbackBox<Argument> {
        Unmanaged<CallbackBox<Argument>>.fromOpaque(pointer!).takeRetainedValue()
    }
}
