'use strict';
// ActivityIndicator: a spinning ring. `animating` (default true), `color` (default
// #999999), `size` 'small' (20), 'large' (36) or a number of pixels,
// `hidesWhenStopped` (default true).

const React = require('react');
const { View } = require('./View');
const { ensureSheet } = require('./document');

const SIZES = { small: 20, large: 36 };

function ActivityIndicator(props) {
  const { animating = true, color = '#999999', size = 'small', hidesWhenStopped = true, style, ...rest } = props;
  if (animating) ensureSheet();
  const pixels = typeof size === 'number' ? size : SIZES[size] || SIZES.small;
  const ring = React.createElement('svg', {
    width: pixels, height: pixels, viewBox: '0 0 32 32', 'aria-hidden': true,
    style: {
      display: 'block',
      animation: animating ? 'searchlight-rn-spin 0.8s linear infinite' : undefined,
      visibility: !animating && hidesWhenStopped ? 'hidden' : 'visible',
    },
  },
  React.createElement('circle', { cx: 16, cy: 16, r: 13, fill: 'none', stroke: color, strokeWidth: 4, opacity: 0.2 }),
  React.createElement('circle', {
    cx: 16, cy: 16, r: 13, fill: 'none', stroke: color, strokeWidth: 4,
    strokeDasharray: '80', strokeDashoffset: '60', strokeLinecap: 'round',
  }));
  return React.createElement(View, {
    accessibilityRole: 'progressbar',
    accessibilityState: { busy: animating },
    ...rest,
    style: [{ alignItems: 'center', justifyContent: 'center' }, style],
  }, ring);
}

module.exports = { ActivityIndicator };
