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

// WTF::initializeMainThread(), exported by libjavascriptcoregtk-4.1 (a C++ function
// taking and returning nothing, so callable through its mangled name). Without it
// WTF's main RunLoop does not exist, and the first full garbage collection started by
// JSC's GC timer crashes in MemoryPressureHandler::singleton() (null RunLoop::main()).
void _ZN3WTF20initializeMainThreadEv(void);

/// Makes WTF's main RunLoop (on the calling thread and its thread-default GMainContext);
/// call once before the first JSGlobalContextCreate. Later calls do nothing.
static inline void searchlight_wtf_initialize_main_thread(void) {
    _ZN3WTF20initializeMainThreadEv();
}
#endif
