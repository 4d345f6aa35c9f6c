/// The JS thread's timers and immediates, in the order Node runs them.
///
/// Timers due at the same time run in creation order; a timer created while timers
/// run waits for the next round. Only the JS thread touches this.
struct TimerQueue<Callback> {
    struct Timer {
        let id: Int
        var deadline: Double          // monotonic ms
        let interval: Double          // ms; for repeats
        let repeats: Bool
        var sequence: Int             // creation (or re-arm) order among equal deadlines
        var isRef: Bool
        let callback: Callback
    }

    private(set) var timers: [Int: Timer] = [:]
    private var immediates: [(id: Int, callback: Callback)] = []
    private var nextID = 1
    private var nextSequence = 0

    /// Number of timers that keep the process alive.
    private(set) var refCount = 0

    var hasImmediates: Bool { !immediates.isEmpty }

    /// Adds a timer and returns its id (> 0).
    mutating func addTimer(delay: Double, repeats: Bool, now: Double, callback: Callback) -> Int {
        let id = nextID
        nextID += 1
        // As Node: a delay below 1 ms, above 2^31 - 1 ms or not a number becomes 1 ms.
        let interval = delay.isFinite && delay >= 1 && delay <= 2_147_483_647 ? delay : 1
        timers[id] = Timer(id: id, deadline: now + interval, interval: interval, repeats: repeats,
                           sequence: takeSequence(), isRef: true, callback: callback)
        refCount += 1
        return id
    }

    /// Cancels a timer; returns its callback so the caller can release it.
    mutating func removeTimer(_ id: Int) -> Callback? {
        guard let timer = timers.removeValue(forKey: id) else { return nil }
        if timer.isRef { refCount -= 1 }
        return timer.callback
    }

    /// Sets whether a timer keeps the process alive.
    mutating func setRef(_ id: Int, _ isRef: Bool) {
        guard let old = timers[id]?.isRef, old != isRef else { return }
        timers[id]!.isRef = isRef
        refCount += isRef ? 1 : -1
    }

    /// Queues an immediate and returns its id.
    mutating func addImmediate(_ callback: Callback) -> Int {
        let id = nextID
        nextID += 1
        immediates.append((id, callback))
        return id
    }

    /// Cancels an immediate; returns its callback so the caller can release it.
    mutating func removeImmediate(_ id: Int) -> Callback? {
        guard let index = immediates.firstIndex(where: { $0.id == id }) else { return nil }
        return immediates.remove(at: index).callback
    }

    /// The ids of the immediates queued now; those queued while they run wait a round.
    func immediateIDs() -> [Int] {
        immediates.map { $0.id }
    }

    /// The ids of the timers due at `now`, in run order.
    func dueTimerIDs(now: Double) -> [Int] {
        timers.values
            .filter { $0.deadline <= now }
            .sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
            .map { $0.id }
    }

    /// Re-arms a repeating timer after it ran, or removes a one-shot one; returns the
    /// callback of a removed timer.
    mutating func finishRun(of id: Int, now: Double) -> Callback? {
        guard let timer = timers[id] else { return nil }
        if timer.repeats {
            timers[id]!.deadline = now + timer.interval
            timers[id]!.sequence = takeSequence()
            return nil
        }
        return removeTimer(id)
    }

    /// The earliest deadline of any timer, or nil.
    var earliestDeadline: Double? {
        timers.values.map { $0.deadline }.min()
    }

    func timer(_ id: Int) -> Timer? { timers[id] }

    /// Every callback still held, for release at shutdown.
    func allCallbacks() -> [Callback] {
        timers.values.map { $0.callback } + immediates.map { $0.callback }
    }

    private mutating func takeSequence() -> Int {
        nextSequence += 1
        return nextSequence
    }
}
