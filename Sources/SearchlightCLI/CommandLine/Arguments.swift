import Foundation

/// One option a command accepts: the same declaration parses the command line
/// and writes `--help`, so the two never drift apart.
struct OptionSpec: Sendable {
    enum Kind: Sendable { case flag, value, repeated }
    let name: String          // without the leading dashes
    let kind: Kind
    let valueName: String     // shown in help: --limit N
    let help: String

    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, valueName: "", help: help)
    }
    static func value(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value, valueName: valueName, help: help)
    }
    static func repeated(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .repeated, valueName: valueName, help: help)
    }
}

/// A usage error: the command line itself is wrong. Exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A failure while doing what was asked. Exit code 1.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The command line after parsing: options by name, positionals in order.
struct ParsedArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positionals: [String] = []
    /// Arguments after the script (for `run`) or after `--`: passed through untouched.
    var passthrough: [String] = []

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// An option's value as an integer in a range, or a usage error naming it.
    func integer(_ name: String, default defaultValue: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }
}

/// Parses `arguments` against `specs`. When `stopAtFirstPositional` is set
/// (used by `run SCRIPT ARGS…`), everything after the first positional goes to the
/// script as `process.argv`, except the host's own options (`--activate ID`,
/// `--data-dir DIR`, …), which may stand before or after the script as SPEC §1
/// shows them; after a `--`, every argument goes to the script untouched.
func parseArguments(_ arguments: [String], specs: [OptionSpec], stopAtFirstPositional: Bool = false) throws -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    func spec(named name: String) -> OptionSpec? { specs.first { $0.name == name } }
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if argument == "--" {
            parsed.passthrough.append(contentsOf: arguments[index...])
            break
        }
        if argument.hasPrefix("--"), argument.count > 2 {
            var name = String(argument.dropFirst(2))
            let scriptStarted = stopAtFirstPositional && !parsed.positionals.isEmpty
            let optionName = name.split(separator: "=", maxSplits: 1).first.map(String.init) ?? name
            if scriptStarted, optionName == "help" || spec(named: optionName) == nil {
                parsed.passthrough.append(argument)
                continue
            }
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec(named: name) else {
                throw UsageError("unknown option '--\(name)'")
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError("--\(name) needs a value (\(option.valueName))")
                    }
                    value = arguments[index]
                    index += 1
                }
                if option.kind == .value {
                    parsed.values[name] = [value]
                } else {
                    parsed.values[name, default: []].append(value)
                }
            }
            continue
        }
        if argument == "-h" && !(stopAtFirstPositional && !parsed.positionals.isEmpty) {
            parsed.flags.insert("help")
            continue
        }
        if stopAtFirstPositional && !parsed.positionals.isEmpty {
            parsed.passthrough.append(argument)
        } else {
            parsed.positionals.append(argument)
        }
    }
    return parsed
}
