'use strict';
// The page's console, forwarded to the window host: log/info/debug to its stdout,
// warn/error to its stderr (so `searchlight run --window` and the tests show it),
// formatted as the headless host's console formats (Node's util.format). Uncaught
// errors and unhandled rejections are printed with their stack (mapped to the app's
// files and drawn on the error screen in an app's page).

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

/**
 * Forwards the console and uncaught errors to the host. With `errorScreen` (an app's
 * page, not the test runner), errors are also drawn on it and go to stderr with their
 * stack mapped to the app's files.
 */
function install({ errorScreen = null } = {}) {
  if (!handler()) return;
  const send = write;
  // Errors that reached the window's `error` event. React logs an error it caught in
  // rendering (`console.error(error)`) and then throws it again in the same task: a
  // console line holding an Error waits one task, and is dropped if that Error turned
  // out uncaught, so that the screen counts it once and stderr prints it once, mapped.
  const uncaught = new WeakSet();
  const log = (level, args) => {
    const text = format(args);
    send(level, text);
    if (errorScreen && (level === 'warn' || level === 'error')) {
      errorScreen.report({ kind: level === 'warn' ? 'Warning' : 'Console Error', level, message: text, stack: null, open: false });
    }
  };
  for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
    console[level] = (...args) => {
      const errors = errorScreen ? args.filter((arg) => arg instanceof Error) : [];
      if (errors.length === 0) log(level, args);
      else setTimeout(() => { if (!errors.some((error) => uncaught.has(error))) log(level, args); }, 0);
    };
  }
  window.addEventListener('error', (event) => {
    const error = event.error;
    if (error !== null && typeof error === 'object') uncaught.add(error);
    if (!errorScreen) {
      send('error', `Uncaught ${error ? inspect(error) : event.message} (${event.filename}:${event.lineno}:${event.colno})`);
      return;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error === undefined ? event.message : inspect(error));
    // A render error is thrown from inside React's rendering of a component.
    setTimeout(() => {
      const kind = error && /\b(renderWithHooks|beginWork|mountIndeterminateComponent)\b/.test(String(error.stack)) ? 'Render Error' : 'Uncaught Error';
      errorScreen.report({ kind, level: 'error', message, stack: error && error.stack, open: true })
        .then((entry) => send('error', errorScreen.describe(entry)));
    }, 0);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    if (!errorScreen) {
      send('error', `Unhandled promise rejection: ${inspect(reason)}`);
      return;
    }
    const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : inspect(reason);
    errorScreen.report({ kind: 'Unhandled Promise Rejection', level: 'error', message, stack: reason && reason.stack, open: true })
      .then((entry) => send('error', errorScreen.describe(entry)));
  });
}

module.exports = { install, format, write, exit };
