import CGLib
import Foundation

/// The app's icon on the desktop (`install --icon`): a themed icon name
/// (`accessories-dictionary`) or an image file. Results without a thumbnail show it,
/// in GNOME Shell and in KRunner (SPEC §6).
public enum AppIcon: Sendable, Equatable {
    case named(String)
    case file(String)

    /// What results show when the app has no icon of its own.
    public static let fallback = AppIcon.named("system-search")

    /// An absolute path is a file, anything else an icon name.
    public init(_ value: String) {
        self = value.hasPrefix("/") ? .file(value) : .named(value)
    }

    /// The text for a desktop entry's `Icon=` key.
    public var desktopValue: String {
        switch self {
        case .named(let name): return name
        case .file(let path): return path
        }
    }

    /// The icon the installed desktop file of `appID` names (`applications/APPID.desktop`
    /// in `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`, as the desktop looks it up), or nil.
    public static func installed(appID: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> AppIcon? {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let dirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        for directory in [home] + dirs {
            let file = g_key_file_new()
            defer { g_key_file_free(file) }
            guard g_key_file_load_from_file(file, directory + "/applications/\(appID).desktop", G_KEY_FILE_NONE, nil) != 0 else { continue }
            guard let value = g_key_file_get_string(file, "Desktop Entry", "Icon", nil) else { return nil }
            defer { g_free(value) }
            let icon = String(cString: value)
            return icon.isEmpty ? nil : AppIcon(icon)
        }
        return nil
    }

    /// The serialized `GIcon` (GNOME Shell's `icon` meta); a full reference, as
    /// ``GVariantCoding/serializedFileIcon(path:)``.
    func serialized() -> OpaquePointer? {
        switch self {
        case .file(let path):
            return GVariantCoding.serializedFileIcon(path: path)
        case .named(let name):
            let icon = g_themed_icon_new(name)
            defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
            return g_icon_serialize(icon)
        }
    }
}
