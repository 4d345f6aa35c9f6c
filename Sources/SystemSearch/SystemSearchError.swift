/// A failure of the system-search service, its client or `install`, with a code
/// callers can match and a message that names the problem.
public struct SystemSearchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is (see the static constants).
    public var code: String
    /// One line for a person: what went wrong and with what.
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// An argument was not acceptable (an app id that is no bus name, an empty id).
    public static let invalidArgument = "E_INVALID_ARGUMENT"
    /// The session bus could not be reached.
    public static let busUnavailable = "E_BUS_UNAVAILABLE"
    /// Another process already owns the app's bus name.
    public static let nameTaken = "E_NAME_TAKEN"
    /// The app could not be reached (not running and not D-Bus activatable, or it failed).
    public static let unreachable = "E_UNREACHABLE"
    /// A D-Bus call or registration failed for another reason.
    public static let dbusFailure = "E_DBUS_FAILURE"
    /// Writing a file failed.
    public static let ioFailure = "E_IO"
}
