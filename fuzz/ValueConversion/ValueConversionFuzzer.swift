import CJavaScriptCore
import Foundation
@testable import JSHost

/// libFuzzer target: the bridge's JS → `BridgeValue` converter on a real JavaScriptCore
/// context, fed JS values built by evaluating small expressions generated from the
/// input (strings with any UTF-16 units, deep, sparse, cyclic and exotic objects,
/// proxies and throwing getters).
///
/// A value either converts and survives the trip back to JS and again into Swift
/// unchanged, or is refused with `E_INVALID_ARGUMENT` naming a path under `v`; no
/// exception is ever left pending.
enum ValueConversionFuzzer {
    /// The context values are made in; replaced by a fresh one (with a fresh VM) every
    /// few hundred inputs, since JSGarbageCollect is only a hint and the ASan build's
    /// JS heap otherwise grows past libFuzzer's memory limit.
    nonisolated(unsafe) static var context: JSGlobalContextRef = JSGlobalContextCreate(nil)!
    nonisolated(unsafe) static var inputs = 0

    struct Generator {
        var reader: FuzzReader
        var depth = 0

        mutating func stringLiteral() -> String {
            var text = "\""
            for _ in 0..<reader.choose(12) {
                switch reader.choose(10) {
                case 0: text += "\\uD800"
                case 1: text += "\\uDFFF"
                case 2: text += "\\uD83D\\uDE00"
                case 3: text += "\\u0000"
                case 4: text += "\\\"\\\\\\n"
                case 5: text += String(format: "\\u%04X", Int(reader.byte()) << 8 | Int(reader.byte()))
                case 6: text += "é日"
                default: text += String(UnicodeScalar(UInt8(0x61 + reader.choose(26))))
                }
            }
            return text + "\""
        }

        mutating func key() -> String {
            switch reader.choose(8) {
            case 0: return "[\"__proto__\"]"
            case 1: return "[\(stringLiteral())]"
            case 2: return String(reader.choose(5))
            case 3: return "\"a b\""
            case 4: return "constructor"
            default: return String(UnicodeScalar(UInt8(0x61 + reader.choose(4))))
            }
        }

        mutating func list() -> String {
            (0..<reader.choose(5)).map { _ in value() }.joined(separator: ", ")
        }

