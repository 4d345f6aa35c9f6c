import CJavaScriptCore

/// Converts JS values to ``BridgeValue`` and back, on the JS thread.
///
/// A value that cannot cross raises ``NativeError/invalidArgument(_:_:)`` naming its
/// path from `root`: `args[0].a.b: functions cannot cross the bridge`.
struct ValueConverter {
    /// Objects and arrays nested deeper than this are refused (and cycles are caught
    /// before that).
    static let maximumDepth = 100

    private enum PathStep {
        case index(Int)
        case key(String)
    }

    let ctx: JSContextRef
    private let root: String
    private var path: [PathStep] = []
    private var open: [JSObjectRef] = []

    init(_ ctx: JSContextRef, root: String) {
        self.ctx = ctx
        self.root = root
    }

    /// Converts the arguments of a native call (path root `args`).
    static func arguments(_ ctx: JSContextRef, _ arguments: JSArguments) throws(NativeError) -> [BridgeValue] {
        if arguments.isEmpty { return [] }
        var converter = ValueConverter(ctx, root: "args")
        var values: [BridgeValue] = []
        values.reserveCapacity(arguments.count)
        for (index, argument) in arguments.enumerated() {
            converter.path = [.index(index)]
            values.append(try converter.convert(argument))
        }
        return values
    }

    /// Converts one value with `root` naming it in errors.
    static func value(_ ctx: JSContextRef, _ value: JSValueRef?, root: String) throws(NativeError) -> BridgeValue {
        var converter = ValueConverter(ctx, root: root)
        return try converter.convert(value)
    }

