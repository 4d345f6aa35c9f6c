import Foundation

/// A count that rewrites itself on standard error (`\rimported 12000/100000`), shown
/// only when standard error is a terminal: nothing reaches a pipe or a log file.
final class ProgressLine {
    private let total: Int
    private let label: String
    private var shown = false

    /// A progress line counting to `total`, or `nil` when standard error is not a
    /// terminal (or there is nothing to count).
    init?(_ label: String, total: Int) {
        guard isatty(STDERR_FILENO) == 1, total > 0 else { return nil }
        self.label = label
        self.total = total
    }

    /// Shows the count every thousand and at the end.
    func update(_ done: Int) {
        guard done % 1000 == 0 || done == total else { return }
        // `\e[K` clears what an earlier, longer label left on the line.
        FileHandle.standardError.write(Data("\r\(label) \(done)/\(total)\u{1B}[K".utf8))
        shown = true
    }

    /// Ends the line, so that what follows starts on its own.
    func finish() {
        if shown { FileHandle.standardError.write(Data("\n".utf8)) }
        shown = false
    }

    /// Clears the line, for a next phase to show its own count in its place.
    func clear() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }
}
