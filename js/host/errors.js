'use strict';
// errors.js — error stacks in Node's shape and the text printed for an uncaught error.
//
// JavaScriptCore gives an error `.line`, `.column`, `.sourceURL` and a `.stack` of
// `fn@file:line:column` lines without the `Name: message` header; V8 (the
// development shim) gives Node's own shape. Both become
//     Name: message
//         at fn (file:line:column)

let hiddenDirs = [];
let wrappedFiles = new Set();
let wrapperLength = 0;

/**
 * Names the files `native.compileModule` compiled and how far it shifted their
 * line 1: the module wrapper stands in front of the source on that line (NATIVE.md,
 * note 1), so positions there are moved back by its length.
 */
function setWrappedFiles(files, length) {
  wrappedFiles = files;
  wrapperLength = length;
}

/** The source column of an engine position (`line` and `column` are 1-based). */
function sourceColumn(file, line, column) {
  if (line !== 1 || wrapperLength === 0 || !wrappedFiles.has(file)) return column;
  return Math.max(1, column - wrapperLength);
}

const positionAtEnd = /^(.*):(\d+):(\d+)$/;

/** `file:line:column` with the column on line 1 of a wrapped module corrected. */
function sourcePosition(where) {
  const m = positionAtEnd.exec(where);
  if (!m) return where;
  const line = Number(m[2]);
  return `${m[1]}:${line}:${sourceColumn(m[1], line, Number(m[3]))}`;
}

let positionMapper = null;

/**
 * Sets the function that maps a generated `file, line, column` to the app's source
 * (`{file, line, column}` or null): bundles' source maps (sourcemap.js).
 */
function setPositionMapper(fn) {
  positionMapper = fn;
}

/** `file:line:column` mapped to the app's source when a source map covers it. */
function mapWhere(where) {
  if (positionMapper === null) return where;
  const m = /^(.*):(\d+):(\d+)$/.exec(where);
  if (!m) return where;
  let original = null;
  try { original = positionMapper(m[1], Number(m[2]), Number(m[3])); } catch { original = null; }
  return original ? `${original.file}:${original.line}:${original.column}` : where;
}

/** Sets the folders whose frames are the host's own (skipped when locating an error). */
function setHostDirs(dirs) {
  hiddenDirs = dirs.filter(Boolean).map((d) => (d.endsWith('/') ? d : d + '/'));
}

function header(err) {
  let name;
  let message;
  try { name = err.name; } catch { name = undefined; }
  try { message = err.message; } catch { message = undefined; }
  name = name === undefined ? 'Error' : String(name);
  message = message === undefined ? '' : String(message);
  if (name === '') return message;
  if (message === '') return name;
  return `${name}: ${message}`;
}

/** Turns one JavaScriptCore frame (`fn@file:1:2`) into Node's `    at fn (file:1:2)`. */
function convertFrame(line) {
  const at = line.lastIndexOf('@');
  let fn = at === -1 ? '' : line.slice(0, at);
  let where = sourcePosition(at === -1 ? line : line.slice(at + 1));
  if (where === '[native code]') where = 'native';
  else where = mapWhere(where);
  if (fn === 'global code' || fn === 'module code' || fn === 'eval code') fn = '';
  if (fn === '') return `    at ${where}`;
  return `    at ${fn} (${where})`;
}

function isEngineStack(stack) {
  if (stack === '') return true;
  const lines = stack.split('\n');
  return lines.every((l) => l.includes('@') || l === '[native code]') &&
    !stack.includes('\n    at ');
}

/**
 * The error's stack in Node's shape: the `Name: message` header, then `    at` frames.
 *
 * @param {Error} err
 * @returns {string}
 */
function stackOf(err) {
  let stack;
  try { stack = err.stack; } catch { stack = undefined; }
  if (typeof stack !== 'string' || stack === '') return header(err);
  if (!isEngineStack(stack)) return stack;
  const frames = stack.split('\n').filter((l) => l !== '').map(convertFrame);
  return [header(err), ...frames].join('\n');
}

