// Animated components in a real page: an Animated.View's style follows its values
// frame by frame, and the DOM ends where the animation ends.
import React, { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import assert from 'assert';
import { test, afterEach } from 'test';
import { Animated, Easing } from 'react-native';

const container = document.createElement('div');
container.style.cssText = 'position:absolute;left:0;top:0;width:480px;height:760px;display:flex;flex-direction:column';
document.body.appendChild(container);
const root = createRoot(container);
const mount = (element) => flushSync(() => root.render(element));
afterEach(() => mount(null));

const byId = (id) => document.querySelector(`[data-testid="${id}"]`);

function FadeIn({ onDone, duration }) {
  const opacity = useRef(new Animated.Value(0)).current;
  const shift = opacity.interpolate({ inputRange: [0, 1], outputRange: [-40, 0] });
  useEffect(() => {
    Animated.timing(opacity, { toValue: 1, duration, easing: Easing.linear, useNativeDriver: true }).start(onDone);
  }, []);
  return (
    <Animated.View testID="card" style={{ width: 100, height: 50, backgroundColor: 'teal', opacity, transform: [{ translateX: shift }] }}>
      <Animated.Text testID="label" style={{ color: opacity.interpolate({ inputRange: [0, 1], outputRange: ['#000000', '#ff0000'] }) }}>
        Hello
      </Animated.Text>
    </Animated.View>
  );
}

test('an Animated.View fades in and slides to its place; an Animated.Text changes color', async () => {
  const seen = [];
  let done = null;
  const finished = new Promise((resolve) => { done = resolve; });
  mount(<FadeIn duration={300} onDone={done} />);
  const sample = () => seen.push(Number(getComputedStyle(byId('card')).opacity));
  sample();
  while (seen.length < 200) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    sample();
    if (seen[seen.length - 1] === 1) break;
  }
  assert.deepStrictEqual(await finished, { finished: true });
  assert.strictEqual(seen[0], 0, 'starts transparent');
  assert.ok(seen.some((o) => o > 0 && o < 1), `passes through values between: ${seen.join(' ')}`);
  assert.ok(seen.every((o, i) => i === 0 || o >= seen[i - 1]), 'never fades back');
  const card = byId('card');
  assert.strictEqual(getComputedStyle(card).opacity, '1');
  assert.strictEqual(card.getBoundingClientRect().left, 0, 'slid to its place');
  assert.strictEqual(getComputedStyle(byId('label')).color, 'rgb(255, 0, 0)');
});

test('stopping an animation leaves the view where it was', async () => {
  const value = new Animated.Value(0);
  mount(<Animated.View testID="bar" style={{ height: 10, width: value }} />);
  const animation = Animated.timing(value, { toValue: 400, duration: 2000, easing: Easing.linear });
  const result = new Promise((resolve) => animation.start(resolve));
  await new Promise((resolve) => setTimeout(resolve, 200));
  animation.stop();
  assert.deepStrictEqual(await result, { finished: false });
  const width = byId('bar').getBoundingClientRect().width;
  assert.ok(width > 0 && width < 400, `stopped part way: ${width}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.strictEqual(byId('bar').getBoundingClientRect().width, width, 'no frame after stop');
});
