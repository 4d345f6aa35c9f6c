'use strict';
// document.js — the few rules inline styles cannot express (keyframes, placeholder
// colors, children of `pointerEvents="box-none"`, hidden scroll bars, Modal's
// animations), added once as one <style> element when the first component that needs
// them mounts in a page.

const RULES = [
  '[data-pointer-events="box-none"] > * { pointer-events: auto; }',
  '[data-pointer-events="box-only"] * { pointer-events: none; }',
  '[data-scrollbars="hidden"] { scrollbar-width: none; }',
  '[data-scrollbars="hidden"]::-webkit-scrollbar { display: none; }',
  '@keyframes searchlight-rn-spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }',
  '@keyframes searchlight-rn-fade { from { opacity: 0; } to { opacity: 1; } }',
  '@keyframes searchlight-rn-slide { from { transform: translateY(100%); } to { transform: translateY(0); } }',
];

let sheet = null;
const placeholderColors = new Map();

function ensureSheet() {
  if (sheet !== null || typeof document === 'undefined') return sheet;
  const element = document.createElement('style');
  element.setAttribute('data-searchlight', 'react-native');
  element.textContent = RULES.join('\n');
  (document.head || document.documentElement).appendChild(element);
  sheet = element;
  return sheet;
}

/**
 * The attribute value that gives a TextInput's placeholder `color`: a rule keyed by
 * the color is added once per color.
 */
function placeholderClass(color) {
  let name = placeholderColors.get(color);
  if (name === undefined) {
    name = `rn-placeholder-${placeholderColors.size}`;
    placeholderColors.set(color, name);
    const element = ensureSheet();
    if (element !== null) {
      const safe = String(color).replace(/[;{}<>]/g, '');
      element.textContent += `\n.${name}::placeholder { color: ${safe}; opacity: 1; }`;
    }
  }
  return name;
}

module.exports = { ensureSheet, placeholderClass };
