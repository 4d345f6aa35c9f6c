import CJavaScriptCore

/// The `native` object `bootstrap(native)` receives: the primitives of js/host/NATIVE.md.
extension JSRuntime {
    func makeNativeObject() -> JSObjectRef {
        let native = JSObjectMake(ctx, nil, nil)!
        func define(_ name: String, _ body: @escaping HostFunctionBody) {
            setProperty(ctx, native, name, makeFunction(name, body))
        }

        define("print") { ctx, arguments in
            let fd = try number(ctx, arguments, 0, "print", "fd")
            guard fd == 1 || fd == 2 else { throw JSThrow.typeError("native.print: fd must be 1 or 2, got \(fd)") }
            writeAll(Int32(fd), try string(ctx, arguments, 1, "print", "text"))
            return nil
        }
        define("readFile") { ctx, arguments in
            switch readFileBytes(try string(ctx, arguments, 0, "readFile", "path")) {
            case .success(let bytes): return makeJSString(ctx, utf8: bytes)
            case .failure(let error): throw JSThrow.value(makeError(ctx, error.message, code: error.code))
            }
        }
        define("stat") { ctx, arguments in
            guard let kind = fileKind(try string(ctx, arguments, 0, "stat", "path")) else { return JSValueMakeNull(ctx) }
            return makeJSString(ctx, kind)
        }
        define("realpath") { ctx, arguments in
            guard let path = canonicalPath(try string(ctx, arguments, 0, "realpath", "path")) else { return JSValueMakeNull(ctx) }
            return makeJSString(ctx, path)
        }
        define("cwd") { ctx, _ in makeJSString(ctx, currentDirectory()) }
        define("compileModule") { [unowned self] ctx, arguments in
            guard let source = argument(arguments, 0), JSValueIsString(ctx, source) else {
                throw JSThrow.typeError("native.compileModule: source must be a string")
            }
            return try self.compileModule(source, filename: try string(ctx, arguments, 1, "compileModule", "filename"))
        }
        define("evaluateScript") { ctx, arguments in
            let source = try string(ctx, arguments, 0, "evaluateScript", "source")
            let filename = try string(ctx, arguments, 1, "evaluateScript", "filename")
            var exception: JSValueRef?
            let result = evaluateJS(ctx, source, url: filename, exception: &exception)
            if let exception { throw JSThrow.value(exception) }
            return result
        }
        define("setTimer") { [unowned self] ctx, arguments in
            let callback = try function(ctx, arguments, 0, "setTimer", "callback")
            let delay = try number(ctx, arguments, 1, "setTimer", "delayMs")
            let repeats = arguments.count > 2 && JSValueToBoolean(ctx, arguments[2])
            JSValueProtect(ctx, callback)
            let id = self.timers.addTimer(delay: delay, repeats: repeats, now: monotonicMilliseconds(), callback: callback)
            self.scheduleNextTurn()
            return JSValueMakeNumber(ctx, Double(id))
        }
        define("clearTimer") { [unowned self] ctx, arguments in
            if let callback = self.timers.removeTimer(Int(try number(ctx, arguments, 0, "clearTimer", "id"))) {
                JSValueUnprotect(ctx, callback)
                self.scheduleNextTurn()
            }
            return nil
        }
        define("setTimerRef") { [unowned self] ctx, arguments in
            let id = Int(try number(ctx, arguments, 0, "setTimerRef", "id"))
            self.timers.setRef(id, arguments.count > 1 && JSValueToBoolean(ctx, arguments[1]))
            return nil
        }
        define("setImmediate") { [unowned self] ctx, arguments in
            let callback = try function(ctx, arguments, 0, "setImmediate", "callback")
            JSValueProtect(ctx, callback)
            let id = self.timers.addImmediate(callback)
            self.scheduleNextTurn()
            return JSValueMakeNumber(ctx, Double(id))
        }
        define("clearImmediate") { [unowned self] ctx, arguments in
            if let callback = self.timers.removeImmediate(Int(try number(ctx, arguments, 0, "clearImmediate", "id"))) {
                JSValueUnprotect(ctx, callback)
            }
            return nil
        }
        define("now") { ctx, _ in JSValueMakeNumber(ctx, monotonicMilliseconds()) }
        define("setEventHandler") { [unowned self] ctx, arguments in
            let handler = try function(ctx, arguments, 0, "setEventHandler", "handler")
            JSValueProtect(ctx, handler)
            if let old = self.eventHandler { JSValueUnprotect(ctx, old) }
            self.eventHandler = handler
            return nil
        }
        define("exit") { [unowned self] ctx, arguments in
            let code = arguments.isEmpty ? 0 : try number(ctx, arguments, 0, "exit", "code")
            if self.ending == nil { self.ending = .exit(Int32(truncatingIfNeeded: Int(code.isFinite ? code : 1))) }
            return nil
        }

        setProperty(ctx, native, "nativeModules", makeNativeModulesObject())
        setProperty(ctx, native, "bundles", makeBundlesObject())
        setProperty(ctx, native, "argv", BridgeValue.array(configuration.argv.map { .string($0) }).jsValue(in: ctx))
        let environment = BridgeObject(configuration.environment.sorted { $0.key < $1.key }.map { ($0.key, BridgeValue.string($0.value)) })
        setProperty(ctx, native, "env", BridgeValue.object(environment).jsValue(in: ctx))
        setProperty(ctx, native, "platform", makeJSString(ctx, "linux"))
        setProperty(ctx, native, "execPath", makeJSString(ctx, configuration.execPath))
        setProperty(ctx, native, "builtinsDir", makeJSString(ctx, configuration.jsDirectory + "/modules"))
        setProperty(ctx, native, "hostDir", makeJSString(ctx, configuration.jsDirectory + "/host"))
        let mode: String
        switch configuration.mode {
        case .run: mode = "run"
        case .test: mode = "test"
        }
        setProperty(ctx, native, "mode", makeJSString(ctx, mode))
        setProperty(ctx, native, "moduleWrapperLength", JSValueMakeNumber(ctx, Double(Self.moduleWrapperPrefix.utf16.count)))
        return native
    }

