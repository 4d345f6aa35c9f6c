'use strict';
// Shared by the hostile-input tests: the module under test, a snapshot of the whole
// index (count + checksum of every item and the client state) and an assertion that
// a call fails with a given code and leaves the snapshot unchanged.
const assert = require('assert');
const { NativeModules } = require('react-native');

/** `NativeModules.SearchOnDevice`, or undefined while the module is not built in. */
const SearchOnDevice = NativeModules.SearchOnDevice;

/** Options for describe(): skipped until SearchOnDevice exists. */
const needsModule = { skip: !SearchOnDevice, timeout: 60000 };

/** 64-bit FNV-1a over a string's UTF-16 units, as a hex string. */
function checksum(text) {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16);
}

/** Every item (by query), sorted by id, with the client state: `{count, checksum}`. */
async function snapshot() {
  const items = await SearchOnDevice.query('uniqueIdentifier == "*"', { limit: 100000 });
  items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const state = await SearchOnDevice.fetchLastClientState();
  return { count: items.length, checksum: checksum(JSON.stringify([items, state])) };
}

/**
 * Asserts that `call()` rejects (or throws) with `code`, whose message contains
 * `fragment` when given, and that the index is unchanged afterwards.
 */
async function assertRefused(call, code, fragment) {
  const before = await snapshot();
  let error;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error, `expected a rejection with ${code}`);
  assert.strictEqual(error.code, code, error.message);
  if (fragment) assert.ok(error.message.includes(fragment), `'${error.message}' lacks '${fragment}'`);
  assert.deepStrictEqual(await snapshot(), before, 'the index changed');
  return error;
}

/** Asserts that `call()` leaves the index unchanged; returns what it resolved to. */
async function assertUnchanged(call) {
  const before = await snapshot();
  const result = await call();
  assert.deepStrictEqual(await snapshot(), before, 'the index changed');
  return result;
}

/** Ids of the search hits for `text`, sorted. */
async function searchIds(text, options) {
  const hits = await SearchOnDevice.search(text, options);
  return hits.map((h) => h.id).sort();
}

/** Resets the index to a small known set of items and a client state. */
async function seed() {
  await SearchOnDevice.deleteAllItems();
  await SearchOnDevice.indexItems([
    { id: 'alpha', title: 'Alpha' },
    { id: 'cats', title: 'Cats and dogs' },
    { id: 'drill', title: 'NOT a drill' },
    { id: 'sea', title: 'near the sea' },
    { id: 'label', title: 'Title: cats' },
    { id: 'secret', title: 'Secret', domain: 'private.stuff' },
  ], { clientState: 'state-1' });
}

module.exports = { SearchOnDevice, needsModule, snapshot, assertRefused, assertUnchanged, searchIds, seed };
