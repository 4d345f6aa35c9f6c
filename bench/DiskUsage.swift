import Foundation

/// Sizes of files and folders on disk, for the index-size figure.
enum DiskUsage {
    /// The size of a file, or of every file under a folder; 0 when absent.
    static func bytes(atPath path: String) -> Int64 {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return 0 }
        guard isDirectory.boolValue else { return fileSize(path) }
        var total: Int64 = 0
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            while let relative = enumerator.nextObject() as? String { total += fileSize(path + "/" + relative) }
        }
        return total
    }

    /// The size of the files under a folder whose names end with `suffix` (`-wal`).
    static func bytes(under path: String, endingWith suffix: String) -> Int64 {
        var total: Int64 = 0
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix(suffix) { total += fileSize(path + "/" + relative) }
            }
        }
        return total
    }

    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        return Int64(info.st_size)
    }
}
