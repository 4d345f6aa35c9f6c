'use strict';
// Events of SearchOnDevice as JS sees them inside `searchlight test` (SPEC §6).
//
// A test run is not started by the system search, so no request is waiting:
// getInitialRequest() is null and no event arrives. Delivery itself (a request
// sent before any listener is buffered and reaches the first one; the request
// that started the app is also getInitialRequest()) needs the app to be started
// by `searchlight run --activate/--continue` or over D-Bus: fixtures/cold-start.js
// and fixtures/serve-requests.js check that, both run by fixtures/run-fixtures.sh.

const { NativeEventEmitter } = require('react-native');
const searchlight = require('searchlight');
const SpotlightSearch = require('react-native-spotlight-search');
const SearchWithSpotlight = require('react-native-search-with-spotlight');
const { assert, describe, it, SearchOnDevice, nextTurn } = require('./support');

const REQUEST = 'onSearchOnDeviceRequest';
const REINDEX = 'onReindexRequest';

describe('SearchOnDevice events', () => {
  it('has no initial request in a test run', async () => {
    await SearchOnDevice.deleteAllItems();
    assert.strictEqual(await SearchOnDevice.getInitialRequest(), null);
    assert.strictEqual(await searchlight.getInitialRequest(), null);
    assert.strictEqual(await SpotlightSearch.getInitialSearchItem(), null);
  });

  it('counts listeners as RCTEventEmitter does, and remove() is idempotent', () => {
    const emitter = new NativeEventEmitter(SearchOnDevice);
    const start = emitter.listenerCount(REQUEST);
    const first = emitter.addListener(REQUEST, () => {});
    const second = emitter.addListener(REQUEST, () => {});
    assert.strictEqual(emitter.listenerCount(REQUEST), start + 2);
    first.remove();
    first.remove();
    assert.strictEqual(emitter.listenerCount(REQUEST), start + 1);
    second.remove();
    assert.strictEqual(emitter.listenerCount(REQUEST), start);
  });

  it('delivers nothing to listeners when nothing was requested', async () => {
    const received = [];
    const unsubscribeRequest = searchlight.onRequest((body) => received.push(['request', body]));
    const unsubscribeReindex = searchlight.onReindexRequest((body) => received.push(['reindex', body]));
    const tapped = SpotlightSearch.searchItemTapped((id) => received.push(['tapped', id]));
    const listener = SearchWithSpotlight.addListener((body) => received.push(['listener', body]));
    await nextTurn();
    await SearchOnDevice.indexItem({ id: 'ev-1', title: 'Indexing sends no event' });
    await nextTurn();
    assert.deepStrictEqual(received, []);
    unsubscribeRequest();
    unsubscribeReindex();
    tapped.remove();
    listener.remove();
  });

  it('removes the listeners the wrappers add', () => {
    const emitter = new NativeEventEmitter(SearchOnDevice);
    const requests = emitter.listenerCount(REQUEST);
    const reindexes = emitter.listenerCount(REINDEX);
    const unsubscribe = searchlight.onRequest(() => {});
    const unsubscribeReindex = searchlight.onReindexRequest(() => {});
    const tapped = SpotlightSearch.searchItemTapped(() => {});
    const listener = SearchWithSpotlight.addListener(() => {});
    assert.strictEqual(emitter.listenerCount(REQUEST), requests + 3);
    assert.strictEqual(emitter.listenerCount(REINDEX), reindexes + 1);
    unsubscribe();
    unsubscribe();
    unsubscribeReindex();
    tapped.remove();
    listener.remove();
    listener.remove();
    assert.strictEqual(emitter.listenerCount(REQUEST), requests);
    assert.strictEqual(emitter.listenerCount(REINDEX), reindexes);
  });

  it('refuses a listener that is not a function, with a coded error', () => {
    for (const subscribe of [
      () => searchlight.onRequest('open'),
      () => searchlight.onReindexRequest(null),
      () => SpotlightSearch.searchItemTapped(42),
      () => SearchWithSpotlight.addListener(undefined),
    ]) {
      let thrown = null;
      try {
        subscribe();
      } catch (error) {
        thrown = error;
      }
      assert.ok(thrown instanceof Error, `${subscribe} throws`);
      assert.strictEqual(thrown.code, 'E_INVALID_ARGUMENT');
      assert.match(thrown.message, /function/);
    }
  });
});
