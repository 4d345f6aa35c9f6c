'use strict';
// searchlight: a thin, friendly face over NativeModules.SearchOnDevice.
//
// Every index call goes straight to the native module, which validates its
// arguments and rejects with a coded Error (SPEC §3). This file only adds what
// JS is better at: event subscriptions that return an unsubscribe function, a
// one-item getter, and the error codes as constants. Typings: index.d.ts.

const { NativeModules, NativeEventEmitter } = require('react-native');

/** The error codes SearchOnDevice rejects with, as constants. */
const ErrorCodes = Object.freeze({
  INVALID_ITEM: 'E_INVALID_ITEM',
  INVALID_QUERY: 'E_INVALID_QUERY',
  INVALID_ARGUMENT: 'E_INVALID_ARGUMENT',
  INVALID_CLIENT_STATE: 'E_INVALID_CLIENT_STATE',
  INDEX_UNAVAILABLE: 'E_INDEX_UNAVAILABLE',
  QUOTA_EXCEEDED: 'E_QUOTA_EXCEEDED',
});

/** The indexing preferences, as constants. */
const IndexingPreferences = Object.freeze({
  DISABLED: 'disabled',
  VIEWED_RECORDS: 'viewedRecords',
  ALL_RECORDS: 'allRecords',
});

const REQUEST_EVENT = 'onSearchOnDeviceRequest';
const REINDEX_EVENT = 'onReindexRequest';

function codedError(code, message) {
  const error = new Error(message);
  error.code = code;
  return error;
}

function nativeModule() {
  const module = NativeModules.SearchOnDevice;
  if (!module) {
    throw codedError(ErrorCodes.INDEX_UNAVAILABLE,
      'NativeModules.SearchOnDevice is not available in this host');
  }
  return module;
}

// Calls a promise method of the native module. A missing module, or an
// argument the bridge refuses synchronously, becomes a rejection, so every
// method below always returns a Promise.
function call(method, args) {
  try {
    return nativeModule()[method](...args);
  } catch (error) {
    return Promise.reject(error);
  }
}

// Passes an optional trailing argument only when the caller gave one, so the
// native side sees the same arity the caller used.
function withOptional(args, optional) {
  return optional === undefined ? args : args.concat([optional]);
}

function indexItems(items, options) {
  return call('indexItems', withOptional([items], options));
}

function indexItem(item) {
  return call('indexItem', [item]);
}

function deleteItemsWithIdentifiers(ids) {
  return call('deleteItemsWithIdentifiers', [ids]);
}

function deleteItemsInDomains(domains) {
  return call('deleteItemsInDomains', [domains]);
}

function deleteAllItems() {
  return call('deleteAllItems', []);
}

function fetchLastClientState() {
  return call('fetchLastClientState', []);
}

function getItems(ids) {
  return call('getItems', [ids]);
}

function getItem(id) {
  return call('getItems', [[id]]).then((items) => items[0]);
}

function search(text, options) {
  return call('search', withOptional([text], options));
}

// CoreSpotlight's CSUserQuery: hits with their total and, when
// `options.suggestions` is a positive number, completions of the text with the
// number of items each finds.
function userQuery(text, options) {
  return call('userQuery', withOptional([text], options));
}

function query(queryString, options) {
  return call('query', withOptional([queryString], options));
}

function becomeCurrent(activity) {
  return call('becomeCurrent', [activity]);
}

function resignCurrent() {
  return call('resignCurrent', []);
}

function setIndexingPreference(preference) {
  return call('setIndexingPreference', [preference]);
}

function getIndexingPreference() {
  return call('getIndexingPreference', []);
}

function getInitialRequest() {
  return call('getInitialRequest', []);
}

function getConstants() {
  return nativeModule().getConstants();
}

let emitter = null;

function subscribe(eventName, callback, what) {
  if (typeof callback !== 'function') {
    throw codedError(ErrorCodes.INVALID_ARGUMENT,
      `${what}: callback must be a function, got ${callback === null ? 'null' : typeof callback}`);
  }
  if (emitter === null) emitter = new NativeEventEmitter(nativeModule());
  const subscription = emitter.addListener(eventName, callback);
  return function unsubscribe() {
    subscription.remove();
  };
}

function onRequest(callback) {
  return subscribe(REQUEST_EVENT, callback, 'onRequest');
}

function onReindexRequest(callback) {
  return subscribe(REINDEX_EVENT, callback, 'onReindexRequest');
}

function isSearchError(error, code) {
  if (error === null || typeof error !== 'object' || typeof error.code !== 'string') return false;
  const known = Object.keys(ErrorCodes).some((key) => ErrorCodes[key] === error.code);
  return known && (code === undefined || error.code === code);
}

module.exports = {
  indexItems,
  indexItem,
  deleteItemsWithIdentifiers,
  deleteItemsInDomains,
  deleteAllItems,
  fetchLastClientState,
  getItems,
  getItem,
  search,
  query,
  userQuery,
  becomeCurrent,
  resignCurrent,
  setIndexingPreference,
  getIndexingPreference,
  getInitialRequest,
  getConstants,
  onRequest,
  onReindexRequest,
  isSearchError,
  ErrorCodes,
  IndexingPreferences,
};
