/// Parses the `JSON.stringify` text of an argument (UTF-16, as the engine keeps it)
/// into the bridge value the member-by-member conversion makes of the same JS value.
///
/// Runs on any thread. Its input passed the check of ``JSONArguments``, so the only
/// thing left to refuse is a lone surrogate in a string or key (which JSON.stringify
/// writes as a `\uD8xx` escape); it is refused with the converter's message and path.
struct JSONArgumentParser {
    /// A problem and the path to it, innermost step first (steps are added as the
    /// parse unwinds, so a valid argument never builds a path).
    struct Failure: Error {
        var steps: [ValueConverter.PathStep]
        let problem: String
    }

    private let units: UnsafeBufferPointer<UInt16>
    private var index = 0
    /// Decoded code units of the string being read, when it has escapes.
    private var scratch: [UInt16] = []

    private init(_ units: UnsafeBufferPointer<UInt16>) { self.units = units }

    /// The bridge value of `units`, argument `position` of a call (path `root[position]`).
    static func parse(_ units: UnsafeBufferPointer<UInt16>, root: String, position: Int) throws(NativeError) -> BridgeValue {
        var parser = JSONArgumentParser(units)
        do throws(Failure) {
            let value = try parser.value()
            parser.skipSpace()
            guard parser.index == units.count else { throw parser.malformed() }
            return value
        } catch {
            let path = [ValueConverter.PathStep.index(position)] + error.steps.reversed()
            throw NativeError.invalidArgument(ValueConverter.pathText(root: root, path), error.problem)
        }
    }

    /// The bridge value of a whole JSON text the host reads from a file (the bundle
    /// cache's records, esbuild's metafile); nil when it is not JSON.
    static func value(of text: String) -> BridgeValue? {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { try? parse($0, root: "json", position: 0) }
    }

    private func malformed() -> Failure {
        Failure(steps: [], problem: "could not be read back from JSON at offset \(index) (a bridge bug)")
    }

    private mutating func skipSpace() {
        while index < units.count, units[index] == 0x20 || units[index] == 0x0A || units[index] == 0x0D || units[index] == 0x09 {
            index += 1
        }
    }

