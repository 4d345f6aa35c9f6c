import Glibc

/// A file-system failure with Node's code (`ENOENT`, `EISDIR`, `EACCES`, …).
struct FileError: Error {
    let code: String
    let message: String

    init(errno number: Int32, operation: String, path: String) {
        code = Self.code(for: number)
        message = "\(code): \(String(cString: strerror(number)).lowercased()), \(operation) '\(path)'"
    }

    static func code(for number: Int32) -> String {
        switch number {
        case ENOENT: return "ENOENT"
        case EISDIR: return "EISDIR"
        case EACCES: return "EACCES"
        case EPERM: return "EPERM"
        case ENOTDIR: return "ENOTDIR"
        case ELOOP: return "ELOOP"
        case ENAMETOOLONG: return "ENAMETOOLONG"
        case EMFILE: return "EMFILE"
        default: return "EIO"
        }
    }
}

/// The UTF-8 text of the file at `path` (invalid sequences become U+FFFD).
func readTextFile(_ path: String) -> Result<String, FileError> {
    readFileBytes(path).map { String(decoding: $0, as: UTF8.self) }
}

/// The bytes of the file at `path`, read straight into an array of the file's size
/// (no zeroed buffer, no copy); a file that grows meanwhile is read to its end.
func readFileBytes(_ path: String) -> Result<[UInt8], FileError> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(FileError(errno: errno, operation: "open", path: path)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(FileError(errno: errno, operation: "stat", path: path)) }
    if info.st_mode & S_IFMT == S_IFDIR { return .failure(FileError(errno: EISDIR, operation: "read", path: path)) }
    var bytes: [UInt8] = []
    // One byte more than the size, so that the end shows in the same read.
    var size = max(Int(info.st_size), 0) + 1
    while true {
        var outcome = ReadOutcome.full
        let piece = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            (count, outcome) = readFully(fd, into: buffer)
        }
        if case .failed(let number) = outcome { return .failure(FileError(errno: number, operation: "read", path: path)) }
        if bytes.isEmpty { bytes = piece } else { bytes += piece }
        if case .ended = outcome { return .success(bytes) }
        size = 64 * 1024
    }
}

private enum ReadOutcome {
    case full, ended, failed(Int32)
}

/// Reads until `buffer` is full, the file ends or a read fails; the bytes read and why it stopped.
private func readFully(_ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> (Int, ReadOutcome) {
    var count = 0
    while count < buffer.count {
        let result = read(fd, buffer.baseAddress! + count, buffer.count - count)
        if result < 0 {
            if errno == EINTR { continue }
            return (count, .failed(errno))
        }
        if result == 0 { return (count, .ended) }
        count += result
    }
    return (count, .full)
}

/// `"file"`, `"directory"` or nil (missing, or another kind of file).
func fileKind(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return "file"
    case S_IFDIR: return "directory"
    default: return nil
    }
}

/// The canonical absolute path, or nil when it does not exist.
func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The current working directory.
func currentDirectory() -> String {
    guard let directory = getcwd(nil, 0) else { return "/" }
    defer { free(directory) }
    return String(cString: directory)
}
