'use strict';
// NativeModules.SearchOnDevice as a React Native module: its methods, its
// constants, and that every method answers with a Promise (SPEC §3).

const { assert, describe, it, SearchOnDevice } = require('./support');

const PROMISE_METHODS = [
  'indexItems', 'indexItem', 'deleteItemsWithIdentifiers', 'deleteItemsInDomains',
  'deleteAllItems', 'fetchLastClientState', 'getItems', 'search', 'query',
  'becomeCurrent', 'resignCurrent', 'setIndexingPreference', 'getIndexingPreference',
  'getInitialRequest',
];

describe('NativeModules.SearchOnDevice', () => {
  it('is registered with every method of SPEC §3', async () => {
    assert.ok(SearchOnDevice, 'NativeModules.SearchOnDevice exists');
    for (const name of PROMISE_METHODS.concat(['getConstants', 'addListener', 'removeListeners'])) {
      assert.strictEqual(typeof SearchOnDevice[name], 'function', `SearchOnDevice.${name} is a function`);
    }
    await SearchOnDevice.deleteAllItems();
  });

  it('answers getConstants() synchronously with appId, dataDir and the two events', () => {
    const constants = SearchOnDevice.getConstants();
    assert.ok(constants && typeof constants.then !== 'function', 'not a Promise');
    assert.strictEqual(typeof constants.appId, 'string');
    assert.match(constants.appId, /^[A-Za-z][\w-]*(\.[A-Za-z0-9][\w-]*)+$/, 'a reverse-DNS app id');
    assert.strictEqual(typeof constants.dataDir, 'string');
    assert.ok(constants.dataDir.startsWith('/'), `dataDir is absolute: ${constants.dataDir}`);
    assert.deepStrictEqual(constants.supportedEvents, ['onSearchOnDeviceRequest', 'onReindexRequest']);
  });

  it('returns a Promise from every other method, resolving for valid input', async () => {
    const calls = {
      indexItems: () => SearchOnDevice.indexItems([{ id: 'nm-1', title: 'Native module one' }]),
      indexItem: () => SearchOnDevice.indexItem({ id: 'nm-2', title: 'Native module two' }),
      getItems: () => SearchOnDevice.getItems(['nm-1']),
      search: () => SearchOnDevice.search('native'),
      query: () => SearchOnDevice.query('title == "Native*"'),
      fetchLastClientState: () => SearchOnDevice.fetchLastClientState(),
      becomeCurrent: () => SearchOnDevice.becomeCurrent({ activityType: 'org.example.test.view', userInfo: { id: 'nm-1' } }),
      resignCurrent: () => SearchOnDevice.resignCurrent(),
      getIndexingPreference: () => SearchOnDevice.getIndexingPreference(),
      setIndexingPreference: () => SearchOnDevice.setIndexingPreference('allRecords'),
      getInitialRequest: () => SearchOnDevice.getInitialRequest(),
      deleteItemsWithIdentifiers: () => SearchOnDevice.deleteItemsWithIdentifiers(['nm-2']),
      deleteItemsInDomains: () => SearchOnDevice.deleteItemsInDomains(['org.example.nothing']),
      deleteAllItems: () => SearchOnDevice.deleteAllItems(),
    };
    assert.deepStrictEqual(Object.keys(calls).sort(), PROMISE_METHODS.slice().sort());
    for (const name of Object.keys(calls)) {
      const result = calls[name]();
      assert.ok(result instanceof Promise, `${name} returns a Promise`);
      await result;
    }
  });

  it('resolves the documented values', async () => {
    assert.strictEqual(await SearchOnDevice.indexItems([{ id: 'nm-a' }, { id: 'nm-b' }]), 2);
    assert.strictEqual(await SearchOnDevice.indexItem({ id: 'nm-c' }), 1);
    assert.strictEqual(await SearchOnDevice.deleteItemsWithIdentifiers(['nm-a', 'nm-missing']), 1);
    assert.strictEqual(await SearchOnDevice.fetchLastClientState(), null);
    assert.strictEqual(await SearchOnDevice.getInitialRequest(), null, 'a test run was not started by the system search');
    assert.strictEqual(await SearchOnDevice.deleteAllItems(), 2);
    assert.deepStrictEqual(await SearchOnDevice.getItems(['nm-b', 'nm-c']), [null, null]);
  });

  it('takes calls in the order JS made them, without waiting in between', async () => {
    const results = await Promise.all([
      SearchOnDevice.indexItem({ id: 'order-1', title: 'first version' }),
      SearchOnDevice.deleteItemsWithIdentifiers(['order-1']),
      SearchOnDevice.indexItem({ id: 'order-1', title: 'second version' }),
    ]);
    assert.deepStrictEqual(results, [1, 1, 1]);
    const [item] = await SearchOnDevice.getItems(['order-1']);
    assert.strictEqual(item.title, 'second version', 'a read sees every write whose promise resolved');
  });
});
