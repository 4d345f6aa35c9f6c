'use strict';
// What FlatList and SectionList share: React Native's default item key, the header /
// footer / separator / empty "slots" (each a component or an element), and the
// `separators` object handed to `renderItem` (highlighting a separator is a no-op
// here: items are not pressed through the list).

const React = require('react');

/** `item.key`, then `item.id`, then the index, as a string (React Native's default). */
function defaultKeyExtractor(item, index) {
  if (item && typeof item === 'object') {
    if (item.key !== undefined && item.key !== null) return String(item.key);
    if (item.id !== undefined && item.id !== null) return String(item.id);
  }
  return String(index);
}

/** A component or an element (or null), rendered. */
function renderSlot(Slot, props) {
  if (Slot === null || Slot === undefined || Slot === false) return null;
  if (React.isValidElement(Slot)) return Slot;
  return React.createElement(Slot, props);
}

const NOOP_SEPARATORS = Object.freeze({ highlight() {}, unhighlight() {}, updateProps() {} });

module.exports = { defaultKeyExtractor, renderSlot, NOOP_SEPARATORS };
