'use strict';
// What the built-in modules (`test`, `assert`, `util`; js/modules) get from
// `require('#host')` in a window's page: the headless host's own error and inspect
// code (js/host/errors.js, inspect.js), output through the page's console, and the
// page's bridge for native modules. Bundled only for `searchlight test --window`.

const errors = require('../host/errors');
const inspectModule = require('../host/inspect');
const bridge = require('./bridge');
const consoleForwarding = require('./console');

let testRunner = null;

module.exports = Object.freeze({
  nativeModules: bridge.NativeModules,
  mode: 'test',
  inspect: inspectModule.inspect,
  format: inspectModule.format,
  formatWithOptions: inspectModule.formatWithOptions,
  formatError: errors.formatError,
  locationOf: errors.locationOf,
  stackOf: errors.stackOf,
  dropFrames: errors.dropFrames,
  now: () => performance.now(),
  /** Writes `text` to the host's stdout (fd 1) or stderr (fd 2). */
  print: (fd, text) => consoleForwarding.write(fd === 2 ? 'error' : 'log', text.endsWith('\n') ? text.slice(0, -1) : text),
  /** The page cannot read source files. */
  readSource: () => null,
  setEventListener() {},
  setTestRunner(fn) { testRunner = fn; },
  /** Runs the test files through the `test` module's runner. */
  runTests(files, loadFile) {
    if (testRunner === null) throw new Error('the test module did not register its runner');
    return testRunner(files, loadFile);
  },
});
