'use strict';
// Switch: a toggle. `value`, `onValueChange(newValue)`, `disabled`, `trackColor`
// (`{ false, true }`), `thumbColor`, `ios_backgroundColor`; `role="switch"` with
// `aria-checked`, toggled by a click, Enter or Space.

const React = require('react');
const { View } = require('./View');
const { Pressable } = require('./Pressable');

function Switch(props) {
  const {
    value = false, onValueChange, disabled = false, trackColor = {}, thumbColor, ios_backgroundColor,
    style, testID, accessibilityLabel, nativeID,
  } = props;
  const on = value === true;
  const track = on ? (trackColor.true || '#34c759') : (trackColor.false || ios_backgroundColor || '#d1d1d6');
  return React.createElement(Pressable, {
    testID, nativeID, accessibilityLabel, disabled,
    role: 'switch',
    accessibilityState: { checked: on },
    onPress: () => { if (onValueChange) onValueChange(!on); },
    style: [{
      width: 44, height: 26, borderRadius: 13, padding: 2, backgroundColor: track,
      justifyContent: 'center', opacity: disabled ? 0.5 : 1,
      transitionProperty: 'background-color', transitionDuration: '150ms',
    }, style],
  }, React.createElement(View, {
    style: {
      width: 22, height: 22, borderRadius: 11, backgroundColor: thumbColor || 'white',
      transform: [{ translateX: on ? 18 : 0 }], transitionProperty: 'transform', transitionDuration: '150ms',
      shadowColor: '#000', shadowOpacity: 0.25, shadowRadius: 2, shadowOffset: { width: 0, height: 1 },
    },
  }));
}

module.exports = { Switch };
