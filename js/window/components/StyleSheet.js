'use strict';
// StyleSheet: `create` returns the styles it is given (checked: each must be an
// object), `flatten` merges a style prop into one object, `compose(a, b)`,
// `hairlineWidth` (one device pixel), `absoluteFill` / `absoluteFillObject`.

const { flattenStyle } = require('./style');

const absoluteFillObject = { position: 'absolute', left: 0, right: 0, top: 0, bottom: 0 };

function create(styles) {
  if (styles === null || typeof styles !== 'object' || Array.isArray(styles)) {
    throw new TypeError('StyleSheet.create expects an object of named styles');
  }
  for (const name of Object.keys(styles)) {
    const style = styles[name];
    if (style !== null && style !== undefined && (typeof style !== 'object' || Array.isArray(style))) {
      throw new TypeError(`StyleSheet.create: style "${name}" must be an object`);
    }
  }
  return styles;
}

function flatten(style) {
  const flat = flattenStyle(style);
  if (flat === undefined) return undefined;
  return Array.isArray(style) ? flat : { ...flat };
}

function compose(style1, style2) {
  if (style1 && style2) return [style1, style2];
  return style1 || style2;
}

const hairlineWidth = typeof window !== 'undefined' && window.devicePixelRatio > 1
  ? 1 / window.devicePixelRatio : 1;

const StyleSheet = {
  create, flatten, compose, hairlineWidth,
  absoluteFill: Object.freeze({ ...absoluteFillObject }),
  absoluteFillObject,
};

module.exports = { StyleSheet };
