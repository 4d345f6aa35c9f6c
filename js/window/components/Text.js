'use strict';
// Text: a paragraph (<div>) with React Native's default font; a Text inside a Text is
// a run of it (<span>, inline), so `<Text>a <Text style={bold}>b</Text></Text>` bolds
// part of one line. `numberOfLines` clamps with an ellipsis; `onPress` makes it
// pressable; `selectable` (default false, as in React Native) allows selecting.

const React = require('react');
const { composeStyle, TEXT_DEFAULTS, NESTED_TEXT_DEFAULTS } = require('./style');
const { domProps } = require('./props');
const { TextAncestor } = require('./TextAncestor');
const { useLayout } = require('./layout');

function clampStyle(numberOfLines, ellipsizeMode) {
  if (!(numberOfLines > 0)) return undefined;
  const overflow = ellipsizeMode === 'clip' ? 'clip' : 'ellipsis';
  if (numberOfLines === 1) {
    return { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: overflow, maxWidth: '100%' };
  }
  return {
    display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: numberOfLines,
    overflow: 'hidden', textOverflow: overflow,
  };
}

const Text = React.forwardRef(function Text(props, forwardedRef) {
  const nested = React.useContext(TextAncestor);
  const ref = useLayout(props.onLayout, forwardedRef);
  const extra = {};
  if (props.selectable === true) extra.userSelect = 'text';
  else if (!nested) extra.userSelect = 'none';
  if (typeof props.onPress === 'function') extra.cursor = 'pointer';
  const clamp = clampStyle(props.numberOfLines, props.ellipsizeMode);
  const style = composeStyle(nested ? NESTED_TEXT_DEFAULTS : TEXT_DEFAULTS, props.style, { ...extra, ...clamp });
  const attributes = { ...domProps(props), ref, style };
  if (!nested) attributes.dir = props.dir || 'auto';
  if (typeof props.onPress === 'function') {
    const onPress = props.onPress;
    attributes.onClick = (event) => {
      event.stopPropagation();
      onPress(event);
    };
    if (attributes.role === undefined) attributes.role = 'link';
    if (attributes.tabIndex === undefined) attributes.tabIndex = 0;
  }
  const element = React.createElement(nested ? 'span' : 'div', attributes, props.children);
  return nested ? element : React.createElement(TextAncestor.Provider, { value: true }, element);
});

module.exports = { Text };