        mutating func value() -> String {
            depth += 1
            defer { depth -= 1 }
            let kinds = depth > 5 ? 4 : 20
            switch reader.choose(kinds) {
            case 0: return ["0", "-0", "1.5", "NaN", "Infinity", "-Infinity", "1e308", "2 ** 53 + 1", "Number.MIN_VALUE"][reader.choose(9)]
            case 1: return stringLiteral()
            case 2: return ["true", "false", "null", "undefined"][reader.choose(4)]
            case 3: return "\"\(reader.choose(100))\""
            case 4: return "[\(list())]"
            case 5: return "{" + (0..<reader.choose(5)).map { _ in key() + ": " + value() }.joined(separator: ", ") + "}"
            case 6: return ["Symbol('s')", "10n", "(function () {})", "(class {})", "(() => 1)", "Symbol.iterator"][reader.choose(6)]
            case 7: return ["new Date(0)", "new Date(NaN)", "new Date(8.64e15)", "new Date(-1.5)"][reader.choose(4)]
            case 8: return ["new Uint8Array([1, 2, 255])", "new Float64Array(3).buffer", "new Uint16Array(new ArrayBuffer(8), 2, 2)",
                            "new DataView(new ArrayBuffer(4))", "new ArrayBuffer(0)", "new Int32Array([-1]).subarray(1)"][reader.choose(6)]
            case 9: return "new Array(\(["0", "3", "100", "2 ** 22 + 1", "2 ** 32 - 1", "1000"][reader.choose(6)]))"
            case 10: return "(() => { const o = { a: \(value()) }; o.\(["self", "a"][reader.choose(2)]) = \(["o", "[o]", "{ o }"][reader.choose(3)]); return o; })()"
            case 11: return "{ get x() { throw new Error('getter'); }, y: \(value()) }"
            case 12: return ["new Proxy(\(value()), {})", "new Proxy({ a: 1 }, { ownKeys() { throw 1; } })",
                             "new Proxy([1], { get() { throw 2; } })", "new Proxy({ a: 1 }, { getOwnPropertyDescriptor() { throw 3; } })",
                             "new Proxy([], { get: (t, k) => k === 'length' ? \(["NaN", "-1", "1e300", "4294967296"][reader.choose(4)]) : 0 })"][reader.choose(5)]
            case 13:
                let levels = [1, 99, 100, 101, 5000][reader.choose(5)]
                return "JSON.parse(\"\(["[", "{\\\"d\\\":"][reader.choose(2)])\".repeat(\(levels)) + \"1\" + \"\(["]", "}"][reader.choose(2)])\".repeat(\(levels)))"
            case 14: return ["new Map([[1, 2]])", "new Set([1])", "/re/g", "new Error('e')", "Promise.resolve(1)", "new String('str')", "Math"][reader.choose(7)]
            case 15: return "Object.assign(Object.create(null), { k: \(value()) })"
            case 16: return "[1, , \(value())]"
            case 17: return "Object.assign([\(list())], { extra: 1 })"
            case 18: return "JSON.parse('{\"__proto__\": {\"polluted\": true}, \"x\": 1}')"
            default: return "Object.defineProperty({ v: \(value()) }, 'hidden', { value: 1, enumerable: false })"
            }
        }
    }

    /// Equality that counts NaN equal to NaN.
    static func same(_ a: BridgeValue, _ b: BridgeValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)), (.date(let x), .date(let y)):
            return x == y || (x.isNaN && y.isNaN)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.keys == y.keys && x.keys.allSatisfy { same(x[$0]!, y[$0]!) }
        default:
            return a == b
        }
    }

    static func pendingException() -> JSValueRef? {
        var exception: JSValueRef?
        _ = JSValueToNumber(context, JSValueMakeNumber(context, 0), &exception)
        return exception
    }

    static func run(_ data: UnsafeRawBufferPointer) {
        var generator = Generator(reader: FuzzReader(data))
        let source = "(" + generator.value() + ")"
        if ProcessInfo.processInfo.environment["FUZZ_SHOW_SOURCE"] != nil { FileHandle.standardError.write(Data((source + "\n").utf8)) }
        var exception: JSValueRef?
        let value = source.withCString { text -> JSValueRef? in
            let script = JSStringCreateWithUTF8CString(text)!
            defer { JSStringRelease(script) }
            return JSEvaluateScript(context, script, nil, nil, 1, &exception)
        }
        guard exception == nil, let value else { return }  // the generated JS itself threw
        JSValueProtect(context, value)
        do {
            // Unprotected here, in the context that made it: a `defer` of the whole
            // function ran after the context below was replaced, on a released one.
            defer { JSValueUnprotect(context, value) }
            do {
                let converted = try ValueConverter.value(context, value, root: "v")
                let back = converted.jsValue(in: context)
                let again = try ValueConverter.value(context, back, root: "v")
                guard same(converted, again) else { fatalError("round trip changed \(source): \(converted) became \(again)") }
            } catch {
                guard error.code == NativeError.invalidArgumentCode, error.message.hasPrefix("v") else {
                    fatalError("uncoded or misplaced error for \(source): \(error)")
                }
            }
            if let pending = pendingException() {
                fatalError("an exception was left pending after \(source): \(stringOf(context, pending))")
            }
        }
        inputs += 1
        if inputs % 300 == 0 {
            JSGlobalContextRelease(context)
            context = JSGlobalContextCreate(nil)!
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValueConversion(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ValueConversionFuzzer.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
