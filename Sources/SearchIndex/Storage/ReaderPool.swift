import Foundation

/// Read-only connections handed to one caller at a time.
///
/// In WAL mode a reader sees the last committed transaction and never waits for the
/// writer, so a search runs while a long batch is being indexed. Connections are made
/// on demand (one per concurrent reader) and kept for reuse, up to ``maximumIdle``.
final class ReaderPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Connection] = []
    private let open: () throws -> Connection
    private let maximumIdle = 4
    /// Called before and after every read (idle maintenance waits for reads to end
    /// and pause); set once, before the pool is shared.
    var willRead: (@Sendable () -> Void)?
    var didRead: (@Sendable () -> Void)?

    /// Makes a pool whose connections come from `open`.
    init(open: @escaping () throws -> Connection) {
        self.open = open
    }

    /// Runs `body` with a connection no other thread uses meanwhile.
    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        willRead?()
        defer { didRead?() }
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        let connection = try reused ?? open()
        defer {
            lock.lock()
            if idle.count < maximumIdle { idle.append(connection) }
            lock.unlock()
        }
        // A read transaction makes every statement of `body` see one snapshot.
        try connection.execute("BEGIN")
        defer {
            // A statement left mid-step would keep this snapshot alive past COMMIT.
            connection.resetCachedStatements()
            try? connection.execute("COMMIT")
        }
        return try body(connection)
    }
}
