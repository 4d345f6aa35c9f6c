'use strict';
// test — the test API of `searchlight test`: test/it, describe (nested), hooks,
// skip, async tests and a per-test timeout. Files register tests while they load;
// `host.runTests` then runs them in order, one at a time, printing
// `ok - name` / `not ok - name` (with the error) and, last,
// `N passed, N failed` (`, N skipped` when any were skipped).

const host = require('#host');

const DEFAULT_TIMEOUT = 10000;

function makeSuite(name, parent, options) {
  return {
    kind: 'suite',
    name,
    parent,
    skip: Boolean(options && options.skip) || Boolean(parent && parent.skip),
    children: [],
    before: [],
    after: [],
    beforeEach: [],
    afterEach: [],
  };
}

let root = makeSuite('', null);
let current = root;
let currentFile = null;

function callerLocation() {
  const where = host.locationOf(new Error());
  return where || currentFile || '';
}

function parseArgs(name, options, fn) {
  if (typeof name === 'function') { fn = name; options = {}; name = fn.name || '<anonymous>'; }
  if (typeof options === 'function') { fn = options; options = {}; }
  if (options === undefined || options === null) options = {};
  if (typeof options === 'number') options = { timeout: options };
  if (typeof fn !== 'function' && !options.skip && !options.todo) {
    throw new TypeError(`test "${name}": the test body must be a function`);
  }
  return { name: String(name), options, fn };
}

function addTest(name, options, fn, extra) {
  const args = parseArgs(name, options, fn);
  current.children.push({
    kind: 'test',
    name: args.name,
    fn: args.fn,
    skip: Boolean(args.options.skip || args.options.todo || (extra && extra.skip)) || current.skip,
    timeout: typeof args.options.timeout === 'number' ? args.options.timeout : DEFAULT_TIMEOUT,
    file: currentFile,
    location: callerLocation(),
    suite: current,
  });
}

/**
 * Registers a test. `fn` may return a promise; the test fails if it throws, rejects
 * or takes longer than `options.timeout` ms (default 10000).
 *
 * @param {string} name
 * @param {object|Function} [options] `{ skip, timeout }`
 * @param {Function} fn
 */
function test(name, options, fn) {
  addTest(name, options, fn);
}
test.skip = (name, options, fn) => addTest(name, options, fn, { skip: true });
test.todo = test.skip;

/** Groups tests under `name`; `fn` runs at once and registers tests and hooks. */
function describe(name, options, fn) {
  const args = parseArgs(name, options, fn);
  const suite = makeSuite(args.name, current, args.options);
  current.children.push(suite);
  const parent = current;
  current = suite;
  try {
    if (typeof args.fn === 'function') {
      const result = args.fn();
      if (result && typeof result.then === 'function') {
        throw new TypeError(`describe "${args.name}": the body must register tests synchronously, not return a promise`);
      }
    }
  } finally {
    current = parent;
  }
}
describe.skip = (name, options, fn) => {
  const args = parseArgs(name, options, fn);
  describe(args.name, { ...args.options, skip: true }, args.fn);
};

function hook(kind) {
  return (fn) => {
    if (typeof fn !== 'function') throw new TypeError(`${kind}(fn): fn must be a function`);
    current[kind].push(fn);
  };
}
const before = hook('before');
const after = hook('after');
const beforeEach = hook('beforeEach');
const afterEach = hook('afterEach');

// ---------------------------------------------------------------------------
// Running.

function fullName(item) {
  const parts = [item.name];
  for (let s = item.suite || item.parent; s && s !== root; s = s.parent) parts.unshift(s.name);
  return parts.filter((p) => p !== '').join(' > ');
}

function timeoutError(item) {
  const err = new Error(`test timed out after ${item.timeout}ms`);
  err.code = 'ERR_TEST_TIMEOUT';
  try {
    Object.defineProperty(err, 'stack', {
      value: `Error: ${err.message}\n    at ${fullName(item)} (${item.location})`,
      writable: true, configurable: true, enumerable: false,
    });
  } catch { /* keep the engine's stack */ }
  return err;
}

/** Runs `fn` with `thisArg`, settling within `timeout` ms. */
function runWithTimeout(fn, item, context) {
  return new Promise((resolve, reject) => {
    let timer = null;
    const done = (settle, value) => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      settle(value);
    };
    let result;
    try {
      result = fn.call(context, context);
    } catch (e) {
      reject(e);
      return;
    }
    if (!result || typeof result.then !== 'function') {
      resolve();
      return;
    }
    if (item.timeout > 0 && item.timeout !== Infinity) {
      timer = setTimeout(() => { timer = null; reject(timeoutError(item)); }, item.timeout);
    }
    result.then((v) => done(resolve, v), (e) => done(reject, e));
  });
}

function indent(text) {
  return text.split('\n').map((l) => (l === '' ? l : '  ' + l)).join('\n');
}