    /// A function `(exports, require, module, __filename, __dirname)` whose body is
    /// `source`, evaluated as a script named `filename`.
    ///
    /// JSC clamps every starting line to 1 and `JSObjectMakeFunction` puts the body two
    /// lines below its header, so the wrapper shares line 1 with the source instead:
    /// every line number is the source's, and so is every column after line 1; columns
    /// on line 1 are shifted by ``moduleWrapperPrefix``'s length. A leading `#!` line is
    /// blanked to a comment of the same length.
    ///
    /// `source` (a JS string) is wrapped as UTF-16 code units, never decoded into a
    /// Swift string: module sources are the largest strings at start-up.
    func compileModule(_ source: JSValueRef, filename: String) throws -> JSValueRef {
        guard let body = JSValueToStringCopy(ctx, source, nil) else {
            throw JSThrow.typeError("native.compileModule: source must be a string")
        }
        defer { JSStringRelease(body) }
        let bodyUnits = utf16Units(of: body)
        var units: [UInt16] = []
        units.reserveCapacity(Self.moduleWrapperUnits.count + bodyUnits.count + Self.moduleWrapperEndUnits.count)
        units.append(contentsOf: Self.moduleWrapperUnits)
        units.append(contentsOf: bodyUnits)
        if bodyUnits.count >= 2, bodyUnits[0] == 0x23, bodyUnits[1] == 0x21 {  // "#!" becomes "//"
            units[Self.moduleWrapperUnits.count] = 0x2F
            units[Self.moduleWrapperUnits.count + 1] = 0x2F
        }
        units.append(contentsOf: Self.moduleWrapperEndUnits)
        let script = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count)! }
        defer { JSStringRelease(script) }
        var exception: JSValueRef?
        let function = evaluateJS(ctx, script, url: filename, exception: &exception)
        if let exception {
            if let error = JSValueToObject(ctx, exception, nil) {
                // Name the file and line in the message itself, as Node does.
                let line = JSValueToNumber(ctx, property(ctx, error, "line"), nil)
                let message = stringOf(ctx, property(ctx, error, "message"))
                if line.isFinite, !message.hasPrefix(filename) {
                    setProperty(ctx, error, "message", makeJSString(ctx, "\(filename):\(Int(line)): \(message)"))
                }
            }
            throw JSThrow.value(exception)
        }
        return function!
    }

    /// What precedes a module's source on its line 1.
    static let moduleWrapperPrefix = "(function (exports, require, module, __filename, __dirname) {"
    private static let moduleWrapperUnits = Array(moduleWrapperPrefix.utf16)
    private static let moduleWrapperEndUnits = Array("\n})".utf16)
}

// MARK: Argument checks for the primitives

private func argument(_ arguments: JSArguments, _ index: Int) -> JSValueRef? {
    index < arguments.count ? arguments[index] : nil
}

private func string(_ ctx: JSContextRef, _ arguments: JSArguments, _ index: Int, _ function: String, _ name: String) throws -> String {
    guard let value = argument(arguments, index), JSValueIsString(ctx, value) else {
        throw JSThrow.typeError("native.\(function): \(name) must be a string")
    }
    return stringOf(ctx, value)
}

private func number(_ ctx: JSContextRef, _ arguments: JSArguments, _ index: Int, _ function: String, _ name: String) throws -> Double {
    guard let value = argument(arguments, index), JSValueIsNumber(ctx, value) else {
        throw JSThrow.typeError("native.\(function): \(name) must be a number")
    }
    return JSValueToNumber(ctx, value, nil)
}

private func function(_ ctx: JSContextRef, _ arguments: JSArguments, _ index: Int, _ function: String, _ name: String) throws -> JSObjectRef {
    guard let value = argument(arguments, index), let object = JSValueToObject(ctx, value, nil),
          JSValueIsObject(ctx, value), JSObjectIsFunction(ctx, object) else {
        throw JSThrow.typeError("native.\(function): \(name) must be a function")
    }
    return object
}
