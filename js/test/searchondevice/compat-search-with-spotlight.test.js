'use strict';
// react-native-search-with-spotlight served by SearchOnDevice: its documented
// API and item shape ({ id, title, description, keywords, imageUrl, domain },
// null allowed) as an app written for iOS uses them (SPEC §2).

const SearchWithSpotlight = require('react-native-search-with-spotlight');
const { assert, describe, it, SearchOnDevice, COVER_PATH, rejectsWithCode } = require('./support');

async function stored(id) {
  const [item] = await SearchOnDevice.getItems([id]);
  return item;
}

describe('react-native-search-with-spotlight', () => {
  it('exports the documented functions', async () => {
    await SearchOnDevice.deleteAllItems();
    for (const name of ['isSupported', 'addSearchableItems', 'deleteAll', 'deleteIdentifiers', 'deleteDomains', 'addListener']) {
      assert.strictEqual(typeof SearchWithSpotlight[name], 'function', name);
    }
  });

  it('is supported where SearchOnDevice is', async () => {
    assert.strictEqual(await SearchWithSpotlight.isSupported(), true);
  });

  it('indexes items with null fields, which count as not given', async () => {
    const result = await SearchWithSpotlight.addSearchableItems([
      { id: 'sws-1', title: 'オーディオブック入門', description: '聴く読書のすすめ', keywords: ['オーディオブック'], imageUrl: COVER_PATH, domain: 'books' },
      { id: 'sws-2', title: '走れメロス', description: null, keywords: null, imageUrl: null, domain: null },
    ]);
    assert.strictEqual(result, undefined, 'resolves like the package (no value)');
    const first = await stored('sws-1');
    assert.strictEqual(first.description, '聴く読書のすすめ');
    assert.strictEqual(first.domain, 'books');
    assert.strictEqual(typeof first.thumbnail, 'string', 'imageUrl is fetched into a thumbnail');
    const second = await stored('sws-2');
    assert.strictEqual(second.title, '走れメロス');
    assert.ok(second.description == null);
    assert.strictEqual(second.thumbnail, null);
    assert.strictEqual(second.domain, SearchOnDevice.getConstants().appId, 'a null domain is the app id');
    assert.deepStrictEqual((await SearchOnDevice.search('ブック')).map((hit) => hit.id), ['sws-1']);
  });

  it('rejects an invalid item with a coded error and writes nothing', async () => {
    await rejectsWithCode(() => SearchWithSpotlight.addSearchableItems([
      { id: 'sws-3', title: 'ok', description: null, keywords: null, imageUrl: null, domain: null },
      { id: 'sws-4', title: 'bad', description: null, keywords: 'not an array', imageUrl: null, domain: null },
    ]), 'E_INVALID_ITEM', /items\[1\]\.keywords/);
    assert.strictEqual(await stored('sws-3'), null);
    await rejectsWithCode(() => SearchWithSpotlight.addSearchableItems('sws-5'), 'E_INVALID_ARGUMENT');
  });

  it('deletes by identifier, by domain and everything, resolving no value', async () => {
    assert.strictEqual(await SearchWithSpotlight.deleteIdentifiers(['sws-2']), undefined);
    assert.strictEqual(await stored('sws-2'), null);
    await SearchWithSpotlight.addSearchableItems([
      { id: 'sws-6', title: '羅生門', description: null, keywords: null, imageUrl: null, domain: 'books.classics' },
      { id: 'sws-7', title: 'メモ', description: null, keywords: null, imageUrl: null, domain: 'notes' },
    ]);
    assert.strictEqual(await SearchWithSpotlight.deleteDomains(['books']), undefined);
    assert.strictEqual(await stored('sws-1'), null);
    assert.strictEqual(await stored('sws-6'), null, 'subdomains go with their domain');
    assert.ok((await stored('sws-7')) !== null);
    assert.strictEqual(await SearchWithSpotlight.deleteAll(), undefined);
    assert.strictEqual(await stored('sws-7'), null);
  });

  it('returns a subscription from addListener', () => {
    const subscription = SearchWithSpotlight.addListener(({ id, query }) => [id, query]);
    assert.strictEqual(typeof subscription.remove, 'function');
    subscription.remove();
    subscription.remove();
  });
});
