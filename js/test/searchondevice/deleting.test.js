'use strict';
// Deleting by identifier, by domain (recursively), and everything (SPEC §3).

const { assert, describe, it, SearchOnDevice, sortedIds } = require('./support');

async function storedIds(candidates) {
  const items = await SearchOnDevice.getItems(candidates);
  return items.filter((item) => item !== null).map((item) => item.id).sort();
}

describe('deleting items', () => {
  it('starts from an empty index', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.deepStrictEqual(await SearchOnDevice.search('deletable'), []);
  });

  it('deletes by identifier and counts only what existed', async () => {
    await SearchOnDevice.indexItems([
      { id: 'del-1', title: 'deletable one' },
      { id: 'del-2', title: 'deletable two' },
      { id: 'del-3', title: 'deletable three' },
    ]);
    assert.strictEqual(await SearchOnDevice.deleteItemsWithIdentifiers(['del-1', 'del-3', 'del-404']), 2);
    assert.deepStrictEqual(await storedIds(['del-1', 'del-2', 'del-3']), ['del-2']);
    assert.deepStrictEqual(sortedIds(await SearchOnDevice.search('deletable')), ['del-2']);
    assert.strictEqual(await SearchOnDevice.deleteItemsWithIdentifiers(['del-1']), 0, 'deleting twice deletes nothing');
    assert.strictEqual(await SearchOnDevice.deleteItemsWithIdentifiers([]), 0);
  });

  it('deletes a domain with its subdomains, not its look-alikes or parent', async () => {
    await SearchOnDevice.indexItems([
      { id: 'dom-parent', domain: 'org.example.a' },
      { id: 'dom-self', domain: 'org.example.a.b' },
      { id: 'dom-child', domain: 'org.example.a.b.c' },
      { id: 'dom-grandchild', domain: 'org.example.a.b.c.d' },
      { id: 'dom-lookalike', domain: 'org.example.a.bc' },
      { id: 'dom-prefix', domain: 'org.example.a.b-c' },
    ]);
    assert.strictEqual(await SearchOnDevice.deleteItemsInDomains(['org.example.a.b']), 3);
    assert.deepStrictEqual(
      await storedIds(['dom-parent', 'dom-self', 'dom-child', 'dom-grandchild', 'dom-lookalike', 'dom-prefix']),
      ['dom-lookalike', 'dom-parent', 'dom-prefix']);
  });

  it('deletes several domains at once and treats unknown ones as empty', async () => {
    await SearchOnDevice.indexItems([
      { id: 'dom-x1', domain: 'org.example.x' },
      { id: 'dom-y1', domain: 'org.example.y' },
      { id: 'dom-z1', domain: 'org.example.z' },
    ]);
    assert.strictEqual(await SearchOnDevice.deleteItemsInDomains(['org.example.x', 'org.example.y', 'org.example.none']), 2);
    assert.deepStrictEqual(await storedIds(['dom-x1', 'dom-y1', 'dom-z1']), ['dom-z1']);
    assert.strictEqual(await SearchOnDevice.deleteItemsInDomains([]), 0);
  });

  it('deletes every item and the client state with deleteAllItems', async () => {
    await SearchOnDevice.deleteAllItems();
    await SearchOnDevice.indexItems([{ id: 'all-1' }, { id: 'all-2' }, { id: 'all-3' }], { clientState: 'batch-7' });
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'batch-7');
    assert.strictEqual(await SearchOnDevice.deleteAllItems(), 3);
    assert.deepStrictEqual(await storedIds(['all-1', 'all-2', 'all-3']), []);
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), null);
    assert.strictEqual(await SearchOnDevice.deleteAllItems(), 0);
  });

  it('lets a deleted identifier be indexed again', async () => {
    await SearchOnDevice.indexItem({ id: 'del-again', title: 'first life' });
    await SearchOnDevice.deleteItemsWithIdentifiers(['del-again']);
    await SearchOnDevice.indexItem({ id: 'del-again', title: 'second life' });
    const [item] = await SearchOnDevice.getItems(['del-again']);
    assert.strictEqual(item.title, 'second life');
    assert.deepStrictEqual(sortedIds(await SearchOnDevice.search('life')), ['del-again']);
  });
});
