'use strict';
// Animated, as React Native documents it (https://reactnative.dev/docs/animated):
// values driven by timing, spring and decay animations, composed (sequence, parallel,
// stagger, loop, delay), combined and interpolated, and components whose props follow
// them. Each frame sets the values and re-renders the animated components that use
// them. There is no native driver: `useNativeDriver` is accepted and changes nothing.

const React = require('react');
const { Easing } = require('./Easing');
const { interpolator } = require('./interpolation');

const requestFrame = typeof requestAnimationFrame === 'function'
  ? (callback) => requestAnimationFrame(callback)
  : (callback) => setTimeout(callback, 16);
const cancelFrame = typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : (id) => clearTimeout(id);
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

let nextNodeId = 1;

/** What every animated value is: a current value, and who follows it. */
class AnimatedNode {
  constructor() {
    this._id = nextNodeId++;
    this._listeners = new Map(); // the app's addListener callbacks, by id
    this._followers = new Set(); // derived nodes and animated components
  }

  __getValue() {
    throw new Error('Animated: __getValue is not defined for this node');
  }

  /** Calls `callback({value})` whenever the value changes; returns an id for removeListener. */
  addListener(callback) {
    if (typeof callback !== 'function') throw new TypeError('Animated: addListener needs a function');
    this._listenerCount = (this._listenerCount || 0) + 1;
    const id = String(this._listenerCount);
    this._listeners.set(id, callback);
    return id;
  }

  removeListener(id) {
    this._listeners.delete(id);
  }

  removeAllListeners() {
    this._listeners.clear();
  }

  hasListeners() {
    return this._listeners.size > 0;
  }

  interpolate(config) {
    return new AnimatedInterpolation(this, config);
  }

  /** Internal: `follower()` runs on each change until the returned function is called. */
  _follow(follower) {
    this._followers.add(follower);
    return () => this._followers.delete(follower);
  }

  _changed() {
    for (const follower of [...this._followers]) follower();
    if (this._listeners.size > 0) {
      const value = this.__getValue();
      for (const callback of [...this._listeners.values()]) callback({ value });
    }
  }

  toJSON() {
    return this.__getValue();
  }
}

/** `new Animated.Value(0)`: a number, set directly or by an animation. */
class AnimatedValue extends AnimatedNode {
  constructor(value = 0) {
    super();
    this._value = Number(value);
    this._offset = 0;
    this._animation = null;
  }

  __getValue() {
    return this._value + this._offset;
  }

  setValue(value) {
    this.stopAnimation();
    this._set(Number(value));
  }

  setOffset(offset) {
    this._offset = Number(offset);
    this._changed();
  }

  flattenOffset() {
    this._value += this._offset;
    this._offset = 0;
    this._changed();
  }

  extractOffset() {
    this._offset += this._value;
    this._value = 0;
    this._changed();
  }

  stopAnimation(callback) {
    const animation = this._animation;
    this._animation = null;
    if (animation) animation.stop();
    if (typeof callback === 'function') callback(this.__getValue());
  }

  resetAnimation(callback) {
    const animation = this._animation;
    this.stopAnimation(callback);
    if (animation && animation.startValue !== undefined) this._set(animation.startValue);
  }

  _set(value) {
    this._value = value;
    this._changed();
  }

  /** Internal: runs `animation` on this value (stopping the one before). */
  _animate(animation, callback) {
    this.stopAnimation();
    this._animation = animation;
    animation.begin(this._value, (value) => this._set(value), (result) => {
      if (this._animation === animation) this._animation = null;
      if (typeof callback === 'function') callback(result);
    });
  }
}

/** `new Animated.ValueXY({x, y})`: two Values, for positions. */
class AnimatedValueXY extends AnimatedNode {
  constructor(value = { x: 0, y: 0 }) {
    super();
    this.x = value.x instanceof AnimatedValue ? value.x : new AnimatedValue(value.x || 0);
    this.y = value.y instanceof AnimatedValue ? value.y : new AnimatedValue(value.y || 0);
    this.x._follow(() => this._changed());
    this.y._follow(() => this._changed());
  }

  __getValue() {
    return { x: this.x.__getValue(), y: this.y.__getValue() };
  }

