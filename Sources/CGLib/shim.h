#ifndef SEARCHLIGHT_CGLIB_SHIM_H
#define SEARCHLIGHT_CGLIB_SHIM_H
#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>

/* Swift cannot use GLib's function-like macros; these small functions stand in. */

/* G_VARIANT_TYPE(s): a type string viewed as a GVariantType (no allocation). */
static inline const GVariantType *searchlight_variant_type(const gchar *type_string) {
    return (const GVariantType *)type_string;
}

/* The empty tuple "()" that methods without out-arguments return. */
static inline GVariant *searchlight_variant_new_unit(void) {
    return g_variant_new_tuple(NULL, 0);
}

#endif
