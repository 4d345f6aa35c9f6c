#include "curl_calls.h"

typedef int (*searchlight_curl_variadic)(void *handle, int option, ...);

int searchlight_curl_setopt_long(void *function, void *handle, int option, long value) {
    return ((searchlight_curl_variadic)function)(handle, option, value);
}

int searchlight_curl_setopt_pointer(void *function, void *handle, int option, const void *value) {
    return ((searchlight_curl_variadic)function)(handle, option, value);
}

int searchlight_curl_setopt_write_function(void *function, void *handle, int option,
                                           searchlight_curl_write_function value) {
    return ((searchlight_curl_variadic)function)(handle, option, value);
}

int searchlight_curl_getinfo(void *function, void *handle, int info, void *result) {
    return ((searchlight_curl_variadic)function)(handle, info, result);
}
