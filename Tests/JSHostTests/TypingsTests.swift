import Foundation
import JSHost
import XCTest

/// TypeScript resolves the built-in modules to js/modules/*/index.d.ts through
/// js/tsconfig.base.json: the TypeScript example and tests type-check, and a misuse
/// does not. Skipped when `tsc` (Debian `node-typescript`) is not installed.
final class TypingsTests: XCTestCase {
    private var jsDirectory: String { JSHost.defaultJSDirectory() }

    private func tsc() throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard let directory = directories.first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/tsc") }) else {
            throw XCTSkip("tsc is not installed (apt-get install node-typescript): the typings are not checked")
        }
        return directory + "/tsc"
    }

    private func typeCheck(_ project: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try tsc())
        process.arguments = ["--noEmit", "-p", project]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testTypeScriptExampleAndTestsTypeCheck() throws {
        let repository = (jsDirectory as NSString).deletingLastPathComponent
        for project in [repository + "/examples/typescript", jsDirectory + "/test/esm"] {
            let result = try typeCheck(project)
            XCTAssertEqual(result.status, 0, "tsc --noEmit -p \(project):\n\(result.output)")
        }
    }

    func testAMisuseOfABuiltinIsATypeError() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "{ \"extends\": \"\(jsDirectory)/tsconfig.base.json\", \"include\": [\"*.ts\"] }\n"
            .write(to: root.appendingPathComponent("tsconfig.json"), atomically: true, encoding: .utf8)
        try """
            import { Platform } from 'react-native';
            import { indexItem } from 'searchlight';
            import SpotlightSearch from 'react-native-spotlight-search';
            const os: number = Platform.OS;
            indexItem({ title: 'no id' });
            SpotlightSearch.indexItems('not an array');

            """.write(to: root.appendingPathComponent("app.ts"), atomically: true, encoding: .utf8)
        let result = try typeCheck(root.path)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("app.ts(4,7): error TS2322"), result.output)
        XCTAssertTrue(result.output.contains("app.ts(5,"), result.output)
        XCTAssertTrue(result.output.contains("app.ts(6,28): error TS2345"), result.output)
    }
}
