'use strict';
// require: Node's resolution rules, cache and cycles, and built-ins from any folder.
const { test, describe } = require('test');
const assert = require('assert');

const fixtures = __dirname + '/fixtures/require';

describe('require resolution', () => {
  test('a relative path with and without .js', () => {
    assert.strictEqual(require('./fixtures/require/relative').name, 'relative');
    assert.strictEqual(require('./fixtures/require/relative.js').name, 'relative');
  });

  test('__filename, __dirname and require.main inside a module', () => {
    const m = require('./fixtures/require/relative');
    assert.strictEqual(m.filename, fixtures + '/relative.js');
    assert.strictEqual(m.dirname, fixtures);
    assert.strictEqual(m.isMain, false);
  });

  test('an absolute path', () => {
    assert.strictEqual(require(fixtures + '/relative.js').name, 'relative');
  });

  test('a directory with index.js', () => {
    assert.deepStrictEqual(require('./fixtures/require/dir-index'), { name: 'dir-index' });
  });

  test('a directory with package.json main', () => {
    assert.deepStrictEqual(require('./fixtures/require/pkg-main'), { name: 'pkg-main/lib/main' });
  });

  test('package.json main that does not exist falls back to index.js', () => {
    assert.deepStrictEqual(require('./fixtures/require/pkg-bad-main'), { name: 'pkg-bad-main/index' });
  });

  test('a .json file, with and without the extension', () => {
    assert.deepStrictEqual(require('./fixtures/require/data.json'), { answer: 42, list: ['a', 'b'] });
    assert.strictEqual(require('./fixtures/require/data'), require('./fixtures/require/data.json'));
  });

  test('invalid JSON names the file', () => {
    assert.throws(() => require('./fixtures/require/broken.json'), (e) => {
      assert.ok(e instanceof SyntaxError);
      assert.ok(e.message.startsWith(fixtures + '/broken.json: '), e.message);
      return true;
    });
  });

  test('a package in node_modules above the requiring file', () => {
    assert.strictEqual(require('./fixtures/require/nested/deeper/builtins').dep, 'dep in node_modules');
  });

  test('built-in modules resolve from a module in another folder', () => {
    assert.deepStrictEqual(require('./fixtures/require/nested/deeper/builtins'), {
      assert: 'function', test: 'function', reactNative: 'linux', dep: 'dep in node_modules',
    });
  });

  test('node: prefixed names resolve to the built-in of the same name', () => {
    assert.strictEqual(require('node:assert'), require('assert'));
    assert.strictEqual(require('node:util').format('%s', 'x'), 'x');
    assert.throws(() => require('node:fs'), { code: 'MODULE_NOT_FOUND' });
  });

  test("Node's module shapes: test is the test function, assert is assert.ok", () => {
    const test_ = require('node:test');
    assert.strictEqual(typeof test_, 'function');
    assert.strictEqual(test_, require('test'));
    assert.strictEqual(test_.test, test_);
    for (const name of ['it', 'describe', 'before', 'after', 'beforeEach', 'afterEach', 'skip']) {
      assert.strictEqual(typeof test_[name], 'function', name);
    }
    const assert_ = require('node:assert');
    assert.strictEqual(assert_.ok, assert_);
    assert.strictEqual(assert_.strict.ok, assert_);
    assert.throws(() => assert_(false, 'told'), { name: 'AssertionError', message: 'told' });
    assert.strictEqual(require('node:util'), require('util'));
    assert.strictEqual(require('node:react-native'), require('react-native'));
  });

  test('the global require resolves built-ins from the working directory', () => {
    assert.strictEqual(typeof globalThis.require('assert').strictEqual, 'function');
    assert.strictEqual(globalThis.require('util').format('%d', 3), '3');
  });

  test('require.resolve gives the real path', () => {
    assert.strictEqual(require.resolve('./fixtures/require/pkg-main'), fixtures + '/pkg-main/lib/main.js');
    assert.strictEqual(require.resolve('./fixtures/require/dir-index/'), fixtures + '/dir-index/index.js');
    assert.ok(require.resolve('assert').endsWith('/assert/index.js'));
  });
});

describe('require errors', () => {
  test('a missing module: MODULE_NOT_FOUND naming the request and the folder', () => {
    assert.throws(() => require('./fixtures/require/nope'), {
      code: 'MODULE_NOT_FOUND',
      message: `Cannot find module './fixtures/require/nope' from '${__dirname}'`,
    });
    assert.throws(() => require('no-such-package'), {
      code: 'MODULE_NOT_FOUND',
      message: `Cannot find module 'no-such-package' from '${__dirname}'`,
    });
  });

  test('a module that throws is not cached and throws again', () => {
    assert.throws(() => require('./fixtures/require/throws'), /fixture failed to load/);
    assert.throws(() => require('./fixtures/require/throws'), /fixture failed to load/);
    assert.strictEqual(require.cache[fixtures + '/throws.js'], undefined);
  });

  test('the host API is not reachable from app code', () => {
    assert.throws(() => require('#host'), { code: 'MODULE_NOT_FOUND' });
  });

  test('a non-string or empty request is a TypeError', () => {
    assert.throws(() => require(42), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    assert.throws(() => require(''), { name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE' });
  });
});

describe('module cache and cycles', () => {
  test('a module is evaluated once and cached by path', () => {
    const a = require('./fixtures/require/counter');
    const b = require(fixtures + '/counter.js');
    assert.strictEqual(a, b);
    assert.strictEqual(a.next(), 1);
    assert.strictEqual(b.next(), 2);
    assert.strictEqual(require.cache[fixtures + '/counter.js'].exports, a);
  });

  test('a cycle sees the partial exports of the module still loading', () => {
    const a = require('./fixtures/require/cycle/a');
    assert.deepStrictEqual(a, { loaded: true, name: 'a', bSawA: { name: 'a', loaded: false } });
    assert.strictEqual(require('./fixtures/require/cycle/b').name, 'b');
  });

  test('this is exports at the top of a module; module.id is its path', () => {
    const m = require('./fixtures/require/this-and-exports');
    assert.deepStrictEqual(m, {
      thisIsExports: true, moduleId: fixtures + '/this-and-exports.js', loadedDuringLoad: false,
    });
  });

  test('module.children lists what a module required', () => {
    const self = require.cache[__filename];
    assert.ok(self.children.some((c) => c.filename === fixtures + '/counter.js'));
  });
});
