'use strict';
// search(text): what a user typing into a search box gets (SPEC §5): every term
// must match, the last is a prefix, case and diacritics never matter, CJK text
// matches by substring, and ranking weighs field, rankingHint and engagement.

const { assert, describe, it, SearchOnDevice, ids, sortedIds } = require('./support');

async function searchIds(text, options) {
  return ids(await SearchOnDevice.search(text, options));
}

describe('search', () => {
  it('starts from an index of known items', async () => {
    await SearchOnDevice.deleteAllItems();
    await SearchOnDevice.indexItems([
      { id: 's-lantern-title', title: 'Lantern', domain: 'org.example.gear' },
      { id: 's-lantern-keyword', title: 'Camping gear', keywords: ['lantern', 'tent'], domain: 'org.example.gear' },
      { id: 's-lantern-description', title: 'Night kit', description: 'A lantern for the night', domain: 'org.example.kits' },
      { id: 's-creme', title: 'Crème Brûlée', description: 'Custard with burnt sugar', domain: 'org.example.recipes' },
      { id: 's-display', displayName: 'Marmot Hut', domain: 'org.example.places' },
      { id: 's-alternate', title: 'Refuge', alternateNames: ['Schutzhütte Zugspitze'], domain: 'org.example.places' },
      { id: 's-text', title: 'Notes', textContent: 'remember the quartzite ridge', domain: 'org.example.notes' },
      { id: 's-tencent', title: '腾讯新闻', description: '新闻资讯', domain: 'org.example.news' },
      { id: 's-weibo', title: '新浪微博', domain: 'org.example.news' },
      { id: 's-jianshu', title: '简书', domain: 'org.example.news' },
      { id: 's-audiobook', title: 'オーディオブック', description: '朗読で聴く名作', domain: 'org.example.books' },
      { id: 's-ginga', title: '銀河鉄道の夜', keywords: ['オーディオブック', '宮沢賢治'], domain: 'org.example.books' },
    ]);
  });

  it('finds words in title, displayName, alternateNames, keywords, description and textContent', async () => {
    assert.deepStrictEqual(await searchIds('marmot'), ['s-display']);
    assert.deepStrictEqual(await searchIds('zugspitze'), ['s-alternate']);
    assert.deepStrictEqual(await searchIds('tent'), ['s-lantern-keyword']);
    assert.deepStrictEqual(await searchIds('custard'), ['s-creme']);
    assert.deepStrictEqual(await searchIds('quartzite'), ['s-text']);
  });

  it('requires every term to match with matchingStrategy: \'all\'', async () => {
    const all = { matchingStrategy: 'all' };
    assert.deepStrictEqual(await searchIds('camping lantern', all), ['s-lantern-keyword']);
    assert.deepStrictEqual(await searchIds('lantern night', all), ['s-lantern-description']);
    assert.deepStrictEqual(await searchIds('lantern zeppelin', all), []);
  });

  it('drops terms from the end when too few hits match every term (matchingStrategy \'last\', the default)', async () => {
    // No item holds both: `zeppelin` (no word of the index) is dropped, and the lanterns rank as `lantern` alone.
    assert.deepStrictEqual(await searchIds('lantern zeppelin'), await searchIds('lantern'));
    const [full, ...rest] = await SearchOnDevice.search('lantern camping');
    assert.strictEqual(full.id, 's-lantern-keyword', 'the hit matching both terms first');
    assert.strictEqual(full.scoreDetails.matchedTerms, 2);
    assert.strictEqual(full.scoreDetails.levels.matchedTerms > rest[0].scoreDetails.levels.matchedTerms, true);
    assert.deepStrictEqual(rest.map((hit) => [hit.id, hit.scoreDetails.matchedTerms]),
      [['s-lantern-title', 1], ['s-lantern-description', 1]], 'then `lantern` alone, in its usual order');
    // `frequency` drops `lantern` (three items) first: `camping` alone finds nothing more.
    assert.deepStrictEqual(await searchIds('lantern camping', { matchingStrategy: 'frequency' }), ['s-lantern-keyword']);
    assert.deepStrictEqual(await searchIds('lantern camping', { matchingStrategy: 'all' }), ['s-lantern-keyword']);
  });

  it('treats the last term as a prefix, and only the last', async () => {
    const all = { matchingStrategy: 'all' };
    assert.deepStrictEqual(await searchIds('quartz'), ['s-text']);
    assert.deepStrictEqual(await searchIds('camping lant', all), ['s-lantern-keyword']);
    assert.deepStrictEqual(await searchIds('lant camping', all), [], '"lant" is a whole term when another follows');
  });

  it('ignores case and diacritics on both sides', async () => {
    for (const text of ['creme brulee', 'CRÈME BRÛLÉE', 'Creme Brûl', 'brulee']) {
      assert.deepStrictEqual(await searchIds(text, { matchingStrategy: 'all' }), ['s-creme'], text);
    }
    assert.deepStrictEqual(await searchIds('schutzhutte'), ['s-alternate']);
  });

  it('ranks a title match above a keyword match above a description match', async () => {
    assert.deepStrictEqual(await searchIds('lantern'), ['s-lantern-title', 's-lantern-keyword', 's-lantern-description']);
  });

  it('gives every hit a finite score, best first', async () => {
    const hits = await SearchOnDevice.search('lantern');
    for (const hit of hits) assert.ok(Number.isFinite(hit.score), `${hit.id} has a score`);
    for (let index = 1; index < hits.length; index += 1) {
      assert.ok(hits[index - 1].score >= hits[index].score, 'scores do not increase');
    }
    assert.ok(hits[0].score > hits[2].score, 'a title match scores above a description match');
    assert.strictEqual(hits[0].title, 'Lantern', 'hits carry the item fields');
  });

  it('matches Chinese by substring, from one character up', async () => {
    assert.deepStrictEqual(await searchIds('新闻'), ['s-tencent']);
    assert.deepStrictEqual(await searchIds('腾讯'), ['s-tencent']);
    assert.deepStrictEqual(await searchIds('闻'), ['s-tencent']);
    assert.deepStrictEqual(sortedIds(await SearchOnDevice.search('新')), ['s-tencent', 's-weibo']);
    assert.deepStrictEqual(await searchIds('简书'), ['s-jianshu']);
    assert.deepStrictEqual(await searchIds('新闻 腾讯'), ['s-tencent'], 'two CJK terms must both match');
  });

  it('matches Japanese by substring, in titles and keywords', async () => {
    assert.deepStrictEqual(await searchIds('ブック'), ['s-audiobook', 's-ginga'], 'the title match ranks first');
    assert.deepStrictEqual(await searchIds('オーディオ'), ['s-audiobook', 's-ginga']);
    assert.deepStrictEqual(await searchIds('鉄道'), ['s-ginga']);
    assert.deepStrictEqual(await searchIds('朗読'), ['s-audiobook']);
  });

  it('restricts hits to the given domains', async () => {
    assert.deepStrictEqual(await searchIds('lantern', { domains: ['org.example.kits'] }), ['s-lantern-description']);
    assert.deepStrictEqual(sortedIds(await SearchOnDevice.search('lantern', { domains: ['org.example.gear', 'org.example.kits'] })),
      ['s-lantern-description', 's-lantern-keyword', 's-lantern-title']);
    assert.deepStrictEqual(await searchIds('lantern', { domains: ['org.example.none'] }), []);
  });

  it('answers nothing for text that matches nothing', async () => {
    assert.deepStrictEqual(await SearchOnDevice.search('xylophone'), []);
  });

  it('ranks by rankingHint when the text matches alike', async () => {
    await SearchOnDevice.indexItems([
      { id: 's-hint-low', title: 'Compass', rankingHint: 10 },
      { id: 's-hint-high', title: 'Compass', rankingHint: 90 },
      { id: 's-hint-none', title: 'Compass' },
    ]);
    const found = await searchIds('compass');
    assert.strictEqual(found[0], 's-hint-high');
    assert.ok(found.indexOf('s-hint-high') < found.indexOf('s-hint-low'));
  });

  it('returns 20 hits by default and pages with limit and offset', async () => {
    await SearchOnDevice.indexItems(Array.from({ length: 25 }, (_, index) => ({
      id: `s-page-${String(index).padStart(2, '0')}`, title: `Pageable ${index}`,
    })));
    const all = await searchIds('pageable');
    assert.strictEqual(all.length, 20);
    assert.strictEqual((await searchIds('pageable', { limit: 100 })).length, 25);
    const first = await searchIds('pageable', { limit: 10 });
    const second = await searchIds('pageable', { limit: 10, offset: 10 });
    assert.deepStrictEqual(first.concat(second), all, 'pages follow the same order');
    assert.deepStrictEqual(await searchIds('pageable', { limit: 10, offset: 25 }), []);
  });
});
