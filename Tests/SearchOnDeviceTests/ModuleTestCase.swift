import Foundation
import JSHost
import SearchIndex
import Synchronization
import XCTest
@testable import SearchOnDevice

/// Events the module sent, recorded in order (the "fake event sink").
final class RecordingEventSink: EventSending {
    private let recorded = Mutex<[(String, BridgeValue)]>([])

    func send(_ eventName: String, _ body: BridgeValue) {
        recorded.withLock { $0.append((eventName, body)) }
    }

    var events: [(name: String, body: BridgeValue)] { recorded.withLock { $0.map { ($0.0, $0.1) } } }
}

/// Lines written where the module warns (stderr in the host).
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// The shared base of the module tests: a real index in a fresh temporary directory,
/// the module over it, and helpers that call its methods as JS does and wait.
class ModuleTestCase: XCTestCase {
    static let appID = "org.example.Tests"

    var directory: String!
    var module: SearchOnDeviceModule!
    var warnings: WarningLog!
    var sink: RecordingEventSink!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "searchondevice-tests-" + UUID().uuidString
        warnings = WarningLog()
        sink = RecordingEventSink()
        module = makeModule()
    }

    override func tearDownWithError() throws {
        module = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A module over the test's data directory (opened lazily), warnings recorded.
    func makeModule(initialRequest: SearchRequest? = nil, fetcher: ThumbnailFetcher = ThumbnailFetcher()) -> SearchOnDeviceModule {
        let directory = directory!, warnings = warnings!
        return SearchOnDeviceModule(appID: Self.appID, dataDirectory: directory, initialRequest: initialRequest,
                                    fetcher: fetcher, warn: { warnings.append($0) }) {
            try SearchableIndex(directory: directory, defaultDomain: Self.appID)
        }
    }

    /// Calls a method and waits for its promise: the value, or the rejection.
    func result(_ method: String, _ arguments: [BridgeValue], on module: SearchOnDeviceModule? = nil) -> Result<BridgeValue, NativeError> {
        let outcome = Mutex<Result<BridgeValue, NativeError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        (module ?? self.module).call(method, arguments) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "\(method) settled")
        return outcome.withLock { $0 } ?? .failure(NativeError(code: "E_TEST", message: "\(method) never settled"))
    }

    /// Calls a method that must resolve; returns its value.
    @discardableResult
    func call(_ method: String, _ arguments: BridgeValue..., file: StaticString = #filePath, line: UInt = #line) throws -> BridgeValue {
        switch result(method, arguments) {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("\(method) rejected: \(error)", file: file, line: line)
            throw error
        }
    }

    /// Calls a method that must reject; returns the error.
    func rejection(_ method: String, _ arguments: BridgeValue..., file: StaticString = #filePath, line: UInt = #line) -> NativeError {
        switch result(method, arguments) {
        case .success(let value):
            XCTFail("\(method) resolved with \(value) instead of rejecting", file: file, line: line)
            return NativeError(code: "", message: "")
        case .failure(let error): return error
        }
    }

    /// Asserts that a call rejects with exactly this code and message.
    func assertRejects(_ method: String, _ arguments: BridgeValue..., code: String, message: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        switch result(method, arguments) {
        case .success(let value):
            XCTFail("\(method) resolved with \(value); expected \(code): \(message)", file: file, line: line)
        case .failure(let error):
            XCTAssertEqual(error, NativeError(code: code, message: message), file: file, line: line)
        }
    }

    /// The stored item `id` in the output shape, or `nil`.
    func item(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> BridgeObject? {
        let value = try call("getItems", [.string(id)], file: file, line: line)
        return value.arrayValue?.first?.objectValue
    }

    /// The ids of `search(text)`'s hits, best first.
    func searchIDs(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let hits = try call("search", .string(text), file: file, line: line)
        return (hits.arrayValue ?? []).map { $0["id"].stringValue ?? "?" }
    }
}

/// A small PNG (16 × 16) and its base64.
enum Fixture {
    static let pngBase64 = "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mO4HMJAEmIY1TCqYfhqAACojCcQ/+2WMwAAAABJRU5ErkJggg=="
    static var png: [UInt8] { [UInt8](Data(base64Encoded: pngBase64)!) }

    /// Writes the PNG to `directory/name` and returns its path.
    static func writePNG(in directory: String, name: String = "cover.png") throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try Data(png).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The bytes of a file.
    static func bytes(at path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