    private var pathText: String {
        var text = root
        for step in path {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                if Self.isIdentifier(key) { text += "." + key } else { text += "[\(Self.quoted(key))]" }
            }
        }
        return text
    }

    private func failure(_ problem: String) -> NativeError {
        .invalidArgument(pathText, problem)
    }

    private mutating func convert(_ value: JSValueRef?) throws(NativeError) -> BridgeValue {
        guard let value else { return .undefined }
        switch JSValueGetType(ctx, value) {
        case kJSTypeUndefined: return .undefined
        case kJSTypeNull: return .null
        case kJSTypeBoolean: return .bool(JSValueToBoolean(ctx, value))
        case kJSTypeNumber: return .number(JSValueToNumber(ctx, value, nil))
        case kJSTypeString: return .string(try string(value))
        case kJSTypeSymbol: throw failure("symbols cannot cross the bridge")
        case kJSTypeObject: return try object(JSValueToObject(ctx, value, nil)!)
        default: throw failure("BigInts cannot cross the bridge")
        }
    }

    private func string(_ value: JSValueRef) throws(NativeError) -> String {
        let ref = JSValueToStringCopy(ctx, value, nil)!
        defer { JSStringRelease(ref) }
        let units = utf16Units(of: ref)
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit & 0xF800 == 0xD800 {
                // A high surrogate must be followed by a low one; a low one never stands first.
                guard unit < 0xDC00, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 else {
                    throw failure("strings with a lone surrogate (U+\(String(unit, radix: 16, uppercase: true)) at index \(index)) cannot cross the bridge")
                }
                index += 2
            } else {
                index += 1
            }
        }
        return swiftString(units)
    }

    private mutating func object(_ object: JSObjectRef) throws(NativeError) -> BridgeValue {
        if JSObjectIsFunction(ctx, object) { throw failure("functions cannot cross the bridge") }
        if JSValueIsDate(ctx, object) {
            return .date(JSValueToNumber(ctx, object, nil))
        }
        let typedArrayType = JSValueGetTypedArrayType(ctx, object, nil)
        if typedArrayType == kJSTypedArrayTypeArrayBuffer {
            let count = JSObjectGetArrayBufferByteLength(ctx, object, nil)
            guard count > 0, let bytes = JSObjectGetArrayBufferBytesPtr(ctx, object, nil) else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        }
        if typedArrayType != kJSTypedArrayTypeNone {
            // The bytes pointer is the start of the whole buffer, not of this view.
            let count = JSObjectGetTypedArrayByteLength(ctx, object, nil)
            let offset = JSObjectGetTypedArrayByteOffset(ctx, object, nil)
            guard count > 0, let bytes = JSObjectGetTypedArrayBytesPtr(ctx, object, nil) else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: bytes + offset, count: count)))
        }
        if open.contains(where: { $0 == object }) { throw failure("cyclic structures cannot cross the bridge") }
        guard open.count < Self.maximumDepth else {
            throw failure("nesting deeper than \(Self.maximumDepth) levels cannot cross the bridge")
        }
        open.append(object)
        defer { open.removeLast() }

        if JSValueIsArray(ctx, object) {
            let length = Int(JSValueToNumber(ctx, property(ctx, object, "length"), nil))
            var elements: [BridgeValue] = []
            elements.reserveCapacity(length)
            for index in 0..<length {
                path.append(.index(index))
                var exception: JSValueRef?
                let element = JSObjectGetPropertyAtIndex(ctx, object, UInt32(index), &exception)
                if exception != nil { throw failure("reading it threw \(stringOf(ctx, exception))") }
                elements.append(try convert(element))
                path.removeLast()
            }
            return .array(elements)
        }

        let names = JSObjectCopyPropertyNames(ctx, object)!
        defer { JSPropertyNameArrayRelease(names) }
        let count = JSPropertyNameArrayGetCount(names)
        var members = BridgeObject()
        members.reserveCapacity(count)
        for index in 0..<count {
            let name = JSPropertyNameArrayGetNameAtIndex(names, index)!
            let key = swiftString(name)
            path.append(.key(key))
            var exception: JSValueRef?
            let member = JSObjectGetProperty(ctx, object, name, &exception)
            if exception != nil { throw failure("reading it threw \(stringOf(ctx, exception))") }
            members.appendNew(key, try convert(member))   // own property names are unique
            path.removeLast()
        }
        return .object(members)
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
    }

    private static func quoted(_ key: String) -> String {
        var text = "\""
        for character in key {
            switch character {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        return text + "\""
    }
}

extension BridgeValue {
    /// This value as a JS value in `ctx` (a `Uint8Array` for bytes); object keys come
    /// from `names` when given.
    func jsValue(in ctx: JSContextRef, names: PropertyNameCache? = nil) -> JSValueRef {
        switch self {
        case .undefined: return JSValueMakeUndefined(ctx)
        case .null: return JSValueMakeNull(ctx)
        case .bool(let value): return JSValueMakeBoolean(ctx, value)
        case .number(let value): return JSValueMakeNumber(ctx, value)
        case .string(let value): return makeJSString(ctx, value)
        case .date(let milliseconds):
            var arguments: [JSValueRef?] = [JSValueMakeNumber(ctx, milliseconds)]
            return JSObjectMakeDate(ctx, 1, &arguments, nil)
        case .bytes(let bytes):
            let array = JSObjectMakeTypedArray(ctx, kJSTypedArrayTypeUint8Array, bytes.count, nil)!
            if !bytes.isEmpty, let storage = JSObjectGetTypedArrayBytesPtr(ctx, array, nil) {
                bytes.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            }
            return array
        case .array(let elements):
            // Made empty and filled one by one, so each element is reachable from the
            // array as soon as it exists (a Swift array of JSValueRefs is not a GC root).
            let array = JSObjectMakeArray(ctx, 0, nil, nil)!
            for (index, element) in elements.enumerated() {
                JSObjectSetPropertyAtIndex(ctx, array, UInt32(index), element.jsValue(in: ctx, names: names), nil)
            }
            return array
        case .object(let members):
            let object = JSObjectMake(ctx, nil, nil)!
            for (key, value) in members.entries {
                let member = value.jsValue(in: ctx, names: names)
                if let name = names?.ref(key) {
                    JSObjectSetProperty(ctx, object, name, member, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
                } else {
                    setProperty(ctx, object, key, member)
                }
            }
            return object
        }
    }
}
