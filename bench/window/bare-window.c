// The baseline of the window benchmarks (bench/window/measure.sh): a bare WebKitGTK
// window, no Searchlight, loading a page (argv[1], a file URL) and printing, once the
// page has painted, `fcp MS_SINCE_EPOCH` (performance.timeOrigin + the
// first-contentful-paint entry) and `memory UI_KB CHILD_KB…` (peak memory, VmHWM, of
// this process and of WebKit's processes), then exiting (`fcp none` after 10 s without).
// The page's bundle finds no bridge here: its native calls reject (E_NATIVE).
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

/// VmHWM of /proc/PID/status in kB (0 when unreadable).
static long peak_kb(const char *pid) {
    char path[64], line[256];
    long kb = 0;
    snprintf(path, sizeof path, "/proc/%s/status", pid);
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "VmHWM:", 6) == 0) kb = strtol(line + 6, NULL, 10);
    }
    fclose(file);
    return kb;
}

/// Prints `memory UI_KB CHILD_KB…`: this process's peak and each child's (WebKit's
/// web and network processes), read from /proc/self/task/*/children.
static void print_memory(void) {
    printf("memory %ld", peak_kb("self"));
    DIR *tasks = opendir("/proc/self/task");
    struct dirent *task;
    while (tasks && (task = readdir(tasks))) {
        if (task->d_name[0] == '.') continue;
        char path[128], pid[32];
        snprintf(path, sizeof path, "/proc/self/task/%s/children", task->d_name);
        FILE *file = fopen(path, "r");
        if (!file) continue;
        while (fscanf(file, "%31s", pid) == 1) printf(" %ld", peak_kb(pid));
        fclose(file);
    }
    if (tasks) closedir(tasks);
    printf("\n");
}

static const char *probe =
    "const p = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');"
    "return p ? performance.timeOrigin + p.startTime : null;";

static void ask(WebKitWebView *view);
static gboolean ask_once(gpointer view);
static int attempts = 0;

static void answered(GObject *source, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    JSCValue *value = webkit_web_view_call_async_javascript_function_finish(WEBKIT_WEB_VIEW(source), result, &error);
    if (value != NULL && jsc_value_is_number(value)) {
        printf("fcp %.3f\n", jsc_value_to_double(value));
        print_memory();
        fflush(stdout);
        gtk_main_quit();
    } else if (++attempts > 500) {
        printf("fcp none\n");
        gtk_main_quit();
    } else {
        g_timeout_add(20, ask_once, source);
    }
    if (value) g_object_unref(value);
    if (error) g_error_free(error);
}

static gboolean ask_once(gpointer view) {
    webkit_web_view_call_async_javascript_function(WEBKIT_WEB_VIEW(view), probe, -1, NULL, NULL, NULL, NULL, answered, NULL);
    return G_SOURCE_REMOVE;
}

static void ask(WebKitWebView *view) { ask_once(view); }

static void load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer data) {
    if (event == WEBKIT_LOAD_FINISHED) ask(view);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: bare-window FILE-URL\n"); return 2; }
    gtk_init(&argc, &argv);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 760);
    GtkWidget *view = webkit_web_view_new();
    webkit_settings_set_allow_file_access_from_file_urls(webkit_web_view_get_settings(WEBKIT_WEB_VIEW(view)), TRUE);
    gtk_container_add(GTK_CONTAINER(window), view);
    g_signal_connect(view, "load-changed", G_CALLBACK(load_changed), NULL);
    webkit_web_view_load_uri(WEBKIT_WEB_VIEW(view), argv[1]);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
