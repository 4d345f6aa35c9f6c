import Foundation

/// Per-search timings on stderr, for finding what a slow search waited for: with
/// `SEARCHLIGHT_TRACE_SEARCH=1` in the environment, every `search` writes one line,
/// `search-trace <monotonic clock, ms> total <ms> reader <ms> vocabulary <ms> exact
/// <ms> [alternatives <ms> typo-matches <ms>] rank <ms> search <ms> [<notes>] "<text>"`: the
/// time to get a reader connection and begin its read transaction, to take the word
/// list (``Vocabulary/snapshot(_:)``), to find the exact matches, the typo
/// alternatives and the typo matches (when the typo pass runs), to rank and read the
/// page, and what is left; then, in brackets, how each pass found its matches. A development aid; off, it costs one branch per search.
final class SearchTrace {
    static let isOn = ProcessInfo.processInfo.environment["SEARCHLIGHT_TRACE_SEARCH"].map { !$0.isEmpty && $0 != "0" } ?? false
    private let start = DispatchTime.now().uptimeNanoseconds
    private var last: UInt64
    private var parts: [(String, Double)] = []
    /// How the phases found their matches (``note(_:)``), in order.
    private(set) var notes: [String] = []

    init() { last = start }

    /// Ends the phase called `name`, started at the last mark.
    func mark(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        parts.append((name, Double(now - last) / 1e6))
        last = now
    }

    /// Records how a phase finds its matches (`path merge`, `walk head`…), written
    /// after the timings.
    func note(_ text: String) { notes.append(text) }

    /// Writes the line for the search of `text`.
    func write(_ text: String) {
        let at = Double(start) / 1e6
        var line = String(format: "search-trace %.1f total %.2f", at, Double(last - start) / 1e6)
        for (name, ms) in parts { line += String(format: " %@ %.2f", name, ms) }
        if !notes.isEmpty { line += " [" + notes.joined(separator: ", ") + "]" }
        line += " \"" + text.prefix(40).replacingOccurrences(of: "\n", with: " ") + "\"\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
