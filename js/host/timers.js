'use strict';
// timers.js — setTimeout, setInterval, setImmediate and their Timeout/Immediate objects.
//
// Native code owns the clock (`native.setTimer`); this file gives the timers
// Node's JS face: argument checks, `this` = the Timeout, `ref/unref/hasRef`,
// `refresh`, and clearing by object or by the numeric id `+timeout` gives.

const { runCallback } = require('./tasks');
const { describe } = require('./events');

const TIMEOUT_MAX = 2 ** 31 - 1;

function checkCallback(callback) {
  if (typeof callback !== 'function') {
    const err = new TypeError(`The "callback" argument must be of type function. Received ${describe(callback)}`);
    err.code = 'ERR_INVALID_ARG_TYPE';
    throw err;
  }
}

function createTimers(native) {
  const active = new Map(); // id -> Timeout

  /** A pending setTimeout/setInterval, as Node returns it. */
  class Timeout {
    constructor(callback, delay, args, repeat) {
      delay = Number(delay);
      if (!(delay >= 1 && delay <= TIMEOUT_MAX)) delay = 1;
      this._onTimeout = callback;
      this._idleTimeout = delay;
      this._repeat = repeat ? delay : null;
      this._args = args;
      this._destroyed = false;
      this._ref = true;
      this._id = 0;
      this._start();
    }

    _start() {
      const fire = () => {
        if (this._repeat === null) {
          this._destroyed = true;
          active.delete(this._id);
        }
        runCallback(this._onTimeout, this, this._args);
      };
      this._id = native.setTimer(fire, this._idleTimeout, this._repeat !== null);
      active.set(this._id, this);
      if (!this._ref) native.setTimerRef(this._id, false);
    }

    _clear() {
      if (this._destroyed) return;
      this._destroyed = true;
      active.delete(this._id);
      native.clearTimer(this._id);
    }

    /** Keeps the process alive while this timer is pending (the default). */
    ref() {
      this._ref = true;
      if (!this._destroyed) native.setTimerRef(this._id, true);
      return this;
    }

    /** Lets the process exit even though this timer is pending. */
    unref() {
      this._ref = false;
      if (!this._destroyed) native.setTimerRef(this._id, false);
      return this;
    }

    /** Whether this timer keeps the process alive. */
    hasRef() {
      return this._ref;
    }

    /** Restarts the timer's full delay from now. */
    refresh() {
      if (!this._destroyed) {
        active.delete(this._id);
        native.clearTimer(this._id);
        this._start();
      }
      return this;
    }

    /** Cancels the timer. */
    close() {
      this._clear();
      return this;
    }

    [Symbol.toPrimitive]() {
      return this._id;
    }
  }

  /** A pending setImmediate. */
  class Immediate {
    constructor(callback, args) {
      this._onImmediate = callback;
      this._argv = args;
      this._ref = true;
      this._destroyed = false;
      this._id = native.setImmediate(() => {
        this._destroyed = true;
        runCallback(this._onImmediate, this, this._argv);
      });
    }

    ref() { this._ref = true; return this; }
    unref() { this._ref = false; return this; }
    hasRef() { return this._ref; }
  }

  function clear(timer) {
    if (timer === null || timer === undefined) return;
    if (timer instanceof Timeout) {
      timer._clear();
      return;
    }
    const id = typeof timer === 'number' || typeof timer === 'string' ? Number(timer) : NaN;
    const found = active.get(id);
    if (found) found._clear();
  }

  return {
    Timeout,
    Immediate,
    setTimeout(callback, delay, ...args) {
      checkCallback(callback);
      return new Timeout(callback, delay, args, false);
    },
    setInterval(callback, delay, ...args) {
      checkCallback(callback);
      return new Timeout(callback, delay, args, true);
    },
    clearTimeout: clear,
    clearInterval: clear,
    setImmediate(callback, ...args) {
      checkCallback(callback);
      return new Immediate(callback, args);
    },
    clearImmediate(immediate) {
      if (immediate instanceof Immediate && !immediate._destroyed) {
        immediate._destroyed = true;
        native.clearImmediate(immediate._id);
      }
    },
  };
}

module.exports = { createTimers };
