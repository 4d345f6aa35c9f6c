#!/usr/bin/env node
'use strict';
// DEVELOPMENT AID ONLY — not part of the product.
//
// Runs js/host/bootstrap.js under Node by implementing the `native` primitives of
// js/host/NATIVE.md with Node APIs, so the host's JS (console, inspect, loader,
// timers, react-native, test, assert) can be developed and its output compared
// with Node's own before the Swift host exists. The product runs the same JS on
// JavaScriptCore through Sources/JSHost; `BridgeTest` here imitates the Swift
// module of the same name only closely enough to exercise the JS side.
//
//   node tools/node-native-shim.js run SCRIPT [ARGS...]
//   node tools/node-native-shim.js test [PATH...]

const fs = require('fs');
const pathModule = require('path');
const vm = require('vm');
const { performance } = require('perf_hooks');

const nodeProcess = globalThis.process;
const nodeTimers = {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  clearTimeout: globalThis.clearTimeout,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
  clearImmediate: globalThis.clearImmediate,
};

const root = pathModule.resolve(__dirname, '..');
const [command, ...rest] = nodeProcess.argv.slice(2);
if (command !== 'run' && command !== 'test') {
  nodeProcess.stderr.write('usage: node tools/node-native-shim.js run SCRIPT [ARGS...] | test [PATH...]\n');
  nodeProcess.exit(2);
}

let eventHandler = null;
const timers = new Map();
let nextId = 1;
let exiting = false;

function makeBridgeTest(name, buffers) {
  let count = 0;
  const buffer = [];
  const send = (eventName, body) => {
    if (count > 0) {
      eventHandler(name, eventName, body);
    } else if (buffers) {
      buffer.push([eventName, body]);
      if (buffer.length > 64) buffer.shift();
    } else {
      nodeProcess.stderr.write(`warning: ${name} sent '${eventName}' with no listener; dropped\n`);
    }
  };
  const later = (fn, ms = 0) => nodeTimers.setTimeout(fn, ms);
  const error = (code, message) => Object.assign(new Error(message), { code });
  return {
    getConstants: () => ({ answer: 42 }),
    noop: () => undefined,
    echoSync: (v) => v,
    echo: (v) => new Promise((resolve) => later(() => resolve(v))),
    delay: (ms, v) => new Promise((resolve) => later(() => resolve(v), ms)),
    fail: (code, message) => new Promise((_, reject) => later(() => reject(error(code, message)))),
    failSync: (code, message) => { throw error(code, message); },
    emit: (eventName, body, n = 1) => {
      later(() => { for (let i = 0; i < n; i++) send(eventName, { ...body, index: i }); });
      return undefined;
    },
    listenerCount: () => count,
    addListener: (eventName) => {
      count += 1;
      if (count === 1 && buffer.length > 0) {
        const pending = buffer.splice(0, buffer.length);
        later(() => { for (const [e, b] of pending) send(e, b); });
      }
    },
    removeListeners: (n) => { count = Math.max(0, count - n); },
  };
}

const native = {
  print(fd, text) { fs.writeSync(fd, String(text)); },
  readFile(p) {
    if (fs.existsSync(p) && fs.statSync(p).isDirectory()) {
      throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${p}'`), { code: 'EISDIR' });
    }
    return fs.readFileSync(p, 'utf8');
  },
  stat(p) {
    try {
      const s = fs.statSync(p);
      return s.isDirectory() ? 'directory' : s.isFile() ? 'file' : null;
    } catch { return null; }
  },
  realpath(p) { try { return fs.realpathSync(p); } catch { return null; } },
  cwd: () => nodeProcess.cwd(),
  compileModule(source, filename) {
    return vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
  },
  evaluateScript: (source, filename) => vm.runInThisContext(source, { filename }),
  setTimer(callback, delay, repeat) {
    const id = nextId++;
    const handle = (repeat ? nodeTimers.setInterval : nodeTimers.setTimeout)(() => {
      if (!repeat) timers.delete(id);
      callback();
    }, delay);
    timers.set(id, { handle, repeat });
    return id;
  },
  clearTimer(id) {
    const t = timers.get(id);
    if (t) { (t.repeat ? nodeTimers.clearInterval : nodeTimers.clearTimeout)(t.handle); timers.delete(id); }
  },
  setTimerRef(id, ref) {
    const t = timers.get(id);
    if (t) { if (ref) t.handle.ref(); else t.handle.unref(); }
  },
  setImmediate(callback) {
    const id = nextId++;
    timers.set(id, { immediate: nodeTimers.setImmediate(() => { timers.delete(id); callback(); }) });
    return id;
  },
  clearImmediate(id) {
    const t = timers.get(id);
    if (t) { nodeTimers.clearImmediate(t.immediate); timers.delete(id); }
  },
  now: () => performance.now(),
  nativeModules: command === 'test'
    ? { BridgeTest: makeBridgeTest('BridgeTest', false), BufferedBridgeTest: makeBridgeTest('BufferedBridgeTest', true) }
    : {},
  setEventHandler(fn) { eventHandler = fn; },
  exit(code) {
    exiting = true;
    nodeProcess.nextTick(() => nodeProcess.exit(code));
  },
  argv: command === 'run' ? [nodeProcess.execPath, pathModule.resolve(rest[0] || ''), ...rest.slice(1)] : [nodeProcess.execPath],
  env: nodeProcess.env,
  platform: 'linux',
  execPath: nodeProcess.execPath,
  builtinsDir: pathModule.join(root, 'js/modules'),
  hostDir: pathModule.join(root, 'js/host'),
  mode: command,
};

const bootstrap = vm.runInThisContext(fs.readFileSync(pathModule.join(root, 'js/host/bootstrap.js'), 'utf8'),
  { filename: pathModule.join(root, 'js/host/bootstrap.js') });
const host = bootstrap(native);

function uncaught(e) {
  fs.writeSync(2, host.formatError(e) + '\n');
  nodeProcess.exit(1);
}
nodeProcess.on('uncaughtException', uncaught);
nodeProcess.on('unhandledRejection', uncaught);
nodeProcess.on('exit', (code) => {
  if (!exiting) {
    host.beforeExit(code);
    nodeProcess.exitCode = host.exitCode();
  }
});

function testFiles(paths) {
  const out = [];
  const walk = (p) => {
    const s = fs.statSync(p);
    if (s.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        walk(pathModule.join(p, name));
      }
    } else if (p.endsWith('.test.js')) {
      out.push(pathModule.resolve(p));
    }
  };
  for (const p of paths) walk(p);
  return out;
}

if (command === 'run') {
  host.runMain(rest[0]);
} else {
  const files = testFiles(rest.length ? rest : ['js/test']);
  host.runTests(files).then((r) => {
    exiting = true;
    nodeProcess.exitCode = r.failed > 0 ? 1 : 0;
  });
}
