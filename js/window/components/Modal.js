'use strict';
// Modal: while `visible` (default true), its children cover the window (white, or
// see-through with `transparent`), above everything else. `onRequestClose` is called
// on Escape (BackHandler's back), `onShow` when it appears, `animationType` 'fade' /
// 'slide' / 'none'.

const React = require('react');
const { View } = require('./View');
const { BackHandler } = require('./BackHandler');

function Modal(props) {
  const { visible = true, transparent = false, animationType = 'none', onRequestClose, onShow, children, testID } = props;
  const close = React.useRef(onRequestClose);
  close.current = onRequestClose;
  React.useEffect(() => {
    if (!visible) return undefined;
    if (onShow) onShow();
    const subscription = BackHandler.addEventListener('hardwareBackPress', () => {
      if (close.current) close.current();
      return true;
    });
    return () => subscription.remove();
  }, [visible]);
  if (!visible) return null;
  const animation = animationType === 'fade' ? 'searchlight-rn-fade 200ms ease-out'
    : animationType === 'slide' ? 'searchlight-rn-slide 250ms ease-out' : undefined;
  if (animation) require('./document').ensureSheet();
  return React.createElement(View, {
    testID, role: 'dialog', accessibilityViewIsModal: true,
    style: {
      position: 'fixed', top: 0, left: 0, right: 0, bottom: 0, zIndex: 1000,
      backgroundColor: transparent ? 'transparent' : 'white', animation,
    },
  }, children);
}

module.exports = { Modal };
