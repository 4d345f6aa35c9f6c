'use strict';
// The parts of React Native's JS API that talk to native modules: NativeModules,
// NativeEventEmitter, DeviceEventEmitter and Platform, with React Native's semantics
// (see NativeEventEmitter.js and RCTEventEmitter.m upstream). One implementation for
// both hosts: the headless host's `react-native` (index.js, over `#host`) and the
// window's page (js/window/bridge, over the page's bridge to Swift).

/**
 * Makes the module over a host: `host.nativeModules` (modules by name),
 * `host.setEventListener(fn)` (the one function native events reach, as
 * `(moduleName, eventName, body)`) and `host.mode` (`'test'` under `searchlight test`).
 */
function makeReactNative(host) {
  /** Native modules by name, as the host registered them. */
  const NativeModules = host.nativeModules;

  /** A subscription returned by `addListener`; `remove()` may be called any number of times. */
  class EmitterSubscription {
    constructor(emitter, eventType, listener, context) {
      this.emitter = emitter;
      this.eventType = eventType;
      this.listener = listener;
      this.context = context;
      this._removed = false;
    }

    /** Stops this listener; later calls do nothing. */
    remove() {
      if (this._removed) return;
      this._removed = true;
      this.emitter._remove(this);
    }
  }

  /** A plain event emitter whose `addListener` returns a subscription. */
  class EventEmitter {
    constructor() {
      this._registry = new Map(); // eventType -> EmitterSubscription[]
    }

    /**
     * Calls `listener` (with `this` = `context`) for each `eventType` event.
     *
     * @returns {EmitterSubscription}
     */
    addListener(eventType, listener, context) {
      if (typeof listener !== 'function') {
        throw new TypeError('EventEmitter.addListener(...): 2nd argument must be a function.');
      }
      const subscription = new EmitterSubscription(this, eventType, listener, context);
      const list = this._registry.get(eventType) || [];
      list.push(subscription);
      this._registry.set(eventType, list);
      return subscription;
    }

    _remove(subscription) {
      const list = this._registry.get(subscription.eventType);
      if (!list) return;
      const i = list.indexOf(subscription);
      if (i !== -1) list.splice(i, 1);
      if (list.length === 0) this._registry.delete(subscription.eventType);
    }

    /** Calls every listener of `eventType` with `args`, in the order they were added. */
    emit(eventType, ...args) {
      const list = this._registry.get(eventType);
      if (!list) return;
      for (const subscription of list.slice()) {
        if (!subscription._removed) subscription.listener.apply(subscription.context, args);
      }
    }

    /** Removes every listener of `eventType` (of every event when omitted). */
    removeAllListeners(eventType) {
      const lists = eventType === undefined ? [...this._registry.values()] : [this._registry.get(eventType) || []];
      for (const list of lists) for (const s of list) s._removed = true;
      if (eventType === undefined) this._registry.clear();
      else this._registry.delete(eventType);
    }

    /** How many listeners `eventType` has. */
    listenerCount(eventType) {
      return (this._registry.get(eventType) || []).length;
    }
  }

  /** The one emitter every native event goes through, keyed by event name. */
  const DeviceEventEmitter = new EventEmitter();

  host.setEventListener((moduleName, eventName, body) => {
    DeviceEventEmitter.emit(eventName, body);
  });

  /**
   * Listens to a native module's events; tells the module how many listeners it has
   * (`addListener(name)` / `removeListeners(count)`), as React Native does.
   */
  class NativeEventEmitter {
    constructor(nativeModule) {
      this._nativeModule = nativeModule == null ? null : nativeModule;
    }

    /**
     * Adds a listener for `eventType`.
     *
     * @returns {{remove(): void}} a subscription whose `remove()` is idempotent
     */
    addListener(eventType, listener, context) {
      const module = this._nativeModule;
      if (typeof listener !== 'function') {
        throw new TypeError('NativeEventEmitter.addListener(...): 2nd argument must be a function.');
      }
      let subscription = DeviceEventEmitter.addListener(eventType, listener, context);
      if (module !== null && typeof module.addListener === 'function') module.addListener(eventType);
      return {
        remove: () => {
          if (subscription === null) return;
          // A listener already dropped by removeAllListeners was counted out then.
          const wasActive = !subscription._removed;
          subscription.remove();
          subscription = null;
          if (wasActive && module !== null && typeof module.removeListeners === 'function') {
            module.removeListeners(1);
          }
        },
      };
    }

    /** Emits `eventType` to this process's listeners (not to native). */
    emit(eventType, ...args) {
      DeviceEventEmitter.emit(eventType, ...args);
    }

    /** Removes every listener of `eventType` and tells the native module how many went. */
    removeAllListeners(eventType) {
      if (eventType === undefined) throw new TypeError('NativeEventEmitter.removeAllListeners() requires an event type');
      const count = DeviceEventEmitter.listenerCount(eventType);
      const module = this._nativeModule;
      if (count > 0 && module !== null && typeof module.removeListeners === 'function') module.removeListeners(count);
      DeviceEventEmitter.removeAllListeners(eventType);
    }

    /** How many listeners `eventType` has. */
    listenerCount(eventType) {
      return DeviceEventEmitter.listenerCount(eventType);
    }
  }

  /** The platform this app runs on: `OS` is `'linux'`. */
  const Platform = {
    OS: 'linux',
    Version: 0,
    isTesting: host.mode === 'test',
    get constants() {
      return { osVersion: '', systemName: 'Linux', isTesting: host.mode === 'test' };
    },
    /**
     * Picks the value for this platform: `spec.linux`, else `spec.native`, else `spec.default`.
     */
    select(spec) {
      if (spec == null) return undefined;
      if ('linux' in spec) return spec.linux;
      if ('native' in spec) return spec.native;
      return spec.default;
    },
  };

  return { NativeModules, NativeEventEmitter, DeviceEventEmitter, Platform, EventEmitter, EmitterSubscription };
}

module.exports = makeReactNative;
