// react-native-spotlight-search's README snippets, as an ES module app imports them.
// They need NativeModules.SearchOnDevice and the compat module: skipped (with a line
// saying why) in a host without them.
import assert from 'assert';
import { test } from 'test';
import { NativeModules } from 'react-native';
import { missingForReadmeTests } from './readme/requirements.ts';

const missing = missingForReadmeTests('react-native-spotlight-search');
if (missing.length > 0) console.log(`# react-native-spotlight-search README snippets skipped: needs ${missing.join(' and ')}`);
const maybeTest = missing.length === 0 ? test : test.skip;

maybeTest('react-native-spotlight-search README snippets run unchanged as ESM', async () => {
  const { SearchOnDevice } = NativeModules;
  await SearchOnDevice.deleteAllItems();
  const alerts = [];
  globalThis.alert = (message) => alerts.push(message);
  const warnings = [];
  const warn = console.warn;
  console.warn = (...args) => warnings.push(args.join(' '));
  // The snippets get their own instance of the module: its warn-once state (for
  // thumbnailName) stays out of the other test files' way.
  delete require.cache[require.resolve('react-native-spotlight-search')];
  try {
    await import('./readme/spotlight-search-snippets.mjs');
    // The snippets' calls take effect in order; the last one indexes "1" again once
    // deleteAllItems() resolves. Only then is "1" there without "2".
    let one = null;
    let two = null;
    for (let i = 0; i < 300 && !(one !== null && two === null); i++) {
      [one, two] = await SearchOnDevice.getItems(['1', '2']);
      if (!(one !== null && two === null)) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(one, 'item 1 was indexed again after deleteAllItems()');
    assert.strictEqual(two, null, 'item 2 was deleted');
    assert.strictEqual(one.title, 'Strawberry');
    assert.strictEqual(one.description, 'A sweet and juicy fruit.');
    assert.strictEqual(warnings.filter((w) => w.includes('thumbnailName')).length, 1, warnings.join('\n'));
    // No item opened the app, so the initial search item is null.
    for (let i = 0; i < 100 && alerts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepStrictEqual(alerts, ['You tapped on null and opened the app!']);
  } finally {
    console.warn = warn;
    delete globalThis.alert;
  }
});
