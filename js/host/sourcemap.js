'use strict';
// sourcemap.js — maps a position in generated code (an esbuild bundle) back to the
// app's source file, from a Source Map v3 file (https://sourcemaps.info/spec.html).
//
// `mappings` holds one group per generated line, separated by `;`; each group holds
// segments separated by `,`; a segment is 1, 4 or 5 Base64 VLQ numbers: generated
// column, source index, original line, original column (and a name index), each
// relative to the previous segment's (the generated column only within its line).

const path = require('./path');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) DIGIT[BASE64.charCodeAt(i)] = i;

/**
 * Decodes a `mappings` string into, for each generated line, its segments as arrays
 * `[generatedColumn, sourceIndex, originalLine, originalColumn]` (all 0-based) sorted
 * by generated column; a segment without a source is `[generatedColumn]`.
 *
 * @param {string} mappings
 * @returns {number[][][]}
 * @throws {SyntaxError} on a character outside Base64 or a truncated number
 */
function decodeMappings(mappings) {
  const lines = [];
  let segments = [];
  let source = 0;
  let originalLine = 0;
  let originalColumn = 0;
  let name = 0;
  let column = 0;
  let i = 0;
  const fields = [];

  function vlq() {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (i >= mappings.length) throw new SyntaxError('source map: mappings end inside a number');
      const code = mappings.charCodeAt(i++);
      const digit = code < 128 ? DIGIT[code] : -1;
      if (digit === -1) throw new SyntaxError(`source map: '${mappings[i - 1]}' is not a Base64 digit (mappings[${i - 1}])`);
      value += (digit & 31) * 2 ** shift;
      shift += 5;
      if ((digit & 32) === 0) break;
    }
    const magnitude = Math.floor(value / 2);
    return value % 2 === 1 ? -magnitude : magnitude;
  }

  while (i <= mappings.length) {
    const c = mappings[i];
    if (c === undefined || c === ';') {
      segments.sort((a, b) => a[0] - b[0]);
      lines.push(segments);
      segments = [];
      column = 0;
      i++;
      continue;
    }
    if (c === ',') { i++; continue; }
    fields.length = 0;
    while (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') fields.push(vlq());
    column += fields[0];
    if (fields.length >= 4) {
      source += fields[1];
      originalLine += fields[2];
      originalColumn += fields[3];
      if (fields.length >= 5) name += fields[4];
      segments.push([column, source, originalLine, originalColumn]);
    } else {
      segments.push([column]);
    }
  }
  return lines;
}

/**
 * A parsed source map.
 *
 * @param {object} json the map's JSON (`version` 3, `sources`, `mappings`)
 * @param {string} mapFile the map's own path: `sources` are relative to its folder
 */
function parseSourceMap(json, mapFile) {
  if (json === null || typeof json !== 'object' || json.version !== 3 ||
      !Array.isArray(json.sources) || typeof json.mappings !== 'string') {
    throw new SyntaxError(`${mapFile}: not a version 3 source map`);
  }
  const root = typeof json.sourceRoot === 'string' && json.sourceRoot !== '' ? json.sourceRoot : '';
  const dir = path.dirname(mapFile);
  const sources = json.sources.map((s) => path.resolveFrom(dir, root, String(s)));
  const lines = decodeMappings(json.mappings);
  return { sources, lines };
}

/**
 * The original position of a generated one, or null when it maps to no source.
 *
 * Lines and columns are 1-based, as JavaScriptCore reports them. The segment that
 * starts at or before the column gives the source position; the distance from the
 * segment's start is added, since esbuild keeps a segment's text as it was written.
 *
 * @returns {{file: string, line: number, column: number} | null}
 */
function originalPosition(map, line, column) {
  const segments = map.lines[line - 1];
  if (!segments || segments.length === 0) return null;
  const target = column - 1;
  let low = 0;
  let high = segments.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (segments[mid][0] <= target) { found = mid; low = mid + 1; } else high = mid - 1;
  }
  if (found === -1) found = 0;
  const segment = segments[found];
  if (segment.length < 4) return null;
  const offset = Math.max(0, target - segment[0]);
  return { file: map.sources[segment[1]], line: segment[2] + 1, column: segment[3] + offset + 1 };
}

/**
 * The registry of bundles' source maps: the loader registers each bundle it runs,
 * error formatting asks for positions. Maps are read and decoded on first use; a map
 * that cannot be read leaves positions as they are.
 *
 * @param {(file: string) => string} readFile
 */
function createSourceMaps(readFile) {
  const mapFiles = new Map();
  const parsed = new Map();

  function mapFor(file) {
    if (parsed.has(file)) return parsed.get(file);
    let map = null;
    try {
      map = parseSourceMap(JSON.parse(readFile(mapFiles.get(file))), mapFiles.get(file));
    } catch {
      map = null;
    }
    parsed.set(file, map);
    return map;
  }

  return {
    /** Records that `generatedFile`'s positions map through the map at `mapFile`. */
    register(generatedFile, mapFile) {
      mapFiles.set(generatedFile, mapFile);
      parsed.delete(generatedFile);
    },
    /** Whether `file` is generated code with a registered map. */
    has(file) {
      return mapFiles.has(file);
    },
    /**
     * The original `{file, line, column}` of `file:line:column` (1-based), or null
     * when `file` has no map or the position maps to no source.
     */
    map(file, line, column) {
      if (!mapFiles.has(file)) return null;
      const map = mapFor(file);
      return map === null ? null : originalPosition(map, line, column);
    },
  };
}

module.exports = { decodeMappings, parseSourceMap, originalPosition, createSourceMaps };
