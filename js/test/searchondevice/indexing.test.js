'use strict';
// Writing items and reading them back: the output shape, aliases, defaults,
// dates, thumbnails, and isUpdate's merge versus replace (SPEC §3).

const {
  assert, describe, it, SearchOnDevice, DAY, COVER_PATH, COVER_BASE64, ids,
} = require('./support');

async function getItem(id) {
  const [item] = await SearchOnDevice.getItems([id]);
  return item;
}

describe('indexing items', () => {
  it('starts from an empty index', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.deepStrictEqual(await SearchOnDevice.getItems(['ix-1']), [null]);
  });

  it('stores every field and returns it in the output shape', async () => {
    const created = Date.UTC(2026, 0, 31, 12, 0, 0);
    const item = {
      id: 'ix-1',
      title: 'Spaghetti Carbonara',
      description: 'Eggs, pecorino, guanciale',
      keywords: ['pasta', 'italian'],
      domain: 'org.example.recipes',
      contentType: 'public.item',
      url: 'foodbuds://recipes/ix-1',
      displayName: 'Carbonara',
      alternateNames: ['Pasta alla carbonara'],
      textContent: 'Whisk the eggs with the cheese.',
      phoneNumbers: ['+39 02 5550 1234'],
      emailAddresses: ['marco@example.org'],
      supportsPhoneCall: true,
      rankingHint: 70,
      contentCreationDate: created,
      contentModificationDate: new Date(created + 1000),
      expirationDate: '2100-01-01T00:00:00Z',
      attributes: { servings: 2, vegetarian: false, tags: ['quick', 'classic'], origin: 'Rome' },
    };
    assert.strictEqual(await SearchOnDevice.indexItem(item), 1);
    const stored = await getItem('ix-1');
    for (const key of ['id', 'title', 'description', 'domain', 'contentType', 'url', 'displayName',
      'textContent', 'supportsPhoneCall', 'rankingHint']) {
      assert.strictEqual(stored[key], item[key], key);
    }
    for (const key of ['keywords', 'alternateNames', 'phoneNumbers', 'emailAddresses', 'attributes']) {
      assert.deepStrictEqual(stored[key], item[key], key);
    }
    assert.strictEqual(stored.contentCreationDate, created, 'ms since the epoch stay ms');
    assert.strictEqual(stored.contentModificationDate, created + 1000, 'a Date becomes ms');
    assert.strictEqual(stored.expirationDate, Date.UTC(2100, 0, 1), 'ISO-8601 becomes ms');
    assert.strictEqual(stored.thumbnail, null, 'no image, no thumbnail');
    assert.ok(!('isUpdate' in stored) || stored.isUpdate === undefined, 'isUpdate is an instruction, not a field');
    assert.ok(!('score' in stored), 'only search hits carry a score');
  });

  it('defaults the domain to the app id and the expiration to 30 days after indexing', async () => {
    const before = Date.now();
    await SearchOnDevice.indexItem({ id: 'ix-defaults', title: 'Defaults' });
    const after = Date.now();
    const stored = await getItem('ix-defaults');
    assert.strictEqual(stored.domain, SearchOnDevice.getConstants().appId);
    assert.strictEqual(typeof stored.expirationDate, 'number');
    assert.ok(stored.expirationDate >= before + 30 * DAY - 1000 && stored.expirationDate <= after + 30 * DAY + 1000,
      `expirationDate ${new Date(stored.expirationDate).toISOString()} is 30 days after indexing`);
  });

  it('accepts the iOS packages\' aliases and returns the primary keys', async () => {
    await SearchOnDevice.indexItems([
      {
        uniqueIdentifier: 'ix-alias-1',
        contentDescription: 'A sweet and juicy fruit.',
        domainIdentifier: 'org.example.fruit',
        thumbnailUri: COVER_PATH,
        title: 'Strawberry',
      },
      { uniqueIdentifier: 'ix-alias-2', title: 'Kiwi', thumbnailURL: `file://${COVER_PATH}` },
    ]);
    const [first, second] = await SearchOnDevice.getItems(['ix-alias-1', 'ix-alias-2']);
    assert.strictEqual(first.id, 'ix-alias-1');
    assert.strictEqual(first.description, 'A sweet and juicy fruit.');
    assert.strictEqual(first.domain, 'org.example.fruit');
    assert.strictEqual(typeof first.thumbnail, 'string', 'thumbnailUri is fetched into a thumbnail');
    for (const alias of ['uniqueIdentifier', 'contentDescription', 'domainIdentifier', 'thumbnailUri']) {
      assert.ok(first[alias] === undefined, `${alias} is not repeated in the output`);
    }
    assert.strictEqual(second.id, 'ix-alias-2');
    assert.strictEqual(typeof second.thumbnail, 'string', 'thumbnailURL (file://) is fetched into a thumbnail');
  });

  it('stores a thumbnail from an absolute path, a data: URL and base64 thumbnailData', async () => {
    await SearchOnDevice.indexItems([
      { id: 'ix-thumb-path', imageUrl: COVER_PATH },
      { id: 'ix-thumb-data-url', imageUrl: `data:image/png;base64,${COVER_BASE64}` },
      { id: 'ix-thumb-base64', thumbnailData: COVER_BASE64 },
      { id: 'ix-thumb-prefixed', thumbnailData: `data:image/png;base64,${COVER_BASE64}` },
    ]);
    const items = await SearchOnDevice.getItems(['ix-thumb-path', 'ix-thumb-data-url', 'ix-thumb-base64', 'ix-thumb-prefixed']);
    for (const item of items) {
      assert.strictEqual(typeof item.thumbnail, 'string', `${item.id} has a thumbnail`);
      assert.ok(item.thumbnail.startsWith('/'), `${item.id}: the thumbnail is a file path`);
    }
  });

  it('indexes an item whose image cannot be fetched, without a thumbnail', async () => {
    const written = await SearchOnDevice.indexItems([
      { id: 'ix-thumb-missing', title: 'No cover', imageUrl: `${COVER_PATH}.does-not-exist.png` },
    ]);
    assert.strictEqual(written, 1);
    const stored = await getItem('ix-thumb-missing');
    assert.strictEqual(stored.title, 'No cover');
    assert.strictEqual(stored.thumbnail, null);
  });

  it('replaces a stored item when isUpdate is absent or false', async () => {
    await SearchOnDevice.indexItem({ id: 'ix-replace', title: 'Old', description: 'old text', keywords: ['a'] });
    await SearchOnDevice.indexItem({ id: 'ix-replace', title: 'New' });
    const stored = await getItem('ix-replace');
    assert.strictEqual(stored.title, 'New');
    assert.ok(stored.description == null, 'description is gone');
    assert.ok(stored.keywords == null || stored.keywords.length === 0, 'keywords are gone');
    await SearchOnDevice.indexItem({ id: 'ix-replace', title: 'Newer', isUpdate: false });
    assert.strictEqual((await getItem('ix-replace')).title, 'Newer');
  });

  it('merges into the stored item when isUpdate is true, a null field removing it', async () => {
    await SearchOnDevice.indexItem({
      id: 'ix-merge', title: 'Brent Reid', description: 'Engineering', keywords: ['swift'], rankingHint: 10,
    });
    assert.strictEqual(await SearchOnDevice.indexItem({ id: 'ix-merge', isUpdate: true, description: null, rankingHint: 90 }), 1);
    const stored = await getItem('ix-merge');
    assert.strictEqual(stored.title, 'Brent Reid', 'untouched fields stay');
    assert.deepStrictEqual(stored.keywords, ['swift']);
    assert.strictEqual(stored.rankingHint, 90, 'given fields change');
    assert.ok(stored.description == null, 'a null field is removed');
    const hits = await SearchOnDevice.search('engineering');
    assert.ok(!ids(hits).includes('ix-merge'), 'the removed description is no longer searchable');
  });

  it('creates the item when isUpdate is true and nothing is stored yet', async () => {
    await SearchOnDevice.indexItem({ id: 'ix-merge-new', isUpdate: true, title: 'Fresh' });
    assert.strictEqual((await getItem('ix-merge-new')).title, 'Fresh');
  });

  it('returns null for unknown ids, in the order asked', async () => {
    const items = await SearchOnDevice.getItems(['ix-unknown', 'ix-merge', 'ix-unknown-2', 'ix-replace']);
    assert.deepStrictEqual(items.map((item) => item && item.id), [null, 'ix-merge', null, 'ix-replace']);
    assert.deepStrictEqual(await SearchOnDevice.getItems([]), []);
  });

  it('keeps Unicode text exactly', async () => {
    const title = 'Crème brûlée 🍮 腾讯新闻 オーディオブック';
    await SearchOnDevice.indexItem({ id: 'ix-unicode-é', title });
    const stored = await getItem('ix-unicode-é');
    assert.strictEqual(stored.id, 'ix-unicode-é');
    assert.strictEqual(stored.title, title);
  });
});
