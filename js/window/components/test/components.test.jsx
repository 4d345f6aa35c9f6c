// The DOM and styles the React Native components produce, rendered with Debian's
// React 18 (react-dom/server's renderToStaticMarkup) inside `searchlight test`, on
// JavaScriptCore. Run: NODE_PATH=/usr/share/nodejs searchlight test js/window/components/test/components.test.jsx
// (NODE_PATH lets esbuild find Debian's react; `make test` sets it.)
import React from 'react';
import { renderToStaticMarkup } from '/usr/share/nodejs/react-dom/cjs/react-dom-server-legacy.browser.production.min.js';
import assert from 'assert';
import { test, describe } from 'test';
import {
  View, Text, TextInput, Image, Pressable, Button, ScrollView, FlatList, ActivityIndicator,
  StyleSheet, AppRegistry, BackHandler, TouchableOpacity, SectionList, Switch, Modal, TouchableHighlight,
  TouchableWithoutFeedback, PixelRatio, Appearance, KeyboardAvoidingView,
} from '../index.js';
import { toCSS, flattenStyle } from '../style.js';

const render = (element) => renderToStaticMarkup(element);

/** The opening tag of the element with `data-testid="id"`. */
function tagOf(html, id) {
  const at = html.indexOf(`data-testid="${id}"`);
  assert.ok(at !== -1, `no element with testID ${id} in ${html}`);
  const start = html.lastIndexOf('<', at);
  return html.slice(start, html.indexOf('>', at) + 1);
}

/** The inline style of the element with testID `id`, as { 'css-property': 'value' }. */
function styleOf(html, id) {
  const match = /style="([^"]*)"/.exec(tagOf(html, id));
  const style = {};
  if (!match) return style;
  for (const declaration of match[1].split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) style[declaration.slice(0, colon)] = declaration.slice(colon + 1);
  }
  return style;
}

