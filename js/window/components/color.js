'use strict';
// CSS colors as [r, g, b, a] (0–255, alpha 0–1), for interpolating between them:
// #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba() and the common names.

const NAMES = {
  transparent: [0, 0, 0, 0], black: [0, 0, 0, 1], white: [255, 255, 255, 1], red: [255, 0, 0, 1],
  green: [0, 128, 0, 1], blue: [0, 0, 255, 1], yellow: [255, 255, 0, 1], orange: [255, 165, 0, 1],
  purple: [128, 0, 128, 1], gray: [128, 128, 128, 1], grey: [128, 128, 128, 1], pink: [255, 192, 203, 1],
};

/** The color's channels, or null when `text` is not a color this understands. */
function parseColor(text) {
  const value = String(text).trim().toLowerCase();
  if (NAMES[value]) return NAMES[value].slice();
  let match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (match) {
    let hex = match[1];
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    const byte = (i) => parseInt(hex.slice(i, i + 2), 16);
    return [byte(0), byte(2), byte(4), hex.length === 8 ? byte(6) / 255 : 1];
  }
  match = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(value);
  if (match) return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : Number(match[4])];
  return null;
}

module.exports = { parseColor };
