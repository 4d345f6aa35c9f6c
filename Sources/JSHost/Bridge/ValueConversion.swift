import CJavaScriptCore

/// Converts JS values to ``BridgeValue`` and back, on the JS thread.
///
/// A value that cannot cross raises ``NativeError/invalidArgument(_:_:)`` naming its
/// path from `root`: `args[0].a.b: functions cannot cross the bridge`.
struct ValueConverter {
    /// Objects and arrays nested deeper than this are refused (and cycles are caught
    /// before that).
    static let maximumDepth = 100
    /// Arrays longer than this are refused: a sparse `new Array(2 ** 32 - 1)` costs JS
    /// nothing but would make the converter allocate and visit every slot.
    static let maximumArrayLength = 1 << 22

    enum PathStep {
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

    /// Converts argument `position` of a native call (path `args[position]`).
    static func argument(_ ctx: JSContextRef, _ value: JSValueRef?, position: Int) throws(NativeError) -> BridgeValue {
        var converter = ValueConverter(ctx, root: "args")
        converter.path = [.index(position)]
        return try converter.convert(value)
    }

    /// Converts one value with `root` naming it in errors.
    static func value(_ ctx: JSContextRef, _ value: JSValueRef?, root: String) throws(NativeError) -> BridgeValue {
        var converter = ValueConverter(ctx, root: root)
        return try converter.convert(value)
    }

    private var pathText: String { Self.pathText(root: root, path) }

