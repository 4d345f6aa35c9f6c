/// What keeps a loaded word list in step with this process's full-text writes: the
/// list, the generation it is complete for, and the open transaction's word changes.
/// Each full-text write moves it one step (begin, rows' words, commit or roll back);
/// ``Vocabulary`` holds it under its lock and does the work a step asks for (a merge,
/// a read) outside it.
extension Vocabulary {
    struct SyncState {
        var snapshot: Snapshot?
        /// The full-text generation the list holds every word of.
        var generation: Int64 = -1
        /// The generation this process's full-text writer is committing: readers may
        /// see it stored a moment before the commit is recorded, and must not take it
        /// for another process's write.
        var committing: Int64?
        /// The open transaction's changes; `nil` when it began before any list was
        /// loaded or loading, so that its changes are unknown.
        var open: Delta?
        var inTransaction = false
        /// A full read in progress: the generation its read transaction saw (`nil`
        /// until it saw one), and the commits made meanwhile, whose changes it must add.
        var loading = false
        var loadGeneration: Int64?
        var commitsDuringLoad: [(generation: Int64, delta: Delta?)] = []
        var reloadScheduled = false
        /// Whether the list changed since it was last written to or read from the cache.
        var unsaved = false

        /// A transaction begins; returns whether its rows' words are wanted (a list is
        /// loaded or loading).
        mutating func beginTransaction() -> Bool {
            inTransaction = true
            open = snapshot != nil || loading ? Delta() : nil
            return open != nil
        }

        /// Counts a row's distinct words in the open transaction (`count` 1: inserted,
        /// -1: deleted).
        mutating func add(_ words: RowWords, count: Int32) {
            guard open != nil else { return }
            // Packed words are ASCII and short: every one is kept.
            for word in words.packed { open!.packed[word, default: 0] += count }
            for word in words.other where Vocabulary.keeps(word) { open!.counts[word, default: 0] += count }
        }

        /// The open transaction empties `items_fts`.
        mutating func clear() {
            guard open != nil else { return }
            open = Delta(clears: true)
        }

        /// This process's writer is about to commit `generation`.
        mutating func willCommit(generation: Int64) {
            if snapshot != nil && self.generation == generation - 1 { committing = generation }
        }

        /// The open transaction rolled back (or failed to commit): its changes are dropped.
        mutating func rolledBack() {
            committing = nil
            open = nil
            inTransaction = false
        }

        /// This process committed `generation`. Returns the list and the changes to
        /// merge into it, or `nil` when there is nothing to merge: the list stays
        /// behind (and the next search reloads it) after a transaction whose changes
        /// are unknown or a commit the list missed; a read in progress adds the
        /// changes itself when it ends.
        mutating func committed(generation: Int64) -> (base: Snapshot, delta: Delta)? {
            committing = nil
            inTransaction = false
            let delta = open
            open = nil
            if loading {
                commitsDuringLoad.append((generation, delta))
                return nil
            }
            guard let snapshot, let delta, self.generation == generation - 1 else { return nil }
            self.generation = generation
            guard delta.clears || !delta.isEmpty else { return nil }
            unsaved = true
            return (snapshot, delta)
        }
    }
}
