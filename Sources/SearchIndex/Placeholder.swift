import CSQLite
func _probe() { print(String(cString: sqlite3_libversion())) }
