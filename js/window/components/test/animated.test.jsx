// Animated and Easing without a window: values, interpolation, animations and their
// composition, on the host's timers. Run:
//   NODE_PATH=/usr/share/nodejs searchlight test js/window/components/test/animated.test.jsx
// (`make test` does; the window test of Animated components is window/animated.test.jsx).
import assert from 'assert';
import { test, describe } from 'test';
import { Animated, Easing } from '../Animated.js';

const run = (animation) => new Promise((resolve) => animation.start(resolve));
const close = (actual, expected, what, tolerance = 1e-6) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected}`);

describe('values', () => {
  test('setValue, offsets and listeners', () => {
    const value = new Animated.Value(10);
    const seen = [];
    const id = value.addListener(({ value: v }) => seen.push(v));
    value.setValue(20);
    value.setOffset(5);
    assert.strictEqual(value.__getValue(), 25);
    value.flattenOffset();
    assert.strictEqual(value.__getValue(), 25);
    value.removeListener(id);
    value.setValue(1);
    assert.deepStrictEqual(seen, [20, 25, 25]);
    assert.strictEqual(JSON.stringify({ value }), '{"value":1}');
  });

  test('arithmetic nodes follow their parents', () => {
    const a = new Animated.Value(2);
    const sum = Animated.add(a, 3);
    const product = Animated.multiply(sum, new Animated.Value(10));
    assert.strictEqual(product.__getValue(), 50);
    a.setValue(4);
    assert.strictEqual(product.__getValue(), 70);
    assert.strictEqual(Animated.modulo(new Animated.Value(-1), 3).__getValue(), 2);
  });
});

describe('interpolate', () => {
  const value = new Animated.Value(0);
  test('numbers: extend by default, clamp on request, several pieces', () => {
    const extend = value.interpolate({ inputRange: [0, 1], outputRange: [0, 100] });
    const clamp = value.interpolate({ inputRange: [0, 1], outputRange: [0, 100], extrapolate: 'clamp' });
    const pieces = value.interpolate({ inputRange: [0, 1, 2], outputRange: [0, 10, 0] });
    value.setValue(1.5);
    close(extend.__getValue(), 150, 'extend');
    close(clamp.__getValue(), 100, 'clamp');
    close(pieces.__getValue(), 5, 'the second piece');
  });

  test('colors and strings with numbers', () => {
    value.setValue(0.5);
    assert.strictEqual(value.interpolate({ inputRange: [0, 1], outputRange: ['#000000', 'rgba(255, 255, 255, 0.5)'] }).__getValue(),
      'rgba(128, 128, 128, 0.75)');
    assert.strictEqual(value.interpolate({ inputRange: [0, 1], outputRange: ['0deg', '360deg'] }).__getValue(), '180deg');
  });

  test('bad ranges are refused with a reason', () => {
    assert.throws(() => value.interpolate({ inputRange: [0], outputRange: [0] }), /at least 2/);
    assert.throws(() => value.interpolate({ inputRange: [1, 0], outputRange: [0, 1] }), /non-decreasing/);
    assert.throws(() => value.interpolate({ inputRange: [0, 1], outputRange: ['0deg', '1px 2px'] }), /same shape/);
  });
});

describe('easing', () => {
  test('the curves start at 0 and end at 1', () => {
    for (const name of ['linear', 'ease', 'quad', 'cubic', 'sin', 'circle', 'bounce']) {
      close(Easing[name](0), name === 'exp' ? 0.001 : 0, `${name}(0)`, 1e-3);
      close(Easing[name](1), 1, `${name}(1)`, 1e-3);
    }
    close(Easing.out(Easing.quad)(0.5), 0.75, 'out(quad)');
    close(Easing.inOut(Easing.quad)(0.25), 0.125, 'inOut(quad)');
    close(Easing.bezier(0.25, 0.1, 0.25, 1)(0.5), 0.8024, 'CSS ease at 0.5', 1e-3);
  });
});

describe('animations', () => {
  test('timing ends at toValue, passing through the values between', async () => {
    const value = new Animated.Value(0);
    const seen = [];
    value.addListener(({ value: v }) => seen.push(v));
    const result = await run(Animated.timing(value, { toValue: 100, duration: 80, easing: Easing.linear, useNativeDriver: true }));
    assert.deepStrictEqual(result, { finished: true });
    assert.strictEqual(value.__getValue(), 100);
    assert.ok(seen.length >= 2, `frames: ${seen}`);
    assert.ok(seen.every((v, i) => i === 0 || v >= seen[i - 1]), `monotonic: ${seen}`);
  });

  test('a spring settles on toValue', async () => {
    const value = new Animated.Value(0);
    const result = await run(Animated.spring(value, { toValue: 1, stiffness: 400, damping: 40 }));
    assert.deepStrictEqual(result, { finished: true });
    assert.strictEqual(value.__getValue(), 1);
  });

  test('sequence runs one after another, parallel together; stop reports unfinished', async () => {
    const a = new Animated.Value(0);
    const b = new Animated.Value(0);
    const order = [];
    a.addListener(() => { if (!order.includes('a')) order.push('a'); });
    b.addListener(() => { if (!order.includes('b')) order.push('b'); });
    await run(Animated.sequence([
      Animated.timing(a, { toValue: 1, duration: 30 }),
      Animated.timing(b, { toValue: 1, duration: 30 }),
    ]));
    assert.deepStrictEqual(order, ['a', 'b']);
    const c = new Animated.Value(0);
    const both = Animated.parallel([Animated.timing(c, { toValue: 1, duration: 1000 }), Animated.delay(1000)]);
    const done = new Promise((resolve) => both.start(resolve));
    setTimeout(() => both.stop(), 50);
    assert.deepStrictEqual(await done, { finished: false });
    assert.ok(c.__getValue() < 1);
  });

  test('loop runs its iterations; stagger and delay finish', async () => {
    const value = new Animated.Value(0);
    await run(Animated.loop(Animated.timing(value, { toValue: 1, duration: 20 }), { iterations: 3 }));
    assert.strictEqual(value.__getValue(), 1);
    const values = [new Animated.Value(0), new Animated.Value(0)];
    assert.deepStrictEqual(await run(Animated.stagger(20, values.map((v) => Animated.timing(v, { toValue: 2, duration: 20 })))), { finished: true });
    assert.deepStrictEqual(values.map((v) => v.__getValue()), [2, 2]);
  });

  test('ValueXY animates both axes; Animated.event sets mapped values', async () => {
    const position = new Animated.ValueXY({ x: 0, y: 0 });
    await run(Animated.timing(position, { toValue: { x: 10, y: -10 }, duration: 30 }));
    assert.deepStrictEqual(position.__getValue(), { x: 10, y: -10 });
    const scrollY = new Animated.Value(0);
    let heard = null;
    const onScroll = Animated.event([{ nativeEvent: { contentOffset: { y: scrollY } } }], { listener: (e) => { heard = e; } });
    onScroll({ nativeEvent: { contentOffset: { x: 0, y: 42 } } });
    assert.strictEqual(scrollY.__getValue(), 42);
    assert.ok(heard !== null);
  });
});
