'use strict';
// userQuery(text, options): CoreSpotlight's CSUserQuery through the real bridge
// (SPEC §3, §5): a page of hits with its total, filter, sort, offset, typo
// tolerance, and suggestions (completions of the text with the items each finds).
// Every option's bad input is refused with a coded error naming it.

const { assert, describe, it, SearchOnDevice, ids, sortedIds, rejectsWithCode, DAY } = require('./support');

const RECIPES = 'org.example.recipes';
const DRINKS = 'org.example.drinks';

const ITEMS = [
  { id: 'uq-dark', title: 'Dark chocolate cake', keywords: ['dessert', 'chocolate'], domain: RECIPES,
    rankingHint: 10, contentCreationDate: Date.UTC(2026, 0, 3) },
  { id: 'uq-chip', title: 'Chocolate chip cookies', keywords: ['baking'], domain: RECIPES,
    rankingHint: 80, contentCreationDate: Date.UTC(2026, 0, 1) },
  { id: 'uq-hot', title: 'Hot chocolate', description: 'A warm drink for winter', domain: DRINKS,
    rankingHint: 40, contentCreationDate: Date.UTC(2026, 0, 2) },
  { id: 'uq-soup', title: 'Chowder', description: 'A chocolate-free soup', domain: RECIPES,
    rankingHint: 20, contentCreationDate: Date.UTC(2025, 11, 30) },
  { id: 'uq-tour', title: 'Chocolatier tour', domain: 'org.example.places',
    rankingHint: 5, contentCreationDate: Date.UTC(2025, 11, 31) },
  // Never counted nor returned: expired.
  { id: 'uq-old', title: 'Chocolate truffles', domain: RECIPES, expirationDate: Date.now() - DAY },
];

async function unchanged() {
  const all = await SearchOnDevice.userQuery('choc', { limit: 50 });
  assert.deepStrictEqual(sortedIds(all.hits), ['uq-chip', 'uq-dark', 'uq-hot', 'uq-soup', 'uq-tour']);
  assert.strictEqual(all.totalCount, 5);
}

