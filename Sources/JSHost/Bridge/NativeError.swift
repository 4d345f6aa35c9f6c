/// An error a native module gives back to JS: a rejected promise or a thrown `Error`
/// whose `.code` is ``code`` and whose `.message` is ``message``.
public struct NativeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable code such as `E_INVALID_ARGUMENT`.
    public var code: String
    /// One line naming the problem and, where there is one, the offending value's path.
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// The code for a JS value that has the wrong type or shape, or cannot cross the bridge.
    public static let invalidArgumentCode = "E_INVALID_ARGUMENT"

    /// An `E_INVALID_ARGUMENT` error naming `path`: `args[0].a.b: functions cannot cross the bridge`.
    public static func invalidArgument(_ path: String, _ problem: String) -> NativeError {
        NativeError(code: invalidArgumentCode, message: "\(path): \(problem)")
    }

    /// The error for a Swift error that is not a `NativeError`: code `E_NATIVE`.
    static func wrapping(_ error: Error) -> NativeError {
        if let error = error as? NativeError { return error }
        return NativeError(code: "E_NATIVE", message: String(describing: error))
    }
}
