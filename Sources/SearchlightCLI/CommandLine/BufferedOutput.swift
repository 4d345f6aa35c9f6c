import Foundation

/// Text written to a file descriptor in large chunks, for output of any size
/// (`export` of a hundred thousand items).
final class BufferedOutput {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(capacity)
    }

    /// Appends text, writing the buffer out when it is full.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out everything buffered.
    func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { bytes in
                Foundation.write(fileDescriptor, bytes.baseAddress, bytes.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                buffer.removeAll(keepingCapacity: true)
                throw CommandFailure("cannot write the output: \(reason)")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
