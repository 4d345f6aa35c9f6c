'use strict';
// The error screen, as React Native's LogBox shows one in development: an uncaught
// error, an unhandled rejection or a render error covers the window with its message,
// the code where it was thrown and the call stack, mapped to the app's own files
// (stack.js); warnings and console errors are counted in a small bar at the bottom and
// open the same screen when tapped (unless the app's LogBox calls keep them off:
// logBox.js). Dismiss hides it, Reload (or Ctrl+R, or `r` while
// the screen is shown) loads the page again, keeping the window and the index.
//
// Drawn with the DOM, not React: after a render error React has unmounted the app.

const { mapStack, formatFrames, codeFrame } = require('./stack');
const logBox = require('./logBox');

const entries = []; // {kind, level, message, frames}
let shown = -1; // index of the entry on screen, -1 for none
let layer = null;

const STYLE = `
#searchlight-errors { position: fixed; inset: 0; pointer-events: none; z-index: 2147483647;
  font: 14px Cantarell, "Noto Sans", "DejaVu Sans", sans-serif; }
#searchlight-errors .screen { position: absolute; inset: 0; pointer-events: auto; display: flex; flex-direction: column;
  background: #1f1f1f; color: #fff; }
#searchlight-errors .header { padding: 16px 18px 10px; background: #c22; }
#searchlight-errors .kind { font-size: 13px; opacity: 0.9; text-transform: uppercase; letter-spacing: 0.04em; }
#searchlight-errors .message { margin-top: 6px; font-size: 18px; font-weight: 600; white-space: pre-wrap; word-break: break-word; }
#searchlight-errors .body { flex: 1; overflow: auto; padding: 12px 18px; }
#searchlight-errors h3 { margin: 14px 0 6px; font-size: 13px; color: #bbb; text-transform: uppercase; letter-spacing: 0.04em; }
#searchlight-errors h3 .file { text-transform: none; letter-spacing: 0; color: #eee; font: 13px "DejaVu Sans Mono", monospace; margin-left: 6px; }
#searchlight-errors pre { margin: 0; padding: 8px 0; background: #111; border-radius: 4px; overflow-x: auto;
  font: 13px "DejaVu Sans Mono", monospace; }
#searchlight-errors .line { padding: 0 10px; white-space: pre; }
#searchlight-errors .line.current { background: #5a1d1d; }
#searchlight-errors .frame { padding: 4px 0; }
#searchlight-errors .frame .where { color: #aaa; font: 12px "DejaVu Sans Mono", monospace; }
#searchlight-errors .frame.other { opacity: 0.55; }
#searchlight-errors .toggle { color: #8ab4f8; cursor: pointer; padding: 6px 0; }
#searchlight-errors .buttons { display: flex; border-top: 1px solid #333; }
#searchlight-errors button { flex: 1; padding: 14px; background: #2a2a2a; color: #fff; border: 0; border-right: 1px solid #333;
  font: inherit; cursor: pointer; }
#searchlight-errors .bar { position: absolute; left: 10px; right: 10px; bottom: 10px; pointer-events: auto; display: flex; gap: 8px; }
#searchlight-errors .badge { padding: 8px 12px; border-radius: 6px; color: #fff; cursor: pointer; box-shadow: 0 1px 4px rgba(0,0,0,0.3); }
#searchlight-errors .badge.warn { background: #b7791f; }
#searchlight-errors .badge.error { background: #c22; }
`;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function ensureLayer() {
  if (layer && layer.isConnected) return layer;
  const style = element('style');
  style.textContent = STYLE;
  document.head.appendChild(style);
  layer = element('div');
  layer.id = 'searchlight-errors';
  document.body.appendChild(layer);
  return layer;
}

function render() {
  const root = ensureLayer();
  root.textContent = '';
  if (shown >= 0 && entries[shown]) root.appendChild(screen(entries[shown]));
  else root.appendChild(bar());
}

function bar() {
  const node = element('div', 'bar');
  if (logBox.barHidden()) return node;
  for (const level of ['warn', 'error']) {
    const count = entries.filter((e) => e.level === level).length;
    if (count === 0) continue;
    const label = level === 'warn' ? `⚠ ${count} warning${count === 1 ? '' : 's'}` : `✖ ${count} error${count === 1 ? '' : 's'}`;
    const badge = element('div', `badge ${level}`, label);
    badge.addEventListener('click', () => { shown = entries.findIndex((e) => e.level === level); render(); });
    node.appendChild(badge);
  }
  return node;
}

