#ifndef SEARCHLIGHT_CGLIB_SHIM_H
#define SEARCHLIGHT_CGLIB_SHIM_H
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#endif
