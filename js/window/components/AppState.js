'use strict';
// AppState: the window's state as React Native names an app's. 'active' while the
// window has the keyboard focus, 'inactive' while it is shown without it (as an iOS
// app under the notification centre), 'background' while it is hidden (minimized,
// on another workspace). `change` listeners get the new state; `focus` and `blur`
// (React Native's Android events) fire with the window's focus; `memoryWarning` never.

const EVENTS = ['change', 'focus', 'blur', 'memoryWarning'];
const listeners = new Map(EVENTS.map((type) => [type, new Set()]));
let state = null;
let watching = false;

function stateNow() {
  if (typeof document === 'undefined') return 'active';
  if (document.visibilityState === 'hidden') return 'background';
  return document.hasFocus() ? 'active' : 'inactive';
}

function emit(type, value) {
  for (const listener of [...listeners.get(type)]) listener(value);
}

function update(next) {
  if (next === state) return;
  state = next;
  emit('change', next);
}

// The window's events, listened to once the page exists.
function watch() {
  if (watching || typeof window === 'undefined' || typeof document === 'undefined') return;
  watching = true;
  state = stateNow();
  window.addEventListener('focus', () => { emit('focus'); update(stateNow() === 'background' ? 'background' : 'active'); });
  window.addEventListener('blur', () => { emit('blur'); update(stateNow() === 'background' ? 'background' : 'inactive'); });
  document.addEventListener('visibilitychange', () => update(stateNow()));
}

const AppState = {
  get currentState() {
    watch();
    return state === null ? stateNow() : state;
  },
  isAvailable: true,
  addEventListener(type, listener) {
    if (!listeners.has(type)) {
      const error = new TypeError(`AppState.addEventListener: unknown event "${type}" (${EVENTS.join(', ')})`);
      error.code = 'E_INVALID_ARGUMENT';
      throw error;
    }
    if (typeof listener !== 'function') {
      const error = new TypeError('AppState.addEventListener: the listener must be a function');
      error.code = 'E_INVALID_ARGUMENT';
      throw error;
    }
    watch();
    listeners.get(type).add(listener);
    return { remove: () => listeners.get(type).delete(listener) };
  },
};

module.exports = { AppState };
