import CGLib
import Dispatch
import Foundation
import SearchIndex

/// Serves an app's index to the desktop's system search: exports
/// `org.gnome.Shell.SearchProvider2` and `org.kde.krunner1` on the session bus under
/// the app's bus name and object path (``SearchProviderAddress``).
///
/// Method calls arrive on the `GMainContext` given to ``start(context:busAddress:)``
/// (the JS thread's under `run --serve`, the main loop's under `searchlight serve`).
/// The handler only decodes the arguments there; the search runs on a dispatch queue,
/// which also returns the reply, so the loop thread never waits for the index.
/// `ActivateResult`, `LaunchSearch` and KRunner's `Run` become ``SearchRequest``s,
/// passed in the order they arrived to the closure given at creation.
///
/// While exported, the bus registration keeps the service alive: call ``stop()`` to
/// take it off the bus. The service has a connection of its own (not GDBus's shared
/// one, whose exit-on-close raises SIGTERM on whatever context first connected): when
/// the bus goes away (logout, a test's `dbus-run-session` ending) its `closed` signal
/// reaches the closure given to ``start(context:busAddress:onBusClosed:)`` on `context`,
/// and the process decides how to end (SPEC §6: exit 0 with one line on stderr).
public final class SearchProviderService: @unchecked Sendable {
    /// Where the provider is exported.
    public let address: SearchProviderAddress

    private let responder: SearchProviderResponder
    private let queries = DispatchQueue(label: "searchlight.system-search.queries", attributes: .concurrent)
    private let requests = DispatchQueue(label: "searchlight.system-search.requests")
    private let lock = NSLock()
    private var connection: OpaquePointer?
    private var registrations: [guint] = []
    private var ownsName = false
    private var closedHandler: gulong = 0
    /// Set once the connection has closed: nothing is sent on it any more.
    private var busClosed = false
    private var onBusClosed: (@Sendable () -> Void)?

    /// Makes a service for `appID` (not yet on the bus).
    ///
    /// - Parameters:
    ///   - appID: the app's reverse-DNS id: the bus name, and the object path's base.
    ///   - source: where answers come from; it returns only what may leave the app.
    ///   - resultLimit: the most ids one result set (or KRunner match list) holds.
    ///   - icon: the app's icon, shown for results without a thumbnail (GNOME Shell and KRunner).
    ///   - onRequest: receives open / continue requests, from a background queue, in order.
    public init(appID: String, source: any SystemSearchSource, resultLimit: Int = 20,
                icon: AppIcon = .fallback,
                onRequest: @escaping @Sendable (SearchRequest) -> Void) throws {
        address = try SearchProviderAddress(appID: appID)
        guard resultLimit > 0 else {
            throw SystemSearchError(code: SystemSearchError.invalidArgument, message: "resultLimit must be at least 1, got \(resultLimit)")
        }
        responder = SearchProviderResponder(source: source, resultLimit: resultLimit, icon: icon, onRequest: onRequest)
    }

    deinit {
        stop()
    }

    /// Exports both interfaces and takes the app's bus name.
    ///
    /// Call it from a thread other than the one iterating `context` while that loop
    /// runs, or from that thread itself (before or inside the loop): it connects to
    /// the bus and asks for the name with blocking calls.
    ///
    /// - Parameters:
    ///   - context: the main context method calls are dispatched on; `nil` is the global default.
    ///   - busAddress: a bus to use instead of the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    ///   - onBusClosed: called once on `context`'s thread when the connection to the bus
    ///     closes (the bus went away); the service is then off the bus.
    /// - Throws: ``SystemSearchError`` `E_BUS_UNAVAILABLE` when the bus cannot be reached,
    ///   `E_NAME_TAKEN` when another process owns the app's name, `E_DBUS_FAILURE` otherwise.
    public func start(context: OpaquePointer? = nil, busAddress: String? = nil,
                      onBusClosed: (@Sendable () -> Void)? = nil) throws {
        lock.lock()
        defer { lock.unlock() }
        guard connection == nil else { return }
        let connection = try Self.connect(busAddress, context: context)
        self.connection = connection
        self.onBusClosed = onBusClosed
        busClosed = false
        watchClosing(connection)
        do {
            try register(on: connection, context: context)
            try requestName(on: connection)
        } catch {
            unexport()
            throw error
        }
    }

