'use strict';
// Expiration: a date in the past is accepted, and an expired item is never
// returned, by getItems, search or query (SPEC §3).

const { assert, describe, it, SearchOnDevice, DAY, ids } = require('./support');

async function visible(id, word) {
  const [item] = await SearchOnDevice.getItems([id]);
  const hits = await SearchOnDevice.search(word);
  const matches = await SearchOnDevice.query(`uniqueIdentifier == "${id}"`);
  return { item: item !== null, search: ids(hits).includes(id), query: ids(matches).includes(id) };
}

const NOWHERE = { item: false, search: false, query: false };
const EVERYWHERE = { item: true, search: true, query: true };

describe('expiration', () => {
  it('starts from an empty index', async () => {
    await SearchOnDevice.deleteAllItems();
  });

  it('accepts an expiration date in the past and never returns the item', async () => {
    assert.strictEqual(await SearchOnDevice.indexItem({
      id: 'exp-ms', title: 'Marmalade', expirationDate: Date.now() - 60 * 1000,
    }), 1);
    assert.deepStrictEqual(await visible('exp-ms', 'marmalade'), NOWHERE);
  });

  it('reads past dates given as a Date or as ISO-8601 text', async () => {
    await SearchOnDevice.indexItems([
      { id: 'exp-date', title: 'Nectarine', expirationDate: new Date(Date.now() - DAY) },
      { id: 'exp-iso', title: 'Quince', expirationDate: '2001-09-09T01:46:40Z' },
    ]);
    assert.deepStrictEqual(await visible('exp-date', 'nectarine'), NOWHERE);
    assert.deepStrictEqual(await visible('exp-iso', 'quince'), NOWHERE);
  });

  it('returns an item until its future expiration date', async () => {
    const expires = Date.now() + 2 * DAY;
    await SearchOnDevice.indexItem({ id: 'exp-future', title: 'Persimmon', expirationDate: new Date(expires) });
    assert.deepStrictEqual(await visible('exp-future', 'persimmon'), EVERYWHERE);
    const [item] = await SearchOnDevice.getItems(['exp-future']);
    assert.strictEqual(item.expirationDate, expires);
  });

  it('hides an item once an update moves its expiration into the past', async () => {
    await SearchOnDevice.indexItem({ id: 'exp-update', title: 'Tamarind' });
    assert.deepStrictEqual(await visible('exp-update', 'tamarind'), EVERYWHERE);
    await SearchOnDevice.indexItem({ id: 'exp-update', isUpdate: true, expirationDate: Date.now() - 1000 });
    assert.deepStrictEqual(await visible('exp-update', 'tamarind'), NOWHERE);
  });

  it('brings an expired identifier back when it is indexed again without a past date', async () => {
    await SearchOnDevice.indexItem({ id: 'exp-ms', title: 'Marmalade' });
    assert.deepStrictEqual(await visible('exp-ms', 'marmalade'), EVERYWHERE);
  });

  it('keeps expired items out of query results, wildcards included', async () => {
    const all = await SearchOnDevice.query('title == "*"');
    for (const id of ['exp-date', 'exp-iso', 'exp-update']) {
      assert.ok(!ids(all).includes(id), `${id} is expired`);
    }
    assert.ok(ids(all).includes('exp-future'));
  });
});
