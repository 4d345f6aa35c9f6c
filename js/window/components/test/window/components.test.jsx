// The components in a real WebKitGTK page: real DOM events through React, and layout
// measured by the browser. Run in a window with
//   xvfb-run -a searchlight test --window js/window/components/test/window
// (`make test` does); the markup-only tests are ../components.test.jsx.
import React from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import assert from 'assert';
import { test, afterEach } from 'test';
import {
  View, Text, TextInput, Image, Pressable, ScrollView, FlatList, BackHandler, StyleSheet,
  SectionList, Switch, Modal, Alert, Vibration, AppState, Linking, LogBox,
} from 'react-native';
import { isIgnored } from '../../../logBox.js';

// A 4×2 red PNG, so natural sizes and fills can be measured.
const RED_4x2 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR42mP4z8AARwzIHABvqgf5aN2vpwAAAABJRU5ErkJggg==';
// The same header with a damaged pixel chunk (its CRC and zlib checksum are wrong):
// WebKit reads the size and fires `load`, but cannot decode the pixels.
const CORRUPT_4x2 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGP4z8CAQAyoHAB3zgvzG0qs4QAAAABJRU5ErkJggg==';

// Each test renders into a fixed 480×760 box of its own page.
const container = document.createElement('div');
container.style.cssText = 'position:absolute;left:0;top:0;width:480px;height:760px;display:flex;flex-direction:column';
document.body.appendChild(container);
const root = createRoot(container);

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// Rendered synchronously: a concurrent root commits when React's scheduler gets to
// it, which on a busy machine was after the two frames the first test waited (its
// elements were not there yet). The frames are for what runs after the commit.
async function mount(element) {
  flushSync(() => root.render(element));
  await frame();
  await frame();
}

const byId = (id) => {
  const element = document.querySelector(`[data-testid="${id}"]`);
  if (element === null) throw new Error(`no element with testID ${id}`);
  return element;
};

const check = (condition, message) => assert.ok(condition, message);
const equal = (actual, expected, what) => assert.deepStrictEqual(actual, expected, what);

function type(element, text) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value').set;
  setter.call(element, text);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

function pointer(element, kind) {
  element.dispatchEvent(new PointerEvent(kind, { bubbles: true, button: 0, pointerId: 1, isPrimary: true }));
}

afterEach(() => mount(null));

test('a column stretches its children; flex: 1 and flex: 2 share a row 1:2', async () => {
  await mount(
    <View testID="col" style={{ width: 300, height: 100 }}>
      <View testID="child" style={{ height: 10 }} />
      <View testID="row" style={{ flexDirection: 'row', height: 30 }}>
        <View testID="one" style={{ flex: 1 }} /><View testID="two" style={{ flex: 2 }} />
      </View>
      <View testID="rest" style={{ flex: 1 }} />
    </View>);
  equal(byId('child').offsetWidth, 300, 'a child of a column is stretched to its width');
  equal([byId('one').offsetWidth, byId('two').offsetWidth], [100, 200], 'flex 1 : flex 2');
  equal(byId('rest').offsetHeight, 60, 'flex: 1 takes the rest of the column');
});

test('children do not shrink by default (Yoga flexShrink 0), Text wraps in a paragraph', async () => {
  await mount(
    <View style={{ width: 100, height: 50 }}>
      <View testID="tall" style={{ height: 80 }} />
    </View>);
  equal(byId('tall').offsetHeight, 80, 'a View keeps its height in a smaller parent');
});

test('a nested Text is inline: bold run on the same line as its paragraph', async () => {
  await mount(<Text testID="p" style={{ fontSize: 16 }}>Find <Text testID="run" style={{ fontWeight: 'bold' }}>Bo</Text>tchan</Text>);
  const paragraph = byId('p').getBoundingClientRect();
  const run = byId('run').getBoundingClientRect();
  check(run.top >= paragraph.top && run.bottom <= paragraph.bottom + 1, 'the run is inside the paragraph');
  check(paragraph.height < 30, `one line of 16px text, got height ${paragraph.height}`);
  equal(getComputedStyle(byId('run')).fontWeight, '700', 'the run is bold');
  equal(getComputedStyle(byId('run')).fontSize, '16px', 'the run inherits the paragraph font size');
});