function screen(entry) {
  const node = element('div', 'screen');
  node.setAttribute('data-searchlight-error', entry.kind);
  const header = element('div', 'header');
  header.appendChild(element('div', 'kind', entries.length > 1 ? `${entry.kind} · ${shown + 1} of ${entries.length}` : entry.kind));
  // The first line is the headline; more lines (esbuild's report, a multi-line
  // message) are shown as written, in a fixed-width font so carets line up.
  const [headline, ...more] = entry.message.split('\n');
  header.appendChild(element('div', 'message', headline));
  node.appendChild(header);

  const body = element('div', 'body');
  if (more.some((line) => line.trim() !== '')) {
    const details = element('pre', 'details');
    for (const line of more) details.appendChild(element('div', 'line', line));
    body.appendChild(details);
  }
  const top = entry.frames.find((f) => f.own && f.source !== null);
  if (top) {
    const title = element('h3', null, 'Source ');
    title.appendChild(element('span', 'file', `${top.file}:${top.line}:${top.column}`));
    body.appendChild(title);
    const pre = element('pre');
    for (const line of codeFrame(top.source, top.line)) {
      pre.appendChild(element('div', line.current ? 'line current' : 'line', `${line.current ? '>' : ' '} ${String(line.number).padStart(4)} | ${line.text}`));
    }
    body.appendChild(pre);
  }
  if (entry.frames.length > 0) {
    body.appendChild(element('h3', null, 'Call stack'));
    const own = entry.frames.filter((f) => f.own);
    const list = element('div');
    const draw = (all) => {
      list.textContent = '';
      for (const frame of all ? entry.frames : own) list.appendChild(frameNode(frame));
      const hidden = entry.frames.length - own.length;
      if (hidden > 0) {
        const toggle = element('div', 'toggle', all ? 'Collapse the other frames' : `See ${hidden} more frame${hidden === 1 ? '' : 's'}`);
        toggle.addEventListener('click', () => draw(!all));
        list.appendChild(toggle);
      }
    };
    draw(own.length === 0);
    body.appendChild(list);
  }
  node.appendChild(body);

  const buttons = element('div', 'buttons');
  const buttonDefs = [['Dismiss', dismiss], ['Reload', reload]];
  if (entries.length > 1) buttonDefs.unshift(['Next', () => { shown = (shown + 1) % entries.length; render(); }]);
  for (const [label, action] of buttonDefs) {
    const button = element('button', null, label);
    button.setAttribute('data-searchlight-error-action', label.toLowerCase());
    button.addEventListener('click', action);
    buttons.appendChild(button);
  }
  node.appendChild(buttons);
  return node;
}

function frameNode(frame) {
  const node = element('div', frame.own ? 'frame' : 'frame other');
  node.appendChild(element('div', null, frame.fn || '(anonymous)'));
  node.appendChild(element('div', 'where', `${frame.file}:${frame.line}:${frame.column}`));
  return node;
}

function dismiss() {
  entries.splice(shown, 1);
  shown = -1;
  render();
}

function reload() {
  location.reload();
}

/**
 * Records an error or warning and draws it: `open` shows the screen at once (uncaught
 * errors), else only the bar counts it (not at all if LogBox ignores its message).
 * Resolves to the entry, its frames mapped, once shown (null for an ignored one).
 */
async function report({ kind, level, message, stack, open }) {
  if (!open && logBox.isIgnored(message)) return null;
  const frames = stack ? await mapStack(stack) : [];
  const entry = { kind, level, message, frames };
  entries.push(entry);
  if (open) shown = entries.length - 1;
  render();
  return entry;
}

logBox.onChange(() => { if (layer) render(); });

/** The text of an error for stderr: `Kind: message` and the mapped frames. */
function describe(entry) {
  const frames = entry.frames.filter((f) => f.own);
  return `${entry.kind}: ${entry.message}${frames.length ? '\n' + formatFrames(frames) : ''}`;
}

/** Ctrl+R reloads; so does `r` while the screen is shown. */
function installKeys() {
  window.addEventListener('keydown', (event) => {
    const ctrlR = event.ctrlKey && !event.altKey && (event.key === 'r' || event.key === 'R');
    const plainR = !event.ctrlKey && !event.altKey && !event.metaKey && event.key === 'r' && shown >= 0;
    if (ctrlR || plainR) {
      event.preventDefault();
      reload();
    }
  }, true);
}

module.exports = { report, describe, installKeys };
