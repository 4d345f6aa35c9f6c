import CJavaScriptCore
import Glibc

/// A value thrown back into JS from a native function.
enum JSThrow: Error, @unchecked Sendable {
    /// Throw this JS value as is.
    case value(JSValueRef)
    /// Throw a `TypeError` with this message (a primitive used wrongly).
    case typeError(String)
}

/// The arguments of a native call, as JSC passes them.
typealias JSArguments = UnsafeBufferPointer<JSValueRef?>

/// What a native function does: gets the context, `this` and the arguments, returns
/// the result or throws a ``JSThrow`` or ``NativeError``.
typealias HostFunctionBody = (JSContextRef, JSArguments) throws -> JSValueRef?

/// Native functions JS can call, each its own callable object whose private data is
/// the Swift closure it runs: one class, one trampoline, no lookup by name.
final class HostFunction {
    let body: HostFunctionBody

    init(_ body: @escaping HostFunctionBody) {
        self.body = body
    }

    /// The JSC class of every host function (created once per process).
    nonisolated(unsafe) static let jsClass: JSClassRef = {
        var definition = kJSClassDefinitionEmpty
        definition.className = UnsafePointer(strdup("NativeFunction"))
        definition.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
        definition.callAsFunction = { ctx, function, _, count, arguments, exception in
            let box = Unmanaged<HostFunction>.fromOpaque(JSObjectGetPrivate(function)!).takeUnretainedValue()
            do {
                return try box.body(ctx!, JSArguments(start: arguments, count: count)) ?? JSValueMakeUndefined(ctx)
            } catch {
                exception?.pointee = HostFunction.jsValue(for: error, in: ctx!)
                return nil
            }
        }
        definition.finalize = { object in
            if let data = JSObjectGetPrivate(object) {
                Unmanaged<HostFunction>.fromOpaque(data).release()
            }
        }
        return JSClassCreate(&definition)
    }()

    /// Makes a JS function running `body`; its prototype is `Function.prototype` so
    /// `call`, `apply` and `bind` work.
    static func make(_ ctx: JSContextRef, name: String, functionPrototype: JSValueRef?,
                     _ body: @escaping HostFunctionBody) -> JSObjectRef {
        let box = Unmanaged.passRetained(HostFunction(body)).toOpaque()
        let function = JSObjectMake(ctx, jsClass, box)!
        if let functionPrototype { JSObjectSetPrototype(ctx, function, functionPrototype) }
        withJSString("name") { key in
            JSObjectSetProperty(ctx, function, key, makeJSString(ctx, name),
                                JSPropertyAttributes(kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontEnum), nil)
        }
        return function
    }

    /// The JS value to throw for a Swift error.
    static func jsValue(for error: Error, in ctx: JSContextRef) -> JSValueRef {
        switch error {
        case JSThrow.value(let value): return value
        case JSThrow.typeError(let message): return makeTypeError(ctx, message)
        default:
            let native = NativeError.wrapping(error)
            return makeError(ctx, native.message, code: native.code)
        }
    }
}
