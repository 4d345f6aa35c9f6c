'use strict';
// FlatList: a ScrollView of `data`, each item drawn by `renderItem({ item, index,
// separators })` under the key `keyExtractor(item, index)` (default: `item.key`, then
// `item.id`, then the index, as React Native does). `ItemSeparatorComponent` goes
// between items (not before the first or after the last), `ListHeaderComponent` /
// `ListFooterComponent` (a component or an element) around them, and
// `ListEmptyComponent` instead of them when `data` is empty. `horizontal`,
// `numColumns` (rows of `columnWrapperStyle`), `onEndReached` when the end comes
// within `onEndReachedThreshold` (0.5) visible lengths. Every item is rendered (no
// virtualization: the lists an app shows here are short). A ref has `scrollToOffset`,
// `scrollToIndex`, `scrollToEnd`.

const React = require('react');
const { View } = require('./View');
const { ScrollView } = require('./ScrollView');
const { defaultKeyExtractor, renderSlot, NOOP_SEPARATORS } = require('./listParts');

const FlatList = React.forwardRef(function FlatList(props, forwardedRef) {
  const {
    data, renderItem, keyExtractor = defaultKeyExtractor, ItemSeparatorComponent,
    ListHeaderComponent, ListHeaderComponentStyle, ListFooterComponent, ListFooterComponentStyle,
    ListEmptyComponent, numColumns = 1, columnWrapperStyle, horizontal = false,
    onEndReached, onEndReachedThreshold = 0.5, onScroll, extraData, ...rest
  } = props;
  const scroll = React.useRef(null);
  const itemNodes = React.useRef([]);
  const endFired = React.useRef(false);
  const items = Array.isArray(data) ? data : [];

  React.useImperativeHandle(forwardedRef, () => ({
    scrollToOffset({ offset, animated } = {}) {
      if (scroll.current) scroll.current.scrollTo(horizontal ? { x: offset, animated } : { y: offset, animated });
    },
    scrollToIndex({ index, animated, viewOffset = 0 } = {}) {
      const node = itemNodes.current[index];
      if (!node || !scroll.current) return;
      const offset = (horizontal ? node.offsetLeft : node.offsetTop) - viewOffset;
      scroll.current.scrollTo(horizontal ? { x: offset, animated } : { y: offset, animated });
    },
    scrollToEnd(options) { if (scroll.current) scroll.current.scrollToEnd(options); },
    getScrollableNode: () => (scroll.current ? scroll.current.getScrollableNode() : null),
  }), [horizontal]);

  const handleScroll = (event) => {
    if (onScroll) onScroll(event);
    if (!onEndReached) return;
    const { contentOffset, contentSize, layoutMeasurement } = event.nativeEvent;
    const visible = horizontal ? layoutMeasurement.width : layoutMeasurement.height;
    const distance = horizontal ? contentSize.width - contentOffset.x - visible
      : contentSize.height - contentOffset.y - visible;
    if (distance <= onEndReachedThreshold * visible) {
      if (!endFired.current) {
        endFired.current = true;
        onEndReached({ distanceFromEnd: distance });
      }
    } else {
      endFired.current = false;
    }
  };

  const cells = [];
  const renderCell = (item, index) => {
    const element = renderItem ? renderItem({ item, index, separators: NOOP_SEPARATORS }) : null;
    return element === undefined ? null : element;
  };
  if (numColumns > 1) {
    for (let row = 0; row * numColumns < items.length; row++) {
      const start = row * numColumns;
      const slice = items.slice(start, start + numColumns);
      if (row > 0 && ItemSeparatorComponent) {
        cells.push(renderSlot(ItemSeparatorComponent, { key: `separator-${row}`, highlighted: false, leadingItem: items[start - 1] }));
      }
      cells.push(React.createElement(View, {
        key: slice.map((item, i) => keyExtractor(item, start + i)).join(':'),
        style: [{ flexDirection: 'row' }, columnWrapperStyle],
        ref: (node) => { itemNodes.current[start] = node; },
      }, slice.map((item, i) => React.createElement(View, {
        key: keyExtractor(item, start + i), style: { flex: 1 },
      }, renderCell(item, start + i)))));
    }
  } else {
    items.forEach((item, index) => {
      const key = keyExtractor(item, index);
      if (index > 0 && ItemSeparatorComponent) {
        cells.push(React.createElement(React.Fragment, { key: `separator-${key}` },
          renderSlot(ItemSeparatorComponent, { highlighted: false, leadingItem: items[index - 1] })));
      }
      cells.push(React.createElement(View, {
        key,
        style: horizontal ? { flexDirection: 'row' } : null,
        ref: (node) => { itemNodes.current[index] = node; },
      }, renderCell(item, index)));
    });
  }
  const header = ListHeaderComponent
    ? React.createElement(View, { key: 'header', style: ListHeaderComponentStyle }, renderSlot(ListHeaderComponent, {}))
    : null;
  const footer = ListFooterComponent
    ? React.createElement(View, { key: 'footer', style: ListFooterComponentStyle }, renderSlot(ListFooterComponent, {}))
    : null;
  const empty = items.length === 0 && ListEmptyComponent
    ? React.createElement(React.Fragment, { key: 'empty' }, renderSlot(ListEmptyComponent, {}))
    : null;
  return React.createElement(ScrollView, {
    ...rest, ref: scroll, horizontal, onScroll: onEndReached || onScroll ? handleScroll : undefined,
  }, header, empty, cells, footer);
});

module.exports = { FlatList };
