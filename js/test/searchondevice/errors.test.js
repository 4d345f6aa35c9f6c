'use strict';
// Bad input: every entry point rejects with a coded Error naming the field or
// position, and leaves the stored data unchanged (SPEC §3, E_* codes).

const { assert, describe, it, test, SearchOnDevice, rejectsWithCode } = require('./support');

const GOOD = { id: 'err-good', title: 'A good item' };

async function stillUntouched() {
  const [good] = await SearchOnDevice.getItems(['err-good']);
  assert.ok(good !== null, 'the item stored before is still there');
  assert.strictEqual(good.title, 'A good item', 'and unchanged');
}

describe('E_INVALID_ITEM', () => {
  it('starts from an index holding one good item', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(await SearchOnDevice.indexItem(GOOD), 1);
  });

  const cases = [
    ['a missing id', {}, /items\[0\]\.id/],
    ['an empty id', { id: '' }, /items\[0\]\.id/],
    ['a numeric id', { id: 7 }, /items\[0\]\.id/],
    ['a numeric title', { id: 'err-x', title: 42 }, /items\[0\]\.title/],
    ['keywords that are not an array', { id: 'err-x', keywords: 'a, b' }, /items\[0\]\.keywords/],
    ['keywords holding a number', { id: 'err-x', keywords: ['a', 3] }, /items\[0\]\.keywords/],
    ['phoneNumbers as a string', { id: 'err-x', phoneNumbers: '+1 555' }, /items\[0\]\.phoneNumbers/],
    ['supportsPhoneCall as a string', { id: 'err-x', supportsPhoneCall: 'yes' }, /items\[0\]\.supportsPhoneCall/],
    ['rankingHint above 100', { id: 'err-x', rankingHint: 101 }, /items\[0\]\.rankingHint/],
    ['rankingHint below 0', { id: 'err-x', rankingHint: -1 }, /items\[0\]\.rankingHint/],
    ['rankingHint as text', { id: 'err-x', rankingHint: 'high' }, /items\[0\]\.rankingHint/],
    ['an unreadable date', { id: 'err-x', expirationDate: 'next tuesday' }, /items\[0\]\.expirationDate/],
    ['a date of the wrong type', { id: 'err-x', contentCreationDate: true }, /items\[0\]\.contentCreationDate/],
    ['a relative image path', { id: 'err-x', imageUrl: 'images/cover.png' }, /items\[0\]\.imageUrl/],
    ['an unsupported image scheme', { id: 'err-x', imageUrl: 'ftp://example.org/c.png' }, /items\[0\]\.imageUrl/],
    ['thumbnailData that is not base64', { id: 'err-x', thumbnailData: 'not base64 at all!' }, /items\[0\]\.thumbnailData/],
    ['an unknown key', { id: 'err-x', colour: 'red' }, /items\[0\]\.colour/],
    ['a custom attribute key with a dash', { id: 'err-x', attributes: { 'bad-key': 1 } }, /items\[0\]\.attributes/],
    ['a nested custom attribute value', { id: 'err-x', attributes: { nested: { a: 1 } } }, /items\[0\]\.attributes.*nested/],
    ['isUpdate as a string', { id: 'err-x', isUpdate: 'yes' }, /items\[0\]\.isUpdate/],
    ['an item that is not an object', 42, /items\[0\]/],
    ['a null item', null, /items\[0\]/],
  ];
  for (const [what, item, pattern] of cases) {
    it(`rejects ${what}, naming the field`, async () => {
      await rejectsWithCode(() => SearchOnDevice.indexItems([item]), 'E_INVALID_ITEM', pattern);
      await stillUntouched();
    });
  }

  it('writes nothing from a batch with one invalid item', async () => {
    const batch = [
      { id: 'err-batch-0', title: 'zero' },
      { id: 'err-batch-1', title: 'one' },
      { id: 'err-batch-2', title: 'two', keywords: [null] },
      { id: 'err-good', title: 'would overwrite the good item' },
    ];
    await rejectsWithCode(() => SearchOnDevice.indexItems(batch), 'E_INVALID_ITEM', /items\[2\]\.keywords/);
    assert.deepStrictEqual(await SearchOnDevice.getItems(['err-batch-0', 'err-batch-1', 'err-batch-2']), [null, null, null]);
    await stillUntouched();
    assert.deepStrictEqual(await SearchOnDevice.search('zero'), []);
  });

  it('names the field of indexItem\'s single item too', async () => {
    await rejectsWithCode(() => SearchOnDevice.indexItem({ id: 'err-one', title: ['not', 'text'] }), 'E_INVALID_ITEM', /title/);
    assert.deepStrictEqual(await SearchOnDevice.getItems(['err-one']), [null]);
  });
});

