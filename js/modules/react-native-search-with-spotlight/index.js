'use strict';
// react-native-search-with-spotlight on Linux: the package's documented JS API,
// served by NativeModules.SearchOnDevice so apps written for it run unchanged.
//
// Its items ({ id, title, description, keywords, imageUrl, domain }, each but
// `id` and `title` possibly null) are SearchOnDevice's own keys; a null there
// means "not given", so null fields are dropped before indexing. Its listener
// gets the same { id, query } body as SearchOnDevice's request event.

const { NativeModules, NativeEventEmitter } = require('react-native');

const REQUEST_EVENT = 'onSearchOnDeviceRequest';

let emitter = null;

function nativeModule() {
  const module = NativeModules.SearchOnDevice;
  if (!module) {
    const error = new Error('NativeModules.SearchOnDevice is not available in this host');
    error.code = 'E_INDEX_UNAVAILABLE';
    throw error;
  }
  return module;
}

// Calls a native promise method; the package documents Promise<void>.
function call(method, args) {
  try {
    return nativeModule()[method](...args).then(() => undefined);
  } catch (error) {
    return Promise.reject(error);
  }
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
  return call('indexItems', [Array.isArray(items) ? items.map(toNativeItem) : items]);
}

function deleteAll() {
  return call('deleteAllItems', []);
}

function deleteIdentifiers(identifiers) {
  return call('deleteItemsWithIdentifiers', [identifiers]);
}

function deleteDomains(domains) {
  return call('deleteItemsInDomains', [domains]);
}

function addListener(callback) {
  if (typeof callback !== 'function') {
    const error = new Error('addListener: callback must be a function');
    error.code = 'E_INVALID_ARGUMENT';
    throw error;
  }
  if (emitter === null) emitter = new NativeEventEmitter(nativeModule());
  return emitter.addListener(REQUEST_EVENT, callback);
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
