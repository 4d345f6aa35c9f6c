'use strict';
// SectionList: a ScrollView of `sections` (`[{ title, data, key? }]`), each with its
// header (`renderSectionHeader({ section })`), items (`renderItem({ item, index,
// section, separators })`) and footer (`renderSectionFooter`). `ItemSeparatorComponent`
// goes between the items of a section, `SectionSeparatorComponent` between sections;
// `ListHeaderComponent`, `ListFooterComponent`, `ListEmptyComponent` (no section has
// items); `keyExtractor(item, index)` (default `item.key`, then `item.id`, then the
// index); `stickySectionHeadersEnabled` keeps the current header at the top.

const React = require('react');
const { View } = require('./View');
const { ScrollView } = require('./ScrollView');
const { defaultKeyExtractor, renderSlot, NOOP_SEPARATORS } = require('./listParts');

const SectionList = React.forwardRef(function SectionList(props, ref) {
  const {
    sections, renderItem, renderSectionHeader, renderSectionFooter, keyExtractor = defaultKeyExtractor,
    ItemSeparatorComponent, SectionSeparatorComponent, ListHeaderComponent, ListFooterComponent,
    ListEmptyComponent, stickySectionHeadersEnabled = false, ...rest
  } = props;
  const list = Array.isArray(sections) ? sections : [];
  const children = [];
  if (ListHeaderComponent) children.push(React.createElement(View, { key: 'list-header' }, renderSlot(ListHeaderComponent, {})));
  const empty = list.every((section) => !Array.isArray(section.data) || section.data.length === 0);
  if (empty && ListEmptyComponent) {
    children.push(React.createElement(React.Fragment, { key: 'list-empty' }, renderSlot(ListEmptyComponent, {})));
  }
  list.forEach((section, sectionIndex) => {
    const sectionKey = section.key !== undefined ? String(section.key) : String(sectionIndex);
    const data = Array.isArray(section.data) ? section.data : [];
    const itemRenderer = section.renderItem || renderItem;
    const Separator = section.ItemSeparatorComponent !== undefined ? section.ItemSeparatorComponent : ItemSeparatorComponent;
    if (sectionIndex > 0 && SectionSeparatorComponent) {
      children.push(React.createElement(React.Fragment, { key: `section-separator-${sectionKey}` },
        renderSlot(SectionSeparatorComponent, { leadingSection: list[sectionIndex - 1], trailingSection: section })));
    }
    const header = renderSectionHeader ? renderSectionHeader({ section }) : null;
    if (header) {
      children.push(React.createElement(View, {
        key: `header-${sectionKey}`,
        style: stickySectionHeadersEnabled ? { position: 'sticky', top: 0, zIndex: 1 } : null,
      }, header));
    }
    data.forEach((item, index) => {
      const key = keyExtractor(item, index);
      if (index > 0 && Separator) {
        children.push(React.createElement(React.Fragment, { key: `separator-${sectionKey}-${key}` },
          renderSlot(Separator, { highlighted: false, leadingItem: data[index - 1], section })));
      }
      const element = itemRenderer ? itemRenderer({ item, index, section, separators: NOOP_SEPARATORS }) : null;
      children.push(React.createElement(View, { key: `item-${sectionKey}-${key}` }, element === undefined ? null : element));
    });
    const footer = renderSectionFooter ? renderSectionFooter({ section }) : null;
    if (footer) children.push(React.createElement(View, { key: `footer-${sectionKey}` }, footer));
  });
  if (ListFooterComponent) children.push(React.createElement(View, { key: 'list-footer' }, renderSlot(ListFooterComponent, {})));
  return React.createElement(ScrollView, { ...rest, ref }, children);
});

module.exports = { SectionList };
