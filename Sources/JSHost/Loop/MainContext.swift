import CGLib

/// The `GMainContext` the JS thread runs, for code that attaches GLib sources to it
/// (GDBus exports under `run --serve`).
///
/// The JS thread pushes it as its thread-default context, so GIO calls made on the JS
/// thread (for example inside ``JSHost/post(_:)``) dispatch their callbacks there.
public final class MainContext: @unchecked Sendable {
    /// The `GMainContext *`; valid as long as this object lives.
    public let pointer: OpaquePointer

    init() {
        pointer = g_main_context_new()
    }

    deinit {
        g_main_context_unref(pointer)
    }
}
