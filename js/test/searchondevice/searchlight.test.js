'use strict';
// The `searchlight` module: every export its index.d.ts declares, each passing
// through to SearchOnDevice, plus its own helpers (getItem, isSearchError,
// onRequest's unsubscribe, the constants).

const searchlight = require('searchlight');
const { assert, describe, it, SearchOnDevice, ids, rejectsWithCode } = require('./support');

// The exports js/modules/searchlight/index.d.ts declares; keep both in step.
const DECLARED_FUNCTIONS = [
  'indexItems', 'indexItem', 'deleteItemsWithIdentifiers', 'deleteItemsInDomains', 'deleteAllItems',
  'fetchLastClientState', 'getItems', 'getItem', 'search', 'query', 'userQuery', 'becomeCurrent', 'resignCurrent',
  'setIndexingPreference', 'getIndexingPreference', 'getInitialRequest', 'getConstants',
  'onRequest', 'onReindexRequest', 'isSearchError',
];
const DECLARED_CONSTANTS = ['ErrorCodes', 'IndexingPreferences'];

describe('searchlight', () => {
  it('exports exactly what index.d.ts declares', async () => {
    await searchlight.deleteAllItems();
    assert.deepStrictEqual(Object.keys(searchlight).sort(), DECLARED_FUNCTIONS.concat(DECLARED_CONSTANTS).sort());
    for (const name of DECLARED_FUNCTIONS) assert.strictEqual(typeof searchlight[name], 'function', name);
  });

  it('has the SPEC error codes and indexing preferences as frozen constants', () => {
    assert.deepStrictEqual(Object.values(searchlight.ErrorCodes).sort(), [
      'E_INDEX_UNAVAILABLE', 'E_INVALID_ARGUMENT', 'E_INVALID_CLIENT_STATE', 'E_INVALID_ITEM',
      'E_INVALID_QUERY', 'E_QUOTA_EXCEEDED',
    ]);
    assert.deepStrictEqual(Object.values(searchlight.IndexingPreferences).sort(), ['allRecords', 'disabled', 'viewedRecords']);
    assert.ok(Object.isFrozen(searchlight.ErrorCodes) && Object.isFrozen(searchlight.IndexingPreferences));
  });

  it('indexes, reads and stores the client state through the native module', async () => {
    const written = await searchlight.indexItems([
      { id: 'sl-1', title: 'Jollof rice', keywords: ['rice', 'tomato'] },
      { uniqueIdentifier: 'sl-2', title: 'Suya', contentDescription: 'Spiced beef skewers' },
    ], { clientState: 'sl-state' });
    assert.strictEqual(written, 2);
    assert.strictEqual(await searchlight.indexItem({ id: 'sl-3', title: 'Puff-puff' }), 1);
    assert.strictEqual(await searchlight.fetchLastClientState(), 'sl-state');
    assert.strictEqual((await searchlight.getItem('sl-2')).description, 'Spiced beef skewers');
    assert.strictEqual(await searchlight.getItem('sl-404'), null);
    assert.deepStrictEqual(ids(await searchlight.getItems(['sl-3', 'sl-1'])), ['sl-3', 'sl-1']);
  });

  it('searches and queries with options', async () => {
    assert.deepStrictEqual(ids(await searchlight.search('jollof')), ['sl-1']);
    assert.strictEqual((await searchlight.search('s', { limit: 1 })).length, 1);
    assert.deepStrictEqual(ids(await searchlight.query('title == "suya"c')), ['sl-2']);
    assert.strictEqual((await searchlight.query('title == "*"', { limit: 2 })).length, 2);
  });

  it('runs userQuery with its options, as the native module does', async () => {
    const result = await searchlight.userQuery('s', { limit: 1, suggestions: 2, sort: [{ attribute: 'title', order: 'desc' }] });
    assert.deepStrictEqual(ids(result.hits), ['sl-2']);
    assert.strictEqual(result.totalCount, 1);
    // The title's word first, then the shorter of the description's.
    assert.deepStrictEqual(result.suggestions, [{ text: 'suya', count: 1 }, { text: 'spiced', count: 1 }]);
    const wrapped = await searchlight.userQuery('jollof ri', { suggestions: 3 });
    const native = await SearchOnDevice.userQuery('jollof ri', { suggestions: 3 });
    assert.deepStrictEqual(ids(wrapped.hits), ids(native.hits));
    assert.deepStrictEqual(ids(wrapped.hits), ['sl-1']);
    assert.deepStrictEqual([wrapped.totalCount, wrapped.totalIsExact, wrapped.suggestions],
      [native.totalCount, native.totalIsExact, native.suggestions]);
    await rejectsWithCode(() => searchlight.userQuery('s', { suggestions: 'many' }), 'E_INVALID_ARGUMENT', /options\.suggestions/);
  });

  it('records activities and the indexing preference', async () => {
    await searchlight.becomeCurrent({ activityType: 'org.example.food.view', userInfo: { id: 'sl-1' }, eligibleForSearch: false });
    await searchlight.resignCurrent();
    await searchlight.setIndexingPreference(searchlight.IndexingPreferences.VIEWED_RECORDS);
    assert.strictEqual(await searchlight.getIndexingPreference(), 'viewedRecords');
    await searchlight.setIndexingPreference('allRecords');
  });

  it('answers getConstants() and getInitialRequest() as the native module does', async () => {
    assert.deepStrictEqual(searchlight.getConstants(), SearchOnDevice.getConstants());
    assert.strictEqual(await searchlight.getInitialRequest(), null);
  });

  it('deletes through the native module', async () => {
    assert.strictEqual(await searchlight.deleteItemsWithIdentifiers(['sl-3']), 1);
    await searchlight.indexItem({ id: 'sl-dom', domain: 'org.example.sl.sub' });
    assert.strictEqual(await searchlight.deleteItemsInDomains(['org.example.sl']), 1);
    assert.ok(await searchlight.deleteAllItems() >= 2, 'sl-1 and sl-2 were left');
    assert.deepStrictEqual(await searchlight.getItems(['sl-1', 'sl-2']), [null, null]);
    assert.strictEqual(await searchlight.fetchLastClientState(), null);
  });

  it('passes rejections through, recognisable with isSearchError', async () => {
    const error = await rejectsWithCode(() => searchlight.indexItem({ id: 'sl-bad', keywords: 5 }), 'E_INVALID_ITEM', /keywords/);
    assert.strictEqual(searchlight.isSearchError(error), true);
    assert.strictEqual(searchlight.isSearchError(error, 'E_INVALID_ITEM'), true);
    assert.strictEqual(searchlight.isSearchError(error, 'E_INVALID_QUERY'), false);
    const queryError = await rejectsWithCode(() => searchlight.query('title =='), 'E_INVALID_QUERY');
    assert.strictEqual(searchlight.isSearchError(queryError, searchlight.ErrorCodes.INVALID_QUERY), true);
    assert.strictEqual(searchlight.isSearchError(new Error('plain')), false);
    assert.strictEqual(searchlight.isSearchError({ code: 'ENOENT' }), false);
    assert.strictEqual(searchlight.isSearchError(null), false);
    assert.strictEqual(searchlight.isSearchError('E_INVALID_ITEM'), false);
  });

  it('returns an unsubscribe function from onRequest and onReindexRequest', () => {
    const unsubscribe = searchlight.onRequest(() => {});
    const unsubscribeReindex = searchlight.onReindexRequest(() => {});
    assert.strictEqual(typeof unsubscribe, 'function');
    unsubscribe();
    unsubscribe();
    unsubscribeReindex();
  });
});
