'use strict';
// Timers, immediates, microtasks and nextTick run in Node's order.
const { test } = require('test');
const assert = require('assert');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('timeouts run in order of due time, equal delays in creation order', async () => {
  const order = [];
  setTimeout(() => order.push('30'), 30);
  setTimeout(() => order.push('0a'), 0);
  setTimeout(() => order.push('10'), 10);
  setTimeout(() => order.push('0b'));
  setTimeout(() => order.push('0c'), 0);
  await wait(60);
  assert.deepStrictEqual(order, ['0a', '0b', '0c', '10', '30']);
});

test('extra arguments are passed and this is the Timeout', async () => {
  let seen;
  const t = setTimeout(function (a, b) { seen = { a, b, self: this }; }, 1, 'x', 2);
  await wait(10);
  assert.deepStrictEqual({ a: seen.a, b: seen.b }, { a: 'x', b: 2 });
  assert.strictEqual(seen.self, t);
});

test('clearTimeout cancels, by object or by numeric id', async () => {
  const fired = [];
  const a = setTimeout(() => fired.push('a'), 5);
  const b = setTimeout(() => fired.push('b'), 5);
  setTimeout(() => fired.push('c'), 5);
  clearTimeout(a);
  clearTimeout(+b);
  clearTimeout(undefined);
  clearTimeout(null);
  await wait(20);
  assert.deepStrictEqual(fired, ['c']);
});

test('setInterval repeats until cleared', async () => {
  let count = 0;
  await new Promise((resolve) => {
    const id = setInterval(() => {
      count += 1;
      if (count === 3) {
        clearInterval(id);
        setTimeout(resolve, 30);
      }
    }, 2);
  });
  assert.strictEqual(count, 3);
});

test('a Timeout has ref, unref, hasRef, refresh and a numeric value', async () => {
  const t = setTimeout(() => {}, 1000);
  assert.strictEqual(t.hasRef(), true);
  assert.strictEqual(t.unref(), t);
  assert.strictEqual(t.hasRef(), false);
  assert.strictEqual(t.ref(), t);
  assert.strictEqual(t.hasRef(), true);
  assert.strictEqual(typeof +t, 'number');
  assert.ok(+t > 0);
  assert.strictEqual(t.refresh(), t);
  clearTimeout(t);
  const i = setImmediate(() => {});
  assert.strictEqual(i.unref().hasRef(), false);
  clearImmediate(i);
});

test('a non-function callback is a TypeError with ERR_INVALID_ARG_TYPE', () => {
  assert.throws(() => setTimeout('code', 1), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  assert.throws(() => setInterval(null, 1), { code: 'ERR_INVALID_ARG_TYPE' });
  assert.throws(() => setImmediate(), { code: 'ERR_INVALID_ARG_TYPE' });
  assert.throws(() => queueMicrotask(1), { code: 'ERR_INVALID_ARG_TYPE' });
});

test('inside a timer: sync, nextTick, microtasks, then immediate, then the next timer', async () => {
  const order = [];
  await new Promise((resolve) => {
    setTimeout(() => {
      setTimeout(() => { order.push('timeout'); resolve(); }, 0);
      setImmediate(() => order.push('immediate'));
      Promise.resolve().then(() => order.push('promise'));
      queueMicrotask(() => order.push('microtask'));
      process.nextTick(() => order.push('tick'));
      order.push('sync');
    }, 0);
  });
  assert.deepStrictEqual(order, ['sync', 'tick', 'promise', 'microtask', 'immediate', 'timeout']);
});

test('microtasks queued by a timer run before the next timer', async () => {
  const order = [];
  setTimeout(() => {
    order.push('t1');
    Promise.resolve().then(() => order.push('t1 promise'));
  }, 0);
  setTimeout(() => order.push('t2'), 0);
  await wait(20);
  assert.deepStrictEqual(order, ['t1', 't1 promise', 't2']);
});

test('setImmediate callbacks run in order and clearImmediate cancels', async () => {
  const order = [];
  await new Promise((resolve) => {
    setImmediate(() => order.push(1));
    const two = setImmediate(() => order.push(2));
    setImmediate((x) => { order.push(x); resolve(); }, 3);
    clearImmediate(two);
  });
  assert.deepStrictEqual(order, [1, 3]);
});

test('performance.now() is monotonic milliseconds since the host started', async () => {
  assert.strictEqual(typeof performance.now, 'function');
  const first = performance.now();
  assert.ok(first >= 0 && first < 600000, String(first));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const second = performance.now();
  assert.ok(second - first >= 15, `${first} then ${second}`);
  assert.ok(Math.abs(performance.timeOrigin + second - Date.now()) < 1000, 'timeOrigin + now() is about Date.now()');
});
