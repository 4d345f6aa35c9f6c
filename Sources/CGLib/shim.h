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

/* libcurl's two variadic functions, for SearchOnDevice's WebImageDownload, which loads
 * libcurl with dlopen on its first web image (no link, no curl headers): each takes the
 * address dlsym gave and calls it as the variadic function it is. (Not GLib: a place
 * for C glue until libcurl has a system-library target of its own.) */
typedef int (*searchlight_curl_variadic)(void *handle, int option, ...);

static inline int searchlight_curl_setopt_long(void *function, void *handle, int option, long value) {
    return ((searchlight_curl_variadic)function)(handle, option, value);
}

static inline int searchlight_curl_setopt_pointer(void *function, void *handle, int option, const void *value) {
    return ((searchlight_curl_variadic)function)(handle, option, value);
}

/* size_t write(char *data, size_t size, size_t count, void *context) */
typedef size_t (*searchlight_curl_write_function)(char *data, size_t size, size_t count, void *context);

static inline int searchlight_curl_setopt_write_function(void *function, void *handle, int option,
                                                         searchlight_curl_write_function value) {
    return ((searchlight_curl_variadic)function)(handle, option, value);
}

/* curl_easy_getinfo(handle, info, pointer to the result) */
static inline int searchlight_curl_getinfo(void *function, void *handle, int info, void *result) {
    return ((searchlight_curl_variadic)function)(handle, info, result);
}

#endif