  setValue(value) { this.x.setValue(value.x); this.y.setValue(value.y); }
  setOffset(offset) { this.x.setOffset(offset.x); this.y.setOffset(offset.y); }
  flattenOffset() { this.x.flattenOffset(); this.y.flattenOffset(); }
  extractOffset() { this.x.extractOffset(); this.y.extractOffset(); }
  stopAnimation(callback) {
    this.x.stopAnimation();
    this.y.stopAnimation();
    if (typeof callback === 'function') callback(this.__getValue());
  }
  resetAnimation(callback) {
    this.x.resetAnimation();
    this.y.resetAnimation();
    if (typeof callback === 'function') callback(this.__getValue());
  }
  getLayout() { return { left: this.x, top: this.y }; }
  getTranslateTransform() { return [{ translateX: this.x }, { translateY: this.y }]; }
}

/** A node computed from others: interpolations and arithmetic. */
class AnimatedDerived extends AnimatedNode {
  constructor(parents, compute) {
    super();
    this._parents = parents;
    this._compute = compute;
    for (const parent of parents) parent._follow(() => this._changed());
  }

  __getValue() {
    return this._compute(...this._parents.map((p) => p.__getValue()));
  }
}

class AnimatedInterpolation extends AnimatedDerived {
  constructor(parent, config) {
    const map = interpolator(config);
    super([parent], map);
  }
}

const asNode = (value) => (value instanceof AnimatedNode ? value : new AnimatedValue(value));

// --- animations ------------------------------------------------------------------

/** A frame loop that calls `step(elapsedMs)` until it returns true or is stopped. */
function frameLoop(delay, step, finish) {
  let id = null;
  let timer = null;
  let started = null;
  let done = false;
  const tick = () => {
    if (done) return;
    if (started === null) started = now();
    if (step(now() - started)) { done = true; finish(true); } else id = requestFrame(tick);
  };
  if (delay > 0) timer = setTimeout(() => { timer = null; id = requestFrame(tick); }, delay);
  else id = requestFrame(tick);
  return () => {
    if (done) return;
    done = true;
    if (timer !== null) clearTimeout(timer);
    if (id !== null) cancelFrame(id);
    finish(false);
  };
}

const targetOf = (toValue) => (toValue instanceof AnimatedNode ? toValue.__getValue() : Number(toValue));

function timingAnimation({ toValue, duration = 500, easing = Easing.inOut(Easing.ease), delay = 0 }) {
  const animation = {
    begin(from, update, done) {
      animation.startValue = from;
      const to = targetOf(toValue);
      animation.stop = frameLoop(delay, (elapsed) => {
        const t = duration <= 0 ? 1 : Math.min(1, elapsed / duration);
        update(t >= 1 ? to : from + (to - from) * easing(t));
        return t >= 1;
      }, (finished) => done({ finished }));
    },
    stop() {},
  };
  return animation;
}

/** Spring constants from React Native's three ways of giving them. */
function springConstants(config) {
  if (config.stiffness !== undefined || config.damping !== undefined || config.mass !== undefined) {
    return { stiffness: config.stiffness ?? 100, damping: config.damping ?? 10, mass: config.mass ?? 1 };
  }
  if (config.bounciness !== undefined || config.speed !== undefined) {
    // Speed and bounciness map onto tension and friction, then as below.
    const bounciness = config.bounciness ?? 8;
    const speed = config.speed ?? 12;
    return springConstants({ tension: 40 + speed * 1.7 + bounciness * 0.8, friction: 7 + bounciness * 0.1 });
  }
  // Origami's tension and friction (React Native's defaults 40 and 7).
  const tension = config.tension ?? 40;
  const friction = config.friction ?? 7;
  return { stiffness: (tension - 30) * 3.62 + 194, damping: (friction - 8) * 3 + 25, mass: 1 };
}

function springAnimation(config) {
  const { stiffness, damping, mass } = springConstants(config);
  const restSpeed = config.restSpeedThreshold ?? 0.001;
  const restDisplacement = config.restDisplacementThreshold ?? 0.001;
  const animation = {
    begin(from, update, done) {
      animation.startValue = from;
      const to = targetOf(config.toValue);
      let position = from;
      let velocity = (config.velocity ?? 0) * 1000; // per second
      let simulated = 0;
      animation.stop = frameLoop(config.delay ?? 0, (elapsed) => {
        // Fixed 1 ms steps, so the motion does not depend on the frame rate.
        for (; simulated < elapsed; simulated += 1) {
          const force = -stiffness * (position - to) - damping * velocity;
          velocity += (force / mass) * 0.001;
          position += velocity * 0.001;
        }
        const overshot = config.overshootClamping && (from < to ? position > to : position < to);
        const resting = Math.abs(velocity) / 1000 <= restSpeed && Math.abs(position - to) <= restDisplacement;
        if (overshot || resting || stiffness === 0) {
          update(to);
          return true;
        }
        update(position);
        return false;
      }, (finished) => done({ finished }));
    },
    stop() {},
  };
  return animation;
}

