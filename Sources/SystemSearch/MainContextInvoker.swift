import CGLib
import Dispatch

/// Runs a closure on the thread that iterates a `GMainContext` and waits for it.
///
/// When no other thread owns the context (its loop is not running yet, or the caller
/// is the thread running it), the closure runs at once on the calling thread with the
/// context acquired; else it is queued for the thread that runs the loop, and that
/// loop must be running, or this waits forever.
enum MainContextInvoker {
    private final class Job {
        let body: () -> Void
        let done = DispatchSemaphore(value: 0)
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func run(on context: OpaquePointer?, _ body: @escaping () -> Void) {
        if g_main_context_acquire(context) != 0 {
            defer { g_main_context_release(context) }
            body()
            return
        }
        let job = Job(body)
        let pointer = Unmanaged.passRetained(job).toOpaque()
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, { data in
            let job = Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue()
            job.body()
            job.done.signal()
            return 0 // G_SOURCE_REMOVE
        }, pointer, { data in
            Unmanaged<Job>.fromOpaque(data!).release()
        })
        job.done.wait()
    }
}
