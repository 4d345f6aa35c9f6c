'use strict';
// The page's bridge to the window host (Swift): NativeModules, NativeEventEmitter,
// DeviceEventEmitter and Platform for the app's screens, with the headless host's
// semantics — the same code (js/modules/react-native/core.js) over a different
// `#host`: calls go to Swift as script messages, events come back as
// `window.__searchlightEvent(module, name, body)`. The protocol: ../README.md.

const makeReactNative = require('../../modules/react-native/core');

const native = (typeof window !== 'undefined' && window.__searchlightNative) || { modules: {}, argv: [] };

/** The one function native events reach: set by core.js. */
let eventListener = null;
window.__searchlightEvent = (moduleName, eventName, body) => {
  if (eventListener !== null) eventListener(moduleName, eventName, body);
};

/** The `E_INVALID_ARGUMENT` error the headless bridge gives for a value that cannot cross. */
function invalidArgument(path, problem) {
  const error = new Error(`${path}: ${problem}`);
  error.code = 'E_INVALID_ARGUMENT';
  return error;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The JSON text of argument `position` ('' for `undefined`): dates as milliseconds
 * since the epoch; what cannot cross (functions, symbols, BigInts, cycles) throws the
 * error the headless bridge gives, naming the value's path (`args[0].a[2]`).
 */
function encodeArgument(value, position) {
  if (value === undefined) return '';
  const paths = new Map();
  const root = `args[${position}]`;
  try {
    const text = JSON.stringify(value, function replace(key, converted) {
      const holder = paths.get(this);
      let path = root;
      if (holder !== undefined) {
        if (Array.isArray(this)) path = `${holder}[${key}]`;
        else path = IDENTIFIER.test(key) ? `${holder}.${key}` : `${holder}[${JSON.stringify(key)}]`;
      }
      const original = this[key];
      if (original instanceof Date) return original.getTime();
      if (typeof original === 'function') throw invalidArgument(path, 'functions cannot cross the bridge');
      if (typeof original === 'symbol') throw invalidArgument(path, 'symbols cannot cross the bridge');
      if (typeof original === 'bigint') throw invalidArgument(path, 'BigInts cannot cross the bridge');
      if (converted !== null && typeof converted === 'object') paths.set(converted, path);
      return converted;
    });
    return text === undefined ? '' : text;
  } catch (error) {
    if (error && error.code === 'E_INVALID_ARGUMENT') throw error;
    if (error instanceof TypeError && /cyclic|circular/i.test(error.message)) {
      throw invalidArgument(root, 'cyclic structures cannot cross the bridge');
    }
    throw error;
  }
}

/** Turns the host's reply (`{"ok": value}` or `{"error": {code, message}}`) into a value or a thrown Error. */
function decodeReply(text) {
  const reply = JSON.parse(text);
  if (reply.error) {
    const error = new Error(reply.error.message);
    error.code = reply.error.code;
    throw error;
  }
  return reply.ok;
}

/** Sends one call to Swift; resolves with its value or rejects with a coded Error. */
function call(moduleName, method, args) {
  let message;
  try {
    message = [moduleName, method, ...args.map(encodeArgument)].join('\n');
  } catch (error) {
    return Promise.reject(error);
  }
  const handler = window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.searchlight;
  if (!handler) {
    const error = new Error(`${moduleName}.${method}: this page is not in a Searchlight window (no bridge to the native modules)`);
    error.code = 'E_NATIVE';
    return Promise.reject(error);
  }
  return handler.postMessage(message).then(decodeReply);
}

/** `NativeModules[name]`: each method returns a Promise, `getConstants()` answers at once. */
function makeModule(name, description) {
  const module = {};
  for (const method of description.methods) {
    if (method === 'addListener' || method === 'removeListeners') {
      // Synchronous in React Native: the count is sent; a refusal is reported.
      module[method] = (...args) => {
        call(name, method, args).catch((error) => console.error(`${name}.${method}: ${error.message}`));
      };
    } else {
      module[method] = (...args) => call(name, method, args);
    }
  }
  const constants = description.constants || {};
  module.getConstants = () => constants;
  return module;
}

const nativeModules = {};
for (const name of Object.keys(native.modules)) nativeModules[name] = makeModule(name, native.modules[name]);

module.exports = makeReactNative({
  nativeModules,
  mode: 'window',
  setEventListener(fn) { eventListener = fn; },
});
