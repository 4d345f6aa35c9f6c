#ifndef SEARCHLIGHT_CURL_CALLS_H
#define SEARCHLIGHT_CURL_CALLS_H

#include <stddef.h>

/* Calls into libcurl's two variadic functions (curl_easy_setopt, curl_easy_getinfo),
 * which Swift cannot call. SearchOnDevice's WebImageDownload loads libcurl with dlopen
 * on its first web image (no link-time dependency, no curl headers): each function
 * here takes the address dlsym gave and calls it as the variadic function it is. */

/* size_t write(char *data, size_t size, size_t count, void *context) */
typedef size_t (*searchlight_curl_write_function)(char *data, size_t size, size_t count, void *context);

int searchlight_curl_setopt_long(void *function, void *handle, int option, long value);
int searchlight_curl_setopt_pointer(void *function, void *handle, int option, const void *value);
int searchlight_curl_setopt_write_function(void *function, void *handle, int option,
                                           searchlight_curl_write_function value);
/* curl_easy_getinfo(handle, info, pointer to the result) */
int searchlight_curl_getinfo(void *function, void *handle, int info, void *result);

#endif
