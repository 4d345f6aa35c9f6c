import CGLib
import Dispatch

/// Runs a closure on the thread that iterates a `GMainContext` and waits for it.
///
/// `g_main_context_invoke` calls the closure at once when the calling thread owns the
/// context (or can acquire it), else queues it for the thread that runs the loop.
/// The loop must be running (or the caller must be that thread), or this waits forever.
enum MainContextInvoker {
    private final class Job {
        let body: () -> Void
        let done = DispatchSemaphore(value: 0)
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func run(on context: OpaquePointer?, _ body: @escaping () -> Void) {
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
