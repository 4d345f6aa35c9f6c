'use strict';
// console.js — the `console` global: Node's methods and output text.

const errors = require('./errors');

// inspect.js loads on the first call that needs it (see bootstrap.js).
let inspectModule = null;
const loadInspect = () => inspectModule || (inspectModule = require('./inspect'));
const formatWithOptions = (options, ...args) => loadInspect().formatWithOptions(options, ...args);
const inspect = (value, options) => loadInspect().inspect(value, options);

/**
 * Makes the console. Output goes through `streams().stdout.write` / `.stderr.write`
 * (looked up on every call, as Node's console does, so a program may redirect it).
 */
function createConsole(native, streams) {
  let groupIndent = '';
  const counts = new Map();
  const timers = new Map();

  function write(fd, args) {
    // One string prints as it is (what formatWithOptions returns for it).
    let text = args.length === 1 && typeof args[0] === 'string' ? args[0] : formatWithOptions({}, ...args);
    if (groupIndent !== '') {
      text = text.includes('\n') ? text.replace(/\n/g, `\n${groupIndent}`) : text;
      text = groupIndent + text;
    }
    const { stdout, stderr } = streams();
    (fd === 1 ? stdout : stderr).write(text + '\n');
  }

  const out = (...args) => write(1, args);
  const err = (...args) => write(2, args);

  function formatTime(ms) {
    if (ms >= 1000) return `${(ms / 1000).toFixed(3)}s`;
    return `${Number(ms.toFixed(3))}ms`;
  }

  const console = {
    log: out,
    info: out,
    debug: out,
    warn: err,
    error: err,
    /** Prints `inspect(value, options)`. */
    dir(value, options) {
      write(1, [inspect(value, { customInspect: false, ...options })]);
    },
    /** Prints `Trace: message` and the current stack on stderr. */
    trace(...args) {
      const e = new Error(formatWithOptions({}, ...args));
      e.name = 'Trace';
      const stack = errors.stackOf(e).split('\n');
      // Drop this function's own frame.
      stack.splice(1, 1);
      write(2, [stack.join('\n')]);
    },
    assert(condition, ...args) {
      if (condition) return;
      if (typeof args[0] === 'string') args[0] = `Assertion failed: ${args[0]}`;
      else args.unshift('Assertion failed');
      write(2, args);
    },
    count(label = 'default') {
      label = `${label}`;
      const n = (counts.get(label) || 0) + 1;
      counts.set(label, n);
      write(1, [`${label}: ${n}`]);
    },
    countReset(label = 'default') {
      counts.delete(`${label}`);
    },
    time(label = 'default') {
      timers.set(`${label}`, native.now());
    },
    timeLog(label = 'default', ...data) {
      label = `${label}`;
      if (!timers.has(label)) return write(2, [`Warning: No such label '${label}' for console.timeLog()`]);
      return write(1, [`${label}: ${formatTime(native.now() - timers.get(label))}`, ...data]);
    },
    timeEnd(label = 'default') {
      label = `${label}`;
      if (!timers.has(label)) return write(2, [`Warning: No such label '${label}' for console.timeEnd()`]);
      write(1, [`${label}: ${formatTime(native.now() - timers.get(label))}`]);
      return timers.delete(label);
    },
    group(...label) {
      if (label.length > 0) write(1, label);
      groupIndent += '  ';
    },
    groupEnd() {
      groupIndent = groupIndent.slice(0, -2);
    },
  };
  console.groupCollapsed = console.group;
  return console;
}

module.exports = { createConsole };
