// bootstrap.js — the host's JS entry point. Its completion value is the function
// `bootstrap(native)`, which JSHost calls once on the JS thread: it loads the
// sibling files of js/host (each a small CommonJS module), installs the Node-like
// globals, and returns the `host` object native code drives (see NATIVE.md).
// inspect.js and sourcemap.js load on first use: the first is over half of the
// host's JS and most programs print only strings, the second serves bundles only;
// loading both at start cost some 3 ms before the app's first line ran.
(function bootstrap(native) {
  'use strict';

  // Files compiled by native.compileModule: their line 1 starts after the wrapper.
  const wrappedFiles = new Set();
  const compileModule = (source, filename) => {
    wrappedFiles.add(filename);
    return native.compileModule(source, filename);
  };

  const internal = Object.create(null);
  function requireInternal(request) {
    const name = request.replace(/^\.\//, '').replace(/\.js$/, '');
    const filename = `${native.hostDir}/${name}.js`;
    const cached = internal[filename];
    if (cached) return cached.exports;
    const module = { exports: {}, filename, id: filename };
    internal[filename] = module;
    const fn = compileModule(native.readFile(filename), filename);
    fn.call(module.exports, module.exports, requireInternal, module, filename, native.hostDir);
    return module.exports;
  }

  /** `load()` on first call, its value after: for the host files loaded on first use. */
  const onFirstUse = (load) => {
    let value;
    let loaded = false;
    return () => {
      if (!loaded) { value = load(); loaded = true; }
      return value;
    };
  };

  const errors = requireInternal('./errors');
  const inspectModule = onFirstUse(() => requireInternal('./inspect'));
  const tasks = requireInternal('./tasks');
  const { createTimers } = requireInternal('./timers');
  const { createProcess } = requireInternal('./process');
  const { createConsole } = requireInternal('./console');
  const { createLoader } = requireInternal('./module');
  const { createBundles } = requireInternal('./bundles');

  errors.setHostDirs([native.hostDir, native.builtinsDir]);
  errors.setWrappedFiles(wrappedFiles, native.moduleWrapperLength || 0);
  // Made when the first bundle registers its map; until then no position has one.
  let sourceMapsMade = false;
  const sourceMaps = onFirstUse(() => {
    sourceMapsMade = true;
    return requireInternal('./sourcemap').createSourceMaps((file) => native.readFile(file));
  });
  errors.setPositionMapper((file, line, column) => (sourceMapsMade ? sourceMaps().map(file, line, column) : null));

  const timers = createTimers(native);
  const { process, emitExit, exitCodeNumber } = createProcess(native);
  const console = createConsole(native, () => process);

  let eventListener = null;
  let testRunner = null;

  /** What built-in modules (js/modules/*) get from `require('#host')`. */
  const hostApi = Object.freeze({
    nativeModules: native.nativeModules || {},
    mode: native.mode,
    get inspect() { return inspectModule().inspect; },
    get format() { return inspectModule().format; },
    get formatWithOptions() { return inspectModule().formatWithOptions; },
    formatError: errors.formatError,
    locationOf: errors.locationOf,
    stackOf: errors.stackOf,
    dropFrames: errors.dropFrames,
    now: () => native.now(),
    print: (fd, text) => native.print(fd, text),
    /** The text of a source file, or null when it cannot be read. */
    readSource(file) {
      try { return native.readFile(file); } catch { return null; }
    },
    /** Sets the one function that receives native events `(moduleName, eventName, body)`. */
    setEventListener(fn) { eventListener = fn; },
    /** Sets the function `host.runTests` uses: `(paths, loadFile) => Promise<counts>`. */
    setTestRunner(fn) { testRunner = fn; },
  });

  const loader = createLoader(Object.assign(Object.create(native), { compileModule }), hostApi,
    createBundles(native, { register: (code, map) => sourceMaps().register(code, map) }));

  if (typeof native.setEventHandler === 'function') {
    native.setEventHandler((moduleName, eventName, body) => {
      if (eventListener !== null) tasks.runCallback(eventListener, null, [moduleName, eventName, body]);
    });
  }

  const engineQueueMicrotask = typeof globalThis.queueMicrotask === 'function'
    ? globalThis.queueMicrotask.bind(globalThis) : null;
  function queueMicrotask(callback) {
    if (typeof callback !== 'function') {
      const err = new TypeError('The "callback" argument must be of type function. Received ' + typeof callback);
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    if (engineQueueMicrotask) engineQueueMicrotask(callback);
    else Promise.resolve().then(callback);
  }

  // `performance.now()`: milliseconds since the host started, monotonic, as in Node
  // and React Native; `timeOrigin` is that start as ms since the epoch.
  const startedAt = native.now();
  const performance = Object.freeze({
    timeOrigin: Date.now(),
    now: () => native.now() - startedAt,
  });

  const globals = {
    global: globalThis,
    performance,
    console,
    process,
    require: loader.globalRequire,
    queueMicrotask,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    setInterval: timers.setInterval,
    clearInterval: timers.clearInterval,
    setImmediate: timers.setImmediate,
    clearImmediate: timers.clearImmediate,
  };
  for (const name of Object.keys(globals)) {
    Object.defineProperty(globalThis, name, {
      value: globals[name], writable: true, configurable: true, enumerable: false,
    });
  }

  const host = {
    /** Loads `path` as the main module. */
    runMain(path) {
      tasks.runCallback(() => { loader.runMain(path); });
    },
    /** Loads the test files and runs their tests; a Promise of `{passed, failed, skipped}`. */
    runTests(paths) {
      return tasks.runCallback(() => {
        loader.requireFrom(native.builtinsDir, 'test');
        if (testRunner === null) throw new Error('the test module did not register its runner');
        const cwd = native.cwd();
        const files = paths.map((p) => (p.startsWith('/') ? p : `${cwd}/${p}`));
        return testRunner(files, (file) => loader.requireFrom(cwd, file));
      });
    },
    formatError: errors.formatError,
    exitCode: exitCodeNumber,
    /** Runs the 'exit' listeners once: with process.exitCode when set, else `code`. */
    beforeExit(code) {
      const final = process.exitCode !== undefined || typeof code !== 'number' ? exitCodeNumber() : code;
      tasks.runCallback(() => emitExit(final));
    },
  };
  return host;
})
