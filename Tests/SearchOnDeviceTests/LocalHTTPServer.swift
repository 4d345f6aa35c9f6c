import Foundation
import XCTest

/// A real HTTP server on 127.0.0.1 serving a temporary directory:
/// `python3 -m http.server` on a port the system picks, stopped on deinit.
final class LocalHTTPServer {
    let root: String
    let port: Int
    private let process: Process

    init(files: [String: [UInt8]]) throws {
        root = NSTemporaryDirectory() + "searchondevice-http-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (name, bytes) in files {
            let url = URL(fileURLWithPath: root + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var text = ""
        var found: Int?
        while found == nil {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let match = text.range(of: #"port (\d+)"#, options: .regularExpression) {
                found = Int(text[match].dropFirst(5))
            }
        }
        guard let found else {
            process.terminate()
            throw XCTSkip("python3 -m http.server did not start: \(text)")
        }
        port = found
    }

    /// The URL of a served file.
    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// A TCP socket on 127.0.0.1 that accepts connections (through its backlog) and never
/// answers: a server too slow for any timeout.
final class SilentServer {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw XCTSkip("cannot listen on 127.0.0.1")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
