import CJavaScriptCore

/// Builds `native.nativeModules` and carries calls, promises and events across.
extension JSRuntime {
    /// `{ ModuleName: { method…, getConstants, addListener?, removeListeners? } }`.
    func makeNativeModulesObject() -> JSObjectRef {
        let modulesObject = JSObjectMake(ctx, nil, nil)!
        for binding in modules {
            let object = JSObjectMake(ctx, nil, nil)!
            setProperty(ctx, modulesObject, binding.name, object)
            for method in binding.module.methods {
                setProperty(ctx, object, method.name, makeMethod(method, of: binding))
            }
            let module = binding.module
            setProperty(ctx, object, "getConstants", makeFunction("getConstants") { ctx, _ in
                BridgeValue.object(module.constants()).jsValue(in: ctx)
            })
            if !binding.supportedEvents.isEmpty {
                setProperty(ctx, object, "addListener", makeFunction("addListener") { [unowned self] ctx, arguments in
                    if try binding.events.addListener(ValueConverter.arguments(ctx, arguments)) {
                        self.pendingFlushes.append(binding.index)
                        self.scheduleNextTurn()
                    }
                    return nil
                })
                setProperty(ctx, object, "removeListeners", makeFunction("removeListeners") { ctx, arguments in
                    try binding.events.removeListeners(ValueConverter.arguments(ctx, arguments))
                    return nil
                })
            }
        }
        return modulesObject
    }

    private func makeMethod(_ method: NativeMethod, of binding: ModuleBinding) -> JSObjectRef {
        switch method.body {
        case .sync(let body):
            // `undefined` is an immediate value, the same for every call: making it once
            // saves a JSC lock round trip on the hot path of methods returning nothing.
            let undefined = JSValueMakeUndefined(ctx)
            let names = propertyNames
            return makeFunction(method.name) { ctx, arguments in
                let result = try body(ValueConverter.arguments(ctx, arguments))
                if case .undefined = result { return undefined }
                return result.jsValue(in: ctx, names: names)
            }
        case .promise(let body):
            return makePromiseMethod(method.name, of: binding) { ctx, arguments, promise in
                try body(ValueConverter.arguments(ctx, arguments), promise)
            }
        case .promiseConvertingLater(let body):
            return makePromiseMethod(method.name, of: binding) { [unowned self] ctx, arguments, promise in
                let taken = try self.takeArguments(ctx, arguments)
                promise.mark(.argumentsTaken)
                try body(taken, promise)
            }
        }
    }

    /// A JS function returning a promise that `start` settles through the ``Promise``
    /// it is given; an error `start` throws rejects it.
    private func makePromiseMethod(_ name: String, of binding: ModuleBinding,
                                   _ start: @escaping (JSContextRef, JSArguments, Promise) throws -> Void) -> JSObjectRef {
        let origin = "\(binding.name).\(name)"
        return makeFunction(name) { [unowned self] ctx, arguments in
            let trace = BridgeTrace.begin(origin)
            var resolve: JSObjectRef?
            var reject: JSObjectRef?
            var exception: JSValueRef?
            let promiseObject = JSObjectMakeDeferredPromise(ctx, &resolve, &reject, &exception)
            guard let promiseObject, let resolve, let reject else {
                throw JSThrow.value(exception ?? makeError(ctx, "\(origin): could not make a promise"))
            }
            JSValueProtect(ctx, resolve)
            JSValueProtect(ctx, reject)
            let id = self.nextPromiseID
            self.nextPromiseID += 1
            self.deferreds[id] = (resolve, reject)
            if let trace { self.callTraces[id] = trace }
            let promise = Promise(mailbox: self.mailbox, id: id, origin: origin, trace: trace)
            do {
                try start(ctx, arguments, promise)
            } catch {
                promise.reject(binding.module.refusedArgument(NativeError.wrapping(error), method: name))
            }
            trace?.mark(.dispatched)
            return promiseObject
        }
    }

    /// Settles the JS promise of native promise `id`.
    func settle(_ id: Int, _ outcome: Settlement) {
        guard let deferred = deferreds.removeValue(forKey: id) else { return }
        let trace = callTraces.isEmpty ? nil : callTraces.removeValue(forKey: id)
        trace?.mark(.turnStarted)
        defer {
            JSValueUnprotect(ctx, deferred.resolve)
            JSValueUnprotect(ctx, deferred.reject)
        }
        switch outcome {
        case .value(let value):
            let made = value.jsValue(in: ctx, names: propertyNames, trace: trace)
            trace?.mark(.parsed)
            call(deferred.resolve, [made])
        case .memberwise(let value):
            let made = value.jsValueMemberwise(in: ctx, names: propertyNames)
            trace?.mark(.parsed)
            call(deferred.resolve, [made])
        case .json(let text, let answer):
            trace?.mark(.jsonWritten)
            let made = text.jsValue(in: ctx) ?? answer.bridgeValue.jsValue(in: ctx, names: propertyNames)
            trace?.mark(.parsed)
            call(deferred.resolve, [made])
        case .failure(let error):
            call(deferred.reject, [makeError(ctx, error.message, code: error.code)])
        }
        trace?.mark(.resolved)
    }

    /// Delivers, keeps or drops one event according to the module's listener count.
    func route(module binding: ModuleBinding, _ name: String, _ body: BridgeValue) {
        switch binding.events.route(name, body) {
        case .deliver:
            deliver(binding, name, body)
        case .kept:
            break
        case .dropped(let firstTime):
            if firstTime {
                writeStandardError("searchlight: \(binding.name) sent '\(name)' with no listeners; dropped (warned once per event)\n")
            }
        }
    }

    /// Delivers the events buffering modules kept, now that their names have a listener.
    func flushBufferedEvents() {
        guard !pendingFlushes.isEmpty else { return }
        let flushes = pendingFlushes
        pendingFlushes.removeAll()
        for index in flushes {
            let binding = modules[index]
            for event in binding.events.takeListenedBuffered() {
                guard ending == nil else { return }
                // A listener may remove itself (or all) while earlier events are delivered.
                if binding.events.isListened(event.name) { deliver(binding, event.name, event.body) } else { binding.events.keep(event.name, event.body) }
            }
        }
    }

    /// The JS string of an event name, made once per module and name.
    private func eventNameValue(_ binding: ModuleBinding, _ name: String) -> JSValueRef {
        if let value = binding.eventNameValues[name] { return value }
        let value = makeJSString(ctx, name)
        keep(value)
        binding.eventNameValues[name] = value
        return value
    }

    private func deliver(_ binding: ModuleBinding, _ name: String, _ body: BridgeValue) {
        guard let eventHandler else { return }
        let bodyValue = body.jsValue(in: ctx, names: propertyNames)
        _ = withStackValues([moduleNameValues[binding.index], bodyValue]) { kept in
            call(eventHandler, [kept[0], eventNameValue(binding, name), kept[1]])
        }
    }
}