describe('View', () => {
  test('is a flex column that stretches its children and does not shrink, as in Yoga', () => {
    const style = styleOf(render(<View testID="v" />), 'v');
    assert.strictEqual(style.display, 'flex');
    assert.strictEqual(style['flex-direction'], 'column');
    assert.strictEqual(style['align-items'], 'stretch');
    assert.strictEqual(style['flex-shrink'], '0');
    assert.strictEqual(style.position, 'relative');
    assert.strictEqual(style['box-sizing'], 'border-box');
    assert.strictEqual(style['min-width'], '0');
    assert.strictEqual(style['min-height'], '0');
  });

  test('flex: 1 grows and shrinks from a zero basis; flex: 0 is inflexible', () => {
    const one = styleOf(render(<View testID="v" style={{ flex: 1 }} />), 'v');
    assert.deepStrictEqual([one['flex-grow'], one['flex-shrink'], one['flex-basis']], ['1', '1', '0%']);
    const zero = styleOf(render(<View testID="v" style={{ flex: 0 }} />), 'v');
    assert.deepStrictEqual([zero['flex-grow'], zero['flex-shrink'], zero['flex-basis']], ['0', '0', 'auto']);
    const explicit = styleOf(render(<View testID="v" style={{ flexShrink: 3, flex: 2 }} />), 'v');
    assert.strictEqual(explicit['flex-shrink'], '3', 'flexShrink beats flex whatever the order');
  });

  test('numbers are pixels, and style arrays flatten with falsy entries skipped, later entries winning', () => {
    const html = render(<View testID="v" style={[{ width: 120, height: 40, opacity: 0.5 }, null, false,
      [undefined, { height: 44, backgroundColor: 'red' }]]} />);
    const style = styleOf(html, 'v');
    assert.strictEqual(style.width, '120px');
    assert.strictEqual(style.height, '44px');
    assert.strictEqual(style.opacity, '0.5');
    assert.strictEqual(style['background-color'], 'red');
  });

  test('the more specific margin, padding and border keys win over shorthands in any order', () => {
    const html = render(<View testID="v" style={{ marginLeft: 1, marginHorizontal: 2, margin: 3,
      paddingVertical: 4, paddingTop: 5, borderWidth: 2, borderBottomWidth: 0, borderColor: 'blue' }} />);
    const style = styleOf(html, 'v');
    assert.deepStrictEqual(
      [style['margin-left'], style['margin-right'], style['margin-top'], style['margin-bottom']],
      ['1px', '2px', '3px', '3px']);
    assert.deepStrictEqual([style['padding-top'], style['padding-bottom']], ['5px', '4px']);
    assert.strictEqual(style['border-top-width'], '2px');
    assert.strictEqual(style['border-bottom-width'], '0');
    assert.strictEqual(style['border-top-style'], 'solid', 'a border with a width is solid, as in React Native');
    assert.strictEqual(style['border-left-color'], 'blue');
    assert.strictEqual(styleOf(render(<View testID="w" />), 'w')['border-top-style'], undefined, 'no border by default');
  });

  test('transforms, shadows and unknown keys become CSS; phone-only keys are dropped quietly', () => {
    const html = render(<View testID="v" style={{
      transform: [{ translateX: 4 }, { rotate: '45deg' }, { scale: 2 }], cursor: 'pointer', gap: 8,
      elevation: 4, shadowColor: '#000', shadowOpacity: 1, shadowRadius: 3, shadowOffset: { width: 0, height: 2 },
    }} />);
    const style = styleOf(html, 'v');
    assert.strictEqual(style.transform, 'translateX(4px) rotate(45deg) scale(2)');
    assert.strictEqual(style.cursor, 'pointer');
    assert.strictEqual(style.gap, '8px');
    assert.strictEqual(style['box-shadow'], '0px 2px 3px #000');
    assert.ok(!tagOf(html, 'v').includes('elevation'));
  });

  test('testID, nativeID and accessibility props become DOM attributes', () => {
    const html = render(<View testID="v" nativeID="main" accessibilityLabel="Results"
      accessibilityRole="header" accessibilityState={{ selected: true }} />);
    const tag = tagOf(html, 'v');
    assert.match(tag, /^<div /);
    assert.match(tag, / id="main"/);
    assert.match(tag, / aria-label="Results"/);
    assert.match(tag, / role="heading"/);
    assert.match(tag, / aria-selected="true"/);
  });
});

describe('Text', () => {
  test('a Text is a paragraph with React Native\'s default font; a nested Text is an inline run', () => {
    const html = render(<Text testID="t">Find <Text testID="b" style={{ fontWeight: 'bold' }}>Bo</Text>tchan</Text>);
    assert.match(tagOf(html, 't'), /^<div /);
    const outer = styleOf(html, 't');
    assert.strictEqual(outer['font-size'], '14px');
    assert.strictEqual(outer.color, 'black');
    assert.strictEqual(outer['white-space'], 'pre-wrap');
    assert.match(tagOf(html, 'b'), /^<span /);
    const inner = styleOf(html, 'b');
    assert.strictEqual(inner.display, 'inline');
    assert.strictEqual(inner['font-weight'], 'bold');
    assert.strictEqual(inner['font-size'], undefined, 'a run inherits the paragraph\'s font');
    assert.ok(html.includes('>Find <span'), html);
    assert.ok(html.includes('>Bo</span>tchan</div>'), html);
  });

  test('a Text inside a View inside a Text starts a new paragraph', () => {
    const html = render(<Text><View><Text testID="p">inner</Text></View></Text>);
    assert.match(tagOf(html, 'p'), /^<div /);
  });

  test('numberOfLines clamps: one line with an ellipsis, more with a line clamp', () => {
    const one = styleOf(render(<Text testID="t" numberOfLines={1}>long</Text>), 't');
    assert.strictEqual(one['white-space'], 'nowrap');
    assert.strictEqual(one['text-overflow'], 'ellipsis');
    assert.strictEqual(one.overflow, 'hidden');
    const two = styleOf(render(<Text testID="t" numberOfLines={2}>long</Text>), 't');
    assert.strictEqual(two['-webkit-line-clamp'], '2');
    assert.strictEqual(two.display, '-webkit-box');
  });

  test('lineHeight is pixels and fontWeight numbers are kept', () => {
    const style = styleOf(render(<Text testID="t" style={{ lineHeight: 20, fontWeight: 600, fontFamily: 'System' }}>x</Text>), 't');
    assert.strictEqual(style['line-height'], '20px');
    assert.strictEqual(style['font-weight'], '600');
    assert.match(style['font-family'], /system-ui/);
  });

  test('onPress makes a Text focusable and pressable', () => {
    const tag = tagOf(render(<Text testID="t" onPress={() => {}}>link</Text>), 't');
    assert.match(tag, / tabindex="0"/);
    assert.match(tag, /cursor:pointer/);
  });
});

