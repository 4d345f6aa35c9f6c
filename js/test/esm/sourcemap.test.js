'use strict';
// js/host/sourcemap.js on its own: Base64 VLQ decoding, source paths, lookups.
const assert = require('assert');
const { test } = require('test');
const { decodeMappings, parseSourceMap, originalPosition, createSourceMaps } = require('../../host/sourcemap.js');

test('decodes segments: relative fields, signs, continuation digits, empty lines', () => {
  // Line 1: [0,0,0,0] and [4,0,0,4]. Line 2 empty. Line 3: col 2 → source 1
  // (C = +1), line 16 (gB = +16), col 4 - 1 (D = -1) = 3; then a 1-field segment.
  assert.deepStrictEqual(decodeMappings('AAAA,IAAI;;ECgBD,E'), [
    [[0, 0, 0, 0], [4, 0, 0, 4]],
    [],
    [[2, 1, 16, 3], [4]],
  ]);
  // Fields carry across lines; only the generated column restarts.
  assert.deepStrictEqual(decodeMappings('AAEE;AACA'), [[[0, 0, 2, 2]], [[0, 0, 3, 2]]]);
  // Five fields (a name index) are accepted; segments come out sorted by column
  // (the second one's column is 2 - 1).
  assert.deepStrictEqual(decodeMappings('EAAAA,DAAA'), [[[1, 0, 0, 0], [2, 0, 0, 0]]]);
});

test('rejects a character outside Base64 and a number cut short', () => {
  assert.throws(() => decodeMappings('AA!A'), { name: 'SyntaxError', message: /'!' is not a Base64 digit \(mappings\[2\]\)/ });
  assert.throws(() => decodeMappings('Ag'), { name: 'SyntaxError', message: /mappings end inside a number/ });
});

test('resolves sources against the map\'s folder and sourceRoot', () => {
  const map = parseSourceMap({ version: 3, sources: ['../src/a.ts', 'b.ts'], mappings: '' }, '/cache/bundles/k.js.map');
  assert.deepStrictEqual(map.sources, ['/cache/src/a.ts', '/cache/bundles/b.ts']);
  const rooted = parseSourceMap({ version: 3, sourceRoot: '/app', sources: ['x.ts'], mappings: '' }, '/c/k.js.map');
  assert.deepStrictEqual(rooted.sources, ['/app/x.ts']);
  assert.throws(() => parseSourceMap({ version: 2, sources: [], mappings: '' }, '/m.map'), /not a version 3 source map/);
});

test('looks up 1-based positions: the segment at or before the column, plus the distance into it', () => {
  const map = parseSourceMap({ version: 3, sources: ['a.ts'], mappings: ';AAAA,UAAU,IAAC' }, '/d/k.js.map');
  // Generated line 2: col 0 → a.ts 1:0; col 10 → 1:10; col 14 → 1:11.
  assert.deepStrictEqual(originalPosition(map, 2, 1), { file: '/d/a.ts', line: 1, column: 1 });
  assert.deepStrictEqual(originalPosition(map, 2, 12), { file: '/d/a.ts', line: 1, column: 12 });
  assert.deepStrictEqual(originalPosition(map, 2, 15), { file: '/d/a.ts', line: 1, column: 12 });
  assert.deepStrictEqual(originalPosition(map, 2, 17), { file: '/d/a.ts', line: 1, column: 14 });
  assert.strictEqual(originalPosition(map, 1, 1), null, 'a line without segments');
  assert.strictEqual(originalPosition(map, 9, 1), null, 'past the last line');
});

test('the registry maps only registered files and never throws on a bad map', () => {
  const files = {
    '/b/good.js.map': JSON.stringify({ version: 3, sources: ['src.ts'], mappings: 'AAAA' }),
    '/b/bad.js.map': '{ not json',
  };
  const maps = createSourceMaps((file) => {
    if (!(file in files)) throw new Error(`ENOENT ${file}`);
    return files[file];
  });
  maps.register('/b/good.js', '/b/good.js.map');
  maps.register('/b/bad.js', '/b/bad.js.map');
  maps.register('/b/gone.js', '/b/gone.js.map');
  assert.deepStrictEqual(maps.map('/b/good.js', 1, 1), { file: '/b/src.ts', line: 1, column: 1 });
  assert.strictEqual(maps.map('/b/bad.js', 1, 1), null);
  assert.strictEqual(maps.map('/b/gone.js', 1, 1), null);
  assert.strictEqual(maps.map('/b/other.js', 1, 1), null);
  assert.ok(maps.has('/b/good.js'));
  assert.ok(!maps.has('/b/other.js'));
});
