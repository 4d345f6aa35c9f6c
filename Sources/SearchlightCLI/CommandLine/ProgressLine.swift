import Foundation

/// `\rimported 12000/100000` on standard error, only when it is a terminal.
final class ProgressLine {
    private let total: Int
    private var shown = false

    /// A progress line, or `nil` when standard error is not a terminal.
    init?(total: Int) {
        guard isatty(STDERR_FILENO) == 1, total > 0 else { return nil }
        self.total = total
    }

    /// Shows the count every thousand items and at the end.
    func update(_ written: Int) {
        guard written % 1000 == 0 || written == total else { return }
        FileHandle.standardError.write(Data("\rimported \(written)/\(total)".utf8))
        shown = true
    }

    /// Ends the line so that what follows starts on its own.
    func finish() {
        if shown { FileHandle.standardError.write(Data("\n".utf8)) }
        shown = false
    }
}
