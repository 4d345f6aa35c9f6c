'use strict';
// tasks.js — runs the callbacks native code calls, and `process.nextTick`'s queue.
//
// Every entry from native (main module, timer, immediate, event) goes through
// `runCallback`: when it returns, the nextTick queue is drained before the
// engine runs promise jobs, which gives Node's order (ticks, then microtasks).
// `process.exit()` unwinds the current callback with a private sentinel that
// `runCallback` swallows.

const EXIT = Object.freeze({ toString: () => 'process.exit()' });

let depth = 0;
const ticks = [];
let drainScheduled = false;

function drainTicks() {
  drainScheduled = false;
  while (ticks.length > 0) {
    const { fn, args } = ticks.shift();
    try {
      fn(...args);
    } catch (e) {
      if (e !== EXIT) throw e;
      ticks.length = 0;
    }
  }
}

/**
 * Calls `fn` for native code; drains the nextTick queue when the outermost call returns.
 * An error escapes to the caller (native reports it as uncaught).
 */
function runCallback(fn, thisArg, args) {
  depth++;
  let result;
  try {
    result = fn.apply(thisArg, args || []);
  } catch (e) {
    if (e === EXIT) return undefined;
    throw e;
  } finally {
    depth--;
  }
  if (depth === 0) drainTicks();
  return result;
}

/** Queues `fn(...args)` to run once the current callback is done, before promise jobs. */
function nextTick(fn, ...args) {
  if (typeof fn !== 'function') {
    const err = new TypeError('The "callback" argument must be of type function. Received ' + typeof fn);
    err.code = 'ERR_INVALID_ARG_TYPE';
    throw err;
  }
  ticks.push({ fn, args });
  if (depth === 0 && !drainScheduled) {
    drainScheduled = true;
    queueMicrotask(drainTicks);
  }
}

/** True while a native-called callback is on the stack (so `process.exit` may unwind it). */
function insideCallback() {
  return depth > 0;
}

module.exports = { EXIT, runCallback, nextTick, insideCallback };
