// react-native-search-with-spotlight's README snippet and example-app calls, in
// TypeScript. They need NativeModules.SearchOnDevice and the compat module: skipped
// (with a line saying why) in a host without them.
import assert from 'assert';
import { test } from 'test';
import { NativeModules } from 'react-native';
import { missingForReadmeTests } from './readme/requirements';

const missing: string[] = missingForReadmeTests('react-native-search-with-spotlight');
if (missing.length > 0) console.log(`# react-native-search-with-spotlight README snippets skipped: needs ${missing.join(' and ')}`);
const maybeTest = missing.length === 0 ? test : test.skip;

maybeTest('react-native-search-with-spotlight README snippet runs as TypeScript', async () => {
  const { SearchOnDevice } = NativeModules;
  await SearchOnDevice.deleteAllItems();
  const lines: string[] = [];
  const snippets = await import('./readme/search-with-spotlight-snippets');
  await snippets.run((line) => lines.push(line));
  assert.deepStrictEqual(lines, ['[isSupported] true', '[addSearchableItems] done', '[deleteIdentifiers] done']);
  const [kept, deleted] = await SearchOnDevice.getItems(['audiobook-1', 'audiobook-2']);
  assert.strictEqual(kept.title, 'オーディオブック');
  assert.strictEqual(kept.domain, 'books');
  assert.deepStrictEqual(kept.keywords, ['本', 'audio']);
  assert.strictEqual(deleted, null);
  const hits = await SearchOnDevice.search('ブック');
  assert.deepStrictEqual(hits.map((hit: { id: string }) => hit.id), ['audiobook-1']);
});
