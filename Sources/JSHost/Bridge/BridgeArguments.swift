import CJavaScriptCore
import Synchronization

/// The arguments of a native call whose conversion waits until the method reads them,
/// so that a large argument is converted off the JS thread.
///
/// Converting a JS object member by member costs 5+ C API calls per property, each
/// taking the JS lock, all on the JS thread: seconds for a 100k-item import
/// (docs/benchmarks.md, "Figures behind choices in the code"). An array argument (a batch)
/// that JSON carries exactly (see ``JSONArguments``) is instead taken as one
/// `JSON.stringify` text on the JS thread and parsed by ``values()`` wherever the
/// method calls it. The values and errors are those of the member-by-member
/// conversion, which still handles everything else.
public struct BridgeArguments: Sendable {
    enum Argument: Sendable {
        case value(BridgeValue)
        case json(Stringified, position: Int)
    }

    let arguments: [Argument]

    /// Arguments already converted (for tests and for calls made from Swift).
    public init(_ values: [BridgeValue]) {
        arguments = values.map { .value($0) }
    }

    /// Arguments as `JSON.stringify` texts, one per argument (`nil` for `undefined`),
    /// parsed when ``values()`` is called (on whatever thread calls it), with the
    /// same values and errors as for the headless host's JSON arguments: for hosts
    /// whose JS runs elsewhere (the window host's web page).
    public init(jsonTexts: [String?]) {
        arguments = jsonTexts.enumerated().map { position, text in
            guard let text else { return .value(.undefined) }
            var units = Array(text.utf16)
            let ref = units.withUnsafeMutableBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }!
            return .json(Stringified(ref), position: position)
        }
    }

    init(arguments: [Argument]) {
        self.arguments = arguments
    }

    /// The number of arguments JS passed.
    public var count: Int { arguments.count }

    /// The arguments as bridge values, parsing those taken as JSON; throws
    /// ``NativeError/invalidArgument(_:_:)`` naming the path (`args[0][3].title: …`)
    /// exactly as the JS-thread conversion does. Callable on any thread.
    public func values() throws(NativeError) -> [BridgeValue] {
        var values: [BridgeValue] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments {
            switch argument {
            case .value(let value): values.append(value)
            case .json(let text, let position): values.append(try text.parse(root: "args", position: position))
            }
        }
        return values
    }

    /// A `JSON.stringify` result, parsed once: the text (which for a 100k-item batch
    /// is 60 MB, and twice that as UTF-16) is released as soon as it is parsed, not
    /// kept until the call finishes.
    final class Stringified: Sendable {
        // A JSStringRef is an immutable, thread-safe reference-counted string that
        // holds its own copy of the text; nothing of the JS heap is reached through it.
        private struct Text: @unchecked Sendable {
            let ref: JSStringRef
        }

        private enum State: Sendable {
            case text(Text)
            case parsed(Result<BridgeValue, NativeError>)
        }

        private let state: Mutex<State>

        init(_ ref: JSStringRef) { state = Mutex(.text(Text(ref: ref))) }

        deinit {
            state.withLock { state in
                if case .text(let text) = state { JSStringRelease(text.ref) }
            }
        }

        func parse(root: String, position: Int) throws(NativeError) -> BridgeValue {
            let result = state.withLock { state -> Result<BridgeValue, NativeError> in
                switch state {
                case .parsed(let result):
                    return result
                case .text(let text):
                    let result = Result { () throws(NativeError) -> BridgeValue in
                        try JSONArgumentParser.parse(utf16Units(of: text.ref), root: root, position: position)
                    }
                    JSStringRelease(text.ref)
                    state = .parsed(result)
                    return result
                }
            }
            return try result.get()
        }
    }
}
