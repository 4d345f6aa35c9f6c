'use strict';
// style.js — React Native styles to CSS for the page.
//
// A React Native style is an object, a registered style, or an array of those
// (nested, with falsy entries skipped); later entries win. `flattenStyle` merges
// them into one object; `toCSS` turns that object into the inline style React DOM
// sets on an element:
//   - numbers are pixels (React DOM appends `px` except for unitless properties;
//     `lineHeight`, unitless in CSS, is pixels in React Native and gets `px` here);
//   - shorthands expand to the four sides, and the more specific key wins whatever
//     its position (`marginLeft` beats `marginHorizontal` beats `margin`), as in Yoga;
//   - `flex: n` means what Yoga means: n > 0 grows and shrinks from a zero basis,
//     0 is inflexible, -1 shrinks down to its minimum size;
//   - `transform` arrays, shadows and text shadows become their CSS forms;
//   - keys that only mean something on a phone (`elevation`,
//     `includeFontPadding`, ...) are dropped quietly; any other key is passed on as
//     CSS, so `cursor` or `gap` work as a browser understands them.

/** The system font stack, with Japanese and Chinese faces before the generic fallback. */
const SYSTEM_FONT = 'system-ui, -apple-system, "Cantarell", "Noto Sans", "DejaVu Sans", ' +
  '"IPAGothic", "IPAPGothic", "Noto Sans CJK JP", "Droid Sans Fallback", sans-serif';

/** Keys with no meaning in a web view: dropped without a warning. */
const IGNORED = new Set([
  'elevation', 'includeFontPadding', 'textAlignVertical', 'overlayColor', 'tintColor',
  'resizeMode', 'borderCurve', 'shadowColor', 'shadowOffset', 'shadowOpacity', 'shadowRadius',
  'textShadowColor', 'textShadowOffset', 'textShadowRadius', 'transformMatrix',
  'fontVariant', 'writingDirection',
]);

/** Shorthands and the longhands they set, least specific first. */
const SIDES = ['Top', 'Right', 'Bottom', 'Left'];
const EXPANSIONS = [];
for (const prop of ['margin', 'padding']) {
  EXPANSIONS.push([prop, 0, SIDES.map((s) => prop + s)]);
  EXPANSIONS.push([prop + 'Horizontal', 1, [prop + 'Left', prop + 'Right']]);
  EXPANSIONS.push([prop + 'Vertical', 1, [prop + 'Top', prop + 'Bottom']]);
  EXPANSIONS.push([prop + 'Start', 2, [prop + 'Left']]);
  EXPANSIONS.push([prop + 'End', 2, [prop + 'Right']]);
  for (const side of SIDES) EXPANSIONS.push([prop + side, 3, [prop + side]]);
}
for (const part of ['Width', 'Color', 'Style']) {
  EXPANSIONS.push(['border' + part, 0, SIDES.map((s) => 'border' + s + part)]);
  EXPANSIONS.push(['borderStart' + part, 2, ['borderLeft' + part]]);
  EXPANSIONS.push(['borderEnd' + part, 2, ['borderRight' + part]]);
  for (const side of SIDES) EXPANSIONS.push(['border' + side + part, 3, ['border' + side + part]]);
}
const CORNERS = ['TopLeft', 'TopRight', 'BottomRight', 'BottomLeft'];
EXPANSIONS.push(['borderRadius', 0, CORNERS.map((c) => `border${c}Radius`)]);
for (const [logical, physical] of [['TopStart', 'TopLeft'], ['TopEnd', 'TopRight'],
  ['BottomStart', 'BottomLeft'], ['BottomEnd', 'BottomRight']]) {
  EXPANSIONS.push([`border${logical}Radius`, 2, [`border${physical}Radius`]]);
}
for (const corner of CORNERS) EXPANSIONS.push([`border${corner}Radius`, 3, [`border${corner}Radius`]]);
EXPANSIONS.push(['start', 2, ['left']]);
EXPANSIONS.push(['end', 2, ['right']]);
EXPANSIONS.push(['inset', 0, ['top', 'right', 'bottom', 'left']]);
for (const side of ['top', 'right', 'bottom', 'left']) EXPANSIONS.push([side, 3, [side]]);
const EXPANSION = new Map(EXPANSIONS.map(([key, rank, longhands]) => [key, { rank, longhands }]));

