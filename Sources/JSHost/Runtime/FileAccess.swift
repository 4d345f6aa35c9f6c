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
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(FileError(errno: errno, operation: "open", path: path)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(FileError(errno: errno, operation: "stat", path: path)) }
    if info.st_mode & S_IFMT == S_IFDIR { return .failure(FileError(errno: EISDIR, operation: "read", path: path)) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return .failure(FileError(errno: errno, operation: "read", path: path))
        }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return .success(String(decoding: bytes, as: UTF8.self))
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
