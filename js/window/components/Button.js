'use strict';
// Button: React Native's basic button: `title`, `onPress`, `color`, `disabled`,
// `accessibilityLabel`, `testID`. Drawn as Android draws it (React Native's `color` is
// the background there): a raised rectangle in `color` (default #2196F3) with white,
// medium, upper-case text; gray when disabled.

const React = require('react');
const { Pressable } = require('./Pressable');
const { Text } = require('./Text');

function Button(props) {
  const { title, onPress, color = '#2196F3', disabled = false, accessibilityLabel, testID, nativeID } = props;
  if (typeof title !== 'string') {
    throw new TypeError('Button: the title prop must be a string');
  }
  return React.createElement(Pressable, {
    onPress, disabled, accessibilityLabel, testID, nativeID,
    accessibilityRole: 'button',
    style: ({ pressed }) => ({
      backgroundColor: disabled ? '#dfdfdf' : color,
      borderRadius: 2,
      paddingHorizontal: 12,
      paddingVertical: 8,
      alignItems: 'center',
      justifyContent: 'center',
      opacity: pressed ? 0.75 : 1,
      shadowColor: '#000000', shadowOpacity: disabled ? 0 : 0.25, shadowRadius: 2,
      shadowOffset: { width: 0, height: 1 },
    }),
  }, React.createElement(Text, {
    style: {
      color: disabled ? '#a1a1a1' : 'white', fontWeight: '500', textTransform: 'uppercase',
      textAlign: 'center', fontSize: 14, letterSpacing: 0.5,
    },
  }, title));
}

module.exports = { Button };