describe('TextInput', () => {
  test('value, placeholder, secureTextEntry, editable and autoFocus', () => {
    const html = render(<TextInput testID="i" value="pork" placeholder="Search" secureTextEntry editable={false}
      maxLength={8} onChangeText={() => {}} />);
    const tag = tagOf(html, 'i');
    assert.match(tag, /^<input /);
    assert.match(tag, / value="pork"/);
    assert.match(tag, / placeholder="Search"/);
    assert.match(tag, / type="password"/);
    assert.match(tag, / readonly=""/);
    assert.match(tag, / maxlength="8"/i);
  });

  test('multiline is a textarea; keyboardType picks the input type', () => {
    assert.match(tagOf(render(<TextInput testID="i" multiline defaultValue="a" />), 'i'), /^<textarea /);
    assert.match(tagOf(render(<TextInput testID="i" keyboardType="email-address" />), 'i'), / type="email"/);
  });
});

describe('Image', () => {
  test('an absolute path becomes a file: URL; resizeMode maps to object-fit', () => {
    const html = render(<Image testID="img" source={{ uri: '/covers/坊っちゃん 1.png' }} resizeMode="contain"
      style={{ width: 52, height: 72, borderRadius: 4 }} accessibilityLabel="cover" />);
    assert.ok(html.includes('src="file:///covers/%E5%9D%8A%E3%81%A3%E3%81%A1%E3%82%83%E3%82%93%201.png"'), html);
    assert.ok(html.includes('object-fit:contain'), html);
    const frame = styleOf(html, 'img');
    assert.strictEqual(frame.width, '52px');
    assert.strictEqual(frame['border-top-left-radius'], '4px');
    assert.match(tagOf(html, 'img'), / role="img"/);
    assert.ok(html.includes('alt="cover"'));
  });

  test('string sources and data: URLs are used as they are; stretch fills', () => {
    const html = render(<Image source="data:image/png;base64,AAAA" resizeMode="stretch" />);
    assert.ok(html.includes('src="data:image/png;base64,AAAA"'));
    assert.ok(html.includes('object-fit:fill'));
    const legacy = render(<Image source="data:image/png;base64,AAAA" resizeMode={Image.resizeMode.contain} />);
    assert.ok(legacy.includes('object-fit:contain'), legacy);
    assert.deepStrictEqual(Image.resolveAssetSource([{ uri: 'https://example.org/a.png', width: 3 }]),
      { uri: 'https://example.org/a.png', width: 3, height: undefined });
  });
});

