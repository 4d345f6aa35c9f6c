'use strict';
// `value.interpolate({inputRange, outputRange, …})`, as React Native documents it: a
// piecewise-linear map from input ranges to numbers, colors or strings holding numbers
// ('0deg' → '360deg'), with easing within each piece and extrapolation beyond the ends
// ('extend', the default, 'clamp' or 'identity').

const { parseColor } = require('./color');

function check(config) {
  const { inputRange, outputRange } = config || {};
  if (!Array.isArray(inputRange) || !Array.isArray(outputRange) || inputRange.length < 2 || inputRange.length !== outputRange.length) {
    throw new Error('interpolate: inputRange and outputRange must be arrays of the same length, at least 2');
  }
  for (let i = 1; i < inputRange.length; i++) {
    if (!(inputRange[i] >= inputRange[i - 1])) throw new Error(`interpolate: inputRange must be non-decreasing, got ${JSON.stringify(inputRange)}`);
  }
}

/** The numeric map for one output list: f(x) over inputRange, with the config's rules. */
function numeric(config, outputs) {
  const { inputRange, easing = (t) => t } = config;
  const left = config.extrapolateLeft || config.extrapolate || 'extend';
  const right = config.extrapolateRight || config.extrapolate || 'extend';
  return (x) => {
    let i = 1;
    while (i < inputRange.length - 1 && x > inputRange[i]) i++;
    const [inMin, inMax] = [inputRange[i - 1], inputRange[i]];
    const [outMin, outMax] = [outputs[i - 1], outputs[i]];
    let input = x;
    if (input < inMin) {
      if (left === 'identity') return input;
      if (left === 'clamp') input = inMin;
    }
    if (input > inMax) {
      if (right === 'identity') return input;
      if (right === 'clamp') input = inMax;
    }
    if (outMin === outMax) return outMin;
    if (inMin === inMax) return input <= inMin ? outMin : outMax;
    const t = easing((input - inMin) / (inMax - inMin));
    return outMin + t * (outMax - outMin);
  };
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;

/** `(value) => output` for the config; throws on ranges React Native refuses. */
function interpolator(config) {
  check(config);
  const outputs = config.outputRange;
  if (outputs.every((o) => typeof o === 'number')) return numeric(config, outputs);
  const colors = outputs.map((o) => (typeof o === 'string' ? parseColor(o) : null));
  if (colors.every((c) => c !== null)) {
    const channels = [0, 1, 2, 3].map((k) => numeric(config, colors.map((c) => c[k])));
    return (x) => {
      const [r, g, b, a] = channels.map((f) => f(x));
      const byte = (v) => Math.round(Math.min(255, Math.max(0, v)));
      return `rgba(${byte(r)}, ${byte(g)}, ${byte(b)}, ${Math.round(Math.min(1, Math.max(0, a)) * 1000) / 1000})`;
    };
  }
  if (outputs.every((o) => typeof o === 'string')) {
    // Strings of the same shape: the numbers in them are interpolated, the rest kept.
    const template = outputs[0];
    const numbers = outputs.map((o) => (o.match(NUMBER) || []).map(Number));
    const count = numbers[0].length;
    if (!numbers.every((n) => n.length === count) || !outputs.every((o) => o.replace(NUMBER, '#') === template.replace(NUMBER, '#'))) {
      throw new Error(`interpolate: the outputRange strings must have the same shape, got ${JSON.stringify(outputs)}`);
    }
    const maps = [...Array(count).keys()].map((k) => numeric(config, numbers.map((n) => n[k])));
    return (x) => {
      let k = 0;
      return template.replace(NUMBER, () => String(Math.round(maps[k++](x) * 1e6) / 1e6));
    };
  }
  throw new Error(`interpolate: outputRange must hold numbers, colors or strings with numbers, got ${JSON.stringify(outputs)}`);
}

module.exports = { interpolator };
