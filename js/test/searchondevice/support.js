'use strict';
// Shared helpers of the SearchOnDevice JS tests (not a test file itself).
//
// These tests drive the real native module through the bridge: each test file
// starts with deleteAllItems() and uses its own ids and domains, and the
// runner gives every `searchlight test` run a fresh --data-dir.

const assert = require('assert');
const testing = require('test');
const { NativeModules } = require('react-native');

const test = typeof testing === 'function' ? testing : testing.test;
const it = testing.it || test;
const describe = testing.describe || ((name, body) => body());

/** The native module under test (undefined until the host registers it). */
const SearchOnDevice = NativeModules.SearchOnDevice;

const DAY = 24 * 60 * 60 * 1000;

/** A small PNG shipped beside the tests, and the same bytes in base64. */
const COVER_PATH = `${__dirname}/fixtures/cover.png`;
const COVER_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mO4HMJAEmIY1TCqYfhqAACojCcQ/+2WMwAAAABJRU5ErkJggg==';

/**
 * Calls `run` and asserts that it returns a promise that rejects with an Error
 * carrying `code` (and a message matching `pattern`). A synchronous throw fails
 * the test: every SearchOnDevice method answers through its promise (SPEC §3).
 */
async function rejectsWithCode(run, code, pattern) {
  let promise;
  try {
    promise = run();
  } catch (error) {
    assert.fail(`threw synchronously instead of rejecting: ${error && error.message}`);
  }
  assert.ok(promise && typeof promise.then === 'function', 'the method returns a Promise');
  let outcome;
  try {
    outcome = { resolved: true, value: await promise };
  } catch (error) {
    outcome = { resolved: false, error };
  }
  if (outcome.resolved) {
    assert.fail(`expected a rejection with ${code}, resolved with ${JSON.stringify(outcome.value)}`);
  }
  const rejection = outcome.error;
  assert.ok(rejection instanceof Error, `the rejection is an Error (got ${String(rejection)})`);
  assert.strictEqual(rejection.code, code, `code of "${rejection.message}"`);
  if (pattern !== undefined) assert.match(rejection.message, pattern);
  return rejection;
}

/** The ids of hits or items, in order. */
function ids(list) {
  return list.map((entry) => entry.id);
}

/** The ids of hits or items, sorted (for unordered results such as `query`). */
function sortedIds(list) {
  return ids(list).sort();
}

/** Resolves after the current macrotask and the events queued with it. */
function nextTurn() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

module.exports = {
  assert,
  test,
  it,
  describe,
  SearchOnDevice,
  DAY,
  COVER_PATH,
  COVER_BASE64,
  rejectsWithCode,
  ids,
  sortedIds,
  nextTurn,
};