    private mutating func value() throws(Failure) -> BridgeValue {
        skipSpace()
        guard index < units.count else { throw malformed() }
        switch units[index] {
        case UInt16(ascii: "{"): return try object()
        case UInt16(ascii: "["): return try array()
        case UInt16(ascii: "\""): return .string(try string(what: "strings"))
        case UInt16(ascii: "t"): try literal("true"); return .bool(true)
        case UInt16(ascii: "f"): try literal("false"); return .bool(false)
        case UInt16(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ text: StaticString) throws(Failure) {
        let count = text.utf8CodeUnitCount
        guard index + count <= units.count else { throw malformed() }
        for offset in 0..<count where units[index + offset] != UInt16(text.utf8Start[offset]) { throw malformed() }
        index += count
    }

    private mutating func object() throws(Failure) -> BridgeValue {
        index += 1
        var members = BridgeObject()
        // Room for a typical item at once, instead of growing 1, 2, 4, 8.
        members.reserveCapacity(8)
        skipSpace()
        if index < units.count, units[index] == UInt16(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < units.count, units[index] == UInt16(ascii: "\"") else { throw malformed() }
            // A bad key names the object, as the converter does; a bad value names the key.
            let key = try string(what: "keys")
            skipSpace()
            guard index < units.count, units[index] == UInt16(ascii: ":") else { throw malformed() }
            index += 1
            let member: BridgeValue
            do {
                member = try value()
            } catch {
                var failure = error
                failure.steps.append(.key(key))
                throw failure
            }
            members.appendNew(key, member)   // JSON.stringify writes each own key once
            skipSpace()
            guard index < units.count else { throw malformed() }
            if units[index] == UInt16(ascii: ",") {
                index += 1
            } else if units[index] == UInt16(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw malformed()
            }
        }
    }

    private mutating func array() throws(Failure) -> BridgeValue {
        index += 1
        var elements: [BridgeValue] = []
        elements.reserveCapacity(8)
        skipSpace()
        if index < units.count, units[index] == UInt16(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            do {
                elements.append(try value())
            } catch {
                var failure = error
                failure.steps.append(.index(elements.count))
                throw failure
            }
            skipSpace()
            guard index < units.count else { throw malformed() }
            if units[index] == UInt16(ascii: ",") {
                index += 1
            } else if units[index] == UInt16(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw malformed()
            }
        }
    }

    /// A string literal; `what` (`strings` or `keys`) names it if it holds a lone
    /// surrogate.
    private mutating func string(what: String) throws(Failure) -> String {
        let start = index + 1
        var end = start
        var bits: UInt16 = 0
        while end < units.count {
            let unit = units[end]
            if unit == UInt16(ascii: "\"") || unit == UInt16(ascii: "\\") { break }
            bits |= unit
            end += 1
        }
        guard end < units.count else { throw malformed() }
        if units[end] == UInt16(ascii: "\"") {
            // No escapes (most strings): copied straight into the String's UTF-8.
            let plain = UnsafeBufferPointer(rebasing: units[start..<end])
            if bits < 0x80 {
                index = end + 1
                return String(unsafeUninitializedCapacity: plain.count) { bytes in
                    for offset in 0..<plain.count { bytes[offset] = UInt8(truncatingIfNeeded: plain[offset]) }
                    return plain.count
                }
            }
            if let text = Self.transcoded(plain) {
                index = end + 1
                return text
            }
        }
        // Escapes: decode into the scratch buffer, then check for lone surrogates.
        index = start
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard index < units.count else { throw malformed() }
            let unit = units[index]
            index += 1
            if unit == UInt16(ascii: "\"") { break }
            guard unit == UInt16(ascii: "\\") else {
                scratch.append(unit)
                continue
            }
            guard index < units.count else { throw malformed() }
            let escape = units[index]
            index += 1
            switch escape {
            case UInt16(ascii: "n"): scratch.append(0x0A)
            case UInt16(ascii: "t"): scratch.append(0x09)
            case UInt16(ascii: "r"): scratch.append(0x0D)
            case UInt16(ascii: "b"): scratch.append(0x08)
            case UInt16(ascii: "f"): scratch.append(0x0C)
            case UInt16(ascii: "u"): scratch.append(try hex4())
            case UInt16(ascii: "\""), UInt16(ascii: "\\"), UInt16(ascii: "/"): scratch.append(escape)
            default: throw malformed()
            }
        }
        return try scratch.withUnsafeBufferPointer { (decoded) throws(Failure) -> String in
            if let (unit, position) = ValueConverter.loneSurrogate(in: decoded) {
                throw Failure(steps: [], problem: ValueConverter.loneSurrogateProblem(what, unit, position))
            }
            return swiftString(decoded)
        }
    }

    /// `units` as a String, transcoded to UTF-8 by hand (Swift's UTF-16 decoding took
    /// half the parse); nil for a lone surrogate, which the caller reports.
    private static func transcoded(_ units: UnsafeBufferPointer<UInt16>) -> String? {
        var valid = true
        let text = String(unsafeUninitializedCapacity: units.count * 3) { bytes in
            var out = 0
            var offset = 0
            while offset < units.count {
                let unit = units[offset]
                if unit < 0x80 {
                    bytes[out] = UInt8(truncatingIfNeeded: unit)
                    out += 1
                } else if unit < 0x800 {
                    bytes[out] = 0xC0 | UInt8(truncatingIfNeeded: unit >> 6)
                    bytes[out + 1] = 0x80 | UInt8(truncatingIfNeeded: unit & 0x3F)
                    out += 2
                } else if unit & 0xF800 != 0xD800 {
                    bytes[out] = 0xE0 | UInt8(truncatingIfNeeded: unit >> 12)
                    bytes[out + 1] = 0x80 | UInt8(truncatingIfNeeded: (unit >> 6) & 0x3F)
                    bytes[out + 2] = 0x80 | UInt8(truncatingIfNeeded: unit & 0x3F)
                    out += 3
                } else if unit < 0xDC00, offset + 1 < units.count, units[offset + 1] & 0xFC00 == 0xDC00 {
                    let scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[offset + 1] - 0xDC00)
                    bytes[out] = 0xF0 | UInt8(truncatingIfNeeded: scalar >> 18)
                    bytes[out + 1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F)
                    bytes[out + 2] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
                    bytes[out + 3] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
                    out += 4
                    offset += 1
                } else {
                    valid = false
                    return 0
                }
                offset += 1
            }
            return out
        }
        return valid ? text : nil
    }

    private mutating func hex4() throws(Failure) -> UInt16 {
        guard index + 4 <= units.count else { throw malformed() }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let unit = units[index]
            let digit: UInt16
            switch unit {
            case 0x30...0x39: digit = unit - 0x30
            case 0x41...0x46: digit = unit - 0x41 + 10
            case 0x61...0x66: digit = unit - 0x61 + 10
            default: throw malformed()
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A number as JSON.stringify writes it: the shortest digits that read back as the
    /// same double, so reading them back is exact.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        var integral = true
        while index < units.count {
            let unit = units[index]
            if unit >= 0x30 && unit <= 0x39 || unit == UInt16(ascii: "-") {
                index += 1
            } else if unit == UInt16(ascii: ".") || unit == UInt16(ascii: "e") || unit == UInt16(ascii: "E") || unit == UInt16(ascii: "+") {
                integral = false
                index += 1
            } else {
                break
            }
        }
        let digits = units[start..<index]
        guard !digits.isEmpty else { throw malformed() }
        // Up to 15 digits an integer is exact in a double: no text conversion needed.
        if integral, digits.count <= 15 {
            var magnitude: Int64 = 0
            var negative = false
            for unit in digits {
                if unit == UInt16(ascii: "-") {
                    negative = true
                } else {
                    magnitude = magnitude * 10 + Int64(unit - 0x30)
                }
            }
            return Double(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: digits.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        guard let number = Double(text) else { throw malformed() }
        return number
    }
}

private extension UInt16 {
    /// The code unit of an ASCII character.
    init(ascii scalar: Unicode.Scalar) { self = UInt16(scalar.value) }
}
