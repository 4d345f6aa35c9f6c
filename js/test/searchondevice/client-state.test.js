'use strict';
// The client state: a string of at most 250 bytes stored in the same
// transaction as a batch (CoreSpotlight's endIndexBatch(clientState:)).

const { assert, describe, it, SearchOnDevice, rejectsWithCode } = require('./support');

describe('client state', () => {
  it('is null in an empty index', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), null);
  });

  it('is stored with a batch and replaced by the next one', async () => {
    await SearchOnDevice.indexItems([{ id: 'cs-1' }], { clientState: 'page-1' });
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'page-1');
    await SearchOnDevice.indexItems([{ id: 'cs-2' }], { clientState: 'page-2' });
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'page-2');
  });

  it('stays when a batch gives none', async () => {
    await SearchOnDevice.indexItems([{ id: 'cs-3' }]);
    await SearchOnDevice.indexItem({ id: 'cs-4' });
    await SearchOnDevice.deleteItemsWithIdentifiers(['cs-3']);
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'page-2');
  });

  it('takes exactly 250 bytes, multi-byte text included, and the empty string', async () => {
    const ascii = 'a'.repeat(250);
    await SearchOnDevice.indexItems([{ id: 'cs-5' }], { clientState: ascii });
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), ascii);
    const japanese = '状態'.repeat(41) + 'ab'; // 41 × 6 bytes + 2 = 248 bytes
    await SearchOnDevice.indexItems([{ id: 'cs-6' }], { clientState: japanese });
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), japanese);
    await SearchOnDevice.indexItems([], { clientState: '' });
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), '');
  });

  it('is stored by an empty batch (a checkpoint without items)', async () => {
    assert.strictEqual(await SearchOnDevice.indexItems([], { clientState: 'checkpoint' }), 0);
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'checkpoint');
  });

  it('is not stored when its batch fails', async () => {
    await rejectsWithCode(
      () => SearchOnDevice.indexItems([{ id: 'cs-7' }, { id: 'cs-8', keywords: 'x' }], { clientState: 'lost' }),
      'E_INVALID_ITEM', /items\[1\]\.keywords/);
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'checkpoint');
    assert.deepStrictEqual(await SearchOnDevice.getItems(['cs-7']), [null]);
  });

  it('is cleared by deleteAllItems', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), null);
  });
});
