import CJavaScriptCore

/// Takes the array arguments of a call (batches, where member-by-member conversion is
/// costly) as `JSON.stringify` text when JSON carries them exactly, on the JS thread
/// (see ``BridgeArguments``).
///
/// Objects (options, a single item) still go member by member: for an options object
/// of a member or two the check and the text cost more than converting it, on every
/// search.
///
/// JSON and the member-by-member conversion (``ValueConverter``) agree only on plain
/// data. A check written in JS (JIT-compiled, no C API call per member) first walks
/// the value and accepts it only when every member is a string, boolean, finite
/// number other than `-0`, `null`, an array whose prototype is `Array.prototype`, or
/// an object whose prototype is `Object.prototype` or `null` and that has no `toJSON`
/// key; nesting stays below the converter's limit, arrays within its length limit,
/// and neither prototype may have an enumerable member or a `toJSON` (either would
/// make `JSON.stringify` and the converter disagree). Anything else (`undefined`,
/// functions, dates, bytes, cycles, a getter that throws…) goes member by member, as
/// before, with its errors. Lone surrogates are let through: `JSON.stringify` escapes
/// them, and the parser reports them as the converter does.
///
/// Two differences remain, both for values JS code treats the same way: a getter or
/// `Proxy` trap of an accepted argument runs twice (once for the check, once for
/// `JSON.stringify`), and a `Proxy` of an array arrives as an array (as
/// `Array.isArray` sees it), where member by member it arrives as an object of its
/// indices (the C API's array test does not see through a Proxy).
enum JSONArguments {
    /// How deeply the check lets containers nest; below ``ValueConverter/maximumDepth``.
    static let maximumDepth = 64

    /// The check's source: an expression whose value is `check(value) -> boolean`.
    static let checkSource = """
    (function () {
      'use strict';
      const getPrototypeOf = Object.getPrototypeOf;
      const isArray = Array.isArray;
      const objectPrototype = Object.prototype;
      const arrayPrototype = Array.prototype;
      function plain(value, depth) {
        switch (typeof value) {
          case 'string': case 'boolean': return true;
          case 'number': return value === value && value !== Infinity && value !== -Infinity && (value !== 0 || 1 / value > 0);
          case 'object': break;
          default: return false;
        }
        if (value === null) return true;
        if (depth === 0) return false;
        if (isArray(value)) {
          if (getPrototypeOf(value) !== arrayPrototype) return false;
          const length = value.length;
          if (!(length <= \(ValueConverter.maximumArrayLength))) return false;
          for (let index = 0; index < length; index++) {
            if (!plain(value[index], depth - 1)) return false;
          }
          return true;
        }
        const prototype = getPrototypeOf(value);
        if (prototype !== objectPrototype && prototype !== null) return false;
        for (const key in value) {
          if (key === 'toJSON' || !plain(value[key], depth - 1)) return false;
        }
        return true;
      }
      return function check(value) {
        for (const key in objectPrototype) return false;
        for (const key in arrayPrototype) return false;
        if ('toJSON' in objectPrototype || 'toJSON' in arrayPrototype) return false;
        try {
          return plain(value, \(maximumDepth));
        } catch (error) {
          return false;
        }
      };
    })()
    """
}

extension JSRuntime {
    /// The arguments of a call: arrays JSON carries exactly as JSON text, the rest
    /// converted now (throwing the converter's errors).
    func takeArguments(_ ctx: JSContextRef, _ arguments: JSArguments) throws(NativeError) -> BridgeArguments {
        var taken: [BridgeArguments.Argument] = []
        taken.reserveCapacity(arguments.count)
        for (position, argument) in arguments.enumerated() {
            if let argument, JSValueIsArray(ctx, argument), let text = stringifiedIfPlain(ctx, argument) {
                taken.append(.json(text, position: position))
            } else {
                taken.append(.value(try ValueConverter.argument(ctx, argument, position: position)))
            }
        }
        return BridgeArguments(arguments: taken)
    }

    /// `JSON.stringify(value)` when the check accepts `value`, else nil.
    private func stringifiedIfPlain(_ ctx: JSContextRef, _ value: JSValueRef) -> BridgeArguments.Stringified? {
        guard let check = plainJSONCheck() else { return nil }
        var exception: JSValueRef?
        let accepted = withStackValues([value]) { buffer in
            JSObjectCallAsFunction(ctx, check, nil, 1, buffer.baseAddress, &exception)
        }
        guard exception == nil, let accepted, JSValueToBoolean(ctx, accepted) else { return nil }
        guard let text = JSValueCreateJSONString(ctx, value, 0, &exception) else { return nil }
        guard exception == nil else {
            JSStringRelease(text)
            return nil
        }
        return BridgeArguments.Stringified(text)
    }

    /// The check function, made on first use and kept for the runtime's life; nil if
    /// the engine refused it (every argument then goes member by member).
    private func plainJSONCheck() -> JSObjectRef? {
        if jsonCheckMade { return jsonCheck }
        jsonCheckMade = true
        var exception: JSValueRef?
        let made = evaluateJS(ctx, JSONArguments.checkSource, url: nil, exception: &exception)
        if exception == nil, let made, let object = JSValueToObject(ctx, made, nil), JSObjectIsFunction(ctx, object) {
            keep(object)
            jsonCheck = object
        }
        return jsonCheck
    }
}
