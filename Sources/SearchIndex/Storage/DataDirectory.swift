import Foundation

/// The data directory's file rules: directories 0700, files 0600.
enum DataDirectory {
    /// Creates `path` and its missing parents with mode 0700 (an existing directory is
    /// tightened to 0700).
    static func create(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw IndexError.unavailable("cannot create the data directory \(path): \(error.localizedDescription)")
        }
        chmod(path, 0o700)
    }

    /// Writes a new file readable and writable only by the user.
    static func writePrivateFile(_ path: String, bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw IndexError.unavailable("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { raw in Foundation.write(fd, raw.baseAddress, raw.count) }
            if result < 0 {
                let code = errno
                unlink(path)
                if code == ENOSPC || code == EDQUOT {
                    throw IndexError(code: IndexError.quotaExceeded, message: "the disk is full writing \(path)")
                }
                throw IndexError.unavailable("cannot write \(path): \(String(cString: strerror(code)))")
            }
            written += result
        }
    }

    /// Sets an existing file's mode to 0600.
    static func restrict(_ path: String) {
        chmod(path, 0o600)
    }

    /// A database file and the WAL and shared-memory files SQLite keeps beside it.
    static func databaseFiles(_ path: String) -> [String] {
        [path, path + "-wal", path + "-shm"]
    }

    /// Removes a database file with its WAL and shared-memory files.
    static func removeDatabase(_ path: String) {
        for file in databaseFiles(path) { unlink(file) }
    }

    /// The bytes of a database file with its WAL and shared-memory files.
    static func databaseBytes(_ path: String) -> Int64 {
        databaseFiles(path).reduce(0) { $0 + fileSize($1) }
    }

    /// A file's size, 0 when missing.
    static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
