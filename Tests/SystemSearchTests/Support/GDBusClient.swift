import CGLib
import Foundation
import XCTest

/// A real D-Bus client: runs `gdbus call` and parses what it prints back into a GVariant.
struct GDBusClient {
    let busAddress: String
    let busName: String
    let objectPath: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Calls `interface.method` with arguments in GVariant text form; returns the reply tuple.
    func call(_ interface: String, _ method: String, _ arguments: String...) throws -> ParsedVariant {
        let result = try runProcess("/usr/bin/gdbus", ["call", "--address", busAddress, "--dest", busName,
                                                       "--object-path", objectPath, "--method", "\(interface).\(method)"] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "gdbus call \(method) failed (\(result.status)): \(result.error)")
        }
        return try ParsedVariant(text: result.output)
    }
}

/// A parsed GVariant owned by the test, with readers for what the tests check.
final class ParsedVariant {
    let value: OpaquePointer

    init(text: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_variant_parse(nil, text, nil, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            throw GDBusClient.Failure(description: "cannot parse gdbus output '\(text)': \(message)")
        }
        self.value = g_variant_ref_sink(value)
    }

    init(owning value: OpaquePointer) {
        self.value = value
    }

    deinit { g_variant_unref(value) }

    var typeString: String { String(cString: g_variant_get_type_string(value)) }
    var count: Int { Int(g_variant_n_children(value)) }

    subscript(index: Int) -> ParsedVariant {
        ParsedVariant(owning: g_variant_get_child_value(value, gsize(index)))
    }

    /// The value under `key` of an `a{sv}`, unboxed, or nil.
    func lookup(_ key: String) -> ParsedVariant? {
        g_variant_lookup_value(value, key, nil).map { ParsedVariant(owning: $0) }
    }

    var string: String { String(cString: g_variant_get_string(value, nil)) }
    var strings: [String] { (0..<count).map { self[$0].string } }
    var int32: Int32 { g_variant_get_int32(value) }
    var uint32: UInt32 { g_variant_get_uint32(value) }
    var bool: Bool { g_variant_get_boolean(value) != 0 }
    var double: Double { g_variant_get_double(value) }
    var bytes: [UInt8] { (0..<count).map { g_variant_get_byte(self[$0].value) } }

    /// For a serialized GIcon: the names when it is a themed icon.
    var themedIconNames: [String]? {
        guard let icon = g_icon_deserialize(value) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        guard g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(icon), g_themed_icon_get_type()) != 0,
              let names = g_themed_icon_get_names(icon) else { return nil }
        var result: [String] = []
        var index = 0
        while let name = names[index] { result.append(String(cString: name)); index += 1 }
        return result
    }

    /// For a serialized GIcon: the file path when it is a file icon.
    var fileIconPath: String? {
        guard let icon = g_icon_deserialize(value) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        guard g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(icon), g_file_icon_get_type()) != 0 else { return nil }
        let file = g_file_icon_get_file(icon)
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}

/// Runs a program to completion; returns exit status, stdout and stderr.
func runProcess(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Both pipes are drained on threads of their own, so a chatty child cannot block
    // on a full pipe, and reads survive signals.
    let outputText = OutputCollector(), errorText = OutputCollector()
    outputText.collect(from: output.fileHandleForReading)
    errorText.collect(from: error.fileHandleForReading)
    process.waitUntilExit()
    _ = outputText.waitForEnd(seconds: 30)
    _ = errorText.waitForEnd(seconds: 30)
    return (process.terminationStatus, outputText.all, errorText.all.trimmingCharacters(in: .newlines))
}
