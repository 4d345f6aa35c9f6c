import Foundation
import Glibc

/// `run --window --watch`: watches the files the page's bundle was made from and
/// calls `changed` (on its own thread) when one of them is written, renamed over or
/// removed. It polls `stat` every 100 ms rather than using inotify: editors save by
/// writing a new file and renaming it over the old one, which a watch on the old inode
/// would miss, and a few hundred `stat`s cost well under a millisecond.
final class SourceWatcher: @unchecked Sendable {
    /// What identifies one version of a file.
    private struct Stamp: Equatable {
        var inode: UInt = 0
        var size: Int = -1
        var seconds: Int = 0
        var nanoseconds: Int = 0
    }

    private let lock = NSLock()
    private var stamps: [String: Stamp] = [:]
    private let changed: @Sendable (_ watcher: SourceWatcher, _ file: String) -> Void

    init(changed: @escaping @Sendable (_ watcher: SourceWatcher, _ file: String) -> Void) {
        self.changed = changed
    }

    /// Watches `files` from now on (replacing the previous list); system files
    /// (`/usr/…`, React and the like) are left out.
    func watch(_ files: [String]) {
        let watched = files.filter { !$0.hasPrefix("/usr/") }
        let now = Dictionary(watched.map { ($0, Self.stamp($0)) }, uniquingKeysWith: { first, _ in first })
        lock.withLock { stamps = now }
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                usleep(100_000)
                if let file = firstChange() { changed(self, file) }
            }
        }
        thread.name = "searchlight-watch"
        thread.start()
    }

    /// The first watched file whose stamp changed, recording its new stamp.
    private func firstChange() -> String? {
        let current = lock.withLock { stamps }
        for (file, old) in current {
            let new = Self.stamp(file)
            if new != old {
                lock.withLock { stamps[file] = new }
                return file
            }
        }
        return nil
    }

    private static func stamp(_ file: String) -> Stamp {
        var info = stat()
        guard stat(file, &info) == 0 else { return Stamp() }
        return Stamp(inode: UInt(info.st_ino), size: Int(info.st_size), seconds: Int(info.st_mtim.tv_sec),
                     nanoseconds: Int(info.st_mtim.tv_nsec))
    }
}
