// react-native-spotlight-search's README snippets, as an ES module app imports them.
// They need NativeModules.SearchOnDevice and the compat module: skipped (with a line
// saying why) in a host without them.
import assert from 'assert';
import { test } from 'test';
import { NativeModules } from 'react-native';
import { missingForReadmeTests } from './readme/requirements.mjs';

const missing = missingForReadmeTests('react-native-spotlight-search');
if (missing.length > 0) console.log(`# react-native-spotlight-search README snippets skipped: needs ${missing.join(' and ')}`);
const maybeTest = missing.length === 0 ? test : test.skip;

maybeTest('react-native-spotlight-search README snippets run unchanged as ESM', async () => {
  const { SearchOnDevice } = NativeModules;
  await SearchOnDevice.deleteAllItems();
  const alerts = [];
  globalThis.alert = (message) => alerts.push(message);
  const warn = console.warn;
  console.warn = () => {}; // thumbnailName has no asset catalog here: one warning
  try {
    await import('./readme/spotlight-search-snippets.mjs');
    // The last snippet indexes "1" once deleteAllItems() resolves: wait for it.
    let item = null;
    for (let i = 0; i < 200 && item === null; i++) {
      [item] = await SearchOnDevice.getItems(['1']);
      if (item === null) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(item, 'item 1 was indexed again after deleteAllItems()');
    assert.strictEqual(item.title, 'Strawberry');
    assert.strictEqual(item.description, 'A sweet and juicy fruit.');
    assert.deepStrictEqual(await SearchOnDevice.getItems(['2']), [null]);
    // No item opened the app, so the initial search item is null.
    for (let i = 0; i < 100 && alerts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepStrictEqual(alerts, ['You tapped on null and opened the app!']);
  } finally {
    console.warn = warn;
    delete globalThis.alert;
  }
});
