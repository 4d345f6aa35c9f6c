#ifndef SEARCHLIGHT_CWEBKIT_SHIM_H
#define SEARCHLIGHT_CWEBKIT_SHIM_H
// WebKitGTK 4.1 (GTK 3) for the window host: a GTK window holding a WebKitWebView.
// Swift cannot call C variadic functions or macros; the few used are wrapped here.
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>
#include <cairo.h>

/// g_signal_connect (a macro).
static inline gulong searchlight_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

/// webkit_settings_set_* for the few settings the window host changes.
static inline void searchlight_configure_settings(WebKitSettings *settings, gboolean developer_extras) {
    webkit_settings_set_allow_file_access_from_file_urls(settings, TRUE);
    webkit_settings_set_enable_developer_extras(settings, developer_extras);
    webkit_settings_set_enable_write_console_messages_to_stdout(settings, FALSE);
}

/// The string value of a JSCValue the page posted (a newly allocated UTF-8 string,
/// free with g_free), or NULL when it is not a string.
static inline char *searchlight_jsc_string(JSCValue *value) {
    if (value == NULL || !jsc_value_is_string(value)) return NULL;
    return jsc_value_to_string(value);
}

/// Replies to a script message with a string made in the message's own context.
static inline void searchlight_reply_string(WebKitScriptMessageReply *reply, JSCValue *message, const char *text) {
    JSCContext *context = jsc_value_get_context(message);
    JSCValue *value = jsc_value_new_string(context, text);
    webkit_script_message_reply_return_value(reply, value);
    g_object_unref(value);
}

#endif
