'use strict';
// Large batches: 10 000 items in one call, written together or not at all.

const { assert, describe, it, SearchOnDevice, ids, rejectsWithCode } = require('./support');

const COUNT = 10000;
/** Generous: the machine may be shared; this bounds a hang, it asserts no speed. */
const SLOW = { timeout: 120000 };
const DOMAIN = 'org.example.bulk';

function bulkItems() {
  return Array.from({ length: COUNT }, (_, index) => ({
    id: `bulk-${index}`,
    title: `Bulk item ${index}`,
    keywords: ['bulk', `serial${index}`],
    domain: DOMAIN,
  }));
}

describe('10 000-item batches', () => {
  it('starts from an empty index', async () => {
    await SearchOnDevice.deleteAllItems();
  });

  it('writes nothing when the last of 10 000 items is invalid', SLOW, async () => {
    const items = bulkItems();
    items[COUNT - 1] = { ...items[COUNT - 1], rankingHint: 'top' };
    await rejectsWithCode(() => SearchOnDevice.indexItems(items), 'E_INVALID_ITEM', /items\[9999\]\.rankingHint/);
    assert.deepStrictEqual(await SearchOnDevice.getItems(['bulk-0', 'bulk-5000', 'bulk-9998']), [null, null, null]);
    assert.deepStrictEqual(await SearchOnDevice.search('serial0'), []);
  });

  it('writes 10 000 items in one call', SLOW, async () => {
    assert.strictEqual(await SearchOnDevice.indexItems(bulkItems(), { clientState: 'bulk-done' }), COUNT);
    const items = await SearchOnDevice.getItems(['bulk-0', 'bulk-4321', 'bulk-9999']);
    assert.deepStrictEqual(items.map((item) => item && item.title), ['Bulk item 0', 'Bulk item 4321', 'Bulk item 9999']);
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'bulk-done');
  });

  it('finds one of them by its own keyword and pages through the rest', SLOW, async () => {
    assert.deepStrictEqual(ids(await SearchOnDevice.search('serial9999')), ['bulk-9999']);
    const page = await SearchOnDevice.search('bulk', { limit: 50 });
    assert.strictEqual(page.length, 50);
    const deep = await SearchOnDevice.search('bulk', { limit: 10, offset: 9995 });
    assert.strictEqual(deep.length, 5, 'the last page holds what is left');
  });

  it('reads 10 000 identifiers at once, in order', SLOW, async () => {
    const wanted = bulkItems().map((item) => item.id).reverse();
    const items = await SearchOnDevice.getItems(wanted);
    assert.strictEqual(items.length, COUNT);
    assert.deepStrictEqual(ids(items.slice(0, 3)), ['bulk-9999', 'bulk-9998', 'bulk-9997']);
    assert.ok(items.every((item) => item !== null));
  });

  it('deletes them by domain', SLOW, async () => {
    assert.strictEqual(await SearchOnDevice.deleteItemsInDomains([DOMAIN]), COUNT);
    assert.deepStrictEqual(await SearchOnDevice.search('bulk'), []);
  });
});