describe('userQuery', () => {
  it('starts from an index of known items and one searchable activity', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(await SearchOnDevice.indexItems(ITEMS), ITEMS.length);
    // An activity eligible for search is searchable by the system search, but
    // in-app search and its suggestions count items only.
    await SearchOnDevice.becomeCurrent({
      activityType: 'org.example.view', title: 'Chocolate fondue evening', eligibleForSearch: true,
    });
  });

  it('resolves to { hits, totalCount, totalIsExact, matching, suggestions }', async () => {
    const result = await SearchOnDevice.userQuery('chocolate', { typoTolerance: false });
    assert.deepStrictEqual(Object.keys(result).sort(), ['hits', 'matching', 'suggestions', 'totalCount', 'totalIsExact']);
    assert.strictEqual(result.matching, 'all', 'one term: nothing to drop');
    // Not `Chocolatier`, not the expired truffles, not the activity.
    assert.deepStrictEqual(sortedIds(result.hits), ['uq-chip', 'uq-dark', 'uq-hot', 'uq-soup']);
    assert.strictEqual(result.totalCount, 4);
    assert.strictEqual(result.totalIsExact, true);
    assert.deepStrictEqual(result.suggestions, [], 'no suggestions unless asked for');
    for (const hit of result.hits) {
      assert.strictEqual(typeof hit.score, 'number');
      assert.strictEqual(typeof hit.highlights, 'object');
    }
  });

  it('forgives typos by default (SPEC §5), and not with typoTolerance: false', async () => {
    // `chocolte` (one letter dropped) is one edit from `chocolate`.
    const forgiving = await SearchOnDevice.userQuery('chocolte cake');
    assert.deepStrictEqual(ids(forgiving.hits), ['uq-dark']);
    assert.strictEqual(forgiving.totalCount, 1);
    assert.strictEqual(forgiving.matching, 'all');
    const strict = await SearchOnDevice.userQuery('chocolte cake', { typoTolerance: false, matchingStrategy: 'all' });
    assert.deepStrictEqual(strict.hits, []);
    assert.strictEqual(strict.totalCount, 0);
    assert.deepStrictEqual(ids(await SearchOnDevice.search('chocolte cake', { typoTolerance: false, matchingStrategy: 'all' })), []);
    assert.deepStrictEqual(ids(await SearchOnDevice.search('chocolte cake')), ['uq-dark']);
    // Without typos `chocolte` matches nothing, and the default strategy drops it.
    const dropped = await SearchOnDevice.userQuery('chocolte cake', { typoTolerance: false });
    assert.strictEqual(dropped.matching, 'last');
    assert.deepStrictEqual(ids(dropped.hits), ids(await SearchOnDevice.search('cake', { typoTolerance: false })));
  });

  it('gives the same hits as search, page by page with offset', async () => {
    const searched = ids(await SearchOnDevice.search('choc', { limit: 50 }));
    const all = await SearchOnDevice.userQuery('choc', { limit: 50 });
    assert.deepStrictEqual(ids(all.hits), searched);
    const first = await SearchOnDevice.userQuery('choc', { limit: 2 });
    const second = await SearchOnDevice.userQuery('choc', { limit: 2, offset: 2 });
    assert.deepStrictEqual(ids(first.hits).concat(ids(second.hits)), searched.slice(0, 4));
    assert.strictEqual(first.totalCount, 5, 'the total counts every match, not the page');
    assert.strictEqual(second.totalCount, 5);
    assert.deepStrictEqual((await SearchOnDevice.userQuery('choc', { offset: 5 })).hits, []);
  });

  it('counts every match of a frequent word past the hits search ranks, with the same hits', async () => {
    // More matches than a search ranks (100): search stops at its candidates, userQuery counts on.
    const lamps = Array.from({ length: 240 }, (_, n) => ({ id: `uq-lamp-${n}`, title: `Brass lamp ${n}`, domain: 'org.example.lamps' }));
    assert.strictEqual(await SearchOnDevice.indexItems(lamps), lamps.length);
    try {
      const counted = await SearchOnDevice.userQuery('lamp', { limit: 10 });
      assert.deepStrictEqual(ids(counted.hits), ids(await SearchOnDevice.search('lamp', { limit: 10 })));
      // All 240 counted (a lower bound all the same: a prefix whose title matches fill
      // the page is not looked for in descriptions, README "totalCount").
      assert.strictEqual(counted.totalCount, 240);
    } finally {
      await SearchOnDevice.deleteItemsInDomains(['org.example.lamps']);
    }
  });

  it('keeps only hits that match the filter, and counts suggestions the same way', async () => {
    const result = await SearchOnDevice.userQuery('choc', { filter: 'rankingHint > 30', suggestions: 3 });
    assert.deepStrictEqual(sortedIds(result.hits), ['uq-chip', 'uq-hot']);
    assert.strictEqual(result.totalCount, 2);
    assert.deepStrictEqual(result.suggestions[0], { text: 'chocolate', count: 2 });
    const recipes = await SearchOnDevice.userQuery('choc', { filter: `domainIdentifier == "${RECIPES}" && rankingHint < 50` });
    assert.deepStrictEqual(sortedIds(recipes.hits), ['uq-dark', 'uq-soup']);
    const none = await SearchOnDevice.userQuery('choc', { filter: 'rankingHint > 99', suggestions: 3 });
    assert.deepStrictEqual(none, { hits: [], totalCount: 0, totalIsExact: true, matching: 'all', suggestions: [] });
  });

  it('sorts by attributes when asked, relevance otherwise, and pages the sorted hits', async () => {
    const newest = await SearchOnDevice.userQuery('choc', { sort: [{ attribute: 'contentCreationDate', order: 'desc' }] });
    assert.deepStrictEqual(ids(newest.hits), ['uq-dark', 'uq-hot', 'uq-chip', 'uq-tour', 'uq-soup']);
    const oldest = await SearchOnDevice.userQuery('choc', { sort: [{ attribute: 'contentCreationDate' }] });
    assert.deepStrictEqual(ids(oldest.hits), ['uq-soup', 'uq-tour', 'uq-chip', 'uq-hot', 'uq-dark'], "order defaults to 'asc'");
    const hinted = await SearchOnDevice.userQuery('choc', { sort: [{ attribute: 'rankingHint', order: 'desc' }], limit: 2, offset: 1 });
    assert.deepStrictEqual(ids(hinted.hits), ['uq-hot', 'uq-soup']);
    assert.strictEqual(hinted.totalCount, 5);
    const relevance = await SearchOnDevice.userQuery('choc', { sort: [] });
    assert.deepStrictEqual(ids(relevance.hits), ids(await SearchOnDevice.search('choc')));
  });

  it('gives each hit the UTF-16 ranges of its matched text, per field and per array element', async () => {
    const { hits } = await SearchOnDevice.userQuery('dark choc');
    assert.deepStrictEqual(ids(hits), ['uq-dark']);
    assert.deepStrictEqual(hits[0].highlights.title, [[0, 4], [5, 9]], 'Dark chocolate cake');
    assert.deepStrictEqual(hits[0].highlights.keywords, [[], [[0, 4]]], "keywords ['dessert', 'chocolate']");
    const [hot] = await SearchOnDevice.search('warm', { domains: [DRINKS] });
    assert.deepStrictEqual(hot.highlights, { description: [[2, 6]] }, 'A warm drink');
  });

  it('honours domains in hits, total and suggestion counts', async () => {
    const result = await SearchOnDevice.userQuery('choc', { domains: [DRINKS], suggestions: 5 });
    assert.deepStrictEqual(ids(result.hits), ['uq-hot']);
    assert.strictEqual(result.totalCount, 1);
    assert.deepStrictEqual(result.suggestions, [{ text: 'chocolate', count: 1 }]);
  });

  it('suggests completions from the indexed words and titles, best first, with the items each finds', async () => {
    const { suggestions } = await SearchOnDevice.userQuery('choc', { suggestions: 10 });
    // `chocolate` is a word of four live items (uq-soup's `chocolate-free` too); the
    // expired truffles and the activity are not counted. Ties: title first, then shorter.
    assert.deepStrictEqual(suggestions, [
      { text: 'chocolate', count: 4 },
      { text: 'chocolatier', count: 1 },
      { text: 'Chocolatier tour', count: 1 },
      { text: 'Chocolate chip cookies', count: 1 },
    ]);
    const limited = await SearchOnDevice.userQuery('choc', { suggestions: 1 });
    assert.deepStrictEqual(limited.suggestions, [{ text: 'chocolate', count: 4 }]);
  });

  it('completes the last word after the words already typed, counting items with all of them', async () => {
    const { suggestions, hits } = await SearchOnDevice.userQuery('dark choc', { suggestions: 5 });
    assert.deepStrictEqual(ids(hits), ['uq-dark']);
    assert.deepStrictEqual(suggestions, [
      { text: 'dark chocolate', count: 1 },
      { text: 'Dark chocolate cake', count: 1 },
    ]);
    const typedCapital = await SearchOnDevice.userQuery('Dark Choc', { suggestions: 1 });
    assert.deepStrictEqual(typedCapital.suggestions, [{ text: 'Dark Chocolate', count: 1 }]);
  });

  it('has no suggestions for text that finds nothing, nor for a word typed in full', async () => {
    assert.deepStrictEqual((await SearchOnDevice.userQuery('zeppelin', { suggestions: 5 })).suggestions, []);
    const full = await SearchOnDevice.userQuery('chocolatier', { suggestions: 5 });
    assert.deepStrictEqual(full.suggestions, [{ text: 'Chocolatier tour', count: 1 }]);
    assert.deepStrictEqual((await SearchOnDevice.userQuery('!!', { suggestions: 5 })).suggestions, []);
  });

  it('completes Chinese and Japanese runs by their next character', async () => {
    await SearchOnDevice.indexItems([
      { id: 'uq-zh-1', title: '腾讯新闻', domain: 'org.example.news' },
      { id: 'uq-zh-2', title: '新闻联播', domain: 'org.example.news' },
      { id: 'uq-zh-3', title: '新浪', domain: 'org.example.news' },
    ]);
    const { suggestions } = await SearchOnDevice.userQuery('新', { suggestions: 5 });
    assert.deepStrictEqual(suggestions.slice(0, 2), [{ text: '新闻', count: 2 }, { text: '新浪', count: 1 }]);
    await SearchOnDevice.deleteItemsWithIdentifiers(['uq-zh-1', 'uq-zh-2', 'uq-zh-3']);
  });

  it('leaves an unchanged index after each bad option', async () => {
    await unchanged();
  });
});

