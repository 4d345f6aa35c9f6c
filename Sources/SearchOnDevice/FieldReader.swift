import Foundation
import JSHost
import SearchIndex

/// Reads typed values out of bridge values, answering a wrong one with an error that
/// names its path (`items[3].keywords must be an array of strings`).
///
/// One reader serves items (`E_INVALID_ITEM`) and other arguments
/// (`E_INVALID_ARGUMENT`); only the code differs.
struct FieldReader: Sendable {
    /// The code of the errors this reader throws.
    let code: String

    static let item = FieldReader(code: IndexError.invalidItem)
    static let argument = FieldReader(code: IndexError.invalidArgument)

    /// The error for the value at `path`: `"\(path) \(problem)"`, or the problem alone
    /// for an empty path (the object itself, when its caller names it).
    func failure(_ path: String, _ problem: String) -> NativeError {
        NativeError(code: code, message: path.isEmpty ? problem : "\(path) \(problem)")
    }

    func string(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> String {
        guard case .string(let text) = value else { throw failure(path(), "must be a string, got \(value.typeName)") }
        return text
    }

    func nonEmptyString(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> String {
        guard case .string(let text) = value, !text.isEmpty else {
            throw failure(path(), "must be a non-empty string, got \(describe(value))")
        }
        return text
    }

    func strings(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> [String] {
        guard case .array(let elements) = value else {
            throw failure(path(), "must be an array of strings, got \(value.typeName)")
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw failure(path(), "must be an array of strings (\(path())[\(index)] is \(element.typeName))")
            }
            result.append(text)
        }
        return result
    }

    func bool(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> Bool {
        guard case .bool(let flag) = value else { throw failure(path(), "must be a boolean, got \(value.typeName)") }
        return flag
    }

    func rankingHint(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> Double {
        guard case .number(let number) = value, number.isFinite, number >= 0, number <= 100 else {
            throw failure(path(), "must be a number from 0 to 100, got \(describe(value))")
        }
        return number
    }

    /// A positive integer (`limit`).
    func positiveInteger(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> Int {
        guard case .number(let number) = value, number >= 1, number <= 1e9, number == number.rounded() else {
            throw failure(path(), "must be a positive integer, got \(describe(value))")
        }
        return Int(number)
    }

    /// A non-negative integer (`offset`).
    func nonNegativeInteger(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> Int {
        guard case .number(let number) = value, number >= 0, number <= 1e9, number == number.rounded() else {
            throw failure(path(), "must be a non-negative integer, got \(describe(value))")
        }
        return Int(number)
    }

    /// A date: ms since the epoch, a JS `Date`, or an ISO-8601 string.
    func date(_ value: BridgeValue, _ path: @autoclosure () -> String) throws(NativeError) -> Date {
        let problem = "must be a date (ms since the epoch, a Date or an ISO-8601 string)"
        switch value {
        case .number(let ms), .date(let ms):
            guard ms.isFinite, abs(ms) <= 8.64e15 else { throw failure(path(), "\(problem), got \(describe(value))") }
            return Date(timeIntervalSince1970: ms / 1000)
        case .string(let text):
            guard let date = ISO8601.parse(text) else { throw failure(path(), "\(problem), got \(describe(value))") }
            return date
        default:
            throw failure(path(), "\(problem), got \(value.typeName)")
        }
    }

    /// A custom attribute value: a string, finite number or boolean, or an array of those.
    func attributeValue(_ value: BridgeValue, _ path: @autoclosure () -> String, nested: Bool = false) throws(NativeError) -> AttributeValue {
        switch value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .number(let number) where number.isFinite: return .number(number)
        case .array(let elements) where !nested:
            var values: [AttributeValue] = []
            for (index, element) in elements.enumerated() {
                values.append(try attributeValue(element, "\(path())[\(index)]", nested: true))
            }
            return .array(values)
        default:
            let allowed = nested ? "a string, finite number or boolean" : "a string, finite number, boolean or an array of those"
            throw failure(path(), "must be \(allowed), got \(describe(value))")
        }
    }

    /// An object of custom attributes (keys `[A-Za-z0-9_]+`); with `allowingNull`, a
    /// `null` value is returned as `nil` (an update removing that key).
    func attributes(_ value: BridgeValue, _ path: @autoclosure () -> String, allowingNull: Bool) throws(NativeError) -> [(String, AttributeValue?)] {
        guard case .object(let object) = value else {
            throw failure(path(), "must be an object of custom attributes, got \(value.typeName)")
        }
        var result: [(String, AttributeValue?)] = []
        for (key, member) in object.entries {
            guard AttributeValue.isValidKey(key) else {
                throw failure(path(), "key '\(key)' must match [A-Za-z0-9_]+")
            }
            if member == .undefined { continue }
            if member == .null {
                guard allowingNull else { throw failure("\(path()).\(key)", "must be a string, finite number, boolean or an array of those, got null") }
                result.append((key, nil))
                continue
            }
            result.append((key, try attributeValue(member, "\(path()).\(key)")))
        }
        return result
    }

    /// A short description of a value for messages: its type, and its text when short.
    func describe(_ value: BridgeValue) -> String {
        switch value {
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text):
            return text.count <= 40 ? "'\(text)'" : "a string of \(text.count) characters"
        case .bool(let flag):
            return String(flag)
        default:
            return value.typeName
        }
    }
}
