import Dispatch
import Foundation
import Synchronization

/// Merges `items_head`'s segments right after a write, in short steps, until the next
/// write comes or nothing is left to merge by ``Schema/automerge``'s rule.
///
/// Each batch leaves its `items_head` rows in a new segment. With FTS5's automerge,
/// the write that made a level's 8th segment began merging them and the writes after
/// it went on, a share per write, so a 10k import in batches of 1000 ended in the
/// middle of that merge with 11 segments. A search sets up each typo alternative's
/// prefix list in every segment, and on that index typos cost exact queries 1.21×
/// (p99) against 1.13× with the merge finished (docs/benchmarks.md, "MEASURED
/// (2026-12-05, lead, fifteenth session)"). So `items_head` stores no automerge
/// (``Schema/storedAutomerge``) and is merged here, as ``FullTextWriter`` merges
/// `items_fts`: between writes, where the app's `await` does not wait for it.
///
/// Steps run on this object's serial queue, each a transaction on the writer
/// connection with the writer lock held, writing at most
/// ``FullTextWriter/pagesPerGapStep`` pages (about 5 ms with its commit: 188 steps,
/// 1.1 s in all, over a 100k import in batches of 1000), with `synchronous = NORMAL`
/// like idle maintenance's (a step lost in a power cut is only work to redo). A write
/// that arrives waits for one step at most: no step starts while one is waiting.
/// Steps of 8 or 128 pages did the same work in all (1.0–1.1 s, 0.9 s), and the
/// import's rate did not tell them apart from 32 beyond the machine's noise.
final class HeadMerger: @unchecked Sendable {
    private let step: () -> Bool
    private let queue = DispatchQueue(label: "searchlight.SearchIndex.headmerge", qos: .userInitiated)
    /// Writes waiting for or holding the writer.
    private let writes = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    /// Makes a merger whose `step` merges once and returns whether it merged anything.
    init(step: @escaping () -> Bool) {
        self.step = step
    }

    /// A write is about to take the writer: no new step starts until it ends.
    func writeWillBegin() {
        writes.add(1, ordering: .relaxed)
    }

    /// A write has released the writer; `changedHead` when it committed rows of
    /// `items_head`, which may have made a level's 8th segment.
    func writeDidEnd(changedHead: Bool) {
        writes.subtract(1, ordering: .relaxed)
        guard changedHead else { return }
        queue.async { [weak self] in self?.run() }
    }

    /// Stops merging for good and waits for a step in progress to end.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        queue.sync {}
    }

    private func run() {
        let started = DispatchTime.now().uptimeNanoseconds
        var steps = 0
        while !stopped.load(ordering: .relaxed), writes.load(ordering: .relaxed) == 0, step() { steps += 1 }
        if IndexStore.tracesMaintenance && steps > 0 {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            let line = String(format: "searchlight maintenance %.3f: merged items_head between writes, %d steps (%.1f ms)\n",
                              Date().timeIntervalSince1970, steps, ms)
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}

extension IndexStore {
    /// One ``HeadMerger`` step on the writer: a merge of `items_head` by
    /// ``Schema/automerge``'s rule, never waiting for another process's lock. Whether it
    /// merged anything (busy or failed, the next write, idle maintenance, or a crisis
    /// merge does the work).
    ///
    /// Static, and given the writer and its lock rather than the store, like
    /// ``maintenanceStep(writer:fullText:lock:pagesPerStep:)``: a step in progress must
    /// not keep the store alive.
    static func headMergeStep(writer: Connection, lock: NSLock) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        do {
            try writer.execute("PRAGMA synchronous = NORMAL")
            defer { try? writer.execute("PRAGMA synchronous = FULL") }
            return try writer.withoutWaitingForLocks {
                try writer.mergeFTSSegments(of: "items_head", pages: FullTextWriter.pagesPerGapStep, userMerge: Schema.automerge)
            }
        } catch {
            return false
        }
    }
}