describe('E_INVALID_ARGUMENT', () => {
  const cases = [
    ['indexItems without an array', () => SearchOnDevice.indexItems({ id: 'err-x' })],
    ['indexItems with nothing', () => SearchOnDevice.indexItems()],
    ['indexItems with options that are not an object', () => SearchOnDevice.indexItems([{ id: 'err-x' }], 'fast')],
    ['deleteItemsWithIdentifiers with a string', () => SearchOnDevice.deleteItemsWithIdentifiers('err-good')],
    ['deleteItemsWithIdentifiers with a number inside', () => SearchOnDevice.deleteItemsWithIdentifiers(['err-good', 5])],
    ['deleteItemsInDomains with null', () => SearchOnDevice.deleteItemsInDomains(null)],
    ['getItems with a string', () => SearchOnDevice.getItems('err-good')],
    ['search with a number', () => SearchOnDevice.search(42)],
    ['search with a negative limit', () => SearchOnDevice.search('good', { limit: -1 })],
    ['search with a limit as text', () => SearchOnDevice.search('good', { limit: 'ten' })],
    ['search with a negative offset', () => SearchOnDevice.search('good', { offset: -3 })],
    ['search with domains as a string', () => SearchOnDevice.search('good', { domains: 'org.example' })],
    ['search with an unknown option', () => SearchOnDevice.search('good', { limt: 5 })],
    ['query with a number', () => SearchOnDevice.query(42)],
    ['query with a limit as text', () => SearchOnDevice.query('title == "x"', { limit: 'all' })],
    ['becomeCurrent with a string', () => SearchOnDevice.becomeCurrent('viewing')],
    ['setIndexingPreference with an unknown value', () => SearchOnDevice.setIndexingPreference('sometimes')],
  ];
  for (const [what, run] of cases) {
    it(`rejects ${what}`, async () => {
      await rejectsWithCode(run, 'E_INVALID_ARGUMENT');
      await stillUntouched();
    });
  }

  it('names the offending identifier', async () => {
    await rejectsWithCode(() => SearchOnDevice.deleteItemsWithIdentifiers(['err-good', 5]), 'E_INVALID_ARGUMENT', /\[1\]/);
  });

  it('rejects a value that cannot cross the bridge, naming its path', async () => {
    await rejectsWithCode(() => SearchOnDevice.indexItems([{ id: 'err-fn', title: () => 'x' }]), 'E_INVALID_ARGUMENT', /title/);
    assert.deepStrictEqual(await SearchOnDevice.getItems(['err-fn']), [null]);
  });

  it('keeps the indexing preference after an invalid one', async () => {
    const before = await SearchOnDevice.getIndexingPreference();
    await rejectsWithCode(() => SearchOnDevice.setIndexingPreference('ALLRECORDS'), 'E_INVALID_ARGUMENT');
    assert.strictEqual(await SearchOnDevice.getIndexingPreference(), before);
  });
});

