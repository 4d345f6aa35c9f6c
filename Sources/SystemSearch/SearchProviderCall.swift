import CGLib

/// One method call on the search provider, decoded from D-Bus into Swift values.
///
/// GDBus has already checked the arguments against the introspection data
/// (``SearchProviderInterfaces``), so decoding only reads them.
enum SearchProviderCall: Sendable, Equatable {
    // org.gnome.Shell.SearchProvider2
    case initialResultSet(terms: [String])
    case subsearchResultSet(previous: [String], terms: [String])
    case resultMetas(ids: [String])
    case activateResult(id: String, terms: [String], timestamp: UInt32)
    case launchSearch(terms: [String], timestamp: UInt32)
    // org.kde.krunner1
    case actions
    case config
    case match(query: String)
    case run(matchID: String, actionID: String)
    case teardown

    /// Decodes `method` of `interface` with its `parameters` tuple, or nil for a
    /// method this provider does not have.
    init?(interface: String, method: String, parameters: OpaquePointer) {
        typealias V = GVariantCoding
        switch (interface, method) {
        case (SearchProviderAddress.gnomeInterface, "GetInitialResultSet") where V.has(parameters, type: "(as)"):
            self = .initialResultSet(terms: V.child(parameters, 0, V.strings))
        case (SearchProviderAddress.gnomeInterface, "GetSubsearchResultSet") where V.has(parameters, type: "(asas)"):
            self = .subsearchResultSet(previous: V.child(parameters, 0, V.strings), terms: V.child(parameters, 1, V.strings))
        case (SearchProviderAddress.gnomeInterface, "GetResultMetas") where V.has(parameters, type: "(as)"):
            self = .resultMetas(ids: V.child(parameters, 0, V.strings))
        case (SearchProviderAddress.gnomeInterface, "ActivateResult") where V.has(parameters, type: "(sasu)"):
            self = .activateResult(id: V.child(parameters, 0, V.string), terms: V.child(parameters, 1, V.strings),
                                   timestamp: V.child(parameters, 2) { g_variant_get_uint32($0) })
        case (SearchProviderAddress.gnomeInterface, "LaunchSearch") where V.has(parameters, type: "(asu)"):
            self = .launchSearch(terms: V.child(parameters, 0, V.strings), timestamp: V.child(parameters, 1) { g_variant_get_uint32($0) })
        case (SearchProviderAddress.krunnerInterface, "Actions"):
            self = .actions
        case (SearchProviderAddress.krunnerInterface, "Config"):
            self = .config
        case (SearchProviderAddress.krunnerInterface, "Match") where V.has(parameters, type: "(s)"):
            self = .match(query: V.child(parameters, 0, V.string))
        case (SearchProviderAddress.krunnerInterface, "Run") where V.has(parameters, type: "(ss)"):
            self = .run(matchID: V.child(parameters, 0, V.string), actionID: V.child(parameters, 1, V.string))
        case (SearchProviderAddress.krunnerInterface, "Teardown"):
            self = .teardown
        default:
            return nil
        }
    }

    /// Whether the call passes a request on to the app (and returns nothing): it is
    /// answered first, then handled, so an app that quits on the request (or the time
    /// it takes) never leaves the desktop waiting for the reply.
    var isRequest: Bool {
        switch self {
        case .activateResult, .launchSearch, .run: return true
        default: return false
        }
    }

    /// Whether answering needs the index (run concurrently) rather than only
    /// passing a request on (run in order).
    var isQuery: Bool {
        switch self {
        case .initialResultSet, .subsearchResultSet, .resultMetas, .match: return true
        case .activateResult, .launchSearch, .actions, .config, .run, .teardown: return false
        }
    }
}
