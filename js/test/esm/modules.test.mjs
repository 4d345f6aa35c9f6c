// ES modules in the host: imports from built-ins, CommonJS interop, live bindings, cycles.
import assert, { strictEqual, deepStrictEqual } from 'assert';
import { test } from 'test';
import ReactNativeDefault, { Platform, NativeEventEmitter } from 'react-native';
import * as ReactNative from 'react-native';
import { inspect } from 'util';
import counter, { count, increment } from './fixtures/counter.mjs';
import legacy, { helper } from './fixtures/legacy.cjs';
import flagged, { other } from './fixtures/flagged.cjs';
import { ping } from './fixtures/ping.mjs';

test('named imports from a built-in are its exports', () => {
  strictEqual(Platform, require('react-native').Platform);
  strictEqual(Platform.OS, 'linux');
  strictEqual(typeof NativeEventEmitter, 'function');
});

test('a default import of a CommonJS built-in is its module.exports', () => {
  strictEqual(ReactNativeDefault, require('react-native'));
  strictEqual(assert, require('assert'));
  strictEqual(typeof assert.ok, 'function');
});

test('a namespace import has the named exports', () => {
  strictEqual(ReactNative.Platform, Platform);
  strictEqual(ReactNative.NativeModules, require('react-native').NativeModules);
  strictEqual(inspect({ a: 1 }), '{ a: 1 }');
});

test('default and named exports of an ES module, with live bindings', () => {
  deepStrictEqual(counter, { name: 'counter' });
  strictEqual(count, 0);
  strictEqual(increment(), 1);
  strictEqual(count, 1);
});

test('import from CommonJS: default is module.exports, named are its properties', () => {
  strictEqual(legacy('x'), 'legacy(x)');
  strictEqual(legacy.version, 2);
  strictEqual(helper(), 'helped');
});

test('in a .mjs file, default is module.exports even when marked __esModule (Node\'s rule)', () => {
  deepStrictEqual(flagged, { default: 'the default', other: 'the other' });
  strictEqual(other, 'the other');
});

test('cyclic imports resolve', () => {
  strictEqual(ping(3), 'pong');
  strictEqual(ping(4), 'ping');
});

test('the bundled entry keeps its own __filename and a working require', () => {
  assert.ok(__filename.endsWith('/js/test/esm/modules.test.mjs'), __filename);
  assert.ok(__dirname.endsWith('/js/test/esm'), __dirname);
  strictEqual(require('react-native'), ReactNativeDefault);
});