describe('E_INVALID_CLIENT_STATE', () => {
  it('rejects a client state over 250 bytes and writes neither it nor the items', async () => {
    await SearchOnDevice.indexItems([{ id: 'err-cs-0' }], { clientState: 'kept' });
    await rejectsWithCode(
      () => SearchOnDevice.indexItems([{ id: 'err-cs-1' }], { clientState: 'x'.repeat(251) }),
      'E_INVALID_CLIENT_STATE', /250/);
    assert.deepStrictEqual(await SearchOnDevice.getItems(['err-cs-1']), [null]);
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'kept');
  });

  it('counts bytes, not characters (84 × 日 is 252 bytes of UTF-8)', async () => {
    await rejectsWithCode(
      () => SearchOnDevice.indexItems([{ id: 'err-cs-2' }], { clientState: '日'.repeat(84) }),
      'E_INVALID_CLIENT_STATE');
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), 'kept');
  });

  it('rejects a client state that is not a string', async () => {
    await rejectsWithCode(
      () => SearchOnDevice.indexItems([{ id: 'err-cs-3' }], { clientState: 12 }),
      'E_INVALID_CLIENT_STATE');
    assert.deepStrictEqual(await SearchOnDevice.getItems(['err-cs-3']), [null]);
  });
});

describe('E_INVALID_QUERY', () => {
  it('gives the position of an unterminated string', async () => {
    // `title == "abc` — the string opens at offset 9 and is never closed.
    await rejectsWithCode(() => SearchOnDevice.query('title == "abc'), 'E_INVALID_QUERY', /\b(9|10|13|14)\b/);
  });

  it('gives the position of an unknown operator', async () => {
    // `title ~= "x"` — the operator starts at offset 6 (column 7).
    await rejectsWithCode(() => SearchOnDevice.query('title ~= "x"'), 'E_INVALID_QUERY', /\b[67]\b/);
  });

  it('gives the position of a dangling &&', async () => {
    // `title == "x" && && title == "y"` — the second && is at offset 16 (column 17).
    await rejectsWithCode(() => SearchOnDevice.query('title == "x" && && title == "y"'), 'E_INVALID_QUERY', /\b1[67]\b/);
  });

  it('rejects other malformed queries', async () => {
    for (const bad of ['title ==', '(title == "x"', 'title == "x")', 'InRange(title)',
      'contentCreationDate > $time.someday', 'title == "x"q', 'rankingHint > "x" &&']) {
      await rejectsWithCode(() => SearchOnDevice.query(bad), 'E_INVALID_QUERY');
    }
  });
});

describe('E_INDEX_UNAVAILABLE and E_QUOTA_EXCEEDED', () => {
  // Neither can be provoked from JS: E_INDEX_UNAVAILABLE needs an unusable
  // data directory or database file, E_QUOTA_EXCEEDED a full disk or the
  // host's index size limit. JS has no file system access here, so these codes
  // are covered by the Swift tests of SearchIndex and SearchOnDevice. What JS
  // can check is that huge input gets an answer with one of the documented
  // codes or is stored whole (see "huge input" below).
  const note = 'E_INDEX_UNAVAILABLE / E_QUOTA_EXCEEDED cannot be provoked from JS (see the comment)';
  if (typeof test.skip === 'function') test.skip(note, () => {});
});

describe('huge input', () => {
  it('stores a 1 MB title whole or rejects it with a coded error naming the field', { timeout: 120000 }, async () => {
    const title = 'lorem ipsum '.repeat(90000); // about 1 MB
    let outcome;
    try {
      outcome = { written: await SearchOnDevice.indexItem({ id: 'err-huge', title }) };
    } catch (error) {
      outcome = { error };
    }
    if (outcome.error) {
      assert.ok(['E_INVALID_ITEM', 'E_QUOTA_EXCEEDED'].includes(outcome.error.code), `code: ${outcome.error.code}`);
      assert.match(outcome.error.message, /title/);
      assert.deepStrictEqual(await SearchOnDevice.getItems(['err-huge']), [null]);
    } else {
      assert.strictEqual(outcome.written, 1);
      const [stored] = await SearchOnDevice.getItems(['err-huge']);
      assert.strictEqual(stored.title.length, title.length);
      assert.strictEqual(stored.title, title);
    }
    await stillUntouched();
  });

  it('answers a 20 000-term search text', { timeout: 120000 }, async () => {
    const text = Array.from({ length: 20000 }, (_, index) => `w${index}`).join(' ');
    let hits;
    try {
      hits = await SearchOnDevice.search(text);
    } catch (error) {
      assert.ok(typeof error.code === 'string' && error.code.startsWith('E_'), `a coded error: ${error.message}`);
      return;
    }
    assert.deepStrictEqual(hits, []);
  });
});
