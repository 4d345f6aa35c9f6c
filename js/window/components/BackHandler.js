'use strict';
// BackHandler: React Native's Android "back" for a desktop window. Escape, Alt+Left
// and the mouse's back button fire 'hardwareBackPress'; handlers run newest first
// until one returns true. `addEventListener` returns `{ remove() }`.
// `exitApp()` closes the window.

const handlers = [];
let installed = false;

function runHandlers() {
  for (let i = handlers.length - 1; i >= 0; i--) {
    if (handlers[i]() === true) return true;
  }
  return false;
}

function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', (event) => {
    const back = event.key === 'Escape' || (event.altKey && event.key === 'ArrowLeft') || event.key === 'BrowserBack';
    if (!back || event.defaultPrevented || event.isComposing) return;
    if (runHandlers()) event.preventDefault();
  });
  window.addEventListener('mouseup', (event) => {
    if (event.button === 3 && runHandlers()) event.preventDefault();
  });
}

const BackHandler = {
  addEventListener(eventName, handler) {
    if (eventName !== 'hardwareBackPress') throw new TypeError(`BackHandler: unknown event "${eventName}"`);
    if (typeof handler !== 'function') throw new TypeError('BackHandler.addEventListener: the handler must be a function');
    install();
    handlers.push(handler);
    let removed = false;
    return {
      remove() {
        if (removed) return;
        removed = true;
        const index = handlers.lastIndexOf(handler);
        if (index !== -1) handlers.splice(index, 1);
      },
    };
  },
  /** The older API (React Native < 0.65): removes `handler` as `remove()` would. */
  removeEventListener(eventName, handler) {
    const index = handlers.lastIndexOf(handler);
    if (index !== -1) handlers.splice(index, 1);
  },
  exitApp() {
    if (typeof window !== 'undefined') window.close();
  },
  /** Runs the handlers as a back press would; true when one handled it. */
  goBack: runHandlers,
};

module.exports = { BackHandler };