function withoutRunnerFrames(text) {
  const ownDir = __dirname + '/';
  return host.dropFrames(text, (line) =>
    line.includes(ownDir) || /^\s+at (new )?Promise \((<anonymous>|native)\)/.test(line));
}

const modulesDir = __dirname.slice(0, __dirname.lastIndexOf('/') + 1);
const hostDir = modulesDir.replace(/[^/]+\/$/, 'host/');
const isHostFile = (location) => location.startsWith(modulesDir) || location.startsWith(hostDir);

/**
 * The failure text: `host.formatError`'s, located at the test's own definition when
 * the error carries no position in app code (a thrown string, or an assertion whose
 * caller's frame a strict-mode tail call removed on JavaScriptCore).
 */
function describeFailure(err, item) {
  let text = withoutRunnerFrames(host.formatError(err));
  const where = host.locationOf(err);
  if (item.location && (!where || isHostFile(where))) {
    if (where && text.startsWith(`${where} `)) text = text.slice(where.length + 1);
    text = `${item.location} ${text}`;
  }
  return text;
}

function suiteChain(suite) {
  const chain = [];
  for (let s = suite; s; s = s.parent) chain.unshift(s);
  return chain;
}

function relative(file) {
  let cwd = '';
  try { cwd = process.cwd(); } catch { cwd = ''; }
  return cwd && file && file.startsWith(cwd + '/') ? file.slice(cwd.length + 1) : file;
}

function createRunner() {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  let lastFile = null;

  function header(file) {
    if (file !== lastFile) {
      lastFile = file;
      if (file) host.print(1, `# ${relative(file)}\n`);
    }
  }

  function report(item, error) {
    header(item.file);
    const name = fullName(item);
    if (error === undefined) {
      counts.passed++;
      host.print(1, `ok - ${name}\n`);
    } else {
      counts.failed++;
      host.print(1, `not ok - ${name}\n${indent(describeFailure(error, item))}\n`);
    }
  }

  function skip(item) {
    header(item.file);
    counts.skipped++;
    host.print(1, `ok - ${fullName(item)} # SKIP\n`);
  }

  function testsIn(suite) {
    const out = [];
    for (const c of suite.children) {
      if (c.kind === 'test') out.push(c);
      else out.push(...testsIn(c));
    }
    return out;
  }

  async function runTest(item) {
    if (item.skip) return skip(item);
    const chain = suiteChain(item.suite);
    const context = { name: item.name, fullName: fullName(item) };
    let error;
    try {
      for (const s of chain) for (const h of s.beforeEach) await runWithTimeout(h, item, context);
      await runWithTimeout(item.fn, item, context);
    } catch (e) {
      error = e;
    }
    for (const s of chain.slice().reverse()) {
      for (const h of s.afterEach) {
        try {
          await runWithTimeout(h, item, context);
        } catch (e) {
          if (error === undefined) error = e;
        }
      }
    }
    return report(item, error);
  }

  async function runSuite(suite) {
    const tests = testsIn(suite);
    const runnable = tests.filter((t) => !t.skip);
    if (runnable.length > 0) {
      try {
        for (const h of suite.before) await runWithTimeout(h, { timeout: DEFAULT_TIMEOUT, name: 'before', suite, location: '' }, {});
      } catch (e) {
        for (const t of tests) {
          if (t.skip) skip(t);
          else report(t, e);
        }
        return;
      }
    }
    for (const child of suite.children) {
      if (child.kind === 'test') await runTest(child);
      else await runSuite(child);
    }
    if (runnable.length > 0) {
      for (const h of suite.after) {
        try {
          await runWithTimeout(h, { timeout: DEFAULT_TIMEOUT, name: 'after', suite, location: '' }, {});
        } catch (e) {
          counts.failed++;
          host.print(1, `not ok - ${fullName({ name: 'after hook', suite })}\n${indent(host.formatError(e))}\n`);
        }
      }
    }
  }

  return { counts, runSuite, report };
}

/**
 * Loads each file (which registers its tests), then runs every test in order.
 *
 * @param {string[]} files absolute paths
 * @param {(file: string) => void} loadFile requires one file
 * @returns {Promise<{passed: number, failed: number, skipped: number}>}
 */
async function runFiles(files, loadFile) {
  root = makeSuite('', null);
  current = root;
  const runner = createRunner();
  for (const file of files) {
    currentFile = file;
    try {
      loadFile(file);
    } catch (e) {
      runner.report({ name: `load ${relative(file)}`, file, location: file, suite: root }, e);
    } finally {
      current = root;
    }
  }
  currentFile = null;
  await runner.runSuite(root);
  const { passed, failed, skipped } = runner.counts;
  host.print(1, `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
  return { passed, failed, skipped };
}

host.setTestRunner(runFiles);

// Node's shape: the module is the `test` function, with the rest as its properties
// (`const test = require('node:test')` and `const { test, describe } = require('test')`).
Object.assign(test, {
  test,
  it: test,
  describe,
  before,
  after,
  beforeEach,
  afterEach,
  beforeAll: before,
  afterAll: after,
});

module.exports = test;
