'use strict';
// console and util.format print what Node 20 prints (expected text obtained from node).
const { test } = require('test');
const assert = require('assert');
const util = require('util');
const cases = require('./fixtures/format-cases.js');
const expected = require('./fixtures/format-expected.json');

function captureStdout(fn) {
  const original = process.stdout.write;
  let text = '';
  process.stdout.write = (chunk) => { text += chunk; return true; };
  try {
    fn();
  } finally {
    process.stdout.write = original;
  }
  return text;
}

for (const [name, args] of cases) {
  test(`console.log: ${name}`, () => {
    const printed = captureStdout(() => console.log(...args()));
    assert.strictEqual(printed, expected[name] + '\n');
  });
}

// Frame counts differ per engine, so "... 5 lines matching cause ..." compares as "... N lines".
const withoutFrames = (text) => text.split('\n').filter((l) => !/^\s+at /.test(l)).join('\n')
  .replace(/\.\.\. \d+ lines matching/g, '... N lines matching');
for (const [name, args] of cases.errors) {
  test(`console.log of errors (without stack frames): ${name}`, () => {
    const printed = captureStdout(() => console.log(...args()));
    assert.strictEqual(withoutFrames(printed), withoutFrames(expected.errors[name] + '\n'));
  });
}

test('util.format equals console.log text', () => {
  assert.strictEqual(util.format('%s=%d', 'x', 5), 'x=5');
  assert.strictEqual(captureStdout(() => console.info('%s=%d', 'x', 5)), 'x=5\n');
});

test('console.error and console.warn write to stderr', () => {
  const original = process.stderr.write;
  let text = '';
  process.stderr.write = (chunk) => { text += chunk; return true; };
  try {
    console.error('bad %s', 'thing');
    console.warn({ level: 'warn' });
  } finally {
    process.stderr.write = original;
  }
  assert.strictEqual(text, "bad thing\n{ level: 'warn' }\n");
});

test('inspect of an Error starts with Name: message and lists extra properties', () => {
  const err = Object.assign(new TypeError('bad input'), { code: 'E_INVALID_ITEM' });
  const text = util.inspect(err);
  assert.strictEqual(text.split('\n')[0], 'TypeError: bad input');
  assert.match(text, /\n {4}at .*console\.test\.js:\d+:\d+/);
  assert.match(text, /\{\n {2}code: 'E_INVALID_ITEM'\n\}$/);
});

test('inspect of a nested Error is indented and an error without stack is bracketed', () => {
  const err = new RangeError('deep');
  const text = util.inspect({ err });
  assert.match(text, /^\{\n {2}err: RangeError: deep\n {6}at /);
  const bare = new Error('bare');
  bare.stack = undefined;
  assert.strictEqual(util.inspect(bare), '[Error: bare]');
});

test('inspect options: depth, breakLength, compact false, sorted', () => {
  assert.strictEqual(util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: 0 }), '{ a: [Object] }');
  assert.strictEqual(util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: Infinity }), '{\n  a: { b: { c: { d: 1 } } }\n}');
  assert.strictEqual(util.inspect({ b: 1, a: 2 }, { sorted: true }), '{ a: 2, b: 1 }');
  assert.strictEqual(util.inspect({ a: 1 }, { compact: false }), '{\n  a: 1\n}');
  assert.strictEqual(util.inspect([1, 2, 3], { breakLength: 3 }), '[\n  1,\n  2,\n  3\n]');
});

test('inspect.defaultOptions: setting it merges into the defaults, a non-object is refused', () => {
  const saved = { ...util.inspect.defaultOptions };
  try {
    util.inspect.defaultOptions = { depth: 0 };
    assert.strictEqual(util.inspect({ a: { b: 1 } }), '{ a: [Object] }');
    assert.strictEqual(util.format('%O', { a: { b: 1 } }), '{ a: [Object] }');
    assert.strictEqual(util.inspect.defaultOptions.breakLength, 80);
    assert.throws(() => { util.inspect.defaultOptions = null; },
      { code: 'ERR_INVALID_ARG_TYPE', message: 'The "options" argument must be of type object. Received null' });
  } finally {
    util.inspect.defaultOptions = saved;
  }
  assert.strictEqual(util.inspect({ a: { b: 1 } }), '{ a: { b: 1 } }');
});

test('a custom inspect function is used', () => {
  const value = { [util.inspect.custom]: () => 'CUSTOM' };
  assert.strictEqual(util.inspect({ value }), '{ value: CUSTOM }');
});
