'use strict';
// Easing, as React Native documents it (https://reactnative.dev/docs/easing): functions
// from progress t in [0, 1] to eased progress, and the combinators in/out/inOut.

const { PI, cos, sqrt, pow } = Math;

/** A CSS-like cubic Bézier from (0,0) to (1,1) through (x1,y1), (x2,y2). */
function bezier(x1, y1, x2, y2) {
  const coordinate = (t, a, b) => 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t;
  const slope = (t, a, b) => 3 * a * (1 - t) * (1 - t) + 6 * (b - a) * t * (1 - t) + 3 * (1 - b) * t * t;
  /** The curve's parameter whose x is `x`: Newton's method, bisection when it stalls. */
  function solve(x) {
    let t = x;
    for (let i = 0; i < 8; i++) {
      const error = coordinate(t, x1, x2) - x;
      if (Math.abs(error) < 1e-7) return t;
      const d = slope(t, x1, x2);
      if (Math.abs(d) < 1e-6) break;
      t -= error / d;
    }
    let low = 0;
    let high = 1;
    t = x;
    for (let i = 0; i < 40; i++) {
      const value = coordinate(t, x1, x2);
      if (Math.abs(value - x) < 1e-7) break;
      if (value < x) low = t; else high = t;
      t = (low + high) / 2;
    }
    return t;
  }
  return (x) => (x <= 0 ? 0 : x >= 1 ? 1 : coordinate(solve(x), y1, y2));
}

function bounce(t) {
  if (t < 1 / 2.75) return 7.5625 * t * t;
  if (t < 2 / 2.75) { const u = t - 1.5 / 2.75; return 7.5625 * u * u + 0.75; }
  if (t < 2.5 / 2.75) { const u = t - 2.25 / 2.75; return 7.5625 * u * u + 0.9375; }
  const u = t - 2.625 / 2.75;
  return 7.5625 * u * u + 0.984375;
}

const Easing = {
  linear: (t) => t,
  ease: bezier(0.42, 0, 1, 1),
  quad: (t) => t * t,
  cubic: (t) => t * t * t,
  poly: (n) => (t) => pow(t, n),
  sin: (t) => 1 - cos((t * PI) / 2),
  circle: (t) => 1 - sqrt(1 - t * t),
  exp: (t) => pow(2, 10 * (t - 1)),
  elastic: (bounciness = 1) => {
    const p = bounciness * PI;
    return (t) => 1 - pow(cos((t * PI) / 2), 3) * cos(t * p);
  },
  back: (s = 1.70158) => (t) => t * t * ((s + 1) * t - s),
  bounce,
  bezier,
  step0: (n) => (n > 0 ? 1 : 0),
  step1: (n) => (n >= 1 ? 1 : 0),
  in: (easing) => easing,
  out: (easing) => (t) => 1 - easing(1 - t),
  inOut: (easing) => (t) => (t < 0.5 ? easing(t * 2) / 2 : 1 - easing((1 - t) * 2) / 2),
};

module.exports = { Easing };