    /// The path of a value in messages: `args[0].a["b c"][2]`.
    static func pathText(root: String, _ path: [PathStep]) -> String {
        var text = root
        for step in path {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                if isIdentifier(key) { text += "." + key } else { text += "[\(BridgeJSON.quoted(key))]" }
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
        return try checkedString(ref, what: "strings")
    }

    /// The Swift string of `ref`, refusing a lone surrogate (which Swift would turn into
    /// U+FFFD, silently changing the text); `what` names the kind in the message.
    private func checkedString(_ ref: JSStringRef, what: String) throws(NativeError) -> String {
        let units = utf16Units(of: ref)
        if let (unit, index) = Self.loneSurrogate(in: units) { throw failure(Self.loneSurrogateProblem(what, unit, index)) }
        return swiftString(units)
    }

    /// The first lone surrogate of `units` and its index, if any.
    static func loneSurrogate(in units: UnsafeBufferPointer<UInt16>) -> (UInt16, Int)? {
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit & 0xF800 == 0xD800 {
                // A high surrogate must be followed by a low one; a low one never stands first.
                guard unit < 0xDC00, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 else {
                    return (unit, index)
                }
                index += 2
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The message for a lone surrogate in a string (`what`: `strings` or `keys`).
    static func loneSurrogateProblem(_ what: String, _ unit: UInt16, _ index: Int) -> String {
        "\(what) with a lone surrogate (U+\(String(unit, radix: 16, uppercase: true)) at index \(index)) cannot cross the bridge"
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
            // Checked rather than trusted: an engine that sees through a Proxy of an
            // array (as Array.isArray does) would let its trap report any length.
            var exception: JSValueRef?
            let reported = JSValueToNumber(ctx, property(ctx, object, "length"), &exception)
            if exception != nil { throw failure("reading its length threw \(stringOf(ctx, exception))") }
            guard reported.isFinite, reported >= 0, reported == reported.rounded() else {
                throw failure("an array whose length is not a valid array length (\(Self.numberText(reported))) cannot cross the bridge")
            }
            guard reported <= Double(Self.maximumArrayLength) else {
                throw failure("arrays longer than \(Self.maximumArrayLength) elements cannot cross the bridge (length \(Self.numberText(reported)))")
            }
            let length = Int(reported)
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
        // A Proxy's ownKeys or getOwnPropertyDescriptor trap may throw; the call above
        // cannot report it and leaves it pending, so collect it here.
        if let thrown = pendingException() { throw failure("listing its keys threw \(stringOf(ctx, thrown))") }
        let count = JSPropertyNameArrayGetCount(names)
        var members = BridgeObject()
        members.reserveCapacity(count)
        for index in 0..<count {
            let name = JSPropertyNameArrayGetNameAtIndex(names, index)!
            let key = try checkedString(name, what: "keys")
            path.append(.key(key))
            var exception: JSValueRef?
            let member = JSObjectGetProperty(ctx, object, name, &exception)
            if exception != nil { throw failure("reading it threw \(stringOf(ctx, exception))") }
            members.appendNew(key, try convert(member))   // own property names are unique
            path.removeLast()
        }
        return .object(members)
    }

    /// The exception a C API call without an exception parameter left pending, if any
    /// (taking it, so it is not thrown into JS later).
    ///
    /// Any call with an exception parameter hands over a pending exception; converting
    /// a number to a number is the cheapest one.
    private func pendingException() -> JSValueRef? {
        var exception: JSValueRef?
        _ = JSValueToNumber(ctx, JSValueMakeNumber(ctx, 0), &exception)
        return exception
    }

    /// A number as JS prints it in messages (`NaN`, `-1`, `1e+300`).
    private static func numberText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number == number.rounded(), abs(number) < 1e21 { return String(Int64(number)) }
        return number.description.replacingOccurrences(of: "e", with: "e+").replacingOccurrences(of: "e+-", with: "e-")
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
    }
}

extension BridgeValue {
    /// True for the arrays and objects that go to JS as JSON text when JSON can carry
    /// them (``BridgeJSON/minimumMembers``).
    var goesAsJSON: Bool {
        switch self {
        case .array(let elements): return elements.count >= BridgeJSON.minimumMembers
        case .object(let members): return members.count >= BridgeJSON.minimumMembers
        default: return false
        }
    }

    /// This value as a JS value in `ctx` (a `Uint8Array` for bytes); object keys come
    /// from `names` when given.
    func jsValue(in ctx: JSContextRef, names: PropertyNameCache? = nil, trace: BridgeTrace.Record? = nil) -> JSValueRef {
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
        case .array(let elements) where elements.count >= BridgeJSON.minimumMembers:
            if let made = BridgeJSON.jsValue(in: ctx, self, trace: trace) { return made }
            return memberwise(elements, in: ctx, names: names)
        case .object(let members) where members.count >= BridgeJSON.minimumMembers:
            if let made = BridgeJSON.jsValue(in: ctx, self, trace: trace) { return made }
            return memberwise(members, in: ctx, names: names)
        case .array(let elements):
            return memberwise(elements, in: ctx, names: names)
        case .object(let members):
            return memberwise(members, in: ctx, names: names)
        }
    }

    /// This value as a JS value, a container built member by member without a first
    /// attempt at JSON (the caller knows JSON cannot carry it); its members as
    /// ``jsValue(in:names:trace:)`` makes them.
    func jsValueMemberwise(in ctx: JSContextRef, names: PropertyNameCache? = nil) -> JSValueRef {
        switch self {
        case .array(let elements): return memberwise(elements, in: ctx, names: names)
        case .object(let members): return memberwise(members, in: ctx, names: names)
        default: return jsValue(in: ctx, names: names)
        }
    }

    /// A JS array made empty and filled element by element, so each element is
    /// reachable from the array as soon as it exists (a Swift array of JSValueRefs is
    /// not a GC root).
    private func memberwise(_ elements: [BridgeValue], in ctx: JSContextRef, names: PropertyNameCache?) -> JSValueRef {
        let array = JSObjectMakeArray(ctx, 0, nil, nil)!
        for (index, element) in elements.enumerated() {
            JSObjectSetPropertyAtIndex(ctx, array, UInt32(index), element.jsValue(in: ctx, names: names), nil)
        }
        return array
    }

    /// A JS object made empty and filled member by member.
    private func memberwise(_ members: BridgeObject, in ctx: JSContextRef, names: PropertyNameCache?) -> JSValueRef {
        let object = Self.makeObject(in: ctx, keys: members.keys)
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

    /// A new plain object to receive `keys`.
    ///
    /// Setting a key `__proto__` on a fresh object would call `Object.prototype`'s
    /// `__proto__` setter and replace the prototype instead of storing data. When that
    /// key is present the object is made from JSON, which creates every key (in order)
    /// as an own data property, so the values set afterwards stay data.
    private static func makeObject(in ctx: JSContextRef, keys: [String]) -> JSObjectRef {
        if keys.contains("__proto__") {
            let skeleton = "{" + keys.map { BridgeJSON.quoted($0) + ":null" }.joined(separator: ",") + "}"
            if let value = withJSString(skeleton, { JSValueMakeFromJSONString(ctx, $0) }),
               let object = JSValueToObject(ctx, value, nil) {
                return object
            }
        }
        return JSObjectMake(ctx, nil, nil)!
    }
}
