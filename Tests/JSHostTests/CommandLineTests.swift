import JSHost
import XCTest

/// `searchlight run` and `searchlight test` as a user runs them: exit codes and stderr.
final class CommandLineTests: XCTestCase {
    func testUncaughtErrorExitsOneNamingFileLineAndColumn() throws {
        let js = try TemporaryJS()
        let script = try js.write("app/crash.js", "const x = 1;\nfunction f() {\n  null.boom;\n}\nsetTimeout(f, 1);\n")
        let result = try runSearchlight(["run", script], js: js)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("\(script):3:7 TypeError"), result.standardError)
    }

    func testErrorOnTheFirstLineNamesTheLine() throws {
        let js = try TemporaryJS()
        let script = try js.write("first.js", "throw new Error('at once');\n")
        let result = try runSearchlight(["run", script], js: js)
        XCTAssertEqual(result.status, 1)
        // JSC puts a `new Error(…)` at the end of its callee: column 16, plus the wrapper.
        XCTAssertTrue(result.standardError.contains("\(script):1:\(16 + 61) "), result.standardError)
        XCTAssertTrue(result.standardError.contains("Error: at once"), result.standardError)
    }

    func testUnhandledRejectionExitsOne() throws {
        let js = try TemporaryJS()
        let script = try js.write("reject.js", "setTimeout(() => {}, 5);\nPromise.reject(new Error('nobody listens'));\n")
        let result = try runSearchlight(["run", script], js: js)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("Error: nobody listens"), result.standardError)
        XCTAssertTrue(result.standardError.contains("\(script):2:"), result.standardError)
    }

    func testExitCodeIsProcessExitCode() throws {
        let js = try TemporaryJS()
        let script = try js.write("code.js", "process.exitCode = 3;\nsetTimeout(() => console.log('still ran'), 5);\n")
        let result = try runSearchlight(["run", script, "--not-an-option", "x"], js: js)
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.standardOutput, "still ran\n")
    }

    func testScriptArgumentsReachArgv() throws {
        let js = try TemporaryJS()
        let script = try js.write("argv.js", "console.log(JSON.stringify(process.argv.slice(1)));\n")
        // Host options may follow the script; unknown ones and all after `--` are the script's.
        let result = try runSearchlight(["run", script, "--activate", "item-1", "--verbose", "two words", "--", "--serve"], js: js)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "[\"\(script)\",\"--verbose\",\"two words\",\"--serve\"]\n")
    }

    func testNonASCIIScriptsAndStringsCrossIntact() throws {
        let js = try TemporaryJS()
        // A #! line, accents, CJK and an emoji in the source; lone surrogates printed as U+FFFD.
        let script = try js.write("unicode.js", """
            #!/usr/bin/env searchlight run
            const greeting = 'Grüße, 你好 😀';
            console.log(greeting, greeting.length);
            console.log(['\\ud800', '\\udc00x', '\\ud83dA', 'z\\ud83d'].join('|'));
            throw new Error('wo ist der Fehler? 错误');
            """)
        let result = try runSearchlight(["run", script], js: js)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardOutput, "Grüße, 你好 😀 12\n\u{FFFD}|\u{FFFD}x|\u{FFFD}A|z\u{FFFD}\n")
        XCTAssertTrue(result.standardError.contains("\(script):5:"), result.standardError)
        XCTAssertTrue(result.standardError.contains("Error: wo ist der Fehler? 错误"), result.standardError)
    }

    func testMissingScriptIsAFailure() throws {
        let js = try TemporaryJS()
        let result = try runSearchlight(["run", "nowhere.js"], js: js)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "searchlight run: cannot find the script 'nowhere.js' (no such file)\n")
    }

    func testTestFindsTestFilesRecursivelyInOrderAndFailsOnAFailure() throws {
        let js = try TemporaryJS()
        try js.write("suite/b.test.js", "console.log('b ran');\n")
        try js.write("suite/a/z.test.js", "NativeModules.BridgeTest.noop();\n")
        try js.write("suite/a.test.js", "throw new Error('a fails');\n")
        try js.write("suite/helper.js", "throw new Error('not a test');\n")
        let result = try runSearchlight(["test", "suite"], js: js)
        XCTAssertEqual(result.status, 1, result.standardError)
        let suite = js.root.appendingPathComponent("suite").path
        XCTAssertEqual(result.standardOutput, """
            not ok \(suite)/a.test.js: Error: a fails
            ok \(suite)/a/z.test.js
            b ran
            ok \(suite)/b.test.js
            2 passed, 1 failed

            """)
    }

    func testTestPassesWhenAllPass() throws {
        let js = try TemporaryJS()
        try js.write("ok/one.test.js", "if (NativeModules.BufferedBridgeTest.getConstants().answer !== 42) throw new Error('no module');\n")
        let result = try runSearchlight(["test", js.root.appendingPathComponent("ok").path], js: js)
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }
}

/// The same behaviours with the repository's own js/host, as users run it.
final class RealHostJSTests: XCTestCase {
    private var realJSDirectory: [String: String] {
        ["SEARCHLIGHT_JS_DIR": JSHost.defaultJSDirectory(environment: [:])]
    }

    func testUncaughtErrorsAndRejectionsExitOneWithTheirPosition() throws {
        let js = try TemporaryJS()
        let crash = try js.write("crash.js", "'use strict';\nsetTimeout(() => {\n  null.boom;\n}, 1);\n")
        let crashed = try runSearchlight(["run", crash], js: js, environment: realJSDirectory)
        XCTAssertEqual(crashed.status, 1)
        XCTAssertTrue(crashed.standardError.hasPrefix("\(crash):3:7 TypeError"), crashed.standardError)

        let reject = try js.write("reject.js", "\nPromise.reject(new Error('nobody listens'));\n")
        let rejected = try runSearchlight(["run", reject], js: js, environment: realJSDirectory)
        XCTAssertEqual(rejected.status, 1)
        XCTAssertTrue(rejected.standardError.contains("Error: nobody listens"), rejected.standardError)
    }

    func testAnErrorOnTheFirstLineIsPlacedInTheSourceNotTheModuleWrapper() throws {
        let js = try TemporaryJS()
        // JSC places `new Error(…)` at its argument list: column 16 of the source line.
        let script = try js.write("first.js", "throw new Error('at once');\n")
        let result = try runSearchlight(["run", script], js: js, environment: realJSDirectory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.hasPrefix("\(script):1:16 Error: at once"), result.standardError)
        XCTAssertTrue(result.standardError.contains("at \(script):1:16"), result.standardError)
    }

    func testExitCodeAndExitListeners() throws {
        let js = try TemporaryJS()
        let script = try js.write("code.js", "process.on('exit', (code) => console.log('exit', code));\nprocess.exitCode = 3;\n")
        let result = try runSearchlight(["run", script], js: js, environment: realJSDirectory)
        XCTAssertEqual(result.status, 3, result.standardError)
        XCTAssertEqual(result.standardOutput, "exit 3\n")
    }
}
