import CGLib

/// The GSource that runs the JS thread's turns: ready when the mailbox has items
/// (other threads wake the context after posting) or at the time set for timers.
enum LoopSource {
    nonisolated(unsafe) static let functions: UnsafeMutablePointer<GSourceFuncs> = {
        let functions = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
        functions.initialize(to: GSourceFuncs(
            prepare: { source, timeout in
                timeout?.pointee = -1
                return LoopSource.runtime(of: source!).mailbox.hasItems ? 1 : 0
            },
            check: { source in
                LoopSource.runtime(of: source!).mailbox.hasItems ? 1 : 0
            },
            dispatch: { source, _, _ in
                LoopSource.runtime(of: source!).runTurn()
                return 1 // G_SOURCE_CONTINUE
            },
            finalize: nil, closure_callback: nil, closure_marshal: nil))
        return functions
    }()

    static func runtime(of source: UnsafeMutablePointer<GSource>) -> JSRuntime {
        let pointer = (UnsafeMutableRawPointer(source) + MemoryLayout<GSource>.stride).load(as: UnsafeMutableRawPointer.self)
        return Unmanaged<JSRuntime>.fromOpaque(pointer).takeUnretainedValue()
    }
}