test('numberOfLines={1} truncates a long line; {2} clamps to two lines', async () => {
  const long = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore';
  await mount(
    <View style={{ width: 200 }}>
      <Text testID="one" numberOfLines={1} style={{ fontSize: 14, lineHeight: 20 }}>{long}</Text>
      <Text testID="two" numberOfLines={2} style={{ fontSize: 14, lineHeight: 20 }}>{long} {long}</Text>
      <Text testID="all" style={{ fontSize: 14, lineHeight: 20 }}>{long} {long}</Text>
    </View>);
  equal(byId('one').offsetHeight, 20, 'one line');
  check(byId('one').scrollWidth > byId('one').clientWidth, 'the rest of the line is cut off');
  equal(byId('two').offsetHeight, 40, 'two lines');
  check(byId('all').offsetHeight > 40, 'without numberOfLines the text wraps on');
});

test('TextInput: onChangeText gets the text, onSubmitEditing fires on Enter, controlled value sticks', async () => {
  const seen = [];
  function Field() {
    const [value, setValue] = React.useState('');
    return (
      <TextInput testID="field" value={value} placeholder="Search"
        onChangeText={(text) => { seen.push(['change', text]); setValue(text.toUpperCase()); }}
        onSubmitEditing={({ nativeEvent }) => seen.push(['submit', nativeEvent.text])} />
    );
  }
  await mount(<Field />);
  const field = byId('field');
  type(field, 'pork');
  await frame();
  equal(field.value, 'PORK', 'the controlled value is what the app set');
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await frame();
  equal(seen, [['change', 'pork'], ['submit', 'PORK']], 'events');
});

test('TextInput ref: focus(), isFocused(), clear() (which reports the empty text)', async () => {
  const seen = [];
  const ref = React.createRef();
  await mount(<TextInput ref={ref} testID="field" defaultValue="tofu" onChangeText={(text) => seen.push(text)} />);
  ref.current.focus();
  equal(ref.current.isFocused(), true, 'focused');
  check(document.activeElement === byId('field'), 'the input has the focus');
  ref.current.clear();
  equal([byId('field').value, seen], ['', ['']], 'cleared');
});

test('Pressable: pressIn, pressOut, press in order; style and children see pressed', async () => {
  const seen = [];
  await mount(
    <Pressable testID="button" onPressIn={() => seen.push('in')} onPressOut={() => seen.push('out')}
      onPress={() => seen.push('press')}
      style={({ pressed }) => ({ width: 80, height: 30, backgroundColor: pressed ? 'rgb(0, 0, 255)' : 'rgb(255, 255, 255)' })}>
      {({ pressed }) => <Text testID="label">{pressed ? 'down' : 'up'}</Text>}
    </Pressable>);
  const button = byId('button');
  pointer(button, 'pointerdown');
  await frame();
  equal(getComputedStyle(button).backgroundColor, 'rgb(0, 0, 255)', 'pressed style');
  equal(byId('label').textContent, 'down', 'pressed children');
  pointer(button, 'pointerup');
  button.click();
  await frame();
  equal(getComputedStyle(button).backgroundColor, 'rgb(255, 255, 255)', 'released style');
  equal(seen, ['in', 'out', 'press'], 'events');
  button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  equal(seen[seen.length - 1], 'press', 'Enter presses a focused Pressable');
});