describe('Pressable, Button, TouchableOpacity', () => {
  test('style and children may be functions of { pressed }', () => {
    const seen = [];
    const element = (pressed) => (
      <Pressable testID="p" testOnly_pressed={pressed}
        style={({ pressed: p }) => { seen.push(p); return { backgroundColor: p ? 'gray' : 'white' }; }}>
        {({ pressed: p }) => <Text>{p ? 'pressed' : 'idle'}</Text>}
      </Pressable>
    );
    const idle = render(element(false));
    assert.strictEqual(styleOf(idle, 'p')['background-color'], 'white');
    assert.ok(idle.includes('>idle<'));
    const pressed = render(element(true));
    assert.strictEqual(styleOf(pressed, 'p')['background-color'], 'gray');
    assert.ok(pressed.includes('>pressed<'));
    assert.deepStrictEqual(seen, [false, true]);
    const tag = tagOf(idle, 'p');
    assert.match(tag, / role="button"/);
    assert.match(tag, / tabindex="0"/);
  });

  test('a disabled Pressable is out of the tab order and says so', () => {
    const tag = tagOf(render(<Pressable testID="p" disabled onPress={() => {}} />), 'p');
    assert.match(tag, / aria-disabled="true"/);
    assert.match(tag, / tabindex="-1"/);
  });

  test('Button draws its title on its color; disabled is gray; the title must be a string', () => {
    const html = render(<Button testID="b" title="Call" color="#e8590c" onPress={() => {}} />);
    assert.strictEqual(styleOf(html, 'b')['background-color'], '#e8590c');
    assert.ok(html.includes('>Call</div>'));
    assert.strictEqual(styleOf(render(<Button testID="b" title="Call" disabled />), 'b')['background-color'], '#dfdfdf');
    assert.throws(() => render(<Button title={3} />), /title prop must be a string/);
  });

  test('TouchableOpacity fades while pressed', () => {
    const style = styleOf(render(<TouchableOpacity testID="t" testOnly_pressed activeOpacity={0.4} />), 't');
    assert.strictEqual(style.opacity, '0.4');
  });
});

describe('ScrollView and FlatList', () => {
  test('a ScrollView grows into its parent and scrolls; horizontal is a row', () => {
    const vertical = render(<ScrollView testID="s" contentContainerStyle={{ padding: 8 }}><Text>a</Text></ScrollView>);
    const outer = styleOf(vertical, 's');
    assert.strictEqual(outer['flex-grow'], '1');
    assert.strictEqual(outer['flex-shrink'], '1');
    assert.strictEqual(outer['overflow-y'], 'auto');
    assert.ok(vertical.includes('padding-top:8px'), 'the content container has contentContainerStyle');
    const horizontal = styleOf(render(<ScrollView testID="s" horizontal />), 's');
    assert.strictEqual(horizontal['flex-direction'], 'row');
    assert.strictEqual(horizontal['overflow-x'], 'auto');
  });

  test('FlatList renders items in order with separators between them, and a header', () => {
    const data = [{ id: 'a', name: 'Amara' }, { id: 'm', name: 'Marco' }, { id: 's', name: 'Sofía' }];
    const keys = [];
    const html = render(
      <FlatList testID="list" data={data}
        keyExtractor={(item, index) => { keys.push([item.id, index]); return item.id; }}
        renderItem={({ item, index }) => <Text testID={`row-${index}`}>{item.name}</Text>}
        ItemSeparatorComponent={({ leadingItem }) => <View testID={`sep-after-${leadingItem.id}`} />}
        ListHeaderComponent={<Text testID="header">3 buds</Text>}
        ListEmptyComponent={() => <Text testID="empty">none</Text>} />);
    assert.deepStrictEqual(keys, [['a', 0], ['m', 1], ['s', 2]]);
    const order = ['header', 'row-0', 'sep-after-a', 'row-1', 'sep-after-m', 'row-2'].map((id) => html.indexOf(`data-testid="${id}"`));
    assert.ok(order.every((at, i) => at !== -1 && (i === 0 || at > order[i - 1])), html);
    assert.ok(!html.includes('sep-after-s'), 'no separator after the last item');
    assert.ok(!html.includes('data-testid="empty"'));
  });

  test('FlatList shows ListEmptyComponent for empty data; keys default to key, then id, then index', () => {
    const html = render(<FlatList data={[]} renderItem={() => null} ListEmptyComponent={() => <Text testID="empty">none</Text>} />);
    assert.ok(html.includes('data-testid="empty"'));
    // Duplicate keys make React warn: with the default extractor, `key` and `id` are used.
    const warnings = [];
    const original = console.error;
    console.error = (...args) => warnings.push(args.join(' '));
    try {
      render(<FlatList data={[{ key: 'x' }, { id: 'y' }, { name: 'z' }]} renderItem={({ item }) => <Text>{item.name || '-'}</Text>} />);
    } finally {
      console.error = original;
    }
    assert.deepStrictEqual(warnings, []);
  });

  test('numColumns lays items out in rows', () => {
    const html = render(<FlatList data={[1, 2, 3]} numColumns={2} keyExtractor={(n) => String(n)}
      columnWrapperStyle={{ gap: 4 }} renderItem={({ item }) => <Text testID={`n${item}`}>{item}</Text>} />);
    assert.strictEqual(html.split('gap:4px').length - 1, 2, 'two rows');
  });
});

