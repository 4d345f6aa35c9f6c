'use strict';
// path.js — POSIX path arithmetic for the module loader (Node's path.posix subset).

/** Removes `.` and `..` segments and duplicate slashes. */
function normalize(path) {
  const absolute = path.startsWith('/');
  const out = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else {
      out.push(part);
    }
  }
  const joined = out.join('/');
  if (absolute) return '/' + joined;
  return joined === '' ? '.' : joined;
}

/** Joins segments and normalizes the result. */
function join(...parts) {
  const joined = parts.filter((p) => p !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

/** Resolves segments right to left until an absolute path is made, from `cwd`. */
function resolveFrom(cwd, ...parts) {
  let path = '';
  for (let i = parts.length - 1; i >= 0; i--) {
    if (parts[i] === '') continue;
    path = path === '' ? parts[i] : `${parts[i]}/${path}`;
    if (parts[i].startsWith('/')) return normalize(path);
  }
  return normalize(path === '' ? cwd : `${cwd}/${path}`);
}

/** The folder part of `path`. */
function dirname(path) {
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const i = normalized.lastIndexOf('/');
  if (i === -1) return '.';
  if (i === 0) return '/';
  return normalized.slice(0, i);
}

/** The last segment of `path`. */
function basename(path) {
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return normalized.slice(normalized.lastIndexOf('/') + 1);
}

/** The extension of the last segment, with its dot (`.js`), or `''`. */
function extname(path) {
  const base = basename(path);
  const i = base.lastIndexOf('.');
  return i <= 0 ? '' : base.slice(i);
}

module.exports = { normalize, join, resolveFrom, dirname, basename, extname };
