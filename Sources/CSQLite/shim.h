#ifndef SEARCHLIGHT_CSQLITE_SHIM_H
#define SEARCHLIGHT_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro cast Swift cannot import.
static inline sqlite3_destructor_type searchlight_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// sqlite3_db_config is variadic; this is the one form we use (int, int*).
static inline int searchlight_sqlite_db_config_int(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

/// sqlite3_config is variadic; this is its SQLITE_CONFIG_MEMSTATUS form.
static inline int searchlight_sqlite_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
#endif
