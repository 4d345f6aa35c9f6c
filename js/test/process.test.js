'use strict';
// process and the other globals a Node script expects.
const { test } = require('test');
const assert = require('assert');

test('globals exist', () => {
  for (const name of ['console', 'process', 'require', 'setTimeout', 'clearTimeout', 'setInterval',
    'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'global']) {
    assert.ok(name in globalThis, name);
  }
  assert.strictEqual(global, globalThis);
  assert.strictEqual(typeof module, 'object');
  assert.strictEqual(typeof exports, 'object');
  assert.strictEqual(module.exports, exports);
  assert.strictEqual(__filename.endsWith('/js/test/process.test.js'), true);
  assert.strictEqual(__dirname + '/process.test.js', __filename);
});

test('process: platform, argv, env, cwd', () => {
  assert.strictEqual(process.platform, 'linux');
  assert.ok(Array.isArray(process.argv));
  assert.strictEqual(typeof process.argv[0], 'string');
  assert.strictEqual(typeof process.env, 'object');
  assert.strictEqual(typeof process.cwd(), 'string');
  assert.ok(process.cwd().startsWith('/'));
});

test('process.on/once/emit/off', () => {
  const got = [];
  const listener = (x) => got.push(['on', x]);
  process.on('demo-event', listener);
  process.once('demo-event', (x) => got.push(['once', x]));
  assert.strictEqual(process.listenerCount('demo-event'), 2);
  process.emit('demo-event', 1);
  process.emit('demo-event', 2);
  process.off('demo-event', listener);
  process.emit('demo-event', 3);
  assert.deepStrictEqual(got, [['on', 1], ['once', 1], ['on', 2]]);
  assert.strictEqual(process.listenerCount('demo-event'), 0);
});

test('process.exitCode can be set and read', () => {
  const before = process.exitCode;
  process.exitCode = 5;
  assert.strictEqual(process.exitCode, 5);
  process.exitCode = before;
});

test('process.nextTick runs queued callbacks in order with their arguments', async () => {
  const got = [];
  await new Promise((resolve) => {
    process.nextTick((a, b) => got.push(a + b), 1, 2);
    process.nextTick(() => { got.push('second'); resolve(); });
  });
  assert.deepStrictEqual(got, [3, 'second']);
});

test('process.hrtime and process.stdout.write', () => {
  const [s, ns] = process.hrtime();
  assert.ok(Number.isInteger(s) && Number.isInteger(ns) && ns < 1e9);
  assert.strictEqual(typeof process.hrtime.bigint(), 'bigint');
  assert.strictEqual(typeof process.stdout.write, 'function');
  assert.strictEqual(typeof process.stderr.write, 'function');
});

test('a promise rejected with a coded error keeps its code through await', async () => {
  const coded = () => Promise.reject(Object.assign(new Error('no such item'), { code: 'E_NOT_FOUND' }));
  try {
    await coded();
    assert.fail('should have rejected');
  } catch (e) {
    assert.strictEqual(e.code, 'E_NOT_FOUND');
    assert.strictEqual(e.message, 'no such item');
  }
  assert.strictEqual(await Promise.resolve(7), 7);
});
