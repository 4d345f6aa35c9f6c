import Foundation

/// Writes a line to stdout at once (unbuffered), so progress shows while a long
/// step runs even when stdout is a pipe.
func say(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
