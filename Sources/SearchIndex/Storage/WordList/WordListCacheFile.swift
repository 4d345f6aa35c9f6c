import Foundation

/// The copy of the word list kept beside an index between processes (`words.cache`,
/// in ``WordListFile``'s format): read instead of the whole of `items_fts` when it
/// records the generation the full-text file holds.
struct WordListCacheFile: Sendable {
    let path: String

    /// The cache file beside an index's files.
    static func path(in directory: String) -> String {
        directory + "/words.cache"
    }

    /// The list, if the file records `generation` and reads back whole.
    func read(generation: Int64) -> Vocabulary.Snapshot? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { WordListFile.snapshot(from: $0, generation: generation) }
    }

    /// Replaces the file whole (written beside it, then renamed over it), so that a
    /// reader never sees half a list.
    func write(_ snapshot: Vocabulary.Snapshot, generation: Int64) throws {
        let temporary = path + ".new"
        try DataDirectory.writePrivateFile(temporary, bytes: WordListFile.bytes(of: snapshot, generation: generation))
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Removes the file (its generation may come to name other words).
    func remove() {
        unlink(path)
    }
}
