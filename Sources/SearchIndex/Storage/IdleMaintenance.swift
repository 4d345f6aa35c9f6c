import Dispatch
import Foundation

/// Runs an index's maintenance in small steps while its writer is idle, and gets out
/// of the way as soon as a write arrives.
///
/// Every write tells the scheduler when it starts waiting for the writer
/// (``writeWillBegin()``) and when it is done (``writeDidEnd()``). Once no write has
/// started or run for ``delay``, steps run one after another on the scheduler's own
/// serial queue (never a JS thread) until a step reports that nothing is left, a write
/// is waiting, or the scheduler is stopped. A step takes the writer's lock, so a write
/// that arrives meanwhile waits for that one step at most, and the next step is not
/// started while it waits; the write's end schedules maintenance again.
///
/// Reads count as activity too (``readWillBegin()``, ``readDidEnd()``): while someone
/// types a search, queries come every few tens of milliseconds, and a step running
/// beside them takes one of the two cores they run on (at 100k items it nearly doubles
/// the p99 of the benchmark's typing; docs/benchmarks.md, "Figures behind choices in
/// the code"). A step already running finishes; the next waits until no read is in
/// progress and the last one ended ``delay`` ago. Counted from a read's end, not its
/// start: at 1M items one slow search (a first search loading the word list, a
/// userQuery with suggestions) lasts longer than the delay, and a step started beside
/// it made the searches after it slower still, which let the next step start
/// (docs/benchmarks.md, "At 1M items"). An owner that never calls the read hooks gets
/// a scheduler that waits for writes alone (``IndexStore``'s `items_head` merging).
///
/// The delay must be longer than the pause between two batches of a bulk import, in
/// which the app's JS receives the resolved promise and builds its next call; otherwise
/// maintenance would interleave with the import and lengthen it (see
/// ``SearchableIndex/Configuration/idleMaintenanceDelay``).
final class IdleMaintenance: @unchecked Sendable {
    /// What one step did.
    enum StepResult {
        /// It did some work; more may be left.
        case worked
        /// Nothing is left to do until the next write.
        case finished
        /// Another connection holds a lock; try again after the next idle delay.
        case busy
    }

    /// How long the writer must stay idle before a step runs.
    let delay: TimeInterval
    private let step: () -> StepResult
    private let queue = DispatchQueue(label: "searchlight.SearchIndex.maintenance", qos: .utility)
    /// Marks ``queue``, so that ``stop()`` called from a step does not wait for itself.
    private let queueKey = DispatchSpecificKey<Bool>()
    private let lock = NSLock()
    /// Writes waiting for or holding the writer.
    private var activeWrites = 0
    /// Counts finished writes, to notice one that ran during a step.
    private var writeCount = 0
    private var lastWriteEnd = DispatchTime.now()
    /// When the last read began.
    private var lastRead = DispatchTime(uptimeNanoseconds: 0)
    /// When the last read ended.
    private var lastReadEnd = DispatchTime(uptimeNanoseconds: 0)
    /// Reads in progress.
    private var activeReads = 0
    /// The end of the last write, or the start or end of the last read, whichever is later.
    private var lastActivity: DispatchTime { max(lastWriteEnd, lastRead, lastReadEnd) }
    /// Whether the last run may have left work (a write came after it, or it was cut short).
    private var hasWork = true
    private var isScheduled = false
    private var isStopped = false
    /// Consecutive ``StepResult/busy`` results; retries stop after ``maximumBusyRetries``.
    private var busyRetries = 0
    private static let maximumBusyRetries = 10
    private var steps = 0

    /// Steps run so far (for tests).
    var stepsRun: Int {
        lock.lock()
        defer { lock.unlock() }
        return steps
    }

    /// Makes a scheduler that runs `step` (on its own queue) after `delay` seconds without writes.
    init(delay: TimeInterval, step: @escaping () -> StepResult) {
        self.delay = delay
        self.step = step
        queue.setSpecific(key: queueKey, value: true)
    }

    /// Schedules a first run: an index opened with work left (segments from an earlier
    /// process, a WAL it did not truncate) gets it done once idle.
    func start() {
        lock.lock()
        defer { lock.unlock() }
        scheduleLocked()
    }

    /// A write is about to take the writer: no new step starts until it ends.
    func writeWillBegin() {
        lock.lock()
        activeWrites += 1
        lock.unlock()
    }

    /// A write has released the writer: maintenance runs once it stays idle for ``delay``.
    func writeDidEnd() {
        lock.lock()
        defer { lock.unlock() }
        activeWrites -= 1
        writeCount += 1
        lastWriteEnd = .now()
        hasWork = true
        busyRetries = 0
        scheduleLocked()
    }

    /// A read is about to run: no step starts until it ends and reads have paused for
    /// ``delay``.
    func readWillBegin() {
        lock.lock()
        activeReads += 1
        lastRead = .now()
        lock.unlock()
    }

    /// A read has ended: maintenance may run once reads stay paused for ``delay``.
    func readDidEnd() {
        lock.lock()
        defer { lock.unlock() }
        activeReads -= 1
        lastReadEnd = .now()
        if activeReads == 0 { scheduleLocked() }
    }

    /// Whether every step has run since the last write: nothing is left to do.
    var isIdle: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !hasWork && activeWrites == 0
    }

    /// Stops maintenance for good and waits for a step in progress to end.
    func stop() {
        lock.lock()
        isStopped = true
        lock.unlock()
        if DispatchQueue.getSpecific(key: queueKey) == nil { queue.sync {} }
    }

    /// Schedules a run at the end of the idle delay, unless one is scheduled. Called
    /// with `lock` held.
    private func scheduleLocked() {
        guard !isScheduled, !isStopped, hasWork else { return }
        isScheduled = true
        queue.asyncAfter(deadline: lastActivity + delay) { [weak self] in self?.run() }
    }

    /// Runs steps while the writer stays idle; on the scheduler's queue.
    private func run() {
        lock.lock()
        isScheduled = false
        guard !isStopped, hasWork, activeWrites == 0, activeReads == 0 else {
            // A running write or read schedules the next run when it ends.
            lock.unlock()
            return
        }
        if DispatchTime.now() < lastActivity + delay {
            // A write ended or a read began after this run was scheduled: wait again.
            scheduleLocked()
            lock.unlock()
            return
        }
        lock.unlock()
        while true {
            lock.lock()
            let writesBefore = writeCount
            let readBefore = lastRead
            lock.unlock()
            let result = step()
            lock.lock()
            steps += 1
            let interrupted = isStopped || activeWrites > 0 || writeCount != writesBefore
            switch result {
            case .worked:
                break
            case .finished:
                if writeCount == writesBefore { hasWork = false }
            case .busy:
                busyRetries += 1
                if busyRetries > Self.maximumBusyRetries {
                    hasWork = false
                } else if !interrupted {
                    // Wait a whole delay again before retrying, as if a write had just ended.
                    lastWriteEnd = .now()
                    scheduleLocked()
                }
            }
            if result == .worked && !interrupted && (lastRead != readBefore || activeReads > 0) {
                // Reads are running: resume once they pause (the last one's end schedules
                // the run when one is in progress).
                if activeReads == 0 { scheduleLocked() }
                lock.unlock()
                return
            }
            let done = result != .worked || interrupted
            lock.unlock()
            if done { return }
        }
    }
}
