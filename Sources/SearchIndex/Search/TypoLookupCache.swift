import Synchronization

/// Typo alternatives already looked up, for the word list they were found in: as a
/// user types, the complete words before the prefix are looked up again with every
/// keystroke. Entries of an older list (another `version`) are never returned.
final class TypoLookupCache: Sendable {
    static let capacity = 512

    private struct Entries {
        var version = 0
        var alternatives: [String: [Typos.Alternative]] = [:]
    }
    private let entries = Mutex(Entries())

    /// ``Typos/alternatives(of:prefix:maximumEdits:in:)``, remembered for `version` of
    /// the list `snapshot` is.
    func alternatives(of word: [UInt32], prefix: Bool, maximumEdits: Int, in snapshot: Vocabulary.Snapshot,
                      version: Int) -> [Typos.Alternative] {
        // The budget is part of the question: another ``TypoPolicy`` finds other words.
        let key = (prefix ? "p" : "w") + String(maximumEdits) + Vocabulary.string(word)
        if let known = entries.withLock({ $0.version == version ? $0.alternatives[key] : nil }) { return known }
        let found = Typos.alternatives(of: word, prefix: prefix, maximumEdits: maximumEdits, in: snapshot)
        entries.withLock { entries in
            if entries.version != version || entries.alternatives.count >= Self.capacity {
                entries = Entries(version: version)
            }
            entries.alternatives[key] = found
        }
        return found
    }
}
