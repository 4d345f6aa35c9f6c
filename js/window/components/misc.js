'use strict';
// Small pieces apps import from react-native: SafeAreaView (a View: a desktop window
// has no notch), StatusBar (nothing to draw), Dimensions and useWindowDimensions
// (the window's size).

const React = require('react');
const { View } = require('./View');

const SafeAreaView = React.forwardRef(function SafeAreaView(props, ref) {
  return React.createElement(View, { ...props, ref });
});

function StatusBar() {
  return null;
}
StatusBar.setBarStyle = () => {};
StatusBar.setHidden = () => {};
StatusBar.setBackgroundColor = () => {};

function windowMetrics() {
  if (typeof window === 'undefined') return { width: 0, height: 0, scale: 1, fontScale: 1 };
  return { width: window.innerWidth, height: window.innerHeight, scale: window.devicePixelRatio || 1, fontScale: 1 };
}

const Dimensions = {
  get(dimension) {
    if (dimension !== 'window' && dimension !== 'screen') throw new TypeError(`Dimensions.get: unknown dimension "${dimension}"`);
    if (dimension === 'screen' && typeof window !== 'undefined' && window.screen) {
      return { width: window.screen.width, height: window.screen.height, scale: window.devicePixelRatio || 1, fontScale: 1 };
    }
    return windowMetrics();
  },
  addEventListener(type, handler) {
    if (type !== 'change' || typeof window === 'undefined') return { remove() {} };
    const listener = () => handler({ window: windowMetrics(), screen: Dimensions.get('screen') });
    window.addEventListener('resize', listener);
    return { remove: () => window.removeEventListener('resize', listener) };
  },
};

function useWindowDimensions() {
  const [metrics, setMetrics] = React.useState(windowMetrics);
  React.useEffect(() => {
    const subscription = Dimensions.addEventListener('change', ({ window: next }) => setMetrics(next));
    return () => subscription.remove();
  }, []);
  return metrics;
}

module.exports = { SafeAreaView, StatusBar, Dimensions, useWindowDimensions };
