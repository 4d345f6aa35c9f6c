'use strict';
// Text with the parts a search matched in bold, for the windowed examples.
//
// A search hit carries `highlights` (SPEC §3): for each matched field the UTF-16
// [start, end) ranges of the matched text; a string field maps to [[start, end], …]
// and an array field (keywords) to one such list per element. When a hit has no
// `highlights` (an index that does not report them), the ranges are computed here
// instead: where a query term matches the text as a word prefix, ignoring case and
// diacritics (and anywhere in Chinese or Japanese text, which has no spaces).

const React = require('react');
const { Text } = require('react-native');

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7af]/;
const WORD = /[\p{L}\p{N}]/u;

/** The text folded for matching, and for each folded code unit the original index. */
function fold(text) {
  let folded = '';
  const origin = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i);
    const width = code > 0xffff ? 2 : 1;
    const piece = text.slice(i, i + width).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let k = 0; k < piece.length; k++) origin.push(i);
    folded += piece;
    i += width - 1;
  }
  origin.push(text.length);
  return { folded, origin };
}

/** Whether position `index` of `text` starts a word (after a non-letter, or a lower→upper change). */
function startsWord(text, index) {
  if (index === 0) return true;
  const before = text[index - 1];
  const at = text[index];
  if (!WORD.test(before)) return true;
  if (CJK.test(at) || CJK.test(before)) return true;
  return before === before.toLowerCase() && before !== before.toUpperCase() && at !== at.toLowerCase();
}

/** Merged, sorted [start, end) ranges. */
function mergeRanges(ranges) {
  const sorted = ranges.filter((r) => r[1] > r[0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Where the terms of `query` match `text` (see the file's comment), as UTF-16 ranges. */
function matchRanges(text, query) {
  if (typeof text !== 'string' || typeof query !== 'string') return [];
  const { folded, origin } = fold(text);
  const ranges = [];
  for (const term of query.trim().split(/\s+/)) {
    if (term === '') continue;
    const needle = fold(term).folded;
    const anywhere = CJK.test(needle);
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      const start = origin[at];
      if (anywhere || startsWord(text, start)) ranges.push([start, origin[at + needle.length]]);
    }
  }
  return mergeRanges(ranges);
}

/**
 * The ranges to bold in `field` of `hit` (element `index` of an array field): the
 * hit's own `highlights` when it has them, else the ranges computed for `query`.
 */
function rangesFor(hit, field, text, query, index) {
  if (hit && hit.highlights && typeof hit.highlights === 'object') {
    let ranges = hit.highlights[field];
    if (index !== undefined && Array.isArray(ranges)) ranges = ranges[index];
    if (!Array.isArray(ranges)) return [];
    return mergeRanges(ranges.filter((r) => Array.isArray(r) && r.length === 2).map(([s, e]) => [
      Math.max(0, Math.min(s, text.length)), Math.max(0, Math.min(e, text.length)),
    ]));
  }
  return matchRanges(text, query);
}

/** `<Text>` of `text` with `ranges` in `highlightStyle` (bold by default) as nested Texts. */
function Highlighted({ text, ranges, style, highlightStyle, numberOfLines, testID }) {
  const parts = [];
  let at = 0;
  for (const [start, end] of ranges || []) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(React.createElement(Text, { key: start, style: [{ fontWeight: 'bold' }, highlightStyle] }, text.slice(start, end)));
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return React.createElement(Text, { style, numberOfLines, testID }, ...parts);
}

module.exports = { Highlighted, rangesFor, matchRanges, mergeRanges };
