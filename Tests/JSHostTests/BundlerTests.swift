import Foundation
import JSHost
import TestSupport
import XCTest

/// Modern JS through esbuild: the bundle cache, the missing-esbuild error, and error
/// positions mapped back to TypeScript, with the real host JS (js/host).
final class BundlerTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bundler-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try XCTSkipUnless(esbuildInstalled, "esbuild is not installed (apt-get install esbuild)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private var esbuildInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: $0 + "/esbuild")
        }
    }

    @discardableResult
    private func write(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func bundler(esbuild: String? = nil) -> JSBundler {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
        if let esbuild { environment["SEARCHLIGHT_ESBUILD"] = esbuild }
        return JSBundler(jsDirectory: JSHost.defaultJSDirectory(), environment: environment)
    }

    // MARK: The cache

    func testSecondBundleOfAnUnchangedAppComesFromTheCacheWithoutEsbuild() throws {
        let app = try write("app/main.ts", "import { twice } from './math';\nconsole.log(twice(21));\n")
        try write("app/math.ts", "export const twice = (n: number): number => n * 2;\n")
        let first = try bundler().bundle(entry: app)
        XCTAssertFalse(first.fromCache)
        XCTAssertTrue(first.code.hasPrefix(root.appendingPathComponent("cache/searchlight/bundles/").path), first.code)
        let bundled = try String(contentsOfFile: first.code, encoding: .utf8)
        XCTAssertTrue(bundled.contains("n * 2"), bundled)
        XCTAssertFalse(bundled.contains(": number"), "types are stripped")

        let second = try bundler().bundle(entry: app)
        XCTAssertTrue(second.fromCache)
        XCTAssertEqual(second.code, first.code)
        // Without any esbuild the cached bundle still serves: the check never runs it.
        let offline = try bundler(esbuild: "/nonexistent/esbuild").bundle(entry: app)
        XCTAssertTrue(offline.fromCache)
        XCTAssertEqual(offline.code, first.code)
    }

    func testACacheHitNeverStartsAnInstalledEsbuild() throws {
        // An esbuild that logs each start, then runs the real one.
        let log = root.appendingPathComponent("esbuild-starts.log").path
        let esbuild = try write("bin/esbuild", "#!/bin/sh\necho \"$@\" >> '\(log)'\nexec esbuild \"$@\"\n")
        chmod(esbuild, 0o755)
        let app = try write("app/main.tsx", "const h = (t: string) => t;\n/** @jsx h */\nconsole.log(<b />);\n")
        XCTAssertFalse(try bundler(esbuild: esbuild).bundle(entry: app).fromCache)
        let starts = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertEqual(starts.split(separator: "\n").count, 2, "--version, then the bundle: \(starts)")
        XCTAssertTrue(try bundler(esbuild: esbuild).bundle(entry: app).fromCache)
        XCTAssertTrue(try bundler(esbuild: esbuild).bundle(entry: app).fromCache)
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), starts, "no start on a cache hit")
    }

    func testChangingAnImportedFileMissesTheCache() throws {
        let app = try write("app/main.mjs", "import { greeting } from './greeting.mjs';\nconsole.log(greeting);\n")
        let greeting = try write("app/greeting.mjs", "export const greeting = 'hello';\n")
        let first = try bundler().bundle(entry: app)
        XCTAssertTrue(try bundler().bundle(entry: app).fromCache)

        try "export const greeting = 'bonjour';\n".write(toFile: greeting, atomically: true, encoding: .utf8)
        let changed = try bundler().bundle(entry: app)
        XCTAssertFalse(changed.fromCache)
        XCTAssertNotEqual(changed.code, first.code)
        XCTAssertTrue(try String(contentsOfFile: changed.code, encoding: .utf8).contains("bonjour"))
        // With esbuild gone, a changed input cannot be served from the cache.
        try "export const greeting = 'hola';\n".write(toFile: greeting, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try bundler(esbuild: "/nonexistent/esbuild").bundle(entry: app)) { error in
            XCTAssertEqual((error as? BundleError)?.code, BundleError.esbuildMissingCode)
        }
    }

    func testChangingTsconfigMissesTheCache() throws {
        let app = try write("jsx/main.jsx", "const h = (t) => t;\nconsole.log(<b />);\n")
        XCTAssertFalse(try bundler().bundle(entry: app).fromCache)
        XCTAssertTrue(try bundler().bundle(entry: app).fromCache)
        try write("jsx/tsconfig.json", "{ \"extends\": \"../shared/base\" }\n")
        try write("shared/base.json", "{ \"compilerOptions\": { \"jsxFactory\": \"h\" } }\n")
        let rebuilt = try bundler().bundle(entry: app)
        XCTAssertFalse(rebuilt.fromCache)
        XCTAssertTrue(try String(contentsOfFile: rebuilt.code, encoding: .utf8).contains("h(\"b\""))
        XCTAssertTrue(try bundler().bundle(entry: app).fromCache)
        // A change in the config it extends counts as well.
        try write("shared/base.json", "{ \"compilerOptions\": { \"jsxFactory\": \"g\" } }\n")
        let again = try bundler().bundle(entry: app)
        XCTAssertFalse(again.fromCache)
        XCTAssertTrue(try String(contentsOfFile: again.code, encoding: .utf8).contains("g(\"b\""))
    }

    func testPlainCommonJSIsNotBundled() throws {
        let plain = try write("plain.js", "const x = require('./x');\nmodule.exports = { import: x };\n")
        let module = try write("module.js", "export default 1;\n")
        let bundles = try bundler(esbuild: "/nonexistent/esbuild").prepare([plain])
        XCTAssertEqual(bundles, [:])
        XCTAssertTrue(bundler().needsBundling(module))
    }

    func testEsbuildErrorsNameTheFile() throws {
        let app = try write("broken.ts", "import { nothing } from './nowhere';\nconsole.log(nothing);\n")
        XCTAssertThrowsError(try bundler().bundle(entry: app, shownAs: "broken.ts")) { error in
            let error = error as? BundleError
            XCTAssertEqual(error?.code, BundleError.bundleFailedCode)
            XCTAssertTrue(error?.message.hasPrefix("cannot bundle broken.ts with esbuild:") == true, error?.message ?? "")
            XCTAssertTrue(error?.message.contains("./nowhere") == true, error?.message ?? "")
        }
    }

    // MARK: The command line

    func testMissingEsbuildIsOneLineNamingTheFileAndTheFix() throws {
        let app = try write("needs.ts", "const n: number = 1;\nconsole.log(n);\n")
        let result = try runHost(["run", app], esbuild: "/nonexistent/esbuild")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, result.standardError)
        XCTAssertTrue(result.standardError.hasPrefix("searchlight run: \(app) needs bundling"), result.standardError)
        XCTAssertTrue(result.standardError.contains("/nonexistent/esbuild"), result.standardError)
        XCTAssertTrue(result.standardError.contains("apt-get install esbuild"), result.standardError)

        let withoutOnPath = try runHost(["run", app], path: root.path)
        XCTAssertEqual(withoutOnPath.status, 1)
        XCTAssertEqual(withoutOnPath.standardError, "searchlight run: \(app) needs bundling (import/export, TypeScript or JSX) but esbuild is not installed (not on PATH); install it with `apt-get install esbuild`\n")
    }

    func testPlainCommonJSRunsWithoutEsbuild() throws {
        let app = try write("plain.js", "const { Platform } = require('react-native');\nconsole.log(Platform.OS);\n")
        let result = try runHost(["run", app], esbuild: "/nonexistent/esbuild")
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "linux\n")
    }

    func testUncaughtThrowInTypeScriptNamesTheTsFileLineAndColumn() throws {
        try write("ts/shapes.ts", """
            export interface Shape { sides: number }

            export function describe(shape: Shape): string {
              if (shape.sides < 3) throw new TypeError(`${shape.sides} sides make no polygon`);
              return `${shape.sides}-gon`;
            }

            """)
        let app = try write("ts/app.ts", """
            import { describe, type Shape } from './shapes';
            const shapes: Shape[] = [{ sides: 4 }, { sides: 2 }];
            for (const shape of shapes) console.log(describe(shape));

            """)
        let shapes = root.appendingPathComponent("ts/shapes.ts").path
        let result = try runHost(["run", app])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardOutput, "4-gon\n")
        // Line 4 `  if (shape.sides < 3) throw new TypeError(`: the engine puts a
        // `new X(…)` at its `(` (column 43), as for plain JS.
        XCTAssertTrue(result.standardError.hasPrefix("\(shapes):4:43 TypeError: 2 sides make no polygon\n"), result.standardError)
        XCTAssertTrue(result.standardError.contains("    at describe (\(shapes):4:43)\n"), result.standardError)
        XCTAssertTrue(result.standardError.contains("    at \(app):3:49\n"), result.standardError)
        XCTAssertFalse(result.standardError.contains("/bundles/"), result.standardError)
    }

    func testFailedTestInTypeScriptIsLocatedInTheTsFile() throws {
        let file = try write("suite/math.test.ts", """
            import assert from 'assert';
            import { test } from 'test';
            const half = (n: number): number => n / 2;
            test('halves', () => {
              assert.strictEqual(half(3), 1);
            });

            """)
        let result = try runHost(["test", root.appendingPathComponent("suite").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardOutput.contains("not ok - halves\n  \(file):5:"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.hasSuffix("0 passed, 1 failed\n"), result.standardOutput)
    }

    func testSecondRunOfTheSameAppUsesTheCache() throws {
        let app = try write("cached/app.mjs", "import { Platform } from 'react-native';\nconsole.log(`on ${Platform.OS}`);\n")
        let first = try runHost(["run", app])
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(first.standardOutput, "on linux\n")
        // An esbuild that is not there: the second run must not need it.
        let second = try runHost(["run", app], esbuild: "/nonexistent/esbuild")
        XCTAssertEqual(second.status, 0, second.standardError)
        XCTAssertEqual(second.standardOutput, "on linux\n")
    }

    func testExampleAppsRun() throws {
        let examples = (JSHost.defaultJSDirectory() as NSString).deletingLastPathComponent + "/examples"
        let esm = try runHost(["run", examples + "/esm/app.mjs"])
        XCTAssertEqual(esm.status, 0, esm.standardError)
        XCTAssertEqual(esm.standardOutput, """
            platform: linux
            recipes: 4
            Pancakes (9 points)
            Pasta Al Limone (9 points)
            opened pasta-1

            """)
        let typescript = try runHost(["run", examples + "/typescript/app.ts"])
        XCTAssertEqual(typescript.status, 0, typescript.standardError)
        XCTAssertTrue(typescript.standardOutput.hasPrefix("linux: 3 audiobooks\n"), typescript.standardOutput)
        // With SearchOnDevice in the host it indexes and searches on device, else in memory.
        XCTAssertTrue(typescript.standardOutput.contains("found ab-2 Walden\n"), typescript.standardOutput)
        XCTAssertTrue(typescript.standardOutput.contains("found ab-3 The Call of the Wild\n"), typescript.standardOutput)
        XCTAssertTrue(typescript.standardOutput.contains("indexed 3\n") || typescript.standardOutput.contains("searching in memory"), typescript.standardOutput)
        XCTAssertTrue(typescript.standardOutput.hasSuffix("オーディオブック入門: 山田太郎 · short (95 min)\n"), typescript.standardOutput)
    }

    /// Runs the built `searchlight` with the repository's js/, a cache under the test's
    /// folder and, when given, `SEARCHLIGHT_ESBUILD` and `PATH`.
    private func runHost(_ arguments: [String], esbuild: String? = nil, path: String? = nil) throws -> ProcessResult {
        guard let binary = BuiltSearchlight.url else {
            XCTFail(BuiltSearchlight.missing)
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SEARCHLIGHT_JS_DIR"] = JSHost.defaultJSDirectory()
        environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
        // `run` opens the app's index under the data home: keep it in the test's folder.
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
        environment["SEARCHLIGHT_ESBUILD"] = esbuild
        if let path { environment["PATH"] = path }
        process.environment = environment
        process.currentDirectoryURL = root
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             standardOutput: String(decoding: outputData, as: UTF8.self),
                             standardError: String(decoding: errorData, as: UTF8.self))
    }
}
