import Foundation

/// Where an app's search provider lives on the session bus: bus name and object path.
///
/// The bus name is the app id; the object path is the app id with `.` as `/` plus
/// `/SearchProvider`, e.g. `org.example.Foods` → `/org/example/Foods/SearchProvider`.
public struct SearchProviderAddress: Sendable, Equatable {
    /// The app's reverse-DNS id.
    public let appID: String
    /// The well-known bus name (the app id).
    public var busName: String { appID }
    /// The object path both interfaces are exported at.
    public let objectPath: String

    /// The GNOME Shell interface name.
    public static let gnomeInterface = "org.gnome.Shell.SearchProvider2"
    /// The KRunner interface name.
    public static let krunnerInterface = "org.kde.krunner1"

    /// Makes the address for `appID`, or throws when it is no valid D-Bus bus name.
    public init(appID: String) throws {
        guard Self.isValidAppID(appID) else {
            throw SystemSearchError(code: SystemSearchError.invalidArgument,
                                    message: "app id must be a reverse-DNS D-Bus name such as org.example.Foods, got '\(appID)'")
        }
        self.appID = appID
        // An object path element allows [A-Za-z0-9_] only; '-' (legal in bus names) becomes '_'.
        let elements = appID.split(separator: ".").map { $0.replacingOccurrences(of: "-", with: "_") }
        objectPath = "/" + elements.joined(separator: "/") + "/SearchProvider"
    }

    /// D-Bus well-known names: at least two elements of `[A-Za-z0-9_-]`, none empty or
    /// starting with a digit, 255 bytes at most.
    public static func isValidAppID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, id.utf8.count <= 255 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "_" || scalar == "-"
            }
        }
    }
}
