// Which parts of a result the windowed examples bold: the hit's `highlights` when it
// has them, else the query's matches computed in JS. Run with `make test`, or
// NODE_PATH=/usr/share/nodejs searchlight test examples/shared
import assert from 'assert';
import { test } from 'test';
import { matchRanges, rangesFor, mergeRanges } from './Highlighted.js';

test('a term matches at word starts, ignoring case', () => {
  assert.deepStrictEqual(matchRanges('Sichuan, Dumplings, Spicy', 'dumpl'), [[9, 14]]);
  assert.deepStrictEqual(matchRanges('flour, pork, cabbage', 'ork'), [], 'not inside a word');
  assert.deepStrictEqual(matchRanges('Pork Dumplings', 'pork dum'), [[0, 4], [5, 8]]);
  assert.deepStrictEqual(matchRanges('Tacos al Pastor', 'pastor tacos'), [[0, 5], [9, 15]]);
});

test('diacritics do not matter and ranges are in the original text', () => {
  assert.deepStrictEqual(matchRanges('Sofía Ramírez', 'sofia ramirez'), [[0, 5], [6, 13]]);
  assert.deepStrictEqual(matchRanges('jalapeño, lime', 'JALAPENO'), [[0, 8]]);
});

test('Japanese matches anywhere, in UTF-16 units', () => {
  assert.deepStrictEqual(matchRanges('夏目漱石・朗読 西村俊彦', '漱石'), [[2, 4]]);
  assert.deepStrictEqual(matchRanges('オーディオブック', 'ブック'), [[5, 8]]);
  assert.deepStrictEqual(matchRanges('𠮷野家の牛丼', '牛丼'), [[5, 7]], 'after a surrogate pair');
});

test('the hit\'s own highlights win over computed ones', () => {
  const hit = { title: 'Pork Dumplings', highlights: { title: [[5, 14]], keywords: [[], [[0, 4]]] } };
  assert.deepStrictEqual(rangesFor(hit, 'title', hit.title, 'pork'), [[5, 14]]);
  assert.deepStrictEqual(rangesFor(hit, 'description', 'flour, pork', 'pork'), [], 'a field without highlights did not match');
  assert.deepStrictEqual(rangesFor(hit, 'keywords', 'pork', 'pork', 1), [[0, 4]]);
  assert.deepStrictEqual(rangesFor({ title: 'x' }, 'title', 'Pork', 'po'), [[0, 2]], 'no highlights: computed');
  assert.deepStrictEqual(rangesFor({ highlights: { title: [[2, 99]] } }, 'title', 'abcd', ''), [[2, 4]], 'clamped to the text');
});

test('overlapping ranges merge', () => {
  assert.deepStrictEqual(mergeRanges([[4, 6], [0, 2], [1, 3], [6, 7]]), [[0, 3], [4, 7]]);
});
