'use strict';
// react-native-search-with-spotlight on Linux: the package's documented JS API,
// served by NativeModules.SearchOnDevice so apps written for it run unchanged.
//
// Its items ({ id, title, description, keywords, imageUrl, domain }, each but
// `id` and `title` possibly null) are SearchOnDevice's own keys; a null there
// means "not given", so null fields are dropped before indexing. Its listener
// gets { id, query } of SearchOnDevice's request event, as the package documents.

const { NativeModules } = require('react-native');
const searchlight = require('searchlight');

// The package documents Promise<void>; the `searchlight` wrapper resolves to counts.
function done(promise) {
  return promise.then(() => undefined);
}

// The item as SearchOnDevice takes it; anything but a plain object is passed on
// untouched, so the native module names what is wrong with it.
function toNativeItem(item) {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const result = {};
  for (const key of Object.keys(item)) {
    if (item[key] !== null && item[key] !== undefined) result[key] = item[key];
  }
  return result;
}

function isSupported() {
  return Promise.resolve(Boolean(NativeModules.SearchOnDevice));
}

function addSearchableItems(items) {
  return done(searchlight.indexItems(Array.isArray(items) ? items.map(toNativeItem) : items));
}

function deleteAll() {
  return done(searchlight.deleteAllItems());
}

function deleteIdentifiers(identifiers) {
  return done(searchlight.deleteItemsWithIdentifiers(identifiers));
}

function deleteDomains(domains) {
  return done(searchlight.deleteItemsInDomains(domains));
}

function addListener(callback) {
  if (typeof callback !== 'function') {
    const error = new Error('addListener: callback must be a function');
    error.code = 'E_INVALID_ARGUMENT';
    throw error;
  }
  // The package documents `{ id, query }`: the request's other keys (timestamp,
  // activityType, userInfo) stay with the `searchlight` API.
  return { remove: searchlight.onRequest((request) => callback({ id: request.id, query: request.query })) };
}

module.exports = {
  isSupported,
  addSearchableItems,
  deleteAll,
  deleteIdentifiers,
  deleteDomains,
  addListener,
};
Object.defineProperty(module.exports, '__esModule', { value: true, enumerable: false });
