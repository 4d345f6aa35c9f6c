'use strict';
// Every export that a built-in module's index.d.ts declares exists, with that kind.
const { test } = require('test');
const assert = require('assert');

const declared = {
  'react-native': {
    NativeModules: 'object', NativeEventEmitter: 'function', DeviceEventEmitter: 'object',
    Platform: 'object', EventEmitter: 'function',
  },
  test: {
    test: 'function', it: 'function', describe: 'function', before: 'function', after: 'function',
    beforeEach: 'function', afterEach: 'function', beforeAll: 'function', afterAll: 'function',
  },
  util: { inspect: 'function', format: 'function', formatWithOptions: 'function', promisify: 'function', inherits: 'function' },
  assert: {
    ok: 'function', equal: 'function', notEqual: 'function', strictEqual: 'function', notStrictEqual: 'function',
    deepEqual: 'function', notDeepEqual: 'function', deepStrictEqual: 'function', notDeepStrictEqual: 'function',
    throws: 'function', rejects: 'function', doesNotThrow: 'function', doesNotReject: 'function',
    match: 'function', doesNotMatch: 'function', fail: 'function', ifError: 'function',
    AssertionError: 'function', strict: 'function',
  },
};

for (const [name, exports] of Object.entries(declared)) {
  test(`${name} exports what its index.d.ts declares`, () => {
    const module = require(name);
    for (const [key, kind] of Object.entries(exports)) {
      assert.strictEqual(typeof module[key], kind, `${name}.${key}`);
    }
  });
}

test('assert itself is callable, test.skip/it.skip/describe.skip exist, inspect.custom is the Node symbol', () => {
  assert.strictEqual(typeof require('assert'), 'function');
  const t = require('test');
  assert.strictEqual(typeof t.test.skip, 'function');
  assert.strictEqual(typeof t.it.skip, 'function');
  assert.strictEqual(typeof t.describe.skip, 'function');
  assert.strictEqual(require('util').inspect.custom, Symbol.for('nodejs.util.inspect.custom'));
  assert.strictEqual(typeof require('react-native').Platform.select, 'function');
});