function decayAnimation({ velocity = 0, deceleration = 0.998, delay = 0 }) {
  const animation = {
    begin(from, update, done) {
      animation.startValue = from;
      let last = from;
      animation.stop = frameLoop(delay, (elapsed) => {
        const value = from + (velocity / (1 - deceleration)) * (1 - Math.exp(-(1 - deceleration) * elapsed));
        const moved = Math.abs(value - last);
        last = value;
        update(value);
        return elapsed > 0 && moved < 0.1;
      }, (finished) => done({ finished }));
    },
    stop() {},
  };
  return animation;
}

/** `{start, stop, reset}` for one animation of `value` (a Value or a ValueXY). */
function driven(value, config, make) {
  if (value instanceof AnimatedValueXY) {
    const to = config.toValue;
    const split = (axis) => ({ ...config, toValue: to instanceof AnimatedValueXY ? to[axis] : to && typeof to === 'object' ? to[axis] : to,
      velocity: config.velocity && typeof config.velocity === 'object' ? config.velocity[axis] : config.velocity });
    return parallel([driven(value.x, split('x'), make), driven(value.y, split('y'), make)]);
  }
  if (!(value instanceof AnimatedValue)) throw new TypeError('Animated: an animation needs an Animated.Value or Animated.ValueXY');
  let initial = null;
  return {
    start(callback) {
      initial = value.__getValue() - value._offset;
      value._animate(make(config), callback);
    },
    stop() { value.stopAnimation(); },
    reset() {
      value.stopAnimation();
      if (initial !== null) value._set(initial);
    },
  };
}

const timing = (value, config = {}) => driven(value, config, timingAnimation);
const spring = (value, config = {}) => driven(value, config, springAnimation);
const decay = (value, config = {}) => driven(value, config, decayAnimation);

function sequence(animations) {
  let current = -1;
  let stopped = false;
  return {
    start(callback) {
      stopped = false;
      const next = (index) => {
        if (stopped) return;
        current = index;
        if (index >= animations.length) { if (callback) callback({ finished: true }); return; }
        animations[index].start((result) => {
          if (result.finished) next(index + 1);
          else if (callback) callback({ finished: false });
        });
      };
      next(0);
    },
    stop() {
      stopped = true;
      if (current >= 0 && current < animations.length) animations[current].stop();
    },
    reset() {
      for (const animation of animations) animation.reset();
      current = -1;
    },
  };
}

function parallel(animations, { stopTogether = true } = {}) {
  return {
    start(callback) {
      if (animations.length === 0) { if (callback) callback({ finished: true }); return; }
      let remaining = animations.length;
      let allFinished = true;
      animations.forEach((animation) => animation.start((result) => {
        if (!result.finished) {
          allFinished = false;
          if (stopTogether) for (const other of animations) if (other !== animation) other.stop();
        }
        remaining -= 1;
        if (remaining === 0 && callback) callback({ finished: allFinished });
      }));
    },
    stop() { for (const animation of animations) animation.stop(); },
    reset() { for (const animation of animations) animation.reset(); },
  };
}

const delay = (time) => timing(new AnimatedValue(0), { toValue: 0, duration: 0, delay: time });

const stagger = (time, animations) => parallel(animations.map((animation, i) => sequence([delay(time * i), animation])));

function loop(animation, { iterations = -1, resetBeforeIteration = true } = {}) {
  let stopped = false;
  return {
    start(callback) {
      stopped = false;
      let count = 0;
      const run = () => {
        if (stopped) return;
        if (iterations >= 0 && count >= iterations) { if (callback) callback({ finished: true }); return; }
        count += 1;
        if (resetBeforeIteration) animation.reset();
        animation.start((result) => {
          if (!result.finished) { if (callback) callback({ finished: false }); return; }
          run();
        });
      };
      run();
    },
    stop() { stopped = true; animation.stop(); },
    reset() { animation.reset(); },
  };
}

