import Glibc

/// Writes `text` to file descriptor `fd` as UTF-8, all of it, unbuffered.
func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// Writes `text` to stderr.
func writeStandardError(_ text: String) {
    writeAll(2, text)
}

/// Monotonic milliseconds, fractional (the clock `g_get_monotonic_time` uses on Linux).
func monotonicMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}
