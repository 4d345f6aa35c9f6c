'use strict';
// The page's console, forwarded to the window host: log/info/debug to its stdout,
// warn/error to its stderr (so `searchlight run --window` and the tests show it),
// with Node's format directives (%s %d %i %f %j %o %O %%). Uncaught errors and
// unhandled rejections are printed with their stack.

function show(value) {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ? `${value.name}: ${value.message}\n${value.stack}` : String(value);
  if (typeof value === 'function') return `[Function: ${value.name || '(anonymous)'}]`;
  if (value === undefined || typeof value === 'symbol' || typeof value === 'bigint') return String(value);
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text;
  } catch {
    return String(value);
  }
}

/** `util.format`'s rules, as far as a page needs them. */
function format(args) {
  if (args.length === 0) return '';
  let rest = args;
  let text = '';
  if (typeof args[0] === 'string') {
    let index = 1;
    text = args[0].replace(/%[sdifjoO%]/g, (directive) => {
      if (directive === '%%') return '%';
      if (index >= args.length) return directive;
      const value = args[index++];
      switch (directive) {
        case '%s': return typeof value === 'string' ? value : show(value);
        case '%d': case '%i': return String(directive === '%i' ? parseInt(value, 10) : Number(value));
        case '%f': return String(parseFloat(value));
        default: return show(value);
      }
    });
    rest = args.slice(index);
  } else {
    text = show(args[0]);
    rest = args.slice(1);
  }
  for (const value of rest) text += ' ' + show(value);
  return text;
}

function install() {
  const handler = window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.console;
  if (!handler) return;
  const send = (level, text) => { handler.postMessage(`${level}\n${text}`); };
  for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
    console[level] = (...args) => send(level, format(args));
  }
  window.addEventListener('error', (event) => {
    const error = event.error;
    send('error', `Uncaught ${error ? show(error) : event.message} (${event.filename}:${event.lineno}:${event.colno})`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    send('error', `Unhandled promise rejection: ${show(event.reason)}`);
  });
}

module.exports = { install, format };
