import CGLib

/// The introspection data of both interfaces, as SPEC §6 names them; GDBus checks
/// every incoming call's arguments against it before our handler runs.
enum SearchProviderInterfaces {
    static let xml = """
    <node>
      <interface name="org.gnome.Shell.SearchProvider2">
        <method name="GetInitialResultSet">
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetSubsearchResultSet">
          <arg type="as" name="previous_results" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetResultMetas">
          <arg type="as" name="identifiers" direction="in"/>
          <arg type="aa{sv}" name="metas" direction="out"/>
        </method>
        <method name="ActivateResult">
          <arg type="s" name="identifier" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="LaunchSearch">
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
      </interface>
      <interface name="org.kde.krunner1">
        <method name="Actions">
          <arg type="a(sss)" name="matches" direction="out"/>
        </method>
        <method name="Match">
          <arg type="s" name="query" direction="in"/>
          <arg type="a(sssida{sv})" name="matches" direction="out"/>
        </method>
        <method name="Run">
          <arg type="s" name="matchId" direction="in"/>
          <arg type="s" name="actionId" direction="in"/>
        </method>
        <method name="Teardown"/>
        <method name="Config">
          <arg type="a{sv}" name="config" direction="out"/>
        </method>
      </interface>
    </node>
    """

    /// The parsed node; parsed once, kept for the life of the process.
    nonisolated(unsafe) static let node: UnsafeMutablePointer<GDBusNodeInfo> = {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            fatalError("search provider introspection XML does not parse: \(message)")
        }
        return node
    }()

    /// The interface info for `name` (one of the two above).
    static func interface(_ name: String) -> UnsafeMutablePointer<GDBusInterfaceInfo> {
        guard let info = g_dbus_node_info_lookup_interface(node, name) else {
            fatalError("no interface \(name) in the search provider introspection XML")
        }
        return info
    }
}
