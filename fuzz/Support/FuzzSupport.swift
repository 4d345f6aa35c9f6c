import Foundation

/// What every fuzz target shares: scratch directories and reading the input.
enum FuzzSupport {
    /// A new empty directory for a target's index, on tmpfs when there is one (so
    /// SQLite's fsyncs cost nothing), removed when the process exits normally.
    static func temporaryDirectory(_ name: String) -> String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let directory = base + "/searchlight-fuzz-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        directories.append(directory)
        if directories.count == 1 { atexit { FuzzSupport.removeDirectories() } }
        return directory
    }

    nonisolated(unsafe) private static var directories: [String] = []

    private static func removeDirectories() {
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
    }
}

/// Reads fuzz bytes front to back; past the end every read is zero.
struct FuzzReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: UnsafeRawBufferPointer) { bytes = Array(data) }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `0..<bound` (bound ≥ 1).
    mutating func choose(_ bound: Int) -> Int { Int(byte()) % bound }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// Up to `maximum` raw bytes, length first.
    mutating func bytes(maximum: Int) -> [UInt8] {
        let count = min(Int(byte()), maximum)
        return (0..<count).map { _ in byte() }
    }

    /// A short string from the input's bytes (UTF-8, repaired), NUL and all.
    mutating func string(maximum: Int = 24) -> String {
        String(decoding: bytes(maximum: maximum), as: UTF8.self)
    }
}
