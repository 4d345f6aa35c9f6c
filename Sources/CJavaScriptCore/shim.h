#ifndef SEARCHLIGHT_CJSC_SHIM_H
#define SEARCHLIGHT_CJSC_SHIM_H
// The classic C API: a callback through JSObjectMakeFunctionWithCallback costs
// about 170 ns here, against about 2.6 us through the GLib API's variadic
// jsc_value_new_function_variadic, so the bridge is built on this API alone.
#include <JavaScriptCore/JavaScript.h>

// Exported by libjavascriptcoregtk-4.1 but declared only in WebKit's private
// JSContextRefPrivate.h: `function` is called with (promise, reason) for a
// rejection that no handler caught by the time microtasks drained.
JS_EXPORT void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function, JSValueRef *exception);

// WTF's main thread and main run loop, exported by libjavascriptcoregtk-4.1 (a C++
// function without arguments, so callable through this C declaration) but set up
// by neither public API. JSC's full-GC activity timer constructs WTF's
// MemoryPressureHandler, whose timer is bound to RunLoop::main(): without a main
// run loop that dereferenced null (a rare crash during big batches).
// initializeMainThread makes the calling thread WTF's main thread and gives it the
// main run loop, on its thread-default GLib main context.
void _ZN3WTF20initializeMainThreadEv(void);

/// Makes the calling thread WTF's main thread with a main run loop. Call once, on
/// the JS thread, after pushing its GLib main context and before creating a context.
static inline void searchlight_wtf_initialize_main_thread(void) {
    _ZN3WTF20initializeMainThreadEv();
}
#endif
