'use strict';
// onLayout: `{ nativeEvent: { layout: { x, y, width, height } } }` when the element is
// first laid out and whenever its size changes (a ResizeObserver), relative to its
// offset parent as React Native gives it relative to the parent view.

const React = require('react');

function setRef(ref, value) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** A callback ref that forwards to `forwardedRef` and reports layout to `onLayout`. */
function useLayout(onLayout, forwardedRef) {
  const handler = React.useRef(onLayout);
  handler.current = onLayout;
  const observer = React.useRef(null);
  return React.useCallback((element) => {
    setRef(forwardedRef, element);
    if (observer.current) {
      observer.current.disconnect();
      observer.current = null;
    }
    if (element === null || typeof ResizeObserver === 'undefined' || !handler.current) return;
    observer.current = new ResizeObserver(() => {
      if (!handler.current) return;
      const layout = {
        x: element.offsetLeft, y: element.offsetTop,
        width: element.offsetWidth, height: element.offsetHeight,
      };
      handler.current({ nativeEvent: { layout, target: element }, timeStamp: Date.now() });
    });
    observer.current.observe(element);
  }, [forwardedRef]);
}

module.exports = { useLayout, setRef };