/** `Animated.event(mapping, {listener})`: an event handler that sets the mapped values. */
function event(mapping, config = {}) {
  const assign = (pattern, value) => {
    if (pattern instanceof AnimatedValueXY) { if (value) pattern.setValue(value); return; }
    if (pattern instanceof AnimatedValue) { if (typeof value === 'number') pattern.setValue(value); return; }
    if (pattern && typeof pattern === 'object' && value && typeof value === 'object') {
      for (const key of Object.keys(pattern)) assign(pattern[key], value[key]);
    }
  };
  return (...args) => {
    mapping.forEach((pattern, i) => assign(pattern, args[i]));
    if (typeof config.listener === 'function') config.listener(...args);
  };
}

// --- components --------------------------------------------------------------------

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)
  && value.$$typeof === undefined && Object.getPrototypeOf(value) === Object.prototype;

/** The animated nodes in `value` (style objects, arrays, transforms). */
function collectNodes(value, found) {
  if (value instanceof AnimatedNode) found.add(value);
  else if (Array.isArray(value)) for (const item of value) collectNodes(item, found);
  else if (isPlainObject(value)) for (const key of Object.keys(value)) collectNodes(value[key], found);
  return found;
}

/** `value` with every animated node replaced by its current value. */
function resolve(value) {
  if (value instanceof AnimatedNode) return value.__getValue();
  if (Array.isArray(value)) return value.map(resolve);
  if (isPlainObject(value)) {
    const result = {};
    for (const key of Object.keys(value)) result[key] = resolve(value[key]);
    return result;
  }
  return value;
}

/** A component whose props may hold animated values, re-rendered when they change. */
function createAnimatedComponent(Component) {
  const AnimatedComponent = React.forwardRef(function AnimatedComponent(props, ref) {
    const [, rerender] = React.useReducer((n) => n + 1, 0);
    const nodes = new Set();
    const plain = {};
    for (const key of Object.keys(props)) {
      if (key === 'children') { plain.children = props.children; continue; }
      collectNodes(props[key], nodes);
      plain[key] = resolve(props[key]);
    }
    const ids = [...nodes].map((node) => node._id).join(',');
    React.useLayoutEffect(() => {
      const unfollow = [...nodes].map((node) => node._follow(rerender));
      return () => { for (const stop of unfollow) stop(); };
      // Followed again only when the set of nodes changes.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [ids]);
    return React.createElement(Component, { ...plain, ref });
  });
  AnimatedComponent.displayName = `Animated(${Component.displayName || Component.name || 'Component'})`;
  return AnimatedComponent;
}

function animatedComponents() {
  // Required lazily: the components require this module's siblings.
  const { View } = require('./View');
  const { Text } = require('./Text');
  const { Image } = require('./Image');
  const { ScrollView } = require('./ScrollView');
  const { FlatList } = require('./FlatList');
  const { SectionList } = require('./SectionList');
  return {
    View: createAnimatedComponent(View),
    Text: createAnimatedComponent(Text),
    Image: createAnimatedComponent(Image),
    ScrollView: createAnimatedComponent(ScrollView),
    FlatList: createAnimatedComponent(FlatList),
    SectionList: createAnimatedComponent(SectionList),
  };
}

const Animated = {
  Value: AnimatedValue,
  ValueXY: AnimatedValueXY,
  Node: AnimatedNode,
  Interpolation: AnimatedInterpolation,
  timing,
  spring,
  decay,
  sequence,
  parallel,
  stagger,
  delay,
  loop,
  event,
  add: (a, b) => new AnimatedDerived([asNode(a), asNode(b)], (x, y) => x + y),
  subtract: (a, b) => new AnimatedDerived([asNode(a), asNode(b)], (x, y) => x - y),
  multiply: (a, b) => new AnimatedDerived([asNode(a), asNode(b)], (x, y) => x * y),
  divide: (a, b) => new AnimatedDerived([asNode(a), asNode(b)], (x, y) => (y === 0 ? 0 : x / y)),
  modulo: (a, modulus) => new AnimatedDerived([asNode(a)], (x) => ((x % modulus) + modulus) % modulus),
  diffClamp: (a, min, max) => {
    let last = null;
    let value = 0;
    return new AnimatedDerived([asNode(a)], (x) => {
      if (last !== null) value = Math.min(max, Math.max(min, value + x - last));
      last = x;
      return value;
    });
  },
  createAnimatedComponent,
};

let components = null;
for (const name of ['View', 'Text', 'Image', 'ScrollView', 'FlatList', 'SectionList']) {
  Object.defineProperty(Animated, name, {
    enumerable: true,
    get() {
      if (components === null) components = animatedComponents();
      return components[name];
    },
  });
}

module.exports = { Animated, Easing };
