'use strict';
// assert behaves like Node's: what passes, what fails, and the AssertionError's
// message, operator and code (expected values obtained from Node 20).
const { test, describe } = require('test');
const assert = require('assert');
const cases = require('./fixtures/assert-cases.js');
const expected = require('./fixtures/assert-expected.json');

describe('failing assertions match Node', () => {
  for (const [name, fn] of cases) {
    test(name, () => {
      let caught = null;
      try { fn(); } catch (e) { caught = e; }
      assert.ok(caught !== null, `${name} did not throw`);
      const want = expected[name];
      assert.strictEqual(caught.name, want.name);
      assert.strictEqual(caught.code, want.code);
      assert.strictEqual(caught.message, want.message);
      assert.strictEqual(caught.operator, want.operator);
      assert.strictEqual(caught.generatedMessage, want.generatedMessage);
      assert.strictEqual(caught instanceof assert.AssertionError, want.code === 'ERR_ASSERTION');
    });
  }
});

describe('failing rejects and doesNotReject match Node', () => {
  for (const [name, fn] of cases.async) {
    test(name, async () => {
      let caught = null;
      try { await fn(); } catch (e) { caught = e; }
      assert.ok(caught !== null, `${name} did not reject`);
      const want = expected.async[name];
      const got = { name: caught.name, code: caught.code, message: caught.message, operator: caught.operator, generatedMessage: caught.generatedMessage };
      // As the expected file has them: fields that are undefined left out.
      assert.deepStrictEqual(JSON.parse(JSON.stringify(got)), want);
    });
  }
});

describe('passing assertions', () => {
  test('equality', () => {
    assert.ok(1);
    assert(true);
    assert.equal(1, '1');
    assert.equal(NaN, NaN);
    assert.notEqual(1, 2);
    assert.strictEqual(NaN, NaN);
    assert.notStrictEqual(0, -0);
  });

  test('deep equality, loose and strict', () => {
    assert.deepEqual({ a: 1, b: [1, { c: '2' }] }, { a: '1', b: [1, { c: 2 }] });
    assert.deepStrictEqual({ a: [1, { b: new Date(5) }], s: new Set([1, { x: 1 }]) },
      { a: [1, { b: new Date(5) }], s: new Set([1, { x: 1 }]) });
    assert.deepStrictEqual(new Map([[{ k: 1 }, 'v']]), new Map([[{ k: 1 }, 'v']]));
    assert.deepStrictEqual(/a/g, /a/g);
    assert.deepStrictEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]));
    const a = { name: 'a' }; a.self = a;
    const b = { name: 'a' }; b.self = b;
    assert.deepStrictEqual(a, b);
    assert.notDeepStrictEqual({ a: 1 }, { a: '1' });
    assert.notDeepStrictEqual([1, 2], [2, 1]);
    assert.notDeepStrictEqual(0, -0);
    assert.notDeepStrictEqual(new Set([1]), new Set(['1']));
    assert.notDeepEqual({ a: 1 }, { a: 2 });
  });

  test('throws with class, RegExp, validator and object', () => {
    assert.throws(() => { throw new TypeError('bad'); });
    assert.throws(() => { throw new TypeError('bad'); }, TypeError);
    assert.throws(() => { throw new TypeError('bad'); }, /bad/);
    assert.throws(() => { throw new TypeError('bad'); }, (e) => e.message === 'bad');
    assert.throws(() => { throw Object.assign(new Error('m'), { code: 'E_X' }); }, { code: 'E_X', message: /^m$/ });
    assert.doesNotThrow(() => {});
    assert.match('abc', /b/);
    assert.doesNotMatch('abc', /x/);
    assert.ifError(null);
    assert.ifError(undefined);
  });

  test('a message that is an Error is thrown as is', () => {
    const mine = new RangeError('mine');
    assert.throws(() => assert.strictEqual(1, 2, mine), (e) => e === mine);
    assert.throws(() => assert.ok(false, mine), (e) => e === mine);
  });
});

describe('rejects and doesNotReject', () => {
  test('rejects resolves when the promise rejects with a matching error', async () => {
    await assert.rejects(Promise.reject(Object.assign(new Error('no'), { code: 'E_NO' })), { code: 'E_NO' });
    await assert.rejects(async () => { throw new TypeError('t'); }, TypeError);
  });

  test('rejects fails when the promise resolves', async () => {
    let caught;
    try { await assert.rejects(Promise.resolve(1)); } catch (e) { caught = e; }
    assert.ok(caught instanceof assert.AssertionError);
    assert.strictEqual(caught.message, 'Missing expected rejection.');
    assert.strictEqual(caught.operator, 'rejects');
  });

  test('rejects fails on the wrong error', async () => {
    let caught;
    try { await assert.rejects(Promise.reject(new Error('x')), TypeError); } catch (e) { caught = e; }
    assert.ok(caught instanceof assert.AssertionError);
    assert.match(caught.message, /^The error is expected to be an instance of "TypeError". Received "Error"/);
  });

  test('doesNotReject', async () => {
    await assert.doesNotReject(Promise.resolve(1));
    let caught;
    try { await assert.doesNotReject(Promise.reject(new Error('late'))); } catch (e) { caught = e; }
    assert.strictEqual(caught.message, 'Got unwanted rejection.\nActual message: "late"');
  });

  test('rejects needs a promise or a function returning one', async () => {
    await assert.rejects(assert.rejects(42), { code: 'ERR_INVALID_ARG_TYPE' });
    await assert.rejects(assert.rejects(() => 1), { code: 'ERR_INVALID_RETURN_VALUE' });
  });
});

test('AssertionError can be constructed and prints like Node', () => {
  const e = new assert.AssertionError({ actual: 1, expected: 2, operator: 'strictEqual' });
  assert.strictEqual(e.name, 'AssertionError');
  assert.strictEqual(e.code, 'ERR_ASSERTION');
  assert.strictEqual(String(e), 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n1 !== 2\n');
  assert.ok(e.stack.startsWith('AssertionError [ERR_ASSERTION]: Expected values'));
});