/**
 * One style object from a React Native style prop: arrays (nested) merge left to
 * right, falsy entries are skipped. Returns a new object (or undefined for no style).
 */
function flattenStyle(style) {
  if (style === null || style === undefined || style === false || style === '') return undefined;
  if (!Array.isArray(style)) return typeof style === 'object' ? style : undefined;
  const result = {};
  let any = false;
  const visit = (entry) => {
    if (Array.isArray(entry)) {
      entry.forEach(visit);
    } else if (entry && typeof entry === 'object') {
      Object.assign(result, entry);
      any = true;
    }
  };
  visit(style);
  return any ? result : undefined;
}

function px(value) {
  return typeof value === 'number' ? `${value}px` : value;
}

function angle(value) {
  return typeof value === 'number' ? `${value}rad` : value;
}

/** A transform array (`[{ translateX: 4 }, { rotate: '45deg' }]`) as a CSS transform. */
function transformToCSS(transform) {
  if (!Array.isArray(transform)) return transform;
  return transform.map((step) => {
    const [name] = Object.keys(step || {});
    if (name === undefined) return '';
    const value = step[name];
    switch (name) {
      case 'translateX': case 'translateY': case 'translateZ': case 'perspective':
        return `${name}(${px(value)})`;
      case 'translate':
        return Array.isArray(value) ? `translate(${value.map(px).join(', ')})` : `translate(${px(value)})`;
      case 'rotate': case 'rotateX': case 'rotateY': case 'rotateZ': case 'skewX': case 'skewY':
        return `${name}(${angle(value)})`;
      case 'matrix':
        return Array.isArray(value) && value.length === 16 ? `matrix3d(${value.join(', ')})` : `matrix(${[].concat(value).join(', ')})`;
      default:
        return `${name}(${value})`; // scale, scaleX, scaleY
    }
  }).filter(Boolean).join(' ');
}

/** A color with an opacity multiplied in, for shadows. */
function withOpacity(color, opacity) {
  if (opacity >= 1) return color;
  return `color-mix(in srgb, ${color} ${Math.round(opacity * 1000) / 10}%, transparent)`;
}

function fontFamilyToCSS(family) {
  if (typeof family !== 'string') return family;
  return family === 'System' || family === 'system' ? SYSTEM_FONT : `${family}, ${SYSTEM_FONT}`;
}

/**
 * The React DOM inline style for a flattened React Native style (see the file's
 * comment). Returns a new object; keys are camelCase CSS properties.
 */
