import CJavaScriptCore
import Glibc

/// A retained `JSStringRef` made from a Swift string, released when this goes away;
/// keep the box itself alive (`withExtendedLifetime`) while `ref` is in use.
final class JSStringBox {
    let ref: JSStringRef

    init(_ string: String) {
        ref = makeJSStringRef(string)
    }

    deinit { JSStringRelease(ref) }
}

/// Evaluates `source` as a script named `url` (nil: unnamed) in global scope.
func evaluateJS(_ ctx: JSContextRef, _ source: String, url: String?, exception: inout JSValueRef?) -> JSValueRef? {
    withJSString(source) { script in
        if let url {
            return withJSString(url) { JSEvaluateScript(ctx, script, nil, $0, 1, &exception) }
        }
        return JSEvaluateScript(ctx, script, nil, nil, 1, &exception)
    }
}

/// Evaluates the script `source` named `url` in global scope.
func evaluateJS(_ ctx: JSContextRef, _ source: JSStringRef, url: String, exception: inout JSValueRef?) -> JSValueRef? {
    withJSString(url) { JSEvaluateScript(ctx, source, nil, $0, 1, &exception) }
}

/// Runs `body` with a temporary `JSStringRef` holding `string`.
@inline(__always)
func withJSString<T>(_ string: String, _ body: (JSStringRef) throws -> T) rethrows -> T {
    let ref = makeJSStringRef(string)
    defer { JSStringRelease(ref) }
    return try body(ref)
}

/// A new `JSStringRef` holding `string`; the caller releases it.
func makeJSStringRef(_ string: String) -> JSStringRef {
    // The UTF-8 path copies nothing on the Swift side; a NUL would end the C string
    // early, which its length shows.
    let count = string.utf8.count
    if let ref = string.withCString({ strlen($0) == count ? JSStringCreateWithUTF8CString($0) : nil }) {
        return ref
    }
    var units = Array(string.utf16)
    return units.withUnsafeMutableBufferPointer { buffer in
        JSStringCreateWithCharacters(buffer.baseAddress, buffer.count)
    }
}

/// The UTF-16 code units of a `JSStringRef`.
func utf16Units(of string: JSStringRef) -> UnsafeBufferPointer<UInt16> {
    UnsafeBufferPointer(start: JSStringGetCharactersPtr(string), count: JSStringGetLength(string))
}

/// A Swift string from a `JSStringRef` (lone surrogates become U+FFFD).
func swiftString(_ string: JSStringRef) -> String {
    swiftString(utf16Units(of: string))
}

/// A Swift string from UTF-16 code units (lone surrogates become U+FFFD).
///
/// Transcoded here in one pass: the standard library's generic UTF-16 decoding costs
/// hundreds of instructions a unit, milliseconds at start-up for a non-ASCII module
/// source of a few tens of KB (docs/benchmarks.md, "Figures behind choices in the code").
func swiftString(_ units: UnsafeBufferPointer<UInt16>) -> String {
    let count = units.count
    // A unit makes at most 3 bytes; a surrogate pair (2 units) makes 4.
    return String(unsafeUninitializedCapacity: count * 3) { bytes in
        var written = 0
        var index = 0
        while index < count {
            let unit = units[index]
            if unit < 0x80 {
                bytes[written] = UInt8(truncatingIfNeeded: unit)
                written += 1
                index += 1
                continue
            }
            if unit < 0x800 {
                bytes[written] = 0xC0 | UInt8(truncatingIfNeeded: unit >> 6)
                bytes[written + 1] = 0x80 | UInt8(truncatingIfNeeded: unit & 0x3F)
                written += 2
                index += 1
                continue
            }
            if unit & 0xFC00 == 0xD800, index + 1 < count, units[index + 1] & 0xFC00 == 0xDC00 {
                let scalar = 0x10000 + ((UInt32(unit & 0x3FF) << 10) | UInt32(units[index + 1] & 0x3FF))
                bytes[written] = 0xF0 | UInt8(truncatingIfNeeded: scalar >> 18)
                bytes[written + 1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F)
                bytes[written + 2] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
                bytes[written + 3] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
                written += 4
                index += 2
                continue
            }
            let value = unit & 0xF800 == 0xD800 ? 0xFFFD : unit  // a lone surrogate
            bytes[written] = 0xE0 | UInt8(truncatingIfNeeded: value >> 12)
            bytes[written + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
            bytes[written + 2] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
            written += 3
            index += 1
        }
        return written
    }
}

/// A JS string value holding `string`.
func makeJSString(_ ctx: JSContextRef, _ string: String) -> JSValueRef {
    withJSString(string) { JSValueMakeString(ctx, $0) }
}

/// A JS string value holding the UTF-8 text `bytes` (invalid sequences become U+FFFD).
///
/// For file contents: the text is transcoded to UTF-16 here in one pass, where
/// `JSStringCreateWithUTF8CString`'s general conversion (or Swift's `utf16` view)
/// costs tens of instructions a byte, which would be most of reading the host's JS at
/// start-up.
func makeJSString(_ ctx: JSContextRef, utf8 bytes: [UInt8]) -> JSValueRef {
    var text = String(decoding: bytes, as: UTF8.self)  // valid UTF-8 from here on
    let units = text.withUTF8 { utf8 in
        [UInt16](unsafeUninitializedCapacity: utf8.count) { buffer, count in
            count = transcodeToUTF16(validUTF8: utf8, into: buffer)
        }
    }
    let string = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count)! }
    defer { JSStringRelease(string) }
    return JSValueMakeString(ctx, string)
}

