'use strict';
// The page's console, forwarded to the window host: log/info/debug to its stdout,
// warn/error to its stderr (so `searchlight run --window` and the tests show it),
// formatted as the headless host's console formats (Node's util.format). Uncaught
// errors and unhandled rejections are printed with their stack.

// Node's formatting, as the headless host's console does it (js/host/inspect.js).
const { format: formatArguments, inspect } = require('../host/inspect');

function format(args) {
  return formatArguments(...args);
}

function handler() {
  return window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.console;
}

/** Writes one line (or several) at `level` to the host's stdout or stderr. */
function write(level, text) {
  const target = handler();
  if (target) target.postMessage(`${level}\n${text}`);
}

/** Ends the window with exit status `code` (`searchlight test --window`). */
function exit(code) {
  write('exit', String(code));
}

function install() {
  if (!handler()) return;
  const send = write;
  for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
    console[level] = (...args) => send(level, format(args));
  }
  window.addEventListener('error', (event) => {
    const error = event.error;
    send('error', `Uncaught ${error ? inspect(error) : event.message} (${event.filename}:${event.lineno}:${event.colno})`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    send('error', `Unhandled promise rejection: ${inspect(event.reason)}`);
  });
}

module.exports = { install, format, write, exit };