function toCSS(style) {
  const out = {};
  if (!style) return out;
  const ranks = {};
  const setRanked = (key, value, rank) => {
    if (ranks[key] !== undefined && ranks[key] > rank) return;
    ranks[key] = rank;
    out[key] = value;
  };
  for (const key of Object.keys(style)) {
    const value = style[key];
    if (value === undefined || value === null || IGNORED.has(key)) continue;
    const expansion = EXPANSION.get(key);
    if (expansion !== undefined) {
      for (const longhand of expansion.longhands) setRanked(longhand, value, expansion.rank);
      continue;
    }
    switch (key) {
      case 'flex':
        if (typeof value === 'number') {
          if (value > 0) {
            setRanked('flexGrow', value, 0);
            setRanked('flexShrink', 1, 0);
            setRanked('flexBasis', '0%', 0);
          } else if (value === 0) {
            setRanked('flexGrow', 0, 0);
            setRanked('flexShrink', 0, 0);
            setRanked('flexBasis', 'auto', 0);
          } else {
            setRanked('flexGrow', 0, 0);
            setRanked('flexShrink', -value, 0);
            setRanked('flexBasis', 'auto', 0);
          }
        } else {
          out.flex = value;
        }
        break;
      case 'flexGrow': case 'flexShrink': case 'flexBasis':
        setRanked(key, key === 'flexBasis' ? px(value) : value, 1);
        break;
      case 'lineHeight':
        out.lineHeight = px(value);
        break;
      case 'fontFamily':
        out.fontFamily = fontFamilyToCSS(value);
        break;
      case 'fontWeight':
        out.fontWeight = value === 'normal' || value === 'bold' ? value : String(value);
        break;
      case 'transform':
        out.transform = transformToCSS(value);
        break;
      case 'transformOrigin':
        out.transformOrigin = Array.isArray(value) ? value.map(px).join(' ') : value;
        break;
      case 'aspectRatio':
        out.aspectRatio = String(value);
        break;
      case 'textDecorationLine':
        out.textDecorationLine = value;
        break;
      case 'pointerEvents':
        // 'box-none' and 'box-only' need the element's attribute (see props.js).
        out.pointerEvents = value === 'box-none' ? 'none' : value === 'box-only' ? 'auto' : value;
        break;
      default:
        out[key] = value;
    }
  }
  // Shadows: iOS's four keys as one box-shadow.
  if (style.shadowColor !== undefined || style.shadowOffset !== undefined || style.shadowRadius !== undefined ||
      style.shadowOpacity !== undefined) {
    const offset = style.shadowOffset || {};
    const opacity = typeof style.shadowOpacity === 'number' ? style.shadowOpacity : 1;
    if (opacity > 0) {
      out.boxShadow = `${offset.width || 0}px ${offset.height || 0}px ${style.shadowRadius || 0}px ` +
        withOpacity(style.shadowColor || 'black', opacity);
    }
  }
  if (style.textShadowColor !== undefined || style.textShadowOffset !== undefined || style.textShadowRadius !== undefined) {
    const offset = style.textShadowOffset || {};
    out.textShadow = `${offset.width || 0}px ${offset.height || 0}px ${style.textShadowRadius || 0}px ${style.textShadowColor || 'black'}`;
  }
  if (Array.isArray(style.fontVariant)) out.fontVariant = style.fontVariant.join(' ');
  else if (typeof style.fontVariant === 'string') out.fontVariant = style.fontVariant;
  if (style.writingDirection === 'rtl' || style.writingDirection === 'ltr') out.direction = style.writingDirection;
  return out;
}

/** Every View's defaults: Yoga's flexbox, as React Native lays out a View. */
// (A <div> has no margin, padding or border of its own; a border side that gets a
// width is made solid and black below, React Native's default.)
const VIEW_DEFAULTS = toCSS({
  display: 'flex', flexDirection: 'column', position: 'relative', boxSizing: 'border-box',
  alignItems: 'stretch', alignContent: 'flex-start', flexBasis: 'auto', flexShrink: 0,
  minWidth: 0, minHeight: 0,
});

/** A Text outside any other Text: React Native's default font, wrapping like a label. */
const TEXT_DEFAULTS = toCSS({
  display: 'block', position: 'relative', boxSizing: 'border-box', minWidth: 0,
  color: 'black', fontFamily: 'System', fontSize: 14, fontWeight: 'normal', fontStyle: 'normal',
  whiteSpace: 'pre-wrap', overflowWrap: 'break-word',
});

/** A Text inside a Text: a run of the same paragraph, inheriting its style. */
const NESTED_TEXT_DEFAULTS = { display: 'inline' };

/** The style of `defaults` with the component's flattened style prop applied. */
function composeStyle(defaults, styleProp, extra) {
  const css = toCSS(flattenStyle(styleProp));
  // Expanded longhands replace the defaults' longhands; `flex` shorthands replace them too.
  const out = Object.assign({}, defaults, css, extra);
  for (const side of SIDES) {
    if (out[`border${side}Width`] === undefined) continue;
    if (out[`border${side}Style`] === undefined) out[`border${side}Style`] = 'solid';
    if (out[`border${side}Color`] === undefined) out[`border${side}Color`] = 'black';
  }
  return out;
}

module.exports = {
  SYSTEM_FONT, flattenStyle, toCSS, transformToCSS, composeStyle,
  VIEW_DEFAULTS, TEXT_DEFAULTS, NESTED_TEXT_DEFAULTS,
};