describe('userQuery and search reject bad options by name', () => {
  it('rejects a filter that does not parse with E_INVALID_QUERY and its position', async () => {
    await rejectsWithCode(() => SearchOnDevice.userQuery('choc', { filter: 'rankingHint >' }), 'E_INVALID_QUERY',
      /options\.filter: .*position 13/);
    await rejectsWithCode(() => SearchOnDevice.userQuery('choc', { filter: 'rankingHint >', suggestions: 3 }), 'E_INVALID_QUERY');
    await unchanged();
  });

  const cases = [
    ['text that is not a string', () => SearchOnDevice.userQuery(42), /text must be a string/],
    ['options that are not an object', () => SearchOnDevice.userQuery('choc', 'fast'), /options must be an object/],
    ['an unknown option', () => SearchOnDevice.userQuery('choc', { sugestions: 3 }), /options\.sugestions is not an option of userQuery/],
    ['domains as a string', () => SearchOnDevice.userQuery('choc', { domains: RECIPES }), /options\.domains must be an array of strings/],
    ['a filter that is not a string', () => SearchOnDevice.userQuery('choc', { filter: 5 }), /options\.filter must be a query-language string/],
    ['sort that is not an array', () => SearchOnDevice.userQuery('choc', { sort: 'title' }), /options\.sort must be an array/],
    ['a sort key that is not an object', () => SearchOnDevice.userQuery('choc', { sort: ['title'] }), /options\.sort\[0\] must be an object/],
    ['a sort key without attribute', () => SearchOnDevice.userQuery('choc', { sort: [{ order: 'asc' }] }), /options\.sort\[0\]\.attribute must be a non-empty string/],
    ['a sort order that is neither asc nor desc', () => SearchOnDevice.userQuery('choc', { sort: [{ attribute: 'title', order: 'up' }] }),
      /options\.sort\[0\]\.order must be 'asc' or 'desc', got 'up'/],
    ['a sort key with an unknown key', () => SearchOnDevice.userQuery('choc', { sort: [{ attribute: 'title', direction: 'asc' }] }),
      /options\.sort\[0\]\.direction is not a key of a sort key/],
    ['a limit of 0', () => SearchOnDevice.userQuery('choc', { limit: 0 }), /options\.limit must be a positive integer, got 0/],
    ['a limit over 1000', () => SearchOnDevice.userQuery('choc', { limit: 1001 }), /options\.limit must be an integer from 1 to 1000, got 1001/],
    ['a fractional limit', () => SearchOnDevice.userQuery('choc', { limit: 2.5 }), /options\.limit/],
    ['a negative offset', () => SearchOnDevice.userQuery('choc', { offset: -1 }), /options\.offset must be a non-negative integer/],
    ['an offset over 10000', () => SearchOnDevice.userQuery('choc', { offset: 10001 }), /options\.offset must be an integer from 0 to 10000/],
    ['typoTolerance as text', () => SearchOnDevice.userQuery('choc', { typoTolerance: 'yes' }), /options\.typoTolerance must be a boolean, got string/],
    ['suggestions as a boolean', () => SearchOnDevice.userQuery('choc', { suggestions: true }), /options\.suggestions must be an integer from 0 to 100, got true/],
    ['negative suggestions', () => SearchOnDevice.userQuery('choc', { suggestions: -1 }), /options\.suggestions must be an integer from 0 to 100, got -1/],
    ['more than 100 suggestions', () => SearchOnDevice.userQuery('choc', { suggestions: 101 }), /options\.suggestions/],
    ['search with typoTolerance as a number', () => SearchOnDevice.search('choc', { typoTolerance: 1 }), /options\.typoTolerance must be a boolean/],
    ['search with a userQuery option', () => SearchOnDevice.search('choc', { filter: 'title == "x"' }), /options\.filter is not an option of search/],
  ];
  for (const [what, run, pattern] of cases) {
    it(`rejects ${what} with E_INVALID_ARGUMENT`, async () => {
      await rejectsWithCode(run, 'E_INVALID_ARGUMENT', pattern);
      await unchanged();
    });
  }
});
