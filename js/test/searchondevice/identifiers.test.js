'use strict';
// Ids and domains travel over D-Bus to the desktop and back (SPEC §3): they must be
// well-formed Unicode without NUL. Every entry point that takes them answers
// otherwise with E_INVALID_ITEM naming the field, and stores nothing.
const { assert, describe, it, SearchOnDevice, rejectsWithCode } = require('./support');

const NUL = /must not contain NUL \(U\+0000\)/;
const LONE = /must be well-formed Unicode, but has a lone surrogate \(U\+D800 at index \d+\)/;

describe('ids and domains', () => {
  it('indexItems refuses a NUL or a lone surrogate in an id or domain, naming items[i].field, writing nothing', async () => {
    await SearchOnDevice.deleteAllItems();
    const good = { id: 'ident-good', title: 'Kept out with its batch' };
    const cases = [
      [{ id: 'ident-a\u0000b', title: 'x' }, /^items\[1\]\.id /, NUL],
      [{ id: 'ident-a\ud800b', title: 'x' }, /^items\[1\]\.id /, LONE],
      [{ id: 'ident-d', title: 'x', domain: 'org.example\u0000evil' }, /^items\[1\]\.domain /, NUL],
      [{ id: "ident-d", title: "x", domainIdentifier: "org.\ud800x" }, /^items\[1\]\.domainIdentifier /, LONE],
    ];
    for (const [bad, field, reason] of cases) {
      const error = await rejectsWithCode(() => SearchOnDevice.indexItems([good, bad]), 'E_INVALID_ITEM');
      assert.match(error.message, field);
      assert.match(error.message, reason);
    }
    await rejectsWithCode(() => SearchOnDevice.indexItem({ id: '\ud800x' }), 'E_INVALID_ITEM', /^item\.id must be well-formed Unicode/);
    assert.deepStrictEqual(await SearchOnDevice.getItems(['ident-good']), [null], 'no batch with a bad item was written');
  });

  it('deletes and getItems refuse them too, naming ids[i] / domains[i]', async () => {
    await SearchOnDevice.indexItems([{ id: 'ident-kept', title: 'Kept', domain: 'org.example.ident' }]);
    await rejectsWithCode(() => SearchOnDevice.deleteItemsWithIdentifiers(['ident-kept', 'a\u0000']), 'E_INVALID_ITEM', /^ids\[1\] must not contain NUL/);
    await rejectsWithCode(() => SearchOnDevice.deleteItemsWithIdentifiers(['a\ud800b']), 'E_INVALID_ITEM', /^ids\[0\] must be well-formed Unicode/);
    await rejectsWithCode(() => SearchOnDevice.deleteItemsInDomains(['org.example.ident', 'org\u0000']), 'E_INVALID_ITEM', /^domains\[1\] must not contain NUL/);
    await rejectsWithCode(() => SearchOnDevice.getItems(['ident-kept', 'x\u0000y']), 'E_INVALID_ITEM', /^ids\[1\] must not contain NUL/);
    await rejectsWithCode(() => SearchOnDevice.getItems(['a\ud800b']), 'E_INVALID_ITEM', /^ids\[0\] must be well-formed Unicode/);
    const [kept] = await SearchOnDevice.getItems(['ident-kept']);
    assert.strictEqual(kept.title, 'Kept', 'the refused deletes deleted nothing');
  });

  it("an activity's relatedUniqueIdentifier and activityType are checked the same way", async () => {
    await rejectsWithCode(() => SearchOnDevice.becomeCurrent({ activityType: 'org.example.view', title: 'x', relatedUniqueIdentifier: 'a\u0000b' }),
      'E_INVALID_ITEM', /^activity\.relatedUniqueIdentifier must not contain NUL/);
    await rejectsWithCode(() => SearchOnDevice.becomeCurrent({ activityType: 'org.example.view', title: 'x', relatedUniqueIdentifier: 'a\ud800b' }),
      'E_INVALID_ITEM', /^activity\.relatedUniqueIdentifier must be well-formed Unicode/);
    await rejectsWithCode(() => SearchOnDevice.becomeCurrent({ activityType: 'org.example\u0000view', title: 'x' }),
      'E_INVALID_ITEM', /^activity\.activityType must not contain NUL/);
  });

  it('other text may hold a NUL (it stays in the app; D-Bus gets U+FFFD instead)', async () => {
    await SearchOnDevice.indexItems([{ id: 'ident-text', title: 'Tab\u0000Title' }]);
    const [item] = await SearchOnDevice.getItems(['ident-text']);
    assert.strictEqual(item.title, 'Tab\u0000Title');
  });
});
