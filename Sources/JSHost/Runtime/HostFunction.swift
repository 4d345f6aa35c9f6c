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

/// What a native function does: gets the context and the arguments, returns the
/// result (nil: `undefined`) or throws a ``JSThrow`` or ``NativeError``.
typealias HostFunctionBody = (JSContextRef, JSArguments) throws -> JSValueRef?

/// Native functions JS can call: real JS functions from `JSObjectMakeFunctionWithCallback`
/// sharing one C trampoline, which finds the Swift closure of the function it was
/// called as in the JS thread's table.
///
/// A callable class with private data would carry the closure itself, but JSC calls
/// such objects through a slower path (about 2× the raw callback here); a function
/// plus one table lookup stays close to the raw cost.
final class HostFunction {
    let body: HostFunctionBody

    init(_ body: @escaping HostFunctionBody) {
        self.body = body
    }

    /// The thread-local slot holding the current JS thread's ``Table``.
    private static let tableKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Makes `table` the one the trampoline uses on this thread (nil: none).
    static func install(_ table: FunctionTable?) {
        pthread_setspecific(tableKey, table.map { Unmanaged.passUnretained($0).toOpaque() })
    }

    private static let trampoline: JSObjectCallAsFunctionCallback = { ctx, function, _, count, arguments, exception in
        guard let slot = pthread_getspecific(HostFunction.tableKey),
              let box = Unmanaged<FunctionTable>.fromOpaque(slot)._withUnsafeGuaranteedRef({ $0.box(for: UnsafeRawPointer(function!)) }) else {
            exception?.pointee = makeError(ctx!, "native function called outside its JS thread")
            return nil
        }
        return Unmanaged<HostFunction>.fromOpaque(box)._withUnsafeGuaranteedRef { host in
            do {
                return try host.body(ctx!, JSArguments(start: arguments, count: count)) ?? JSValueMakeUndefined(ctx)
            } catch {
                exception?.pointee = HostFunction.jsValue(for: error, in: ctx!)
                return nil
            }
        }
    }

    /// Makes a JS function named `name` running `body`, kept alive (protected) and in
    /// `table` until the runtime ends.
    static func make(_ ctx: JSContextRef, name: String, table: FunctionTable, _ body: @escaping HostFunctionBody) -> JSObjectRef {
        let function = withJSString(name) { JSObjectMakeFunctionWithCallback(ctx, $0, trampoline) }!
        JSValueProtect(ctx, function)
        table.insert(UnsafeRawPointer(function), HostFunction(body))
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
