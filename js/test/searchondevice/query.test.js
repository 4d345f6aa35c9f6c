'use strict';
// query(queryString): CoreSpotlight's CSSearchQuery language (SPEC §4), the
// examples the SPEC says must work first, then each operator and modifier.

const { assert, describe, it, SearchOnDevice, DAY, ids, sortedIds } = require('./support');

async function matching(queryString, options) {
  return sortedIds(await SearchOnDevice.query(queryString, options));
}

describe('query', () => {
  it('starts from an index of known items', async () => {
    await SearchOnDevice.deleteAllItems();
    const now = Date.now();
    await SearchOnDevice.indexItems([
      {
        id: 'q-brent', title: 'Brent Reid', description: 'iOS developer in Paris', keywords: ['Trail', 'running'],
        domain: 'com.example.people', rankingHint: 80, contentCreationDate: now - 5 * DAY,
      },
      {
        id: 'q-ana', title: 'Ana Souza', description: 'Designer', keywords: ['trail'],
        domain: 'com.example.recipes', rankingHint: 60, contentCreationDate: now - 20 * DAY,
      },
      {
        id: 'q-paris', title: 'Paris-Brest', description: 'A pastry shaped like a wheel',
        domain: 'com.example.recipes', rankingHint: 40, contentCreationDate: now - 2 * DAY,
      },
      {
        id: 'q-brenda', title: 'brenda okoye', keywords: ['Sales'], domain: 'com.example.people', rankingHint: 55,
        attributes: { minutes: 120, narrator: 'Mori', tags: ['red', 'blue'] },
      },
      { id: 'q-creme', title: 'Crème brûlée', domain: 'com.example.recipes', rankingHint: 90 },
      { id: 'q-camel', title: 'QuickSortNotes', domain: 'com.example.notes', rankingHint: 20 },
      { id: 'q-quote', title: 'Say "hi" * twice', domain: 'com.example.notes' },
    ]);
  });

  describe('the examples of SPEC §4', () => {
    it('title == "brent*"cd', async () => {
      assert.deepStrictEqual(await matching('title == "brent*"cd'), ['q-brent']);
    });

    it('keywords == "trail"cd', async () => {
      assert.deepStrictEqual(await matching('keywords == "trail"cd'), ['q-ana', 'q-brent']);
    });

    it('title == "*paris*"cd || contentDescription == "*paris*"cd', async () => {
      assert.deepStrictEqual(await matching('title == "*paris*"cd || contentDescription == "*paris*"cd'), ['q-brent', 'q-paris']);
    });

    it('(domainIdentifier == "com.example.recipes" && rankingHint > 50)', async () => {
      assert.deepStrictEqual(await matching('(domainIdentifier == "com.example.recipes" && rankingHint > 50)'), ['q-ana', 'q-creme']);
    });

    it('InRange(contentCreationDate, $time.today(-10), $time.today)', async () => {
      assert.deepStrictEqual(await matching('InRange(contentCreationDate, $time.today(-10), $time.today)'), ['q-brent', 'q-paris']);
    });
  });

  describe('modifiers', () => {
    it('compares exactly without modifiers', async () => {
      assert.deepStrictEqual(await matching('title == "Brent Reid"'), ['q-brent']);
      assert.deepStrictEqual(await matching('title == "brent reid"'), []);
    });

    it('ignores case with c and diacritics with d, separately', async () => {
      assert.deepStrictEqual(await matching('title == "brent reid"c'), ['q-brent']);
      assert.deepStrictEqual(await matching('title == "creme brulee"cd'), ['q-creme']);
      assert.deepStrictEqual(await matching('title == "creme brulee"c'), [], 'without d, è is not e');
      assert.deepStrictEqual(await matching('title == "crème brûlée"d'), [], 'without c, c is not C');
      assert.deepStrictEqual(await matching('title == "Crème brulee"d'), ['q-creme']);
    });

    it('matches at word starts and case transitions with w', async () => {
      assert.deepStrictEqual(await matching('title == "reid"cw'), ['q-brent']);
      assert.deepStrictEqual(await matching('title == "okoye"cw'), ['q-brenda']);
      assert.deepStrictEqual(await matching('title == "sort"cw'), ['q-camel'], 'QuickSortNotes has a word at "Sort"');
      assert.deepStrictEqual(await matching('title == "eid"cw'), [], '"eid" starts no word');
    });

    it('accepts t (tokenized) alone and combined', async () => {
      assert.deepStrictEqual(await matching('title == "brent reid"ct'), ['q-brent']);
      assert.deepStrictEqual(await matching('title == "brent*"cdwt'), ['q-brent']);
    });
  });

  describe('operators and values', () => {
    it('puts * wildcards anywhere', async () => {
      assert.deepStrictEqual(await matching('title == "*Reid"'), ['q-brent']);
      assert.deepStrictEqual(await matching('title == "B*t R*"'), ['q-brent']);
      assert.deepStrictEqual(await matching('contentDescription == "*pastry*"'), ['q-paris']);
    });

    it('escapes quotes and stars with a backslash', async () => {
      assert.deepStrictEqual(await matching('title == "Say \\"hi\\" \\* twice"'), ['q-quote']);
      assert.deepStrictEqual(await matching('title == "Say \\"hi\\" \\**"'), ['q-quote']);
      assert.deepStrictEqual(await matching('title == "\\*"'), [], 'an escaped star is a literal star');
    });

    it('compares numbers with == != < > <= >=', async () => {
      assert.deepStrictEqual(await matching('rankingHint == 80'), ['q-brent']);
      assert.deepStrictEqual(await matching('rankingHint >= 80'), ['q-brent', 'q-creme']);
      assert.deepStrictEqual(await matching('rankingHint > 80'), ['q-creme']);
      assert.deepStrictEqual(await matching('rankingHint < 40'), ['q-camel']);
      assert.deepStrictEqual(await matching('rankingHint <= 40'), ['q-camel', 'q-paris']);
      assert.deepStrictEqual(await matching('rankingHint != 80 && rankingHint > 55'), ['q-ana', 'q-creme']);
      assert.deepStrictEqual(await matching('InRange(rankingHint, 50, 60)'), ['q-ana', 'q-brenda']);
    });

    it('negates a text comparison with !=', async () => {
      assert.deepStrictEqual(await matching('domainIdentifier == "com.example.people" && title != "Brent Reid"'), ['q-brenda']);
    });

    it('groups with parentheses before && and ||', async () => {
      assert.deepStrictEqual(
        await matching('domainIdentifier == "com.example.people" && (rankingHint > 70 || keywords == "sales"c)'),
        ['q-brenda', 'q-brent']);
      assert.deepStrictEqual(
        await matching('(domainIdentifier == "com.example.people" && rankingHint > 70) || keywords == "sales"c'),
        ['q-brenda', 'q-brent']);
      assert.deepStrictEqual(
        await matching('domainIdentifier == "com.example.notes" || rankingHint > 85 && title == "Crème*"'),
        ['q-camel', 'q-creme', 'q-quote'], '&& binds tighter than ||');
    });

    it('searches any text attribute with *', async () => {
      assert.deepStrictEqual(await matching('* == "*pastry*"cd'), ['q-paris']);
      assert.deepStrictEqual(await matching('* == "sales"c'), ['q-brenda']);
    });

    it('reads uniqueIdentifier and domainIdentifier', async () => {
      assert.deepStrictEqual(await matching('uniqueIdentifier == "q-ana"'), ['q-ana']);
      assert.deepStrictEqual(await matching('domainIdentifier == "com.example.notes"'), ['q-camel', 'q-quote']);
    });

    it('reads custom attributes', async () => {
      assert.deepStrictEqual(await matching('narrator == "mori"c'), ['q-brenda']);
      assert.deepStrictEqual(await matching('minutes > 100'), ['q-brenda']);
      assert.deepStrictEqual(await matching('minutes < 100'), []);
      assert.deepStrictEqual(await matching('tags == "blue"'), ['q-brenda'], 'an array matches when one element does');
    });
  });

  describe('dates', () => {
    it('compares with $time.now and offsets in seconds', async () => {
      assert.deepStrictEqual(await matching(`contentCreationDate > $time.now(-${3 * 86400})`), ['q-paris']);
      assert.deepStrictEqual(await matching('contentCreationDate < $time.now'), ['q-ana', 'q-brent', 'q-paris']);
    });

    it('compares with $time.today offsets in days and the named ranges', async () => {
      assert.deepStrictEqual(await matching('contentCreationDate >= $time.today(-7)'), ['q-brent', 'q-paris']);
      assert.deepStrictEqual(await matching('contentCreationDate >= $time.today'), []);
      assert.deepStrictEqual(await matching('contentCreationDate < $time.yesterday'), ['q-ana', 'q-brent', 'q-paris']);
      for (const name of ['this_week', 'this_month', 'this_year']) {
        const found = await matching(`contentCreationDate < $time.${name}(1)`);
        assert.deepStrictEqual(found, ['q-ana', 'q-brent', 'q-paris'], `everything was created before next ${name}`);
      }
    });

    it('reads $time.iso', async () => {
      assert.deepStrictEqual(await matching('contentCreationDate > $time.iso("2000-01-01T00:00:00Z")'), ['q-ana', 'q-brent', 'q-paris']);
      assert.deepStrictEqual(await matching('contentCreationDate < $time.iso("2000-01-01T00:00:00Z")'), []);
    });

    it('reads expirationDate too', async () => {
      assert.deepStrictEqual((await matching('expirationDate > $time.now')).length, 7);
    });
  });

  describe('options', () => {
    it('limits the number of results', async () => {
      assert.strictEqual((await SearchOnDevice.query('rankingHint > 0', { limit: 2 })).length, 2);
      assert.strictEqual((await SearchOnDevice.query('rankingHint > 0')).length, 6);
    });

    it('returns the requested attributes', async () => {
      const [item] = await SearchOnDevice.query('uniqueIdentifier == "q-brent"', { attributes: ['title', 'keywords'] });
      assert.strictEqual(item.id, 'q-brent');
      assert.strictEqual(item.title, 'Brent Reid');
      assert.deepStrictEqual(item.keywords, ['Trail', 'running']);
      assert.ok(item.description == null, 'attributes not asked for are left out');
    });

    it('returns items in the output shape', async () => {
      const [item] = await SearchOnDevice.query('uniqueIdentifier == "q-paris"');
      assert.strictEqual(item.title, 'Paris-Brest');
      assert.strictEqual(item.domain, 'com.example.recipes');
      assert.strictEqual(typeof item.contentCreationDate, 'number');
      assert.ok('thumbnail' in item);
      assert.deepStrictEqual(ids([item]), ['q-paris']);
    });
  });
});