test('Pressable: onHoverIn and onHoverOut when a mouse enters and leaves', async () => {
  const seen = [];
  await mount(
    <View>
      <Pressable testID="hover" onHoverIn={() => seen.push('in')} onHoverOut={() => seen.push('out')} style={{ height: 20 }} />
      <View testID="elsewhere" style={{ height: 20 }} />
    </View>);
  const options = (relatedTarget) => ({ bubbles: true, pointerType: 'mouse', pointerId: 1, isPrimary: true, relatedTarget });
  // React makes enter/leave from the `out` event of the element the mouse leaves, as
  // the browser sends it when a mouse moves from one element to another.
  byId('elsewhere').dispatchEvent(new PointerEvent('pointerout', options(byId('hover'))));
  byId('hover').dispatchEvent(new PointerEvent('pointerout', options(byId('elsewhere'))));
  await frame();
  equal(seen, ['in', 'out'], 'events');
});

test('a disabled Pressable ignores presses; onLongPress replaces onPress', async () => {
  const seen = [];
  await mount(
    <View>
      <Pressable testID="off" disabled onPress={() => seen.push('off')}><Text>off</Text></Pressable>
      <Pressable testID="long" delayLongPress={50} onLongPress={() => seen.push('long')} onPress={() => seen.push('short')}>
        <Text>long</Text>
      </Pressable>
    </View>);
  byId('off').click();
  pointer(byId('long'), 'pointerdown');
  await new Promise((resolve) => setTimeout(resolve, 120));
  pointer(byId('long'), 'pointerup');
  byId('long').click();
  await frame();
  equal(seen, ['long'], 'events');
});

test('Image: absoluteFill fills its parent; an unsized image takes its own size; onLoad reports it', async () => {
  const loads = [];
  await mount(
    <View>
      <View testID="frame" style={{ width: 120, height: 90 }}>
        <Image testID="fill" source={{ uri: RED_4x2 }} style={StyleSheet.absoluteFill} />
      </View>
      <View style={{ alignItems: 'flex-start' }}>
        <Image testID="natural" source={RED_4x2} onLoad={({ nativeEvent }) => loads.push(nativeEvent.source)} />
      </View>
    </View>);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const fill = byId('fill');
  equal([fill.offsetWidth, fill.offsetHeight], [120, 90], 'the fill image size');
  equal([fill.firstChild.offsetWidth, fill.firstChild.offsetHeight], [120, 90], 'the picture fills the frame');
  equal([byId('natural').offsetWidth, byId('natural').offsetHeight], [4, 2], 'natural size');
  equal(loads.map((s) => [s.width, s.height]), [[4, 2]], 'onLoad');
});

test('Image: a source that cannot load draws nothing and fires onError', async () => {
  const errors = [];
  await mount(
    <View style={{ alignItems: 'flex-start' }}>
      <Image testID="missing" source={{ uri: '/nonexistent/strawberry.png' }} style={{ width: 40, height: 40 }}
        onError={({ nativeEvent }) => errors.push(nativeEvent.error)} />
    </View>);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await frame();
  equal(errors.length, 1, 'onError once');
  equal(getComputedStyle(byId('missing').firstChild).visibility, 'hidden', 'nothing drawn');
  equal([byId('missing').offsetWidth, byId('missing').offsetHeight], [40, 40], 'the frame keeps its size');
});

test('Image: a source that cannot load gives way to defaultSource; when both fail nothing is drawn', async () => {
  const errors = [];
  await mount(
    <View style={{ flexDirection: 'row' }}>
      <Image testID="fallback" source={{ uri: '/nonexistent/cover.png' }} defaultSource={{ uri: RED_4x2 }}
        style={{ width: 40, height: 40 }} />
      <Image testID="both" source={{ uri: '/nonexistent/cover.png' }} defaultSource={{ uri: '/nonexistent/placeholder.png' }}
        style={{ width: 40, height: 40 }} onError={({ nativeEvent }) => errors.push(nativeEvent.error)} />
    </View>);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await frame();
  const fallback = byId('fallback').firstChild;
  equal(fallback.getAttribute('src'), RED_4x2, 'the default source is shown');
  equal(getComputedStyle(fallback).visibility, 'visible', 'and drawn');
  equal(errors, ['could not load file:///nonexistent/cover.png', 'could not load file:///nonexistent/placeholder.png'],
    'one onError per picture that failed, no retry loop');
  equal(getComputedStyle(byId('both').firstChild).visibility, 'hidden', 'nothing drawn when both fail');
});

