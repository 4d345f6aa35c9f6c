import CJavaScriptCore

/// Makes JS arrays and objects from JSON text in one C API call, for trees JSON can
/// carry exactly.
///
/// Building an object property by property costs one C API call (each taking the JS
/// lock) per member; for a list of search hits that costs more than the search.
/// `JSON.parse` builds the same tree in one call: keys keep their order, and a
/// `__proto__` key becomes an own data property. JSON cannot carry `undefined`,
/// `-0`, `NaN`, infinities, dates or bytes; a tree holding any of them is refused
/// here (the caller then builds it member by member).
enum BridgeJSON {
    /// Containers with fewer direct members than this are built member by member (one
    /// C API call either way); from two members on JSON measured cheaper.
    ///
    /// A tree JSON refuses is built member by member, and each member container tries
    /// JSON again, so a date deep in a list costs a re-encoding per level above it.
    static let minimumMembers = 2

    /// The JS value for `value`, made from JSON; nil when `value` holds something JSON
    /// cannot carry exactly (or the engine refuses the text).
    static func jsValue(in ctx: JSContextRef, _ value: BridgeValue, trace: BridgeTrace.Record? = nil) -> JSValueRef? {
        // UTF-16, the engine's own form: it copies the text rather than decoding it.
        var text: [UInt16] = []
        text.reserveCapacity(1024)
        guard append(value, to: &text) else { return nil }
        let ref = text.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
        guard let ref else { return nil }
        defer { JSStringRelease(ref) }
        trace?.mark(.jsonWritten)
        return JSValueMakeFromJSONString(ctx, ref)
    }

    /// Appends the JSON text of `value` to `text`; false (leaving `text` partly
    /// written) when JSON cannot carry it exactly.
    private static func append(_ value: BridgeValue, to text: inout [UInt16], lenient: Bool = false) -> Bool {
        switch value {
        case .null:
            appendASCII("null", to: &text)
        case .bool(let flag):
            appendASCII(flag ? "true" : "false", to: &text)
        case .number(let number):
            if appendNumber(number, to: &text) { return true }
            guard lenient else { return false }
            // As JSON.stringify writes them: -0 as 0, NaN and infinities as null.
            if number == 0 { appendASCII("0", to: &text) } else { appendASCII("null", to: &text) }
        case .string(let string):
            appendString(string, to: &text)
        case .array(let elements):
            text.append(UInt16(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { text.append(UInt16(ascii: ",")) }
                guard append(element, to: &text, lenient: lenient) else { return false }
            }
            text.append(UInt16(ascii: "]"))
        case .object(let members):
            text.append(UInt16(ascii: "{"))
            var first = true
            for member in members.entries {
                // JSON.stringify leaves out members whose value is undefined.
                if lenient, case .undefined = member.value { continue }
                if !first { text.append(UInt16(ascii: ",")) }
                first = false
                appendString(member.key, to: &text)
                text.append(UInt16(ascii: ":"))
                guard append(member.value, to: &text, lenient: lenient) else { return false }
            }
            text.append(UInt16(ascii: "}"))
        case .undefined:
            guard lenient else { return false }
            appendASCII("null", to: &text)
        case .date(let milliseconds):
            guard lenient else { return false }
            return append(.number(milliseconds), to: &text, lenient: true)
        case .bytes(let bytes):
            guard lenient else { return false }
            return append(.array(bytes.map { .number(Double($0)) }), to: &text, lenient: true)
        }
        return true
    }

    /// The JSON text of `value` for a JS engine this process does not own (a web
    /// page's): what `JSON.stringify` writes for the JS value the bridge would make,
    /// except that a date is its milliseconds since the epoch and bytes an array of
    /// numbers. `undefined` is `null` in an array and left out of an object.
    static func lenientText(_ value: BridgeValue) -> String {
        var text: [UInt16] = []
        text.reserveCapacity(256)
        _ = append(value, to: &text, lenient: true)
        return String(decoding: text, as: UTF16.self)
    }

    /// `string` as a JSON string literal, as `JSON.stringify` writes it.
    static func quoted(_ string: String) -> String {
        var text: [UInt16] = []
        text.reserveCapacity(string.utf16.count + 2)
        appendString(string, to: &text)
        return String(decoding: text, as: UTF16.self)
    }

    /// Appends ASCII `string` unchanged.
    private static func appendASCII(_ string: StaticString, to text: inout [UInt16]) {
        let bytes = UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount)
        appendWidened(bytes, to: &text)
    }

