import CGLib

/// Reading and freeing a `GError` that a GLib call filled in.
enum GLibErrors {
    /// The error's message (with any `GDBus.Error:name:` prefix removed) and, for an
    /// error that came over D-Bus, the remote error name; frees the error.
    static func take(_ error: UnsafeMutablePointer<GError>?) -> (message: String, remoteName: String?) {
        guard let error else { return ("unknown error", nil) }
        defer { g_error_free(error) }
        var remoteName: String?
        if let name = g_dbus_error_get_remote_error(error) {
            remoteName = String(cString: name)
            g_free(name)
            g_dbus_error_strip_remote_error(error)
        }
        return (String(cString: error.pointee.message), remoteName)
    }
}
