'use strict';
// Hostile values handed to SearchOnDevice: each is refused with a coded error naming
// where it is, or stored as plain data, and a refused call leaves the index as it was.
const { describe, test, beforeEach } = require('test');
const assert = require('assert');
const { SearchOnDevice, needsModule, assertRefused, assertUnchanged, seed } = require('./support');

describe('hostile values', needsModule, () => {
  beforeEach(seed);

  test('values that cannot cross the bridge are E_INVALID_ARGUMENT with their path', async () => {
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'f', title: () => 'x' }]), 'E_INVALID_ARGUMENT', 'args[0][0].title');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: Symbol('s') }]), 'E_INVALID_ARGUMENT', 'args[0][0].id');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'b', rankingHint: 10n }]), 'E_INVALID_ARGUMENT', 'args[0][0].rankingHint');
    // Ill-formed text makes the item invalid (SPEC §3: ids are well-formed Unicode).
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'a\uD800', title: 'x' }]), 'E_INVALID_ITEM', 'items[0].id must be well-formed Unicode');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'k', attributes: { ['k\uDC00']: 1 } }]), 'E_INVALID_ITEM', 'lone surrogate');
    const cyclic = { id: 'c', attributes: {} };
    cyclic.attributes.self = cyclic;
    await assertRefused(() => SearchOnDevice.indexItems([cyclic]), 'E_INVALID_ARGUMENT', 'cyclic');
    let deep = {};
    for (let i = 0; i < 10000; i++) deep = { d: deep };
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'd', attributes: deep }]), 'E_INVALID_ARGUMENT', 'nesting');
    await assertRefused(() => SearchOnDevice.indexItems(new Array(2 ** 32 - 1)), 'E_INVALID_ARGUMENT', 'arrays longer');
    await assertRefused(() => SearchOnDevice.search(Symbol.iterator), 'E_INVALID_ARGUMENT');
  });

  test('wrong shapes are E_INVALID_ITEM or E_INVALID_ARGUMENT naming the field', async () => {
    await assertRefused(() => SearchOnDevice.indexItems('items'), 'E_INVALID_ARGUMENT');
    await assertRefused(() => SearchOnDevice.indexItems(null), 'E_INVALID_ARGUMENT');
    await assertRefused(() => SearchOnDevice.indexItems([null]), 'E_INVALID_ITEM', 'items[0]');
    await assertRefused(() => SearchOnDevice.indexItems([{}]), 'E_INVALID_ITEM', 'items[0].id');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'ok' }, { id: 'x', keywords: 'nope' }]), 'E_INVALID_ITEM', 'items[1].keywords');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'x', rankingHint: NaN }]), 'E_INVALID_ITEM', 'items[0].rankingHint');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'x', unknownKey: 1 }]), 'E_INVALID_ITEM', 'items[0].unknownKey');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'x' }], { clientState: 42 }), 'E_INVALID_CLIENT_STATE');
    await assertRefused(() => SearchOnDevice.deleteItemsWithIdentifiers('alpha'), 'E_INVALID_ARGUMENT');
    await assertRefused(() => SearchOnDevice.getItems([1, 2]), 'E_INVALID_ARGUMENT');
    await assertRefused(() => SearchOnDevice.search('cats', { limit: -1 }), 'E_INVALID_ARGUMENT');
  });

  test('an __proto__ key on an item is an unknown key; in attributes it is data', async () => {
    await assertRefused(() => SearchOnDevice.indexItems(JSON.parse('[{"id": "p", "__proto__": {"title": "x"}}]')),
      'E_INVALID_ITEM', '__proto__');
    assert.strictEqual(await SearchOnDevice.indexItems(JSON.parse('[{"id": "p", "attributes": {"__proto__": "v", "constructor": 1}}]')), 1);
    const [item] = await SearchOnDevice.getItems(['p']);
    assert.strictEqual(Object.getPrototypeOf(item.attributes), Object.prototype);
    assert.deepStrictEqual(Object.keys(item.attributes).sort(), ['__proto__', 'constructor']);
    assert.strictEqual(Object.getOwnPropertyDescriptor(item.attributes, '__proto__').value, 'v');
    assert.strictEqual(({}).v, undefined);
    assert.deepStrictEqual((await SearchOnDevice.query('__proto__ == "v"')).map((i) => i.id), ['p']);
  });

  test('a NUL is refused in ids (D-Bus would cut them there) and is data elsewhere', async () => {
    await assertRefused(() => SearchOnDevice.deleteItemsWithIdentifiers(['alpha\u0000zzz']), 'E_INVALID_ITEM', 'ids[0] must not contain NUL');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'alpha\u00002', title: 'x' }]), 'E_INVALID_ITEM', 'items[0].id must not contain NUL');
    assert.strictEqual(await SearchOnDevice.indexItems([{ id: 'alpha-nul', title: 'Nul\u0000title' }], { clientState: 'st\u0000ate' }), 1);
    const [alpha, nul] = await SearchOnDevice.getItems(['alpha', 'alpha-nul']);
    assert.strictEqual(alpha.title, 'Alpha');
    assert.strictEqual(nul.title, 'Nul\u0000title');
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'st\u0000ate');
  });

  test('10 MB strings: refused where a limit applies, stored where text is data', async () => {
    const tenMB = 'x'.repeat(10 * 1024 * 1024);
    await assertRefused(() => SearchOnDevice.indexItems([{ id: tenMB }]), 'E_INVALID_ITEM', 'items[0].id');
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'x' }], { clientState: tenMB }), 'E_INVALID_CLIENT_STATE');
    assert.deepStrictEqual(await assertUnchanged(() => SearchOnDevice.getItems([tenMB])), [null]);
    const text = 'lorem ipsum '.repeat(10 * 1024 * 1024 / 12) + 'needle';
    assert.strictEqual(await SearchOnDevice.indexItems([{ id: 'big', title: 'Big', textContent: text }]), 1);
    assert.deepStrictEqual((await SearchOnDevice.search('needle')).map((h) => h.id), ['big']);
  });

  test('ids of 10,000 characters are refused with their path', async () => {
    await assertRefused(() => SearchOnDevice.indexItems([{ id: 'fine' }, { id: 'i'.repeat(10000) }]), 'E_INVALID_ITEM', 'items[1].id');
    assert.deepStrictEqual(await SearchOnDevice.getItems(['fine']), [null]);
    assert.strictEqual(await assertUnchanged(() => SearchOnDevice.deleteItemsWithIdentifiers(['i'.repeat(10000)])), 0);
  });

  test('arrays of a million elements are handled', { timeout: 120000 }, async () => {
    const million = Array.from({ length: 1000000 }, (_, i) => 'id' + i);
    assert.strictEqual(await assertUnchanged(() => SearchOnDevice.deleteItemsWithIdentifiers(million)), 0);
    const keywords = Array.from({ length: 1000000 }, (_, i) => 'k' + i);
    assert.strictEqual(await SearchOnDevice.indexItems([{ id: 'many', title: 'Many', keywords }]), 1);
    assert.deepStrictEqual((await SearchOnDevice.search('k999999')).map((h) => h.id), ['many']);
  });
});
