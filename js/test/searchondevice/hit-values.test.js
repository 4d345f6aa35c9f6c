'use strict';
// Search hits carry an item's values exactly as getItems returns them (and as they
// were indexed): the hits are written as JSON text off the JS thread, straight from
// the search's results, so every kind of text and number is checked here.

const { assert, describe, it, SearchOnDevice } = require('./support');

const ITEM_KEYS = ['id', 'title', 'description', 'keywords', 'thumbnail', 'domain', 'contentType', 'url',
  'displayName', 'alternateNames', 'textContent', 'phoneNumbers', 'emailAddresses', 'supportsPhoneCall',
  'rankingHint', 'contentCreationDate', 'contentModificationDate', 'expirationDate', 'attributes'];
const HIT_KEYS = ITEM_KEYS.concat(['score', 'scoreDetails', 'highlights']);

const attributes = JSON.parse('{"__proto__": "kept as data", "zeta": -2.5}');
attributes.tags = ['naïve', '日本語', '😀'];
attributes.count = 9007199254740991;
attributes.tiny = 5e-324;
attributes.flag = false;

const items = [
  {
    id: 'hv-latin', title: 'Crème brûlée quillwort', description: 'Café « au lait », ÿ and \u00a0 nbsp',
    keywords: ['quillwort', 'Ängström'], domain: 'org.example.hv', rankingHint: 0.125,
    contentCreationDate: 1700000000123, attributes,
  },
  {
    id: 'hv-wide', title: '中文 quillwort 日本語', description: 'Ā astral 𝄞 and \u2028 separators \u2029 \ufeff',
    alternateNames: ['Ω quillwort', ''], domain: 'org.example.hv', rankingHint: 99.99,
  },
  {
    id: 'hv-escapes', title: 'quillwort "quoted" back\\slash', description: 'tab\there\nnew line\r\u0001\u001f\u007f',
    keywords: ['a"b', 'c\\d'], url: 'https://example.org/?q="x"&y=\\', domain: 'org.example.hv',
    phoneNumbers: ['+1 (555) 010-9999'], emailAddresses: ['ana@example.org'], supportsPhoneCall: true,
    attributes: { mixed: [1, 'x', true, 0.5], negative: -1e21, fraction: 0.1 },
  },
];

describe('search hit values', () => {
  it('starts from an index of awkward items', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(await SearchOnDevice.indexItems(items), items.length);
  });

  it('carries every field exactly as getItems does, in SPEC order', async () => {
    const hits = await SearchOnDevice.search('quillwort', { limit: 20 });
    assert.deepStrictEqual(hits.map((hit) => hit.id).sort(), items.map((item) => item.id).sort());
    const stored = await SearchOnDevice.getItems(items.map((item) => item.id));
    for (const hit of hits) {
      assert.deepStrictEqual(Object.keys(hit), HIT_KEYS, hit.id);
      assert.strictEqual(Object.getPrototypeOf(hit), Object.prototype);
      const item = stored.find((entry) => entry.id === hit.id);
      for (const key of ITEM_KEYS) assert.deepStrictEqual(hit[key], item[key], `${hit.id}.${key}`);
      const given = items.find((entry) => entry.id === hit.id);
      for (const key of ['title', 'description', 'keywords', 'alternateNames', 'url', 'rankingHint',
        'phoneNumbers', 'emailAddresses', 'supportsPhoneCall', 'contentCreationDate']) {
        if (key in given) assert.deepStrictEqual(hit[key], given[key], `${hit.id}.${key} as indexed`);
      }
      assert.strictEqual(typeof hit.score, 'number');
      assert.strictEqual(hit.scoreDetails.bestField.length > 0, true);
    }
    const escapes = hits.find((hit) => hit.id === 'hv-escapes');
    assert.deepStrictEqual(escapes.attributes, { fraction: 0.1, mixed: [1, 'x', true, 0.5], negative: -1e21 });
  });

  it('keeps a __proto__ attribute as data and numbers exact', async () => {
    const [hit] = await SearchOnDevice.search('crème', { limit: 1 });
    assert.strictEqual(hit.id, 'hv-latin');
    const a = hit.attributes;
    assert.ok(Object.prototype.hasOwnProperty.call(a, '__proto__'), '__proto__ is an own key');
    assert.strictEqual(Object.getPrototypeOf(a), Object.prototype, 'the prototype is untouched');
    assert.strictEqual(a['__proto__'], 'kept as data');
    assert.deepStrictEqual(Object.keys(a), ['__proto__', 'count', 'flag', 'tags', 'tiny', 'zeta'], 'sorted keys');
    assert.strictEqual(a.zeta, -2.5);
    assert.strictEqual(a.count, 9007199254740991);
    assert.strictEqual(a.tiny, 5e-324);
    assert.strictEqual(a.flag, false);
    assert.deepStrictEqual(a.tags, ['naïve', '日本語', '😀']);
    assert.strictEqual(hit.rankingHint, 0.125);
  });

  it('gives highlights as UTF-16 ranges of the text JS sees', async () => {
    const [hit] = await SearchOnDevice.search('astral', { limit: 1 });
    assert.strictEqual(hit.id, 'hv-wide');
    const [[start, end]] = hit.highlights.description;
    assert.strictEqual(hit.description.slice(start, end), 'astral');
    const [escaped] = await SearchOnDevice.search('slash', { limit: 1 });
    assert.strictEqual(escaped.id, 'hv-escapes');
    const [[from, to]] = escaped.highlights.title;
    assert.strictEqual(escaped.title.slice(from, to).toLowerCase(), 'slash');
  });

  it('answers userQuery with the same hits', async () => {
    const answer = await SearchOnDevice.userQuery('quillwort', { limit: 20 });
    const hits = await SearchOnDevice.search('quillwort', { limit: 20 });
    assert.deepStrictEqual(Object.keys(answer), ['hits', 'totalCount', 'totalIsExact', 'matching', 'suggestions']);
    // Scores move with the clock (recency), the rest is the same.
    const fixed = (list) => list.map(({ score, scoreDetails, ...rest }) => ({ ...rest, bestField: scoreDetails.bestField }));
    assert.deepStrictEqual(fixed(answer.hits), fixed(hits));
    assert.strictEqual(answer.totalCount, 3);
  });
});
