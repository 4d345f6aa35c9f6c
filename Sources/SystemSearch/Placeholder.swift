import CGLib
func _probe() { _ = g_dbus_node_info_new_for_xml }
