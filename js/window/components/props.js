'use strict';
// props.js — the props every React Native host component shares, as DOM attributes:
// `testID` → `data-testid`, `nativeID` → `id`, accessibility props → ARIA, layout and
// a few pointer / focus / keyboard events passed through.

/** accessibilityRole / role values and the ARIA roles a web view knows them by. */
const ROLES = {
  adjustable: 'slider', button: 'button', checkbox: 'checkbox', combobox: 'combobox',
  header: 'heading', heading: 'heading', image: 'img', img: 'img', imagebutton: 'button',
  keyboardkey: 'button', link: 'link', list: 'list', listitem: 'listitem', menu: 'menu',
  menubar: 'menubar', menuitem: 'menuitem', none: 'presentation', progressbar: 'progressbar',
  radio: 'radio', radiogroup: 'radiogroup', scrollbar: 'scrollbar', search: 'search',
  searchbox: 'searchbox', spinbutton: 'spinbutton', summary: 'region', switch: 'switch',
  tab: 'tab', tablist: 'tablist', text: null, timer: 'timer', toolbar: 'toolbar',
  alert: 'alert', dialog: 'dialog', grid: 'grid', main: 'main', navigation: 'navigation',
  region: 'region', group: 'group',
};

/** DOM event props a View passes on as they are. */
const PASSED_EVENTS = [
  'onClick', 'onKeyDown', 'onKeyUp', 'onFocus', 'onBlur', 'onMouseEnter', 'onMouseLeave',
  'onPointerDown', 'onPointerUp', 'onPointerMove', 'onPointerEnter', 'onPointerLeave',
  'onPointerCancel', 'onWheel', 'onContextMenu', 'onDragStart',
];

/** The DOM attributes for a component's shared props (without style and children). */
function domProps(props) {
  const out = {};
  if (props.testID !== undefined) out['data-testid'] = props.testID;
  if (props.nativeID !== undefined) out.id = props.nativeID;
  const label = props['aria-label'] !== undefined ? props['aria-label'] : props.accessibilityLabel;
  if (label !== undefined) out['aria-label'] = label;
  const roleName = props.role !== undefined ? props.role : props.accessibilityRole;
  if (roleName !== undefined) {
    const role = Object.prototype.hasOwnProperty.call(ROLES, roleName) ? ROLES[roleName] : roleName;
    if (role) out.role = role;
    if (role === 'heading') out['aria-level'] = 2;
  }
  if (props.accessibilityHint !== undefined) out['aria-description'] = props.accessibilityHint;
  const state = props.accessibilityState || {};
  for (const key of ['disabled', 'selected', 'checked', 'busy', 'expanded']) {
    const value = props[`aria-${key}`] !== undefined ? props[`aria-${key}`] : state[key];
    if (value !== undefined) out[`aria-${key}`] = value;
  }
  if (props.accessibilityLiveRegion && props.accessibilityLiveRegion !== 'none') {
    out['aria-live'] = props.accessibilityLiveRegion;
  }
  if (props.accessibilityElementsHidden || props.importantForAccessibility === 'no-hide-descendants' ||
      props['aria-hidden']) {
    out['aria-hidden'] = true;
  }
  if (props.accessibilityViewIsModal || props['aria-modal']) out['aria-modal'] = true;
  if (props.pointerEvents === 'box-none' || props.pointerEvents === 'box-only' ||
      props.pointerEvents === 'none' || props.pointerEvents === 'auto') {
    out['data-pointer-events'] = props.pointerEvents;
  }
  if (props.dir !== undefined) out.dir = props.dir;
  if (props.tabIndex !== undefined) out.tabIndex = props.tabIndex;
  else if (props.focusable === true) out.tabIndex = 0;
  for (const name of PASSED_EVENTS) {
    if (typeof props[name] === 'function') out[name] = props[name];
  }
  return out;
}

/** The inline style a `pointerEvents` prop adds (the attribute above does the children). */
function pointerEventsStyle(pointerEvents) {
  if (pointerEvents === 'none' || pointerEvents === 'box-none') return { pointerEvents: 'none' };
  if (pointerEvents === 'auto' || pointerEvents === 'box-only') return { pointerEvents: 'auto' };
  return undefined;
}

module.exports = { domProps, pointerEventsStyle, ROLES };