/** Waits until `condition()` holds, for at most `ms`, checking each frame. */
async function until(condition, ms = 2000) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await frame();
}

test('Image: two Images with the same picture both load and are drawn', async () => {
  const loads = [];
  await mount(
    <View style={{ flexDirection: 'row' }}>
      <Image testID="left" source={{ uri: RED_4x2 }} style={{ width: 80, height: 80 }} onLoad={() => loads.push('left')} />
      <Image testID="right" source={{ uri: RED_4x2 }} style={{ width: 80, height: 80 }} onLoad={() => loads.push('right')} />
    </View>);
  await until(() => loads.length === 2);
  equal(loads.sort(), ['left', 'right'], 'both load');
  for (const id of ['left', 'right']) {
    const picture = byId(id).firstChild;
    equal(getComputedStyle(picture).visibility, 'visible', `${id} is drawn`);
    equal([picture.offsetWidth, picture.offsetHeight], [80, 80], `${id} fills its frame`);
  }
});

test('Image: a picture whose pixels cannot be decoded fires onError, not onLoad, and draws nothing', async () => {
  const events = [];
  await mount(
    <View style={{ flexDirection: 'row' }}>
      <Image testID="corrupt" source={{ uri: CORRUPT_4x2 }} style={{ width: 80, height: 80 }}
        onLoad={() => events.push('load')} onError={() => events.push('error')} />
      <Image testID="replaced" source={{ uri: CORRUPT_4x2 }} defaultSource={{ uri: RED_4x2 }} style={{ width: 80, height: 80 }} />
    </View>);
  await until(() => events.length > 0 && byId('replaced').firstChild.getAttribute('src') === RED_4x2);
  await new Promise((resolve) => setTimeout(resolve, 100));
  equal(events, ['error'], 'onError once, no onLoad');
  equal(getComputedStyle(byId('corrupt').firstChild).visibility, 'hidden', 'nothing drawn');
  equal(byId('replaced').firstChild.getAttribute('src'), RED_4x2, 'defaultSource takes its place');
});

test('Image: a URL that failed is tried again when the Image goes back to it', async () => {
  const events = [];
  const missing = { uri: '/nonexistent/strawberry.png' };
  const show = (source) => mount(<Image testID="again" source={source} style={{ width: 40, height: 40 }}
    onLoad={() => events.push('load')} onError={() => events.push('error')} />);
  await show(missing);
  await until(() => events.length === 1);
  await show({ uri: RED_4x2 });
  await until(() => events.length === 2);
  await show(missing);
  await until(() => events.length === 3);
  equal(events, ['error', 'load', 'error'], 'the failed URL is requested again');
});

test('FlatList: every item, separators between them, and the list scrolls in a bounded parent', async () => {
  const data = Array.from({ length: 30 }, (_, i) => ({ id: `item-${i}` }));
  await mount(
    <View style={{ height: 200 }}>
      <FlatList testID="list" data={data} keyExtractor={(item) => item.id}
        renderItem={({ item }) => <Text testID={item.id} style={{ height: 20 }}>{item.id}</Text>}
        ItemSeparatorComponent={() => <View testID="sep" style={{ height: 2 }} />} />
    </View>);
  equal(document.querySelectorAll('[data-testid^="item-"]').length, 30, 'items');
  equal(document.querySelectorAll('[data-testid="sep"]').length, 29, 'separators');
  const list = byId('list');
  equal(list.clientHeight, 200, 'the list is as tall as its parent');
  equal(list.scrollHeight, 30 * 20 + 29 * 2, 'its content is every item');
  list.scrollTop = 100;
  equal(list.scrollTop, 100, 'it scrolls');
});