describe('ActivityIndicator', () => {
  test('sizes and hiding when stopped', () => {
    assert.ok(render(<ActivityIndicator size="large" />).includes('width="36"'));
    assert.ok(render(<ActivityIndicator size={50} />).includes('width="50"'));
    assert.ok(render(<ActivityIndicator animating={false} />).includes('visibility:hidden'));
    assert.ok(render(<ActivityIndicator />).includes('role="progressbar"'));
  });
});

describe('StyleSheet', () => {
  test('create returns the styles, flatten merges, absoluteFill fills', () => {
    const styles = StyleSheet.create({ a: { color: 'red' }, b: { color: 'blue', margin: 2 } });
    assert.strictEqual(styles.a.color, 'red');
    assert.deepStrictEqual(StyleSheet.flatten([styles.a, null, [styles.b, { margin: 4 }]]), { color: 'blue', margin: 4 });
    assert.deepStrictEqual({ ...StyleSheet.absoluteFill }, { position: 'absolute', left: 0, right: 0, top: 0, bottom: 0 });
    assert.strictEqual(StyleSheet.absoluteFillObject.position, 'absolute');
    assert.ok(StyleSheet.hairlineWidth > 0 && StyleSheet.hairlineWidth <= 1);
    assert.throws(() => StyleSheet.create({ a: 3 }), /style "a" must be an object/);
    assert.strictEqual(flattenStyle([null, false]), undefined);
    assert.deepStrictEqual(toCSS({ elevation: 3, includeFontPadding: false }), {});
  });
});

