import CGLib
import XCTest

/// A desktop-style key file read with GLib's own parser (the one GNOME Shell uses).
final class KeyFile {
    private let file: OpaquePointer

    init(path: String) throws {
        file = g_key_file_new()
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            g_key_file_free(file)
            throw GDBusClient.Failure(description: "\(path) is no valid key file: \(message)")
        }
    }

    deinit { g_key_file_free(file) }

    /// The key's string value (escapes undone), or nil when it is missing.
    func string(_ group: String, _ key: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_string(file, group, key, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The key's value as written (no escapes undone).
    func raw(_ group: String, _ key: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_value(file, group, key, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The key's boolean value as GLib reads it (`true`/`false`/`1`/`0`), or nil when it is missing or no boolean.
    func boolean(_ group: String, _ key: String) -> Bool? {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_boolean(file, group, key, &error)
        if error != nil { g_clear_error(&error); return nil }
        return value != 0
    }

    /// The key's integer value, or nil when it is missing or no integer.
    func integer(_ group: String, _ key: String) -> Int? {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_integer(file, group, key, &error)
        if error != nil { g_clear_error(&error); return nil }
        return Int(value)
    }

    /// The key's `;`-separated list, or nil when it is missing.
    func list(_ group: String, _ key: String) -> [String]? {
        var count: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard let values = g_key_file_get_string_list(file, group, key, &count, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_strfreev(values) }
        return (0..<Int(count)).map { String(cString: values[$0]!) }
    }

    var groups: [String] {
        var count: gsize = 0
        guard let names = g_key_file_get_groups(file, &count) else { return [] }
        defer { g_strfreev(names) }
        return (0..<Int(count)).map { String(cString: names[$0]!) }
    }
}

/// Splits a command line by shell rules, as D-Bus and the desktop do for `Exec=`.
func shellSplit(_ commandLine: String) throws -> [String] {
    var argc: Int32 = 0
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
    var error: UnsafeMutablePointer<GError>?
    guard g_shell_parse_argv(commandLine, &argc, &argv, &error) != 0, let argv else {
        let message = error.map { String(cString: $0.pointee.message) } ?? "?"
        g_clear_error(&error)
        throw GDBusClient.Failure(description: "cannot split '\(commandLine)': \(message)")
    }
    defer { g_strfreev(argv) }
    return (0..<Int(argc)).map { String(cString: argv[$0]!) }
}
