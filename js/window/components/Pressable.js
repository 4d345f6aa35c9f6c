'use strict';
// Pressable: a View that reports presses. `onPressIn` when a pointer goes down on it,
// `onPressOut` when it is released or leaves, `onPress` on a click (also Enter or
// Space with the keyboard focus on it), `onLongPress` after `delayLongPress` ms
// (default 500; a long press is not also a press), `onHoverIn` / `onHoverOut` when a
// mouse pointer enters and leaves. `style` and `children` may be
// functions of `{ pressed }`. `disabled` turns it all off. TouchableOpacity is a
// Pressable that fades to `activeOpacity` (0.2) while pressed.

const React = require('react');
const { View } = require('./View');

function pressEvent(event) {
  return {
    nativeEvent: {
      locationX: event && event.nativeEvent ? event.nativeEvent.offsetX : undefined,
      locationY: event && event.nativeEvent ? event.nativeEvent.offsetY : undefined,
      pageX: event ? event.pageX : undefined,
      pageY: event ? event.pageY : undefined,
      timestamp: Date.now(),
    },
    target: event ? event.target : undefined,
    preventDefault: () => event && event.preventDefault && event.preventDefault(),
    stopPropagation: () => event && event.stopPropagation && event.stopPropagation(),
  };
}

const Pressable = React.forwardRef(function Pressable(props, ref) {
  const { children, style, disabled, onPress, onPressIn, onPressOut, onLongPress, onHoverIn, onHoverOut,
    delayLongPress = 500, testOnly_pressed, ...rest } = props;
  const [pressedState, setPressedState] = React.useState(false);
  const isPressed = React.useRef(false);
  const setPressed = (value) => {
    isPressed.current = value;
    setPressedState(value);
  };
  const pressed = testOnly_pressed === true || pressedState;
  const longPressTimer = React.useRef(null);
  const longPressed = React.useRef(false);

  const clearTimer = () => {
    if (longPressTimer.current !== null) {
      clearTimeout(longPressTimer.current);
      longPressTimer.current = null;
    }
  };
  React.useEffect(() => clearTimer, []);

  const pressIn = (event) => {
    setPressed(true);
    longPressed.current = false;
    if (onPressIn) onPressIn(pressEvent(event));
    if (onLongPress) {
      clearTimer();
      longPressTimer.current = setTimeout(() => {
        longPressTimer.current = null;
        longPressed.current = true;
        onLongPress(pressEvent(event));
      }, delayLongPress);
    }
  };
  // React Native's order: pressIn, pressOut, then press (the click follows pointerup).
  const pressOut = (event) => {
    clearTimer();
    if (!isPressed.current) return;
    setPressed(false);
    if (onPressOut) onPressOut(pressEvent(event));
  };

  const handlers = disabled ? {} : {
    onPointerDown: (event) => { if (event.button === 0 || event.button === undefined) pressIn(event); },
    onPointerUp: pressOut,
    onPointerEnter: (event) => { if (onHoverIn && event.pointerType !== 'touch') onHoverIn(pressEvent(event)); },
    onPointerLeave: (event) => {
      pressOut(event);
      if (onHoverOut && event.pointerType !== 'touch') onHoverOut(pressEvent(event));
    },
    onPointerCancel: pressOut,
    onClick: (event) => {
      event.stopPropagation();
      if (longPressed.current) {
        longPressed.current = false;
        return;
      }
      if (onPress) onPress(pressEvent(event));
    },
    onKeyDown: (event) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        if (onPress) onPress(pressEvent(event));
      }
    },
  };
  const state = { pressed };
  return React.createElement(View, {
    ...rest,
    ...handlers,
    ref,
    role: rest.role || rest.accessibilityRole || 'button',
    accessibilityState: { ...(rest.accessibilityState || {}), disabled: disabled === true ? true : undefined },
    tabIndex: disabled ? -1 : (rest.focusable === false ? -1 : 0),
    style: [{ cursor: disabled ? 'default' : 'pointer', userSelect: 'none', outlineOffset: 2 },
      typeof style === 'function' ? style(state) : style],
  }, typeof children === 'function' ? children(state) : children);
});

const TouchableOpacity = React.forwardRef(function TouchableOpacity(props, ref) {
  const { activeOpacity = 0.2, style, ...rest } = props;
  return React.createElement(Pressable, {
    ...rest,
    ref,
    style: ({ pressed }) => [style, { transitionProperty: 'opacity', transitionDuration: '150ms' },
      pressed && !props.disabled ? { opacity: activeOpacity } : null],
  });
});

module.exports = { Pressable, TouchableOpacity };
