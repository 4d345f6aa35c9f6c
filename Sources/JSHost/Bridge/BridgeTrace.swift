import Foundation
import Synchronization

/// `SEARCHLIGHT_TRACE_BRIDGE=FILE`: the times of each promise call's trip through the
/// bridge, written to FILE (TSV) when the host ends. A development aid for the bench
/// (`SearchlightBench --search-only --js --phases`); off, it costs one nil check a call.
///
/// Every time is `monotonicMilliseconds()`, the clock of JS's `process.hrtime`, so a
/// script's own times line up with these. One line a call, in call order:
/// `method`, then one column per ``Point`` (empty when the call never got there).
public enum BridgeTrace {
    /// Where a call's trip has got to. The module marks the points between
    /// ``workStarted`` and ``answered`` (``Promise/mark(_:)``); the bridge the rest.
    public enum Point: Int, CaseIterable, Sendable {
        /// JS thread: the native function was entered.
        case called
        /// JS thread: the arguments were taken (converted, or stringified as JSON).
        case argumentsTaken
        /// JS thread: the method's body returned (its work handed to a queue).
        case dispatched
        /// Module's queue: the work started.
        case workStarted
        /// Module's queue: the arguments were converted to bridge values.
        case argumentsRead
        /// Module's queue: the index answered (the search itself is done).
        case searched
        /// Module's queue: the answer was built as bridge values.
        case answered
        /// Settling thread: the answer was encoded for the JS thread, before posting.
        case encoded
        /// Settling thread: the answer was posted to the JS thread's mailbox.
        case posted
        /// JS thread: the turn that takes the answer started.
        case turnStarted
        /// JS thread: the answer's JSON text was written (or taken as written).
        case jsonWritten
        /// JS thread: the answer is a JS value.
        case parsed
        /// JS thread: the promise's resolve function returned (its reactions, the
        /// awaiting code, ran inside it).
        case resolved

        public var name: String { String(describing: self) }
    }

    /// One call's times, written from the JS thread and the module's queue.
    public final class Record: Sendable {
        let method: String
        private let times = Mutex<[Double]>(Array(repeating: .nan, count: Point.allCases.count))

        init(method: String) { self.method = method }

        func mark(_ point: Point) {
            let now = monotonicMilliseconds()
            times.withLock { $0[point.rawValue] = now }
        }

        var line: String {
            let values = times.withLock { $0 }
            return ([method] + values.map { $0.isNaN ? "" : String(format: "%.4f", $0) }).joined(separator: "\t")
        }
    }

    /// FILE from the environment, nil when tracing is off.
    static let path: String? = {
        guard let value = ProcessInfo.processInfo.environment["SEARCHLIGHT_TRACE_BRIDGE"], !value.isEmpty, value != "0" else { return nil }
        return value
    }()

    private static let records = Mutex<[Record]>([])

    /// A new record for a call of `method`, kept for the file; nil when tracing is off.
    static func begin(_ method: String) -> Record? {
        guard path != nil else { return nil }
        let record = Record(method: method)
        records.withLock { $0.append(record) }
        record.mark(.called)
        return record
    }

    /// Writes the records so far to FILE (header line first); called when a host ends.
    static func write() {
        guard let path else { return }
        let lines = records.withLock { $0.map(\.line) }
        let header = (["method"] + Point.allCases.map(\.name)).joined(separator: "\t")
        try? ([header] + lines).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
