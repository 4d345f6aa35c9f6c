'use strict';
// react-native-spotlight-search served by SearchOnDevice: its documented API
// and item shape, as an app written for iOS uses them (SPEC §2).

const SpotlightSearch = require('react-native-spotlight-search');
const { assert, describe, it, SearchOnDevice, COVER_PATH, COVER_BASE64, rejectsWithCode } = require('./support');

const DOMAIN = 'fruit';

async function stored(id) {
  const [item] = await SearchOnDevice.getItems([id]);
  return item;
}

/** Runs `body` with console.warn recorded, and returns the recorded messages. */
async function warningsDuring(body) {
  const original = console.warn;
  const messages = [];
  console.warn = (...args) => { messages.push(args.join(' ')); };
  try {
    await body();
  } finally {
    console.warn = original;
  }
  return messages;
}

describe('react-native-spotlight-search', () => {
  it('is a default export with the documented methods', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(SpotlightSearch.default, SpotlightSearch, 'import SpotlightSearch from … works');
    for (const name of ['indexItems', 'indexItem', 'deleteItemsWithIdentifiers', 'deleteItemsInDomains',
      'deleteAllItems', 'searchItemTapped', 'getInitialSearchItem']) {
      assert.strictEqual(typeof SpotlightSearch[name], 'function', name);
    }
  });

  it('indexes the README\'s items and resolves like the package (no value)', async () => {
    const result = await SpotlightSearch.indexItems([
      { title: 'Strawberry', contentDescription: 'A sweet and juicy fruit.', uniqueIdentifier: '1', domain: DOMAIN, keywords: ['berry', 'red'] },
      { title: 'Kiwi', contentDescription: 'Not a type of bird.', uniqueIdentifier: '2', domain: DOMAIN },
    ]);
    assert.strictEqual(result, undefined);
    const strawberry = await stored('1');
    assert.strictEqual(strawberry.title, 'Strawberry');
    assert.strictEqual(strawberry.description, 'A sweet and juicy fruit.');
    assert.strictEqual(strawberry.domain, DOMAIN);
    assert.deepStrictEqual(strawberry.keywords, ['berry', 'red']);
    assert.deepStrictEqual((await SearchOnDevice.search('bird')).map((hit) => hit.id), ['2']);
  });

  it('indexes one item, replacing one with the same identifier (updating)', async () => {
    assert.strictEqual(await SpotlightSearch.indexItem({
      title: 'Strawberry', contentDescription: 'Now in season.', uniqueIdentifier: '1', domain: DOMAIN,
    }), undefined);
    assert.strictEqual((await stored('1')).description, 'Now in season.');
  });

  it('stores a thumbnail from thumbnailUri or thumbnailData', async () => {
    await SpotlightSearch.indexItems([
      { title: 'Banana', uniqueIdentifier: '3', domain: DOMAIN, thumbnailUri: COVER_PATH },
      { title: 'Mango', uniqueIdentifier: '4', domain: DOMAIN, thumbnailData: COVER_BASE64 },
    ]);
    assert.strictEqual(typeof (await stored('3')).thumbnail, 'string');
    assert.strictEqual(typeof (await stored('4')).thumbnail, 'string');
  });

  it('ignores a thumbnailName with no image beside the main script, warning once', async () => {
    const warnings = await warningsDuring(async () => {
      await SpotlightSearch.indexItem({ title: 'Lychee', uniqueIdentifier: '5', domain: DOMAIN, thumbnailName: 'no-such-asset-lychee' });
      await SpotlightSearch.indexItems([
        { title: 'Papaya', uniqueIdentifier: '6', domain: DOMAIN, thumbnailName: 'no-such-asset-papaya' },
        { title: 'Guava', uniqueIdentifier: '7', domain: DOMAIN, thumbnailName: 'no-such-asset-guava' },
      ]);
    });
    assert.strictEqual(warnings.length, 1, `one warning per process: ${JSON.stringify(warnings)}`);
    assert.match(warnings[0], /thumbnailName/);
    for (const id of ['5', '6', '7']) {
      const item = await stored(id);
      assert.ok(item !== null, `item ${id} is indexed anyway`);
      assert.strictEqual(item.thumbnail, null);
    }
  });

  it('prefers a given thumbnail over thumbnailName, without a warning', async () => {
    const warnings = await warningsDuring(() => SpotlightSearch.indexItem({
      title: 'Fig', uniqueIdentifier: '8', domain: DOMAIN, thumbnailName: 'no-such-asset-fig', thumbnailUri: COVER_PATH,
    }));
    assert.deepStrictEqual(warnings, []);
    assert.strictEqual(typeof (await stored('8')).thumbnail, 'string');
  });

  it('rejects an invalid item with a coded error and writes nothing of the batch', async () => {
    await rejectsWithCode(() => SpotlightSearch.indexItems([
      { title: 'Plum', uniqueIdentifier: '9', domain: DOMAIN },
      { title: 'Nameless', domain: DOMAIN },
    ]), 'E_INVALID_ITEM', /items\[1\]/);
    assert.strictEqual(await stored('9'), null);
    await rejectsWithCode(() => SpotlightSearch.indexItem({
      title: 'Pear', uniqueIdentifier: '10', domain: DOMAIN, thumbnailTint: 'green',
    }), 'E_INVALID_ITEM', /thumbnailTint/);
    await rejectsWithCode(() => SpotlightSearch.indexItems([
      { title: 'Quince', uniqueIdentifier: '11', domain: DOMAIN },
      { title: 'Date', uniqueIdentifier: '12', domain: DOMAIN, thumbnailName: 12 },
    ]), 'E_INVALID_ITEM', /items\[1\]\.thumbnailName/);
    assert.strictEqual(await stored('11'), null);
  });

  it('deletes by identifier (both names), by domain and everything, resolving no value', async () => {
    assert.strictEqual(await SpotlightSearch.deleteItemsWithIdentifiers(['1']), undefined);
    assert.strictEqual(await stored('1'), null);
    await SpotlightSearch.deleteItemsWithIds(['2']);
    assert.strictEqual(await stored('2'), null);
    await SpotlightSearch.indexItem({ title: 'Carrot', uniqueIdentifier: 'v1', domain: 'vegetables' });
    assert.strictEqual(await SpotlightSearch.deleteItemsInDomains([DOMAIN]), undefined);
    assert.strictEqual(await stored('3'), null);
    assert.ok((await stored('v1')) !== null, 'other domains stay');
    assert.strictEqual(await SpotlightSearch.deleteAllItems(), undefined);
    assert.strictEqual(await stored('v1'), null);
  });

  it('has no initial search item in a test run, and searchItemTapped returns a subscription', async () => {
    assert.strictEqual(await SpotlightSearch.getInitialSearchItem(), null);
    const subscription = SpotlightSearch.searchItemTapped(() => {});
    assert.strictEqual(typeof subscription.remove, 'function');
    subscription.remove();
    subscription.remove();
  });
});
