'use strict';
// The page's global `alert()`, as React Native's runtime sets one up: drawn as our
// Alert (./Alert.js), never WebKit's blocking dialog, which is titled with the page's
// file URL. `alert(message)` is titled with the app's name (the window's title);
// `alert(title, message, buttons)` is `Alert.alert`'s call. It returns at once, as
// React Native's does, instead of blocking the page until it is closed.

const { Alert } = require('./Alert');

/** The app's name, which the window host puts in the page's <title>. */
function appName() {
  const title = typeof document !== 'undefined' ? document.title.trim() : '';
  return title === '' ? 'Alert' : title;
}

function alert(...args) {
  if (args.length <= 1) {
    Alert.alert(appName(), args.length === 0 ? '' : String(args[0]));
  } else {
    Alert.alert(String(args[0]), args[1], args[2]);
  }
}

/** Replaces `target.alert` (the page's window) once; nothing outside a page. */
function installGlobalAlert(target = typeof window !== 'undefined' ? window : undefined) {
  if (target === undefined || typeof document === 'undefined' || target.alert === alert) return;
  target.alert = alert;
}

module.exports = { installGlobalAlert, alert };