describe('AppRegistry and BackHandler', () => {
  test('registerComponent records apps; runApplication names unknown apps and bad root tags', () => {
    function Hello() { return <Text>hello</Text>; }
    assert.strictEqual(AppRegistry.registerComponent('Hello', () => Hello), 'Hello');
    assert.ok(AppRegistry.getAppKeys().includes('Hello'));
    assert.strictEqual(AppRegistry.getRunnable('Hello').componentProvider(), Hello);
    assert.throws(() => AppRegistry.runApplication('Nope', {}), /no app registered as "Nope" \(registered: .*Hello/);
    assert.throws(() => AppRegistry.runApplication('Hello', { rootTag: 'root' }), /rootTag must be a DOM element/);
    assert.throws(() => AppRegistry.registerComponent('X', Hello()), /must be a function/);
  });

  test('back handlers run newest first until one handles the press; remove() is idempotent', () => {
    const calls = [];
    const first = BackHandler.addEventListener('hardwareBackPress', () => { calls.push('first'); return true; });
    const second = BackHandler.addEventListener('hardwareBackPress', () => { calls.push('second'); return false; });
    assert.strictEqual(BackHandler.goBack(), true);
    assert.deepStrictEqual(calls, ['second', 'first']);
    first.remove();
    first.remove();
    assert.strictEqual(BackHandler.goBack(), false);
    second.remove();
    const third = () => true;
    BackHandler.addEventListener('hardwareBackPress', third);
    BackHandler.removeEventListener('hardwareBackPress', third);
    assert.strictEqual(BackHandler.goBack(), false, 'removeEventListener removes the handler');
    assert.throws(() => BackHandler.addEventListener('back', () => {}), /unknown event/);
  });
});

describe('SectionList, Switch, Modal and the small ones', () => {
  test('SectionList: headers, items with separators inside a section, section separators, footers', () => {
    const sections = [
      { title: 'Buds', data: [{ id: 'amara' }, { id: 'mei' }] },
      { title: 'Recipes', data: [{ id: 'tofu' }] },
    ];
    const html = render(
      <SectionList sections={sections} renderItem={({ item, section }) => <Text testID={`item-${item.id}`}>{section.title}</Text>}
        renderSectionHeader={({ section }) => <Text testID={`header-${section.title}`}>{section.title}</Text>}
        ItemSeparatorComponent={({ leadingItem }) => <View testID={`sep-${leadingItem.id}`} />}
        SectionSeparatorComponent={() => <View testID="section-sep" />}
        stickySectionHeadersEnabled />);
    const order = ['header-Buds', 'item-amara', 'sep-amara', 'item-mei', 'section-sep', 'header-Recipes', 'item-tofu']
      .map((id) => html.indexOf(`data-testid="${id}"`));
    assert.ok(order.every((at, i) => at !== -1 && (i === 0 || at > order[i - 1])), html);
    assert.ok(!html.includes('sep-mei') && !html.includes('sep-tofu'), 'no separator after a section\'s last item');
    assert.ok(html.includes('position:sticky'), 'sticky headers');
    const empty = render(<SectionList sections={[{ title: 'x', data: [] }]} renderItem={() => null}
      ListEmptyComponent={<Text testID="none">none</Text>} />);
    assert.ok(empty.includes('data-testid="none"'));
  });

  test('Switch is a switch with its state and colors', () => {
    const off = render(<Switch testID="s" value={false} trackColor={{ false: '#cccccc', true: '#00aa00' }} />);
    assert.match(tagOf(off, 's'), / role="switch"/);
    assert.match(tagOf(off, 's'), / aria-checked="false"/);
    assert.strictEqual(styleOf(off, 's')['background-color'], '#cccccc');
    const on = render(<Switch testID="s" value trackColor={{ false: '#cccccc', true: '#00aa00' }} />);
    assert.match(tagOf(on, 's'), / aria-checked="true"/);
    assert.strictEqual(styleOf(on, 's')['background-color'], '#00aa00');
  });

  test('Modal covers the window while visible, and renders nothing when not', () => {
    const html = render(<Modal testID="m" visible transparent><Text>hi</Text></Modal>);
    const style = styleOf(html, 'm');
    assert.strictEqual(style.position, 'fixed');
    assert.strictEqual(style['background-color'], 'transparent');
    assert.match(tagOf(html, 'm'), / role="dialog"/);
    assert.match(tagOf(html, 'm'), / aria-modal="true"/);
    assert.strictEqual(render(<Modal visible={false}><Text>hi</Text></Modal>), '');
  });

  test('TouchableHighlight shows its underlay while pressed; TouchableWithoutFeedback adds no element', () => {
    const pressed = render(<TouchableHighlight testID="h" testOnly_pressed underlayColor="#123456"><Text>x</Text></TouchableHighlight>);
    assert.strictEqual(styleOf(pressed, 'h')['background-color'], '#123456');
    assert.ok(pressed.includes('opacity:0.85'));
    const bare = render(<TouchableWithoutFeedback testID="w" onPress={() => {}}><View style={{ width: 5 }} /></TouchableWithoutFeedback>);
    assert.strictEqual(bare.split('<div').length - 1, 1, bare);
    assert.strictEqual(styleOf(bare, 'w').width, '5px');
  });

  test('PixelRatio and Appearance answer without a window', () => {
    assert.strictEqual(PixelRatio.get(), 1);
    assert.strictEqual(PixelRatio.getPixelSizeForLayoutSize(3), 3);
    assert.strictEqual(Appearance.getColorScheme(), 'light');
    assert.strictEqual(typeof KeyboardAvoidingView, 'object');
  });
});
