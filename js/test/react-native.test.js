'use strict';
// react-native's bridge face against the real native `BridgeTest` modules that
// `searchlight test` registers: promises, errors with .code, listener counting,
// idempotent remove, and events before/after listeners (dropped or buffered).
const { test, describe, afterEach } = require('test');
const assert = require('assert');
const { NativeModules, NativeEventEmitter, DeviceEventEmitter, Platform } = require('react-native');

const { BridgeTest, BufferedBridgeTest } = NativeModules;

/** Resolves once `list` has `n` entries (events arrive from a background thread). */
function until(list, n) {
  return new Promise((resolve) => {
    const check = () => (list.length >= n ? resolve() : setTimeout(check, 2));
    check();
  });
}

describe('NativeModules', () => {
  test('the test modules are registered with their constants', () => {
    assert.strictEqual(typeof BridgeTest, 'object');
    assert.strictEqual(BridgeTest.getConstants().answer, 42);
    assert.strictEqual(typeof BufferedBridgeTest, 'object');
  });

  test('sync methods return their value', () => {
    assert.strictEqual(BridgeTest.noop(), undefined);
    assert.deepStrictEqual(BridgeTest.echoSync({ a: [1, 'two', null], b: true }), { a: [1, 'two', null], b: true });
  });

  test('promise methods resolve with the value', async () => {
    const value = { text: 'héllo 新闻', n: 1.5, list: [1, 2] };
    assert.deepStrictEqual(await BridgeTest.echo(value), value);
    assert.strictEqual(await BridgeTest.delay(5, 'later'), 'later');
  });

  test('a rejected call is an Error with .code and .message', async () => {
    await assert.rejects(BridgeTest.fail('E_TEST', 'it failed'), (e) => {
      assert.ok(e instanceof Error);
      assert.strictEqual(e.code, 'E_TEST');
      assert.strictEqual(e.message, 'it failed');
      return true;
    });
  });

  test('a failing sync call throws an Error with .code', () => {
    assert.throws(() => BridgeTest.failSync('E_SYNC', 'sync failure'), { code: 'E_SYNC', message: 'sync failure' });
  });

  test('calls settle in the order they were made', async () => {
    const order = [];
    await Promise.all([
      BridgeTest.echo(1).then((v) => order.push(v)),
      BridgeTest.echo(2).then((v) => order.push(v)),
      BridgeTest.echo(3).then((v) => order.push(v)),
    ]);
    assert.deepStrictEqual(order.slice().sort(), [1, 2, 3]);
  });
});

