'use strict';
// View: a flexbox container laid out as React Native lays one out (column, stretch,
// no shrinking; see style.js), rendered as a <div>.

const React = require('react');
const { composeStyle, VIEW_DEFAULTS } = require('./style');
const { domProps, pointerEventsStyle } = require('./props');
const { ensureSheet } = require('./document');
const { TextAncestor } = require('./TextAncestor');
const { useLayout } = require('./layout');

const View = React.forwardRef(function View(props, forwardedRef) {
  const ref = useLayout(props.onLayout, forwardedRef);
  if (props.pointerEvents === 'box-none' || props.pointerEvents === 'box-only') ensureSheet();
  const style = composeStyle(VIEW_DEFAULTS, props.style, pointerEventsStyle(props.pointerEvents));
  const element = React.createElement('div', { ...domProps(props), ref, style }, props.children);
  // Text inside a View starts a new paragraph, even when the View sits in a Text.
  return React.createElement(TextAncestor.Provider, { value: false }, element);
});

module.exports = { View };
