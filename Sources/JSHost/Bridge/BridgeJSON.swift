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
///
/// The text for the engine is ASCII: other characters are written as `\uXXXX`
/// escapes. JavaScriptCore keeps an ASCII text in 8 bits, parses it with its 8-bit
/// parser and makes 8-bit strings of what it can (Latin-1), where a UTF-16 text
/// would be parsed, and its strings kept, in 16 bits.
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
        var writer = BridgeJSONWriter()
        value.write(to: &writer)
        guard writer.isExact, let ref = makeString(&writer) else { return nil }
        defer { JSStringRelease(ref) }
        trace?.mark(.jsonWritten)
        return JSValueMakeFromJSONString(ctx, ref)
    }

    /// A new `JSStringRef` of what `writer` wrote (ASCII: the engine keeps it in 8
    /// bits); the caller releases it.
    static func makeString(_ writer: inout BridgeJSONWriter) -> JSStringRef? {
        writer.endText()
        return writer.bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { JSStringCreateWithUTF8CString($0) }
        }
    }

    /// The JSON text of `value` for a JS engine this process does not own (a web
    /// page's): what `JSON.stringify` writes for the JS value the bridge would make,
    /// except that a date is its milliseconds since the epoch and bytes an array of
    /// numbers. `undefined` is `null` in an array and left out of an object.
    static func lenientText(_ value: BridgeValue) -> String {
        var writer = BridgeJSONWriter(asciiOnly: false, lenient: true)
        value.write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `string` as a JSON string literal, as `JSON.stringify` writes it.
    static func quoted(_ string: String) -> String {
        var writer = BridgeJSONWriter(asciiOnly: false, lenient: false)
        writer.string(string)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// JSON text made for the JS thread, possibly on another thread: a `JSStringRef`
/// (immutable and thread-safe; it holds its own copy of the text and nothing of the JS
/// heap), parsed into a JS value by ``jsValue(in:)`` on the JS thread.
final class JSONText: @unchecked Sendable {
    private let ref: JSStringRef

    /// The text of `value`; nil when JSON cannot carry it exactly.
    convenience init?(_ value: BridgeValue) {
        var writer = BridgeJSONWriter()
        value.write(to: &writer)
        self.init(writer)
    }

    /// The text `writer` wrote; nil when it wrote something JSON cannot carry exactly.
    init?(_ writer: consuming BridgeJSONWriter) {
        guard writer.isExact, let ref = BridgeJSON.makeString(&writer) else { return nil }
        self.ref = ref
    }

    /// The JS value of the text (JS thread only); nil if the engine refuses it.
    func jsValue(in ctx: JSContextRef) -> JSValueRef? {
        JSValueMakeFromJSONString(ctx, ref)
    }

    deinit { JSStringRelease(ref) }
}

/// Writes JSON text as bytes, value by value, as `JSON.stringify` would write the JS
/// value the bridge makes of the same ``BridgeValueSink`` calls.
///
/// By default the text is ASCII (other characters as `\uXXXX` escapes, what the
/// engine parses fastest) and exact: a number JSON cannot write (`-0`, `NaN`,
/// infinities) or an `undefined`, date or bytes makes ``isExact`` false, and the
/// caller makes the value another way. `lenient` writes those as `JSON.stringify`
/// does instead (and dates as numbers, bytes as arrays of numbers).
public struct BridgeJSONWriter: BridgeValueSink {
    /// The text so far.
    public private(set) var bytes: [UInt8] = []
    /// False once something JSON cannot carry exactly was written (not in lenient mode).
    public private(set) var isExact = true
    private let asciiOnly: Bool
    private let lenient: Bool
    /// Whether the next value or key needs a comma before it.
    private var separated = false
    /// In lenient mode, a key whose value is not written yet: left out with an
    /// `undefined` value, as `JSON.stringify` leaves such members out.
    private var pendingKey: String?

    public init() {
        self.init(asciiOnly: true, lenient: false)
    }

    init(asciiOnly: Bool, lenient: Bool) {
        self.asciiOnly = asciiOnly
        self.lenient = lenient
        bytes.reserveCapacity(1024)
    }

    public mutating func beginObject() {
        startValue()
        bytes.append(UInt8(ascii: "{"))
        separated = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        separated = true
    }

    public mutating func beginArray() {
        startValue()
        bytes.append(UInt8(ascii: "["))
        separated = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        separated = true
    }

    public mutating func key(_ key: String) {
        if lenient {
            pendingKey = key
            return
        }
        writeKey(key)
    }

    public mutating func name(_ key: StaticString) {
        guard !lenient else { return self.key(key.description) }
        if separated { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        separated = false
    }

    /// Ends the text with a NUL, for the C string the engine takes (in place: the
    /// text is not copied).
    mutating func endText() {
        bytes.append(0)
    }

    /// Makes room for `count` more bytes (a caller that knows about how much it writes).
    public mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    public mutating func null() {
        startValue()
        append("null")
        separated = true
    }

    public mutating func bool(_ flag: Bool) {
        startValue()
        append(flag ? "true" : "false")
        separated = true
    }

    public mutating func number(_ number: Double) {
        guard number.isFinite, !(number == 0 && number.sign == .minus) else {
            guard lenient else {
                isExact = false
                return null()
            }
            // As JSON.stringify writes them: -0 as 0, NaN and infinities as null.
            return number == 0 ? self.number(0) : null()
        }
        startValue()
        if number == number.rounded(.towardZero), abs(number) < 9_007_199_254_740_992 {
            appendInteger(Int64(number))
        } else {
            // Swift prints the shortest digits that read back as the same double, in a
            // form JSON accepts (`0.1`, `1e-07`, `1.5e+300`).
            var description = number.description
            description.withUTF8 { bytes.append(contentsOf: $0) }
        }
        separated = true
    }

    public mutating func string(_ string: String) {
        startValue()
        appendString(string)
        separated = true
    }

    public mutating func undefined() {
        if lenient {
            // Left out of an object (its key not written); null in an array.
            if pendingKey != nil {
                pendingKey = nil
                return
            }
            return null()
        }
        isExact = false
        null()
    }

    public mutating func date(_ milliseconds: Double) {
        if !lenient { isExact = false }
        number(milliseconds)
    }

    public mutating func bytes(_ values: [UInt8]) {
        if !lenient { isExact = false }
        beginArray()
        for value in values { number(Double(value)) }
        endArray()
    }

    /// Writes the comma (and in lenient mode the key) a value needs before it.
    private mutating func startValue() {
        if let key = pendingKey {
            pendingKey = nil
            writeKey(key)
        }
        if separated { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func writeKey(_ key: String) {
        if separated { bytes.append(UInt8(ascii: ",")) }
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        separated = false
    }

    private mutating func append(_ ascii: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `integer`.
    private mutating func appendInteger(_ integer: Int64) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = integer.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    /// Appends `string` as a JSON string literal; a Swift string holds no lone
    /// surrogates, so only quotes, backslashes and control characters need escapes
    /// (and, for ASCII text, every character from U+0080 on).
    private mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        let asciiOnly = asciiOnly
        let plain = string.withUTF8 { utf8 in
            // Most keys and values have nothing to escape: copied in one go.
            guard !Self.needsEscapes(utf8, asciiOnly: asciiOnly) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain {
            if asciiOnly {
                for unit in string.utf16 { appendEscaped(unit) }
            } else {
                string.withUTF8 { utf8 in
                    for byte in utf8 {
                        if byte < 0x80 { appendEscaped(UInt16(byte)) } else { bytes.append(byte) }
                    }
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// Whether `utf8` holds a byte to escape: a control character, `"`, `\\`, or (for
    /// ASCII text) any byte from 0x80 on. Eight bytes at a time.
    private static func needsEscapes(_ utf8: UnsafeBufferPointer<UInt8>, asciiOnly: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// Bytes of `word` that are zero have their high bit set in the result.
        func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        func special(_ word: UInt64) -> Bool {
            // A byte below 0x20: subtracting 0x20 borrows into its high bit (where it
            // was clear); a quote or backslash: XOR makes it zero.
            var found = (word &- 0x20 &* ones) & ~word & highs
            found |= zeroBytes(word ^ (0x22 &* ones)) | zeroBytes(word ^ (0x5C &* ones))
            if asciiOnly { found |= word & highs }
            return found != 0
        }
        var index = 0
        let count = utf8.count
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                if special(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
                index += 8
            }
        }
        while index < count {
            let byte = utf8[index]
            if byte < 0x20 || (asciiOnly && byte >= 0x80) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            index += 1
        }
        return false
    }

    /// Appends one UTF-16 code unit of a string's contents, escaped as JSON requires
    /// (and as `\uXXXX` from U+0080 on).
    private mutating func appendEscaped(_ unit: UInt16) {
        switch unit {
        case UInt16(UInt8(ascii: "\"")), UInt16(UInt8(ascii: "\\")):
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(UInt8(truncatingIfNeeded: unit))
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D:
            // The short forms JSON.stringify writes: \b \t \n \f \r.
            bytes.append(UInt8(ascii: "\\"))
            switch unit {
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default: bytes.append(UInt8(ascii: "r"))
            }
        case 0x20..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: unit))
        default:
            let hex = Self.hex.utf8Start
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(UInt8(ascii: "u"))
            bytes.append(hex[Int(unit >> 12)])
            bytes.append(hex[Int((unit >> 8) & 0xF)])
            bytes.append(hex[Int((unit >> 4) & 0xF)])
            bytes.append(hex[Int(unit & 0xF)])
        }
    }
}

extension BridgeValue {
    /// The value as JSON text, for a page's JS (see ``BridgeJSON/lenientText(_:)``):
    /// dates as milliseconds since the epoch, bytes as arrays of numbers, `undefined`
    /// as `null` in arrays and left out of objects (and `null` at the top).
    public var jsonText: String { BridgeJSON.lenientText(self) }
}