describe('NativeEventEmitter', () => {
  afterEach(() => {
    DeviceEventEmitter.removeAllListeners('bridgeTestEvent');
    DeviceEventEmitter.removeAllListeners('bridgeTestOther');
  });

  test('addListener and remove keep the native listener count', () => {
    const emitter = new NativeEventEmitter(BridgeTest);
    const before = BridgeTest.listenerCount();
    const a = emitter.addListener('bridgeTestEvent', () => {});
    const b = emitter.addListener('bridgeTestOther', () => {});
    assert.strictEqual(BridgeTest.listenerCount(), before + 2);
    assert.strictEqual(emitter.listenerCount('bridgeTestEvent'), 1);
    a.remove();
    assert.strictEqual(BridgeTest.listenerCount(), before + 1);
    assert.strictEqual(emitter.listenerCount('bridgeTestEvent'), 0);
    b.remove();
    assert.strictEqual(BridgeTest.listenerCount(), before);
  });

  test('remove() is idempotent: removeListeners(1) is called once', () => {
    const emitter = new NativeEventEmitter(BridgeTest);
    const keep = emitter.addListener('bridgeTestEvent', () => {});
    const sub = emitter.addListener('bridgeTestEvent', () => {});
    assert.strictEqual(BridgeTest.listenerCount(), 2);
    sub.remove();
    sub.remove();
    sub.remove();
    assert.strictEqual(BridgeTest.listenerCount(), 1);
    assert.strictEqual(emitter.listenerCount('bridgeTestEvent'), 1);
    keep.remove();
    assert.strictEqual(BridgeTest.listenerCount(), 0);
  });

  test('removeAllListeners(name) removes them all and tells native how many', () => {
    const emitter = new NativeEventEmitter(BridgeTest);
    const subs = [1, 2, 3].map(() => emitter.addListener('bridgeTestEvent', () => {}));
    emitter.addListener('bridgeTestOther', () => {});
    assert.strictEqual(BridgeTest.listenerCount(), 4);
    emitter.removeAllListeners('bridgeTestEvent');
    assert.strictEqual(emitter.listenerCount('bridgeTestEvent'), 0);
    assert.strictEqual(emitter.listenerCount('bridgeTestOther'), 1);
    assert.strictEqual(BridgeTest.listenerCount(), 1);
    subs[0].remove(); // already removed: no second removeListeners
    assert.strictEqual(BridgeTest.listenerCount(), 1);
    emitter.removeAllListeners('bridgeTestOther');
    assert.strictEqual(BridgeTest.listenerCount(), 0);
  });

  test('events sent after a listener is added arrive in order with their body', async () => {
    const emitter = new NativeEventEmitter(BridgeTest);
    const received = [];
    const sub = emitter.addListener('bridgeTestEvent', (body) => received.push(body));
    BridgeTest.emit('bridgeTestEvent', { kind: 'ping' }, 3);
    await until(received, 3);
    sub.remove();
    assert.deepStrictEqual(received, [
      { kind: 'ping', index: 0 }, { kind: 'ping', index: 1 }, { kind: 'ping', index: 2 },
    ]);
  });

  test('every listener of the event gets it, with its context; other events do not', async () => {
    const emitter = new NativeEventEmitter(BridgeTest);
    const got = [];
    const context = { label: 'ctx' };
    const a = emitter.addListener('bridgeTestEvent', function (body) { got.push(['a', this.label, body.index]); }, context);
    const b = emitter.addListener('bridgeTestEvent', (body) => got.push(['b', body.index]));
    const other = emitter.addListener('bridgeTestOther', () => got.push(['other']));
    BridgeTest.emit('bridgeTestEvent', {}, 1);
    await until(got, 2);
    await BridgeTest.delay(20, null);
    a.remove(); b.remove(); other.remove();
    assert.deepStrictEqual(got, [['a', 'ctx', 0], ['b', 0]]);
  });

  test('a removed listener gets nothing more', async () => {
    const emitter = new NativeEventEmitter(BridgeTest);
    const got = [];
    const keep = emitter.addListener('bridgeTestEvent', (body) => got.push(['keep', body.index]));
    const gone = emitter.addListener('bridgeTestEvent', (body) => got.push(['gone', body.index]));
    gone.remove();
    BridgeTest.emit('bridgeTestEvent', {}, 2);
    await until(got, 2);
    keep.remove();
    assert.deepStrictEqual(got, [['keep', 0], ['keep', 1]]);
  });

  test('an event sent with no listener is dropped by a module that does not buffer', async () => {
    assert.strictEqual(BridgeTest.listenerCount(), 0);
    BridgeTest.emit('bridgeTestEvent', { early: true }, 2);
    await BridgeTest.delay(50, null);
    const emitter = new NativeEventEmitter(BridgeTest);
    const got = [];
    const sub = emitter.addListener('bridgeTestEvent', (body) => got.push(body));
    BridgeTest.emit('bridgeTestEvent', { early: false }, 1);
    await until(got, 1);
    await BridgeTest.delay(20, null);
    sub.remove();
    assert.deepStrictEqual(got, [{ early: false, index: 0 }]);
  });

  test('a buffering module keeps early events and delivers them, in order, to the first listener', async () => {
    assert.strictEqual(BufferedBridgeTest.listenerCount(), 0);
    BufferedBridgeTest.emit('bridgeTestEvent', { early: true }, 3);
    await BufferedBridgeTest.delay(50, null);
    const emitter = new NativeEventEmitter(BufferedBridgeTest);
    const got = [];
    const sub = emitter.addListener('bridgeTestEvent', (body) => got.push(body));
    assert.deepStrictEqual(got, [], 'buffered events arrive after addListener returns');
    await until(got, 3);
    BufferedBridgeTest.emit('bridgeTestEvent', { early: false }, 1);
    await until(got, 4);
    sub.remove();
    assert.deepStrictEqual(got, [
      { early: true, index: 0 }, { early: true, index: 1 }, { early: true, index: 2 }, { early: false, index: 0 },
    ]);
  });

  test('a buffered event waits for a listener of its own name, not of another event', async () => {
    // The cold start: the app subscribes to one event, awaits, then to the request event.
    BufferedBridgeTest.emit('bridgeTestEvent', { cold: true }, 1);
    await BufferedBridgeTest.delay(30, null);
    const emitter = new NativeEventEmitter(BufferedBridgeTest);
    const other = [];
    const first = emitter.addListener('bridgeTestOther', (body) => other.push(body));
    await BufferedBridgeTest.delay(30, null);
    const got = [];
    const second = emitter.addListener('bridgeTestEvent', (body) => got.push(body));
    await until(got, 1);
    first.remove();
    second.remove();
    assert.deepStrictEqual(got, [{ cold: true, index: 0 }]);
    assert.deepStrictEqual(other, []);
  });

  test('a buffering module keeps at most 64 events, dropping the oldest', async () => {
    BufferedBridgeTest.emit('bridgeTestEvent', {}, 70);
    await BufferedBridgeTest.delay(50, null);
    const emitter = new NativeEventEmitter(BufferedBridgeTest);
    const got = [];
    const sub = emitter.addListener('bridgeTestEvent', (body) => got.push(body.index));
    await until(got, 64);
    await BufferedBridgeTest.delay(20, null);
    sub.remove();
    assert.strictEqual(got.length, 64);
    assert.deepStrictEqual(got.slice(0, 2), [6, 7]);
    assert.strictEqual(got[63], 69);
  });

  test('a listener must be a function', () => {
    const emitter = new NativeEventEmitter(BridgeTest);
    assert.throws(() => emitter.addListener('bridgeTestEvent', 'nope'), TypeError);
    assert.strictEqual(BridgeTest.listenerCount(), 0);
  });

  test('an emitter without a native module is a plain JS emitter', () => {
    const emitter = new NativeEventEmitter();
    const got = [];
    const sub = emitter.addListener('local', (x) => got.push(x));
    emitter.emit('local', 1);
    sub.remove();
    sub.remove();
    emitter.emit('local', 2);
    assert.deepStrictEqual(got, [1]);
  });
});

describe('Platform', () => {
  test('OS is linux and select picks linux, then native, then default', () => {
    assert.strictEqual(Platform.OS, 'linux');
    assert.strictEqual(Platform.select({ ios: 1, linux: 2, default: 3 }), 2);
    assert.strictEqual(Platform.select({ ios: 1, native: 4, default: 3 }), 4);
    assert.strictEqual(Platform.select({ ios: 1, default: 3 }), 3);
    assert.strictEqual(Platform.select({ ios: 1 }), undefined);
  });
});