    /// Appends ASCII `bytes`, each widened to a code unit.
    private static func appendWidened(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt16]) {
        for byte in bytes { text.append(UInt16(byte)) }
    }

    /// Appends `number` in a form that parses back to the same double; false for
    /// `-0`, `NaN` and infinities, which JSON cannot write.
    private static func appendNumber(_ number: Double, to text: inout [UInt16]) -> Bool {
        guard number.isFinite, !(number == 0 && number.sign == .minus) else { return false }
        if number == number.rounded(.towardZero), abs(number) < 9_007_199_254_740_992 {
            appendInteger(Int64(number), to: &text)
        } else {
            // Swift prints the shortest digits that read back as the same double, in a
            // form JSON accepts (`0.1`, `1e-07`, `1.5e+300`).
            var description = number.description
            description.withUTF8 { appendWidened($0, to: &text) }
        }
        return true
    }

    /// Appends the decimal digits of `integer`.
    private static func appendInteger(_ integer: Int64, to text: inout [UInt16]) {
        if integer < 0 { text.append(UInt16(ascii: "-")) }
        var rest = integer.magnitude
        let start = text.count
        repeat {
            text.append(UInt16(ascii: "0") + UInt16(rest % 10))
            rest /= 10
        } while rest > 0
        text[start...].reverse()
    }

    /// Appends `string` as a JSON string literal; a Swift string holds no lone
    /// surrogates, so only quotes, backslashes and control characters need escapes.
    private static func appendString(_ string: String, to text: inout [UInt16]) {
        text.append(UInt16(ascii: "\""))
        var string = string
        let plain = string.withUTF8 { bytes in
            // Most keys and values are ASCII with nothing to escape: copied in one go.
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
                return false
            }
            appendWidened(bytes, to: &text)
            return true
        }
        if !plain {
            for unit in string.utf16 { appendEscaped(unit, to: &text) }
        }
        text.append(UInt16(ascii: "\""))
    }

    /// Appends one code unit of a string's contents, escaped as JSON requires.
    private static func appendEscaped(_ unit: UInt16, to text: inout [UInt16]) {
        switch unit {
        case UInt16(ascii: "\""), UInt16(ascii: "\\"):
            text.append(UInt16(ascii: "\\"))
            text.append(unit)
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D:
            // The short forms JSON.stringify writes: \b \t \n \f \r.
            text.append(UInt16(ascii: "\\"))
            switch unit {
            case 0x08: text.append(UInt16(ascii: "b"))
            case 0x09: text.append(UInt16(ascii: "t"))
            case 0x0A: text.append(UInt16(ascii: "n"))
            case 0x0C: text.append(UInt16(ascii: "f"))
            default: text.append(UInt16(ascii: "r"))
            }
        case 0..<0x20:
            let hex: StaticString = "0123456789abcdef"
            text.append(UInt16(ascii: "\\"))
            text.append(UInt16(ascii: "u"))
            text.append(UInt16(ascii: "0"))
            text.append(UInt16(ascii: "0"))
            text.append(UInt16(hex.utf8Start[Int(unit >> 4)]))
            text.append(UInt16(hex.utf8Start[Int(unit & 0xF)]))
        default:
            text.append(unit)
        }
    }
}

private extension UInt16 {
    /// The code unit of an ASCII character.
    init(ascii scalar: Unicode.Scalar) { self = UInt16(scalar.value) }
}

extension BridgeValue {
    /// The value as JSON text, for a page's JS (see ``BridgeJSON/lenientText(_:)``):
    /// dates as milliseconds since the epoch, bytes as arrays of numbers, `undefined`
    /// as `null` in arrays and left out of objects (and `null` at the top).
    public var jsonText: String { BridgeJSON.lenientText(self) }
}
