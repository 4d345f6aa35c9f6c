'use strict';
// The rest of what apps commonly import: KeyboardAvoidingView (a View: no soft
// keyboard), TouchableHighlight, TouchableWithoutFeedback, Keyboard, PixelRatio,
// Appearance and useColorScheme (the desktop's prefers-color-scheme).

const React = require('react');
const { View } = require('./View');
const { Pressable } = require('./Pressable');

const KeyboardAvoidingView = React.forwardRef(function KeyboardAvoidingView(props, ref) {
  const { behavior, keyboardVerticalOffset, contentContainerStyle, ...rest } = props;
  return React.createElement(View, { ...rest, ref });
});

/** Shows `underlayColor` (black) through its child, dimmed to `activeOpacity` (0.85), while pressed. */
const TouchableHighlight = React.forwardRef(function TouchableHighlight(props, ref) {
  const { underlayColor = 'black', activeOpacity = 0.85, style, children, ...rest } = props;
  return React.createElement(Pressable, {
    ...rest, ref,
    style: ({ pressed }) => [style, pressed && !props.disabled ? { backgroundColor: underlayColor } : null],
  }, ({ pressed }) => React.createElement(View, {
    style: { opacity: pressed && !props.disabled ? activeOpacity : 1, flexGrow: 1 },
  }, children));
});

/** Makes its one child pressable without drawing anything of its own. */
function TouchableWithoutFeedback(props) {
  const { children, onPress, disabled } = props;
  const child = React.Children.only(children);
  return React.cloneElement(child, {
    onClick: disabled ? undefined : (event) => { if (onPress) onPress(event); },
    testID: child.props.testID !== undefined ? child.props.testID : props.testID,
    accessibilityLabel: child.props.accessibilityLabel !== undefined ? child.props.accessibilityLabel : props.accessibilityLabel,
  });
}

const Keyboard = {
  dismiss() {
    if (typeof document !== 'undefined' && document.activeElement && document.activeElement.blur) document.activeElement.blur();
  },
  addListener() {
    return { remove() {} };
  },
  isVisible() {
    return false;
  },
};

const ratio = () => (typeof window !== 'undefined' && window.devicePixelRatio) || 1;

const PixelRatio = {
  get: ratio,
  getFontScale: () => 1,
  getPixelSizeForLayoutSize: (size) => Math.round(size * ratio()),
  roundToNearestPixel: (size) => Math.round(size * ratio()) / ratio(),
};

function darkQuery() {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
}

const Appearance = {
  getColorScheme() {
    const query = darkQuery();
    return query === null ? 'light' : query.matches ? 'dark' : 'light';
  },
  addChangeListener(listener) {
    const query = darkQuery();
    if (query === null) return { remove() {} };
    const handler = () => listener({ colorScheme: Appearance.getColorScheme() });
    query.addEventListener('change', handler);
    return { remove: () => query.removeEventListener('change', handler) };
  },
};

function useColorScheme() {
  const [scheme, setScheme] = React.useState(Appearance.getColorScheme);
  React.useEffect(() => {
    const subscription = Appearance.addChangeListener(({ colorScheme }) => setScheme(colorScheme));
    return () => subscription.remove();
  }, []);
  return scheme;
}

module.exports = {
  KeyboardAvoidingView, TouchableHighlight, TouchableWithoutFeedback, Keyboard, PixelRatio, Appearance, useColorScheme,
};
