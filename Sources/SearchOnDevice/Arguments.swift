import JSHost
import SearchIndex

/// The arguments of one call, read by position with errors that name them
/// (`ids[1] must be a string`); all `E_INVALID_ARGUMENT` unless said otherwise.
struct Arguments {
    let values: [BridgeValue]
    let reader = FieldReader.argument
    /// The JS promise of the call, for marking its phases (``BridgeTrace``); nil for
    /// calls made from Swift.
    let promise: Promise?

    init(_ values: [BridgeValue], promise: Promise? = nil) {
        self.values = values
        self.promise = promise
    }

    /// Notes that the call reached `point` (nothing unless the bridge traces calls).
    func mark(_ point: BridgeTrace.Point) {
        promise?.mark(point)
    }

    /// The argument at `position`; `undefined` when JS passed fewer.
    subscript(position: Int) -> BridgeValue {
        position < values.count ? values[position] : .undefined
    }

    /// A required array of strings, named `name` in errors.
    func strings(_ position: Int, _ name: String) throws(NativeError) -> [String] {
        let value = self[position]
        guard case .array(let elements) = value else {
            throw reader.failure(name, "must be an array of strings, got \(value.typeName)")
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw reader.failure("\(name)[\(index)]", "must be a string, got \(element.typeName)")
            }
            result.append(text)
        }
        return result
    }

    /// A required string, named `name` in errors.
    func string(_ position: Int, _ name: String) throws(NativeError) -> String {
        try reader.string(self[position], name)
    }

    /// An options object: `undefined`/`null` is empty; other keys than `allowed` are refused.
    func options(_ position: Int, method: String, allowed: [String]) throws(NativeError) -> BridgeObject {
        let value = self[position]
        if value.isNullish { return BridgeObject() }
        guard case .object(let object) = value else {
            throw reader.failure("options", "must be an object, got \(value.typeName)")
        }
        for key in object.keys where !allowed.contains(key) {
            throw reader.failure("options.\(key)", "is not an option of \(method) (\(allowed.joined(separator: ", ")))")
        }
        return object
    }
}

extension BridgeObject {
    /// The member `key`, `nil` when missing, `undefined` or `null`.
    func given(_ key: String) -> BridgeValue? {
        guard let value = self[key], !value.isNullish else { return nil }
        return value
    }
}
