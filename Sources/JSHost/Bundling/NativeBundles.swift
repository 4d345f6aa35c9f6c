import CJavaScriptCore

extension JSRuntime {
    /// `native.bundles`: entry path → `{ code, map }`, the bundles the loader runs in
    /// place of those entries (js/host/bundles.js).
    func makeBundlesObject() -> JSValueRef {
        let entries = configuration.bundles.sorted { $0.key < $1.key }.map { entry, bundle in
            (entry, BridgeValue.object(BridgeObject([("code", .string(bundle.code)), ("map", .string(bundle.map))])))
        }
        return BridgeValue.object(BridgeObject(entries)).jsValue(in: ctx)
    }
}