    /// Waits until every request received so far (`ActivateResult`, `LaunchSearch`,
    /// `Run`, answered at once) has been passed on to the closure given at creation.
    public func finishPendingRequests() {
        requests.sync {}
    }

    /// Releases the bus name and unexports the interfaces; calls in flight still get replies.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        unexport()
    }

    // MARK: Connecting and exporting

    /// A connection of the service's own to `busAddress` or the session bus, made with
    /// `context` as the thread default so that its signals (`closed`) arrive there.
    private static func connect(_ busAddress: String?, context: OpaquePointer?) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        nonisolated(unsafe) var connection: OpaquePointer?
        nonisolated(unsafe) var failure: String?
        MainContextInvoker.run(on: context) {
            g_main_context_push_thread_default(context)
            defer { g_main_context_pop_thread_default(context) }
            var address: String? = busAddress
            if address == nil {
                if let found = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) {
                    address = String(cString: found)
                    g_free(found)
                } else {
                    failure = GLibErrors.take(error).message
                    return
                }
            }
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                             | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
            if connection == nil { failure = GLibErrors.take(error).message }
        }
        guard let connection else {
            throw SystemSearchError(code: SystemSearchError.busUnavailable,
                                    message: "cannot connect to the D-Bus session bus: \(failure ?? "unknown error")")
        }
        // The process decides what a lost bus means (onBusClosed), not GDBus.
        g_dbus_connection_set_exit_on_close(connection, 0)
        return connection
    }

    /// Connects the connection's `closed` signal to ``busDidClose()``.
    private func watchClosing(_ connection: OpaquePointer) {
        typealias Closed = @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void
        let callback: Closed = { _, _, _, data in
            Unmanaged<SearchProviderService>.fromOpaque(data!).takeUnretainedValue().busDidClose()
        }
        let retained = Unmanaged.passRetained(self).toOpaque()
        closedHandler = g_signal_connect_data(
            UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(callback, to: GCallback.self), retained,
            { data, _ in Unmanaged<SearchProviderService>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
    }

    /// On the loop's thread, once: the bus is gone; leave it and tell the process.
    private func busDidClose() {
        lock.lock()
        busClosed = true
        let notify = onBusClosed
        onBusClosed = nil
        lock.unlock()
        notify?()
    }

    private func register(on connection: OpaquePointer, context: OpaquePointer?) throws {
        var failure: SystemSearchError?
        // GDBus dispatches an object's calls on the thread-default context of the
        // thread that registers it: register from inside `context`.
        MainContextInvoker.run(on: context) { [self] in
            g_main_context_push_thread_default(context)
            defer { g_main_context_pop_thread_default(context) }
            for name in [SearchProviderAddress.gnomeInterface, SearchProviderAddress.krunnerInterface] {
                var vtable = GDBusInterfaceVTable()
                vtable.method_call = { _, _, _, interface, method, parameters, invocation, userData in
                    let service = Unmanaged<SearchProviderService>.fromOpaque(userData!).takeUnretainedValue()
                    service.handle(interface: String(cString: interface!), method: String(cString: method!),
                                   parameters: parameters!, invocation: invocation!)
                }
                var error: UnsafeMutablePointer<GError>?
                // The registration keeps the service alive until it is unregistered.
                let retained = Unmanaged.passRetained(self).toOpaque()
                let id = g_dbus_connection_register_object(
                    connection, address.objectPath, SearchProviderInterfaces.interface(name), &vtable,
                    retained, { data in Unmanaged<SearchProviderService>.fromOpaque(data!).release() }, &error)
                guard id != 0 else {
                    failure = SystemSearchError(code: SystemSearchError.dbusFailure,
                                                message: "cannot export \(name) at \(address.objectPath): \(GLibErrors.take(error).message)")
                    return
                }
                registrations.append(id)
            }
        }
        if let failure { throw failure }
    }

    /// Takes the bus name after the objects are exported, so that a client D-Bus
    /// started us for finds them as soon as the name appears.
    private func requestName(on connection: OpaquePointer) throws {
        let doNotQueue: UInt32 = 4 // DBUS_NAME_FLAG_DO_NOT_QUEUE
        let reply = try Self.callBus(connection, method: "RequestName",
                                     arguments: GVariantCoding.tuple([GVariantCoding.make(address.busName), GVariantCoding.make(doNotQueue)]),
                                     replyType: "(u)")
        defer { g_variant_unref(reply) }
        let result = GVariantCoding.child(reply, 0) { g_variant_get_uint32($0) }
        switch result {
        case 1, 4: // primary owner, already owner
            ownsName = true
        case 3:
            throw SystemSearchError(code: SystemSearchError.nameTaken,
                                    message: "another process already owns \(address.busName) on the session bus (is the app already running or serving?)")
        default:
            throw SystemSearchError(code: SystemSearchError.dbusFailure,
                                    message: "could not own \(address.busName) on the session bus (RequestName answered \(result))")
        }
    }

    private func unexport() {
        guard let connection else { return }
        if closedHandler != 0 {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), closedHandler)
            closedHandler = 0
        }
        onBusClosed = nil
        if ownsName && !busClosed {
            if let reply = try? Self.callBus(connection, method: "ReleaseName",
                                             arguments: GVariantCoding.tuple([GVariantCoding.make(address.busName)]),
                                             replyType: "(u)") {
                g_variant_unref(reply)
            }
        }
        ownsName = false
        for id in registrations {
            g_dbus_connection_unregister_object(connection, id)
        }
        registrations.removeAll()
        // Our own connection: it closes once the invocations still in flight (which
        // hold it) have replied.
        g_object_unref(UnsafeMutableRawPointer(connection))
        self.connection = nil
    }

    private static func callBus(_ connection: OpaquePointer, method: String, arguments: OpaquePointer, replyType: String) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        let reply = GVariantCoding.withType(replyType) { type in
            g_dbus_connection_call_sync(
                connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                arguments, type, G_DBUS_CALL_FLAGS_NONE, -1, nil, &error)
        }
        guard let reply else {
            throw SystemSearchError(code: SystemSearchError.dbusFailure,
                                    message: "the bus refused \(method): \(GLibErrors.take(error).message)")
        }
        return reply
    }

    // MARK: Answering calls

    /// An invocation handed from the loop thread to a queue; GDBus allows
    /// returning it from any thread, exactly once.
    private struct Invocation: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Runs on the loop thread: decode, then answer from a queue.
    private func handle(interface: String, method: String, parameters: OpaquePointer, invocation: OpaquePointer) {
        guard let call = SearchProviderCall(interface: interface, method: method, parameters: parameters) else {
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod",
                                                       "no method \(method) with these arguments on \(interface)")
            return
        }
        let invocation = Invocation(pointer: invocation)
        let responder = responder
        (call.isQuery ? queries : requests).async {
            if call.isRequest {
                g_dbus_method_invocation_return_value(invocation.pointer, SearchProviderReply.nothing.encoded())
                _ = try? responder.respond(to: call)
                return
            }
            do {
                let reply = try responder.respond(to: call)
                g_dbus_method_invocation_return_value(invocation.pointer, reply.encoded())
            } catch {
                let (name, message) = Self.dbusError(for: error)
                g_dbus_method_invocation_return_dbus_error(invocation.pointer, name, message)
            }
        }
    }

    /// A D-Bus error name and message for a source's error: a ``SystemSearchError``
    /// keeps its code (`org.searchlight.Error.E_INDEX_UNAVAILABLE`), others are `…Failed`.
    private static func dbusError(for error: any Error) -> (String, String) {
        guard let error = error as? SystemSearchError else {
            return ("org.searchlight.Error.Failed", String(describing: error))
        }
        let isNameElement = !error.code.isEmpty && error.code.unicodeScalars.allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }
        return ("org.searchlight.Error." + (isNameElement ? error.code : "Failed"), error.message)
    }
}