test('ScrollView horizontal lays children in a row and scrolls sideways', async () => {
  await mount(
    <View style={{ width: 100 }}>
      <ScrollView testID="h" horizontal>
        {[0, 1, 2, 3].map((i) => <View key={i} testID={`box-${i}`} style={{ width: 60, height: 20 }} />)}
      </ScrollView>
    </View>);
  equal([byId('box-0').offsetTop, byId('box-3').offsetTop], [byId('box-0').offsetTop, byId('box-0').offsetTop], 'one row');
  equal(byId('h').scrollWidth, 240, 'content width');
  equal(byId('h').clientWidth, 100, 'visible width');
});

test('BackHandler: Escape runs the newest handler', async () => {
  const seen = [];
  const older = BackHandler.addEventListener('hardwareBackPress', () => { seen.push('older'); return true; });
  const newer = BackHandler.addEventListener('hardwareBackPress', () => { seen.push('newer'); return true; });
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  newer.remove();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  older.remove();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  equal(seen, ['newer', 'older'], 'handlers');
});

test('onLayout reports the size the browser laid out', async () => {
  const layouts = [];
  await mount(<View style={{ width: 123, height: 45 }} onLayout={({ nativeEvent }) => layouts.push(nativeEvent.layout)} />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  check(layouts.length >= 1, 'onLayout was called');
  equal([layouts[0].width, layouts[0].height], [123, 45], 'layout size');
});

test('Switch: a click asks for the other value; the controlled value moves the thumb', async () => {
  const seen = [];
  function Toggle() {
    const [on, setOn] = React.useState(false);
    return <Switch testID="switch" value={on} onValueChange={(next) => { seen.push(next); setOn(next); }} />;
  }
  await mount(<Toggle />);
  byId('switch').click();
  await frame();
  byId('switch').click();
  await frame();
  equal(seen, [true, false], 'onValueChange');
  equal(byId('switch').getAttribute('aria-checked'), 'false', 'state');
});

test('Modal: covers the window; Escape asks it to close before other back handlers', async () => {
  const seen = [];
  const app = BackHandler.addEventListener('hardwareBackPress', () => { seen.push('app'); return true; });
  function Dialog() {
    const [open, setOpen] = React.useState(true);
    return <Modal testID="modal" visible={open} onRequestClose={() => { seen.push('modal'); setOpen(false); }}><Text>hi</Text></Modal>;
  }
  await mount(<View style={{ width: 50, height: 50 }}><Dialog /></View>);
  const rect = byId('modal').getBoundingClientRect();
  equal([rect.width, rect.height], [window.innerWidth, window.innerHeight], 'the modal covers the window');
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  await frame();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  app.remove();
  equal(seen, ['modal', 'app'], 'back handlers');
  equal(document.querySelector('[data-testid="modal"]'), null, 'closed');
});

test('SectionList: a sticky header stays at the top while its section scrolls', async () => {
  const sections = [
    { title: 'A', data: Array.from({ length: 20 }, (_, i) => `a${i}`) },
    { title: 'B', data: Array.from({ length: 20 }, (_, i) => `b${i}`) },
  ];
  await mount(
    <View style={{ height: 200 }}>
      <SectionList testID="sections" sections={sections} keyExtractor={(item) => item} stickySectionHeadersEnabled
        renderSectionHeader={({ section }) => <Text testID={`h-${section.title}`} style={{ height: 30, backgroundColor: 'white' }}>{section.title}</Text>}
        renderItem={({ item }) => <Text style={{ height: 20 }}>{item}</Text>} />
    </View>);
  const list = byId('sections');
  list.scrollTop = 150;
  await frame();
  const top = list.getBoundingClientRect().top;
  equal(Math.round(byId('h-A').getBoundingClientRect().top - top), 0, 'header A is at the top');
});

test('Alert: a dialog with its buttons; a button closes it and runs its onPress; Escape picks cancel', async () => {
  const seen = [];
  Alert.alert('Delete recipe?', 'Mapo Tofu goes away.', [
    { text: 'Cancel', style: 'cancel', onPress: () => seen.push('cancel') },
    { text: 'Delete', style: 'destructive', onPress: () => seen.push('delete') },
  ]);
  await frame();
  await frame();
  const dialog = byId('alert');
  check(dialog.innerText.includes('Delete recipe?') && dialog.innerText.includes('Mapo Tofu goes away.'), dialog.innerText);
  equal(byId('alert-button-1').innerText, 'Delete', 'second button');
  byId('alert-button-1').click();
  await frame();
  equal(document.querySelector('[data-testid="alert"]'), null, 'closed');
  Alert.alert('Again', null, [{ text: 'Cancel', style: 'cancel', onPress: () => seen.push('cancel') }, { text: 'OK' }]);
  await frame();
  await frame();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  await frame();
  equal(seen, ['delete', 'cancel'], 'onPress calls');
  equal(document.querySelector('[data-testid="alert"]'), null, 'closed by Escape');
});

test('global alert(message) is our Alert titled with the app\'s name; alert(title, message, buttons) is Alert.alert', async () => {
  const name = document.title;
  document.title = 'Fruit Finder';
  try {
    // WebKit's own alert would block the page here.
    check(!String(window.alert).includes('[native code]'), 'the page\'s alert is ours');
    const answer = alert('You tapped on Banana!');
    equal(answer, undefined, 'returns at once, as React Native does');
    await until(() => document.querySelector('[data-testid="alert"]') !== null);
    const dialog = byId('alert');
    equal(dialog.getAttribute('aria-label'), 'Fruit Finder', 'the app\'s name is the title');
    check(dialog.innerText.includes('You tapped on Banana!'), dialog.innerText);
    check(!dialog.innerText.includes('file:'), 'no page URL in the dialog');
    equal(byId('alert-button-0').innerText, 'OK', 'one OK button');
    byId('alert-button-0').click();
    await frame();
    equal(document.querySelector('[data-testid="alert"]'), null, 'OK closes it');

    const seen = [];
    alert('Remove Banana?', 'It leaves the index.', [
      { text: 'Keep', style: 'cancel' }, { text: 'Remove', style: 'destructive', onPress: () => seen.push('remove') },
    ]);
    await until(() => document.querySelector('[data-testid="alert"]') !== null);
    equal(byId('alert').getAttribute('aria-label'), 'Remove Banana?', 'a given title');
    check(byId('alert').innerText.includes('It leaves the index.'), byId('alert').innerText);
    byId('alert-button-1').click();
    await frame();
    equal(seen, ['remove'], 'the button\'s onPress');
  } finally {
    document.title = name;
  }
});

test('Image: an iOS asset name is the picture of that name beside the script; nothing outside it is served', async () => {
  const events = {};
  const note = (id) => ({ onLoad: ({ nativeEvent }) => { events[id] = `load ${nativeEvent.source.width}x${nativeEvent.source.height}`; },
    onError: () => { events[id] = 'error'; } });
  // strawberry.png (48×48) lies beside this file; a name may leave out its extension.
  // kokoro.png beside it is a link to a picture elsewhere in the repository.
  const escapes = {
    parent: 'searchlight-asset:///..%2Fwindow%2Fstrawberry.png',
    absolute: 'searchlight-asset:///' + encodeURIComponent(`${window.__dirname}/strawberry.png`),
    hidden: 'searchlight-asset:///.',
    linked: 'kokoro',
  };
  await mount(
    <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
      <Image testID="bare" source={{ uri: 'strawberry' }} style={{ width: 48, height: 48 }} {...note('bare')} />
      <Image testID="named" source="strawberry.png" {...note('named')} />
      <Image testID="unknown" source={{ uri: 'banana' }} style={{ width: 48, height: 48 }} {...note('unknown')} />
      <Image testID="script" source={{ uri: 'components.test.jsx' }} style={{ width: 48, height: 48 }} {...note('script')} />
      {Object.entries(escapes).map(([id, uri]) => <Image key={id} testID={id} source={{ uri }} style={{ width: 48, height: 48 }} {...note(id)} />)}
    </View>);
  await until(() => Object.keys(events).length === 8, 4000);
  equal(events, {
    bare: 'load 48x48', named: 'load 48x48', unknown: 'error', script: 'error',
    parent: 'error', absolute: 'error', hidden: 'error', linked: 'error',
  }, 'what loads');
  equal(byId('bare').firstChild.getAttribute('src'), 'searchlight-asset:///strawberry', 'served by the window host');
  equal([byId('named').offsetWidth, byId('named').offsetHeight], [48, 48], 'its own size');
  equal(getComputedStyle(byId('unknown').firstChild).visibility, 'hidden', 'an unknown name draws nothing');
});

test('Vibration takes React Native\'s arguments and does nothing; a wrong pattern is a coded error', () => {
  equal(Vibration.vibrate(), undefined, 'default pattern');
  Vibration.vibrate(300);
  Vibration.vibrate([0, 500, 200, 500], true);
  Vibration.cancel();
  assert.throws(() => Vibration.vibrate('long'), { name: 'TypeError', code: 'E_INVALID_ARGUMENT' });
  assert.throws(() => Vibration.vibrate([100, -1]), { code: 'E_INVALID_ARGUMENT' });
  assert.throws(() => Vibration.vibrate(100, 'yes'), { code: 'E_INVALID_ARGUMENT' });
});

// What the error screen shows of them: Tests/Window/run.sh (the error app).
test('LogBox: ignoreLogs matches a part of the message or a RegExp; bad patterns are coded errors and add nothing', () => {
  LogBox.ignoreLogs(['Require cycle:', /^Warning: \w+ is deprecated/]);
  check(isIgnored('Require cycle: a.js -> b.js -> a.js'), 'a string matches anywhere');
  check(isIgnored('Warning: Basket is deprecated, use Crate'), 'a RegExp');
  check(!isIgnored('Warning: Basket is heavy'), 'not what no pattern matches');
  assert.throws(() => LogBox.ignoreLogs('Require cycle:'), { name: 'TypeError', code: 'E_INVALID_ARGUMENT' });
  assert.throws(() => LogBox.ignoreLogs(['Basket is heavy', 42]), { code: 'E_INVALID_ARGUMENT', message: /patterns\[1\]/ });
  check(!isIgnored('Warning: Basket is heavy'), 'a refused list adds none of its patterns');
  assert.throws(() => LogBox.ignoreAllLogs('yes'), { code: 'E_INVALID_ARGUMENT' });
  LogBox.ignoreAllLogs(false);
});

test('AppState: the window\'s focus is active / inactive, with change, focus and blur events', async () => {
  check(['active', 'inactive', 'background'].includes(AppState.currentState), AppState.currentState);
  window.dispatchEvent(new FocusEvent('focus'));
  equal(AppState.currentState, 'active', 'a focused window is active');
  const seen = [];
  const change = AppState.addEventListener('change', (next) => seen.push(next));
  const blur = AppState.addEventListener('blur', () => seen.push('(blur)'));
  window.dispatchEvent(new FocusEvent('blur'));
  equal(AppState.currentState, 'inactive', 'a shown window without focus is inactive');
  window.dispatchEvent(new FocusEvent('focus'));
  change.remove();
  blur.remove();
  window.dispatchEvent(new FocusEvent('blur'));
  window.dispatchEvent(new FocusEvent('focus'));
  equal(seen, ['(blur)', 'inactive', 'active'], 'events until removed');
  assert.throws(() => AppState.addEventListener('resume', () => {}), { code: 'E_INVALID_ARGUMENT' });
});

test('Linking.openURL refuses what is not an http(s), mailto or tel URL, with a coded error', async () => {
  for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://', 'tel:', 'not a url', 42, '']) {
    await assert.rejects(Linking.openURL(url), { code: 'E_INVALID_URL' }, String(url));
  }
  equal(await Linking.canOpenURL('ftp://example.org/'), false, 'no desktop handler is asked for another scheme');
});
