'use strict';
// A page error's stack, mapped back to the app's own files: JavaScriptCore names
// frames `function@url:line:column`; the bundle's source map (esbuild writes it beside
// the bundle, `BUNDLE.js.map`) gives each frame's file and line in the app's sources,
// and the source text for a code frame. Maps are read once, when the first error needs
// them, so start-up pays nothing.

const { parseSourceMap, originalPosition } = require('../host/sourcemap');

const FRAME = /^(?:(.*?)@)?(.+?):(\d+):(\d+)$/;

/**
 * The frames of a JSC `error.stack`, top first: `{fn, url, line, column}` (1-based),
 * `url` null for native frames.
 */
function parseStack(stack) {
  const frames = [];
  for (const text of String(stack || '').split('\n')) {
    const line = text.trim();
    if (line === '') continue;
    const match = FRAME.exec(line);
    if (match) frames.push({ fn: match[1] || '', url: match[2], line: Number(match[3]), column: Number(match[4]) });
    else frames.push({ fn: line.replace(/@\[native code\]$/, ''), url: null, line: 0, column: 0 });
  }
  return frames;
}

const maps = new Map();

function filePath(url) {
  return url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : null;
}

/** The parsed map of a bundle at `url` (with its sources' text), or null; read once. */
function mapFor(url) {
  if (maps.has(url)) return maps.get(url);
  const promise = new Promise((resolve) => {
    const path = filePath(url);
    if (path === null) return resolve(null);
    const request = new XMLHttpRequest();
    request.open('GET', url + '.map');
    request.onload = () => {
      try {
        const json = JSON.parse(request.responseText);
        const map = parseSourceMap(json, path + '.map');
        map.contents = Array.isArray(json.sourcesContent) ? json.sourcesContent : [];
        resolve(map);
      } catch {
        resolve(null);
      }
    };
    request.onerror = () => resolve(null);
    request.send();
  });
  maps.set(url, promise);
  return promise;
}

/** The app's directory (the page's <base>), as a path ending in `/`. */
function appDirectory() {
  const base = filePath(document.baseURI) || '/';
  return base.endsWith('/') ? base : base.slice(0, base.lastIndexOf('/') + 1);
}

/** A source path as the user knows it: relative to the app's directory when inside it. */
function shownPath(file) {
  const dir = appDirectory();
  return file.startsWith(dir) ? file.slice(dir.length) : file;
}

/**
 * The frames mapped to sources: each `{fn, file, line, column, own, source}` where
 * `own` says the file is the app's (not node_modules, not our runtime) and `source`
 * is the file's text when the map holds it. Unmapped frames keep their bundle position.
 */
async function mapStack(stack) {
  const frames = parseStack(stack);
  const mapped = [];
  for (const frame of frames) {
    const map = frame.url ? await mapFor(frame.url) : null;
    const position = map ? originalPosition(map, frame.line, frame.column) : null;
    if (position === null) {
      mapped.push({ fn: frame.fn, file: frame.url ? shownPath(filePath(frame.url) || frame.url) : '[native code]',
        line: frame.line, column: frame.column, own: false, source: null });
      continue;
    }
    const index = map.sources.indexOf(position.file);
    const own = position.file.startsWith(appDirectory()) && !position.file.includes('/node_modules/');
    mapped.push({ fn: frame.fn, file: shownPath(position.file), line: position.line, column: position.column, own,
      source: index >= 0 && typeof map.contents[index] === 'string' ? map.contents[index] : null });
  }
  return mapped;
}

/** `    at fn (file:line:column)` lines, as Node prints a stack. */
function formatFrames(frames) {
  return frames.map((f) => `    at ${f.fn ? `${f.fn} (${f.file}:${f.line}:${f.column})` : `${f.file}:${f.line}:${f.column}`}`).join('\n');
}

/** The lines around `line` of `source`: `[{number, text, current}]`. */
function codeFrame(source, line, around = 2) {
  const lines = source.split('\n');
  const first = Math.max(1, line - around);
  const last = Math.min(lines.length, line + around);
  const frame = [];
  for (let n = first; n <= last; n++) frame.push({ number: n, text: lines[n - 1], current: n === line });
  return frame;
}

module.exports = { parseStack, mapStack, formatFrames, codeFrame, shownPath };
