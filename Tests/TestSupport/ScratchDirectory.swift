import Foundation

/// A fresh directory under the system's temporary directory, for one test's files:
/// `searchlight-<name>-<8 random hex digits>`, created empty. The test removes it.
public enum ScratchDirectory {
    public static func make(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("searchlight-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