/** Removes the engine's own bookkeeping keys (`line`, `column`, `sourceURL`) from `keys`. */
function hideEngineKeys(err, keys) {
  for (const key of ['line', 'column', 'sourceURL']) {
    const i = keys.indexOf(key);
    if (i !== -1 && typeof err.stack === 'string' && isEngineStack(err.stack)) keys.splice(i, 1);
  }
}

const frameLocation = /^\s+at (?:.*? \()?((?:\/|file:)[^()]*?):(\d+):(\d+)\)?$/;

/** The frames of `err` as `{file, line, column}`, outermost last. */
function framesOf(err) {
  const frames = [];
  for (const line of stackOf(err).split('\n')) {
    if (!/^\s+at /.test(line)) continue;
    const m = frameLocation.exec(line);
    if (m) frames.push({ file: m[1], line: Number(m[2]), column: Number(m[3]) });
  }
  return frames;
}

/**
 * Where the error was raised in the app's code: the first frame outside the host's
 * own folders, else the engine's `sourceURL:line:column`, else null.
 */
function locationOf(err) {
  if (err === null || (typeof err !== 'object' && typeof err !== 'function')) return null;
  let sourceURL;
  let line;
  let column;
  try {
    ({ sourceURL, line, column } = err);
  } catch {
    sourceURL = undefined;
  }
  const isHostFile = (file) => hiddenDirs.some((d) => file.startsWith(d));
  // The engine's own position is where a syntax or runtime error really is
  // (a SyntaxError's is in the file being compiled, not in any frame).
  if (typeof column === 'number' && typeof sourceURL === 'string') column = sourceColumn(sourceURL, line, column);
  if (typeof sourceURL === 'string' && sourceURL !== '' && typeof line === 'number' && !isHostFile(sourceURL)) {
    return mapWhere(`${sourceURL}:${line}:${typeof column === 'number' ? column : 0}`);
  }
  const frames = framesOf(err);
  const user = frames.find((f) => !isHostFile(f.file));
  if (user) return `${user.file}:${user.line}:${user.column}`;
  if (typeof sourceURL === 'string' && sourceURL !== '' && typeof line === 'number') {
    return `${sourceURL}:${line}:${typeof column === 'number' ? column : 0}`;
  }
  if (frames.length > 0) return `${frames[0].file}:${frames[0].line}:${frames[0].column}`;
  return null;
}

/**
 * Removes the `    at` lines of `text` that `isDropped` selects, keeping the ` {` that
 * opens the extra properties when it ended a removed line.
 */
function dropFrames(text, isDropped) {
  const kept = [];
  for (const line of text.split('\n')) {
    if (!(/^\s+at /.test(line) && isDropped(line))) kept.push(line);
    else if (line.endsWith(' {') && kept.length > 0) {
      while (kept.length > 1 && kept[kept.length - 1] === '') kept.pop();
      kept[kept.length - 1] += ' {';
    }
  }
  return kept.join('\n');
}

/**
 * The text printed for an uncaught error or unhandled rejection:
 * `file:line:column Name: message`, then the stack and any extra properties
 * (`code`, …) as `util.inspect` prints them.
 *
 * @param {*} error the thrown value
 * @returns {string}
 */
function formatError(error) {
  const { inspect, isError } = require('./inspect');
  let text;
  try {
    text = isError(error) ? inspect(error) : `Uncaught ${inspect(error)}`;
  } catch (e) {
    text = `Uncaught ${String(error)}`;
  }
  // The loader's own frames (js/host) say nothing about the app.
  const hostDir = hiddenDirs[0];
  if (hostDir) text = dropFrames(text, (line) => line.includes(hostDir));
  const where = locationOf(error);
  return where ? `${where} ${text}` : text;
}

module.exports = { setHostDirs, setWrappedFiles, setPositionMapper, stackOf, hideEngineKeys, framesOf, locationOf, formatError, dropFrames };