/// Writes the UTF-16 code units of valid UTF-8 into `units` (at least as long as
/// `utf8`: no text has more UTF-16 units than UTF-8 bytes); returns how many.
private func transcodeToUTF16(validUTF8 utf8: UnsafeBufferPointer<UInt8>, into units: UnsafeMutableBufferPointer<UInt16>) -> Int {
    var read = 0
    var written = 0
    let count = utf8.count
    while read < count {
        let lead = UInt32(utf8[read])
        if lead < 0x80 {
            units[written] = UInt16(lead)
            read += 1
            written += 1
        } else if lead < 0xE0 {
            units[written] = UInt16((lead & 0x1F) << 6 | UInt32(utf8[read + 1] & 0x3F))
            read += 2
            written += 1
        } else if lead < 0xF0 {
            units[written] = UInt16((lead & 0x0F) << 12 | UInt32(utf8[read + 1] & 0x3F) << 6 | UInt32(utf8[read + 2] & 0x3F))
            read += 3
            written += 1
        } else {
            let scalar = (lead & 0x07) << 18 | UInt32(utf8[read + 1] & 0x3F) << 12
                | UInt32(utf8[read + 2] & 0x3F) << 6 | UInt32(utf8[read + 3] & 0x3F)
            units[written] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
            units[written + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
            read += 4
            written += 2
        }
    }
    return written
}

/// `value` converted to a string as JS `String(value)` does; "" when that throws.
func stringOf(_ ctx: JSContextRef, _ value: JSValueRef?) -> String {
    guard let value else { return "undefined" }
    var exception: JSValueRef?
    guard let string = JSValueToStringCopy(ctx, value, &exception) else { return "" }
    defer { JSStringRelease(string) }
    return swiftString(string)
}

/// Reads property `name` of `object`; undefined when that throws.
func property(_ ctx: JSContextRef, _ object: JSObjectRef, _ name: String) -> JSValueRef {
    withJSString(name) { key in
        var exception: JSValueRef?
        return JSObjectGetProperty(ctx, object, key, &exception) ?? JSValueMakeUndefined(ctx)
    }
}

/// Sets property `name` of `object` to `value` (enumerable, writable).
func setProperty(_ ctx: JSContextRef, _ object: JSObjectRef, _ name: String, _ value: JSValueRef?) {
    withJSString(name) { key in
        JSObjectSetProperty(ctx, object, key, value, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
    }
}

/// A JS `Error` with `message`, and `.code` when one is given.
func makeError(_ ctx: JSContextRef, _ message: String, code: String? = nil) -> JSValueRef {
    var arguments: [JSValueRef?] = [makeJSString(ctx, message)]
    let error = JSObjectMakeError(ctx, 1, &arguments, nil)!
    if let code { setProperty(ctx, error, "code", makeJSString(ctx, code)) }
    return error
}

/// A JS `TypeError` with `message`.
func makeTypeError(_ ctx: JSContextRef, _ message: String) -> JSValueRef {
    let global = JSContextGetGlobalObject(ctx)!
    let constructor = property(ctx, global, "TypeError")
    var arguments: [JSValueRef?] = [makeJSString(ctx, message)]
    if let constructorObject = JSValueToObject(ctx, constructor, nil),
       let error = JSObjectCallAsConstructor(ctx, constructorObject, 1, &arguments, nil) {
        return error
    }
    return makeError(ctx, message)
}

/// Property names made into `JSStringRef`s once per runtime: object keys repeat (every
/// event body and result of a module has the same few), and making a `JSStringRef`
/// costs more than finding it again. JS thread only; at most ``limit`` names.
final class PropertyNameCache {
    static let limit = 1024
    private var names: [String: JSStringRef] = [:]

    /// The `JSStringRef` of `name`, owned by the cache (do not release it).
    func ref(_ name: String) -> JSStringRef? {
        if let ref = names[name] { return ref }
        guard names.count < Self.limit else { return nil }
        let ref = makeJSStringRef(name)
        names[name] = ref
        return ref
    }

    deinit {
        for ref in names.values { JSStringRelease(ref) }
    }
}
