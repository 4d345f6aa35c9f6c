'use strict';
// events.js — a minimal Node-style EventEmitter for `process` (on, once, off, emit).

/** Keeps listeners per event name and calls them in the order they were added. */
class EventEmitter {
  constructor() {
    Object.defineProperty(this, '_events', { value: new Map(), writable: true });
  }

  /** Adds `listener` for `name`; returns this. */
  on(name, listener) {
    if (typeof listener !== 'function') {
      const err = new TypeError(`The "listener" argument must be of type function. Received ${describe(listener)}`);
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    const list = this._events.get(name) || [];
    list.push({ listener, once: false });
    this._events.set(name, list);
    return this;
  }

  /** Adds `listener` for the next `name` event only; returns this. */
  once(name, listener) {
    this.on(name, listener);
    const list = this._events.get(name);
    list[list.length - 1].once = true;
    return this;
  }

  /** Removes the most recently added registration of `listener`; returns this. */
  off(name, listener) {
    const list = this._events.get(name);
    if (!list) return this;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i].listener === listener) {
        list.splice(i, 1);
        break;
      }
    }
    if (list.length === 0) this._events.delete(name);
    return this;
  }

  /** Removes every listener of `name`, or of every event. */
  removeAllListeners(name) {
    if (name === undefined) this._events.clear();
    else this._events.delete(name);
    return this;
  }

  /** Calls each listener of `name` with `args`; true when there was one. */
  emit(name, ...args) {
    const list = this._events.get(name);
    if (!list || list.length === 0) return false;
    for (const entry of list.slice()) {
      if (entry.once) this.off(name, entry.listener);
      entry.listener.apply(this, args);
    }
    return true;
  }

  /** The listeners of `name`, in order. */
  listeners(name) {
    return (this._events.get(name) || []).map((e) => e.listener);
  }

  /** How many listeners `name` has. */
  listenerCount(name) {
    return (this._events.get(name) || []).length;
  }
}
EventEmitter.prototype.addListener = EventEmitter.prototype.on;
EventEmitter.prototype.removeListener = EventEmitter.prototype.off;

function describe(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'function') return `function ${value.name}`;
  if (typeof value === 'object') return 'an instance of ' + ((value.constructor && value.constructor.name) || 'Object');
  return `type ${typeof value} (${String(value)})`;
}

module.exports = { EventEmitter, describe };
