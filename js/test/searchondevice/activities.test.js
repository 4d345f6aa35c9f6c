'use strict';
// becomeCurrent / resignCurrent (NSUserActivity) and the indexing preference
// (SPEC §5): engagement raises rank, a viewed record leaves the app's items as
// they are, and in-app search sees everything whatever the preference. (Whether
// a viewed record is itself an in-app hit is left open here: SearchIndex serves
// activities to the system search only, like iOS; both readings pass.)

const { assert, describe, it, SearchOnDevice, ids, rejectsWithCode } = require('./support');

async function rankOf(id, text) {
  return ids(await SearchOnDevice.search(text)).indexOf(id);
}

async function scoreOf(id, text) {
  const hit = (await SearchOnDevice.search(text)).find((entry) => entry.id === id);
  return hit ? hit.score : null;
}

describe('becomeCurrent and engagement', () => {
  it('starts from an index of look-alike items', async () => {
    await SearchOnDevice.deleteAllItems();
    await SearchOnDevice.indexItems([
      { id: 'act-a', title: 'Weekly planning notes' },
      { id: 'act-b', title: 'Weekly planning notes' },
      { id: 'act-c', title: 'Travel expenses form' },
      { id: 'act-d', title: 'Travel expenses form' },
    ]);
  });

  it('ranks an item higher once the user engages with it (relatedUniqueIdentifier)', async () => {
    const before = ids(await SearchOnDevice.search('weekly planning'));
    assert.strictEqual(before.length, 2);
    const lower = before[1];
    const scoreBefore = await scoreOf(lower, 'weekly planning');
    for (let visit = 0; visit < 3; visit += 1) {
      await SearchOnDevice.becomeCurrent({
        activityType: 'org.example.notes.view', title: 'Weekly planning notes',
        relatedUniqueIdentifier: lower, eligibleForSearch: false,
      });
      await SearchOnDevice.resignCurrent();
    }
    assert.strictEqual(await rankOf(lower, 'weekly planning'), 0, `${lower} now ranks first`);
    assert.ok(await scoreOf(lower, 'weekly planning') > scoreBefore, 'and its score rose');
  });

  it('counts engagement through userInfo.id when there is no relatedUniqueIdentifier', async () => {
    const lower = ids(await SearchOnDevice.search('travel expenses'))[1];
    for (let visit = 0; visit < 3; visit += 1) {
      await SearchOnDevice.becomeCurrent({
        activityType: 'org.example.forms.view', userInfo: { id: lower }, eligibleForSearch: false,
      });
    }
    await SearchOnDevice.resignCurrent();
    assert.strictEqual(await rankOf(lower, 'travel expenses'), 0);
  });

  it('records a viewed record without disturbing the app\'s own items', async () => {
    await SearchOnDevice.indexItem({ id: 'employee-42', title: 'Zebedee Quartermaine', description: 'Logistics' });
    const activity = {
      activityType: 'org.example.colleagues.employee',
      title: 'Zebedee Quartermaine',
      userInfo: { id: 'employee-42' },
      keywords: ['zebedee@example.org', 'Logistics'],
      description: 'Logistics, Dispatcher',
      phoneNumbers: ['+1 555 0142'],
      supportsPhoneCall: true,
      eligibleForSearch: true,
    };
    await SearchOnDevice.becomeCurrent(activity);
    await SearchOnDevice.becomeCurrent(activity); // viewing again replaces, never duplicates
    await SearchOnDevice.resignCurrent();
    const hits = ids(await SearchOnDevice.search('zebedee'));
    assert.strictEqual(hits.filter((id) => id === 'employee-42').length, 1, 'the item is found once');
    assert.ok(hits.length <= 2, `at most the item and one viewed record: ${JSON.stringify(hits)}`);
    const [item] = await SearchOnDevice.getItems(['employee-42']);
    assert.strictEqual(item.description, 'Logistics', 'the activity does not overwrite the item');
  });

  it('does not return an activity whose expiration date has passed', async () => {
    await SearchOnDevice.becomeCurrent({
      activityType: 'org.example.colleagues.employee', title: 'Yolanda Expired',
      userInfo: { id: 'employee-43' }, eligibleForSearch: true, expirationDate: Date.now() - 1000,
    });
    assert.deepStrictEqual(await SearchOnDevice.search('yolanda'), []);
  });

  it('accepts resignCurrent with nothing current', async () => {
    await SearchOnDevice.resignCurrent();
    await SearchOnDevice.resignCurrent();
  });

  it('rejects an activity with wrongly typed fields', async () => {
    await rejectsWithCode(() => SearchOnDevice.becomeCurrent(null), 'E_INVALID_ARGUMENT');
    const bad = await SearchOnDevice.becomeCurrent({ activityType: 'org.example.x', eligibleForSearch: 'yes' })
      .then(() => null, (error) => error);
    assert.ok(bad instanceof Error, 'eligibleForSearch must be a boolean');
    assert.ok(['E_INVALID_ARGUMENT', 'E_INVALID_ITEM'].includes(bad.code), `code: ${bad.code}`);
    assert.match(bad.message, /eligibleForSearch/);
  });
});

describe('the indexing preference', () => {
  it('is allRecords by default', async () => {
    assert.strictEqual(await SearchOnDevice.getIndexingPreference(), 'allRecords');
  });

  it('stores each of the three values', async () => {
    for (const preference of ['disabled', 'viewedRecords', 'allRecords']) {
      await SearchOnDevice.setIndexingPreference(preference);
      assert.strictEqual(await SearchOnDevice.getIndexingPreference(), preference);
    }
  });

  it('never limits what the app itself finds', async () => {
    await SearchOnDevice.indexItem({ id: 'pref-item', title: 'Quokka sighting' });
    for (const preference of ['disabled', 'viewedRecords', 'allRecords']) {
      await SearchOnDevice.setIndexingPreference(preference);
      assert.deepStrictEqual(ids(await SearchOnDevice.search('quokka')), ['pref-item'], preference);
      assert.deepStrictEqual(ids(await SearchOnDevice.query('title == "quokka*"c')), ['pref-item'], preference);
      assert.deepStrictEqual((await SearchOnDevice.getItems(['pref-item'])).map((item) => item && item.id), ['pref-item']);
    }
  });

  it('is kept when everything is deleted (it belongs to the index, not to the items)', async () => {
    await SearchOnDevice.setIndexingPreference('viewedRecords');
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(await SearchOnDevice.getIndexingPreference(), 'viewedRecords');
    await SearchOnDevice.setIndexingPreference('allRecords');
  });
});
