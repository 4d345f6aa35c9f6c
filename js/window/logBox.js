'use strict';
// React Native's `LogBox` API over our error screen (errorScreen.js): `ignoreLogs`
// keeps console warnings and errors whose message matches a pattern (a string: a part
// of the message; a RegExp: a match) off the screen, `ignoreAllLogs` hides the bar that
// counts them. Either way they still go to stderr, and an uncaught error still covers
// the window, as React Native documents.

const patterns = [];
let allIgnored = false;
const listeners = new Set();

/** A TypeError with React Native's code for a bad argument. */
function invalid(message) {
  return Object.assign(new TypeError(message), { code: 'E_INVALID_ARGUMENT' });
}

const LogBox = {
  /** Adds patterns (strings or RegExps) of messages to keep off the screen. */
  ignoreLogs(list) {
    if (!Array.isArray(list)) throw invalid('LogBox.ignoreLogs: patterns must be an array of strings or regular expressions');
    const bad = list.findIndex((pattern) => typeof pattern !== 'string' && !(pattern instanceof RegExp));
    if (bad >= 0) throw invalid(`LogBox.ignoreLogs: patterns[${bad}] is not a string or a regular expression`);
    patterns.push(...list);
  },
  /** Hides (true, the default) or shows again (false) the bar of warnings and errors. */
  ignoreAllLogs(value) {
    if (value !== undefined && value !== null && typeof value !== 'boolean') throw invalid('LogBox.ignoreAllLogs: value must be a boolean');
    allIgnored = value === undefined || value === null ? true : value;
    for (const listener of [...listeners]) listener();
  },
};

/** Whether a console message matches one of the app's `ignoreLogs` patterns. */
function isIgnored(message) {
  return patterns.some((pattern) => {
    if (typeof pattern === 'string') return message.includes(pattern);
    pattern.lastIndex = 0; // a global or sticky RegExp would carry on from its last match
    return pattern.test(message);
  });
}

/** Whether `ignoreAllLogs` hides the bar. */
function barHidden() {
  return allIgnored;
}

/** Calls `listener` when `ignoreAllLogs` changes (the screen draws the bar again). */
function onChange(listener) {
  listeners.add(listener);
}

module.exports = { LogBox, isIgnored, barHidden, onChange };
