import CJavaScriptCore
import CGLib
func _probe() { let c = JSGlobalContextCreate(nil); JSGlobalContextRelease(c); let l = g_main_loop_new(nil, 0); g_main_loop_unref(l) }
