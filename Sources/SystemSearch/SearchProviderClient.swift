import CGLib

/// Delivers a request to an app's search provider the way GNOME Shell does, starting
/// the app by D-Bus activation (its `dbus-1/services` file) when it is not running.
///
/// Used by `searchlight activate ID` and `searchlight continue TEXT`.
public struct SearchProviderClient: Sendable {
    /// The app called.
    public let address: SearchProviderAddress
    /// A bus to use instead of the session bus, or nil.
    public let busAddress: String?
    /// How long to wait for the reply, activation included, in milliseconds.
    public let timeoutMilliseconds: Int32

    public init(appID: String, busAddress: String? = nil, timeoutMilliseconds: Int32 = 30_000) throws {
        address = try SearchProviderAddress(appID: appID)
        self.busAddress = busAddress
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Asks the app to open the item `id` (`ActivateResult(id, [], timestamp)`).
    public func activate(id: String, timestamp: UInt32 = 0) throws {
        guard !id.isEmpty else {
            throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "the id to activate must not be empty")
        }
        try call("ActivateResult", GVariantCoding.tuple([
            GVariantCoding.make(id), GVariantCoding.stringArray([]), GVariantCoding.make(timestamp),
        ]))
    }

    /// Asks the app to continue the search `text` (`LaunchSearch([text], timestamp)`); the
    /// app joins the terms by spaces, so the one term arrives exactly as given.
    public func continueSearch(text: String, timestamp: UInt32 = 0) throws {
        guard !text.isEmpty else {
            throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "the search text to continue must not be empty")
        }
        try call("LaunchSearch", GVariantCoding.tuple([GVariantCoding.stringArray([text]), GVariantCoding.make(timestamp)]))
    }

    private func call(_ method: String, _ arguments: OpaquePointer) throws {
        var error: UnsafeMutablePointer<GError>?
        let connection: OpaquePointer?
        if let busAddress {
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                             | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            connection = g_dbus_connection_new_for_address_sync(busAddress, flags, nil, nil, &error)
        } else {
            connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        }
        guard let connection else {
            g_variant_unref(g_variant_ref_sink(arguments))
            throw SystemSearchError(code: SystemSearchError.busUnavailable,
                                    message: "cannot connect to the D-Bus session bus: \(GLibErrors.take(error).message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        // Flags NONE: the bus may start the app through its service file.
        let reply = GVariantCoding.withType("()") { type in
            g_dbus_connection_call_sync(
                connection, address.busName, address.objectPath, SearchProviderAddress.gnomeInterface, method,
                arguments, type, G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil, &error)
        }
        guard let reply else {
            let (message, remoteName) = GLibErrors.take(error)
            let reason = remoteName.map { "\(message) (\($0))" } ?? message
            throw SystemSearchError(code: SystemSearchError.unreachable,
                                    message: "cannot reach \(address.busName) on the session bus: \(reason)")
        }
        g_variant_unref(reply)
    }
}
