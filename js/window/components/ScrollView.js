'use strict';
// ScrollView: a View that scrolls its content: vertical, or `horizontal`. The outer
// View grows and shrinks to the space its parent gives it (React Native's flexGrow 1,
// flexShrink 1); `contentContainerStyle` styles the inner View holding the children.
// `onScroll({ nativeEvent: { contentOffset, contentSize, layoutMeasurement } })`,
// `showsVerticalScrollIndicator` / `showsHorizontalScrollIndicator`, `scrollEnabled`.
// A ref has `scrollTo({ x, y, animated })`, `scrollToEnd({ animated })`,
// `getScrollableNode()`.

const React = require('react');
const { View } = require('./View');
const { ensureSheet } = require('./document');

function scrollEvent(node) {
  return {
    nativeEvent: {
      contentOffset: { x: node.scrollLeft, y: node.scrollTop },
      contentSize: { width: node.scrollWidth, height: node.scrollHeight },
      layoutMeasurement: { width: node.clientWidth, height: node.clientHeight },
    },
    target: node,
  };
}

const ScrollView = React.forwardRef(function ScrollView(props, forwardedRef) {
  const {
    children, horizontal = false, contentContainerStyle, style, onScroll, scrollEnabled = true,
    showsVerticalScrollIndicator = true, showsHorizontalScrollIndicator = true,
    onContentSizeChange, ...rest
  } = props;
  const node = React.useRef(null);
  React.useImperativeHandle(forwardedRef, () => ({
    scrollTo(options, y, animated) {
      const target = typeof options === 'object' && options !== null ? options : { x: y, y: options, animated };
      if (node.current) {
        node.current.scrollTo({
          left: target.x === undefined ? node.current.scrollLeft : target.x,
          top: target.y === undefined ? node.current.scrollTop : target.y,
          behavior: target.animated === false ? 'auto' : 'smooth',
        });
      }
    },
    scrollToEnd(options) {
      if (!node.current) return;
      const behavior = options && options.animated === false ? 'auto' : 'smooth';
      if (horizontal) node.current.scrollTo({ left: node.current.scrollWidth, behavior });
      else node.current.scrollTo({ top: node.current.scrollHeight, behavior });
    },
    getScrollableNode: () => node.current,
    getInnerViewNode: () => (node.current ? node.current.firstChild : null),
    flashScrollIndicators() {},
  }), [horizontal]);
  const hidden = horizontal ? !showsHorizontalScrollIndicator : !showsVerticalScrollIndicator;
  if (hidden) ensureSheet();
  const overflow = scrollEnabled ? 'auto' : 'hidden';
  const outer = [
    { flexGrow: 1, flexShrink: 1, flexBasis: 'auto' },
    horizontal ? { flexDirection: 'row', overflowX: overflow, overflowY: 'hidden' }
      : { flexDirection: 'column', overflowX: 'hidden', overflowY: overflow },
    style,
  ];
  const layoutChange = onContentSizeChange
    ? (event) => onContentSizeChange(event.nativeEvent.layout.width, event.nativeEvent.layout.height)
    : undefined;
  const content = React.createElement(View, {
    style: [horizontal ? { flexDirection: 'row' } : null, contentContainerStyle],
    onLayout: layoutChange,
  }, children);
  const element = React.createElement(View, {
    ...rest,
    ref: node,
    style: outer,
    onScroll: undefined,
  }, content);
  // View passes on only DOM events it knows; scrolling is attached here.
  return React.createElement(ScrollHost, { onScroll, hidden, nodeRef: node }, element);
});

/** Attaches the scroll listener and the hidden-scrollbar attribute to the outer node. */
function ScrollHost({ onScroll, hidden, nodeRef, children }) {
  const handler = React.useRef(onScroll);
  handler.current = onScroll;
  React.useEffect(() => {
    const element = nodeRef.current;
    if (!element) return undefined;
    if (hidden) element.setAttribute('data-scrollbars', 'hidden');
    else element.removeAttribute('data-scrollbars');
    const listener = () => { if (handler.current) handler.current(scrollEvent(element)); };
    element.addEventListener('scroll', listener, { passive: true });
    return () => element.removeEventListener('scroll', listener);
  }, [hidden, nodeRef]);
  return children;
}

module.exports = { ScrollView };
