'use strict';
// react-native-spotlight-search on Linux: the package's documented JS API,
// served by NativeModules.SearchOnDevice so apps written for it run unchanged.
//
// Its item keys (`uniqueIdentifier`, `contentDescription`, `domain`,
// `thumbnailUri`, `thumbnailData`, `keywords`, `title`) are accepted by the
// native module as they are. Only `thumbnailName`, an iOS asset-catalog name,
// means nothing there: it is looked up as an image file beside the main script
// (in a window's page: beside the app's entry, the page's <base>; items waiting for
// that lookup are written once it is done) and sent as `imageUrl`, or dropped with
// one warning per process.

const searchlight = require('searchlight');

const THUMBNAIL_EXTENSIONS = ['', '.png', '.jpg'];
const THUMBNAIL_KEYS = ['imageUrl', 'thumbnailUri', 'thumbnailURL', 'thumbnailData'];

let warnedAboutThumbnailName = false;
const thumbnailPaths = new Map();

// The package documents Promise<void>; the `searchlight` wrapper resolves to counts.
function done(promise) {
  return promise.then(() => undefined);
}

function mainScriptDirectory() {
  const main = require.main;
  if (!main || typeof main.filename !== 'string') return null;
  const slash = main.filename.lastIndexOf('/');
  return slash > 0 ? main.filename.slice(0, slash) : '/';
}

function basename(path) {
  return path.slice(path.lastIndexOf('/') + 1);
}

// The absolute path of an existing file, or null. `require.resolve` is the only
// file check app-level JS has; it may answer with another file (`name.js`), so
// only an answer with the same file name counts.
function existingFile(path) {
  if (typeof require.resolve !== 'function') return null;
  try {
    const resolved = require.resolve(path);
    return basename(resolved) === basename(path) ? resolved : null;
  } catch (error) {
    return null;
  }
}

// `thumbnailName` → the image file beside the main script: NAME, NAME.png, NAME.jpg.
function thumbnailPath(name) {
  if (thumbnailPaths.has(name)) return thumbnailPaths.get(name);
  let found = null;
  const directory = mainScriptDirectory();
  if (directory !== null && name !== '' && !name.includes('/')) {
    for (const extension of THUMBNAIL_EXTENSIONS) {
      found = existingFile(`${directory}/${name}${extension}`);
      if (found !== null) break;
    }
  }
  thumbnailPaths.set(name, found);
  return found;
}

// In a windowed app's page there is no main module to resolve files beside: the
// app's directory is the page's <base>, and a file there is found by reading it
// (asynchronously; the page may read file:// URLs). Names are looked up once.
function pageDirectory() {
  if (typeof document === 'undefined' || typeof document.baseURI !== 'string' || !document.baseURI.startsWith('file://')) return null;
  const path = decodeURIComponent(new URL(document.baseURI).pathname);
  return path.endsWith('/') ? path.slice(0, -1) : path.slice(0, path.lastIndexOf('/'));
}

function pageFileExists(path) {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('GET', 'file://' + path.split('/').map(encodeURIComponent).join('/'));
    request.responseType = 'arraybuffer';
    request.onload = () => resolve(request.response !== null && request.response.byteLength > 0);
    request.onerror = () => resolve(false);
    request.send();
  });
}

/** In a page, finds the files of the items' thumbnailNames before they are indexed. */
async function findPageThumbnails(items) {
  const directory = pageDirectory();
  for (const item of items) {
    const name = item && typeof item === 'object' ? item.thumbnailName : undefined;
    if (typeof name !== 'string' || thumbnailPaths.has(name)) continue;
    let found = null;
    if (name !== '' && !name.includes('/')) {
      for (const extension of THUMBNAIL_EXTENSIONS) {
        if (await pageFileExists(`${directory}/${name}${extension}`)) { found = `${directory}/${name}${extension}`; break; }
      }
    }
    thumbnailPaths.set(name, found);
  }
}

function warnOnce(name) {
  if (warnedAboutThumbnailName) return;
  warnedAboutThumbnailName = true;
  const where = mainScriptDirectory() || pageDirectory() || 'the main script';
  console.warn(`react-native-spotlight-search: thumbnailName "${name}" is an iOS asset name and ` +
    `no image ${name}, ${name}.png or ${name}.jpg was found in ${where}; ` +
    'items are indexed without such thumbnails (this warning is shown once)');
}

function invalidThumbnailName(path) {
  const error = new Error(`${path}.thumbnailName must be a string (an image name beside the main script)`);
  error.code = 'E_INVALID_ITEM';
  return error;
}

// The item as SearchOnDevice takes it. Anything that is not a plain item is
// passed on untouched, so the native module names what is wrong with it;
// `path` names the item in errors (`items[3]`).
function toNativeItem(item, path) {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  if (!Object.prototype.hasOwnProperty.call(item, 'thumbnailName')) return item;
  const { thumbnailName, ...rest } = item;
  if (thumbnailName === null || thumbnailName === undefined) return rest;
  if (typeof thumbnailName !== 'string') throw invalidThumbnailName(path);
  const hasThumbnail = THUMBNAIL_KEYS.some((key) => rest[key] !== undefined && rest[key] !== null);
  if (hasThumbnail) return rest;
  const file = thumbnailPath(thumbnailName);
  if (file === null) {
    warnOnce(thumbnailName);
    return rest;
  }
  return { ...rest, imageUrl: file };
}

/** Runs `write` now, or (in a page, with thumbnailNames still to look up) once they are found. */
function afterPageThumbnails(items, write) {
  const pending = mainScriptDirectory() === null && pageDirectory() !== null && Array.isArray(items)
    && items.some((item) => item && typeof item === 'object' && typeof item.thumbnailName === 'string' && !thumbnailPaths.has(item.thumbnailName));
  if (pending) return findPageThumbnails(items).then(write);
  try {
    return write();
  } catch (error) {
    return Promise.reject(error);
  }
}

function indexItems(items) {
  return afterPageThumbnails(items, () => {
    const nativeItems = Array.isArray(items) ? items.map((item, index) => toNativeItem(item, `items[${index}]`)) : items;
    return done(searchlight.indexItems(nativeItems));
  });
}

function indexItem(item) {
  return afterPageThumbnails([item], () => done(searchlight.indexItem(toNativeItem(item, 'item'))));
}

function deleteItemsWithIdentifiers(identifiers) {
  return done(searchlight.deleteItemsWithIdentifiers(identifiers));
}

function deleteItemsInDomains(domains) {
  return done(searchlight.deleteItemsInDomains(domains));
}

function deleteAllItems() {
  return done(searchlight.deleteAllItems());
}

function searchItemTapped(callback) {
  if (typeof callback !== 'function') {
    const error = new Error('searchItemTapped: callback must be a function');
    error.code = 'E_INVALID_ARGUMENT';
    throw error;
  }
  const unsubscribe = searchlight.onRequest((request) => {
    if (request && typeof request.id === 'string') callback(request.id);
  });
  return { remove: unsubscribe };
}

function getInitialSearchItem() {
  try {
    return searchlight.getInitialRequest()
      .then((request) => (request && typeof request.id === 'string' ? request.id : null));
  } catch (error) {
    return Promise.reject(error);
  }
}

const SpotlightSearch = {
  indexItems,
  indexItem,
  deleteItemsWithIdentifiers,
  /** The name the package's newer index.js uses for deleteItemsWithIdentifiers. */
  deleteItemsWithIds: deleteItemsWithIdentifiers,
  deleteItemsInDomains,
  deleteAllItems,
  searchItemTapped,
  getInitialSearchItem,
};

// `import SpotlightSearch from 'react-native-spotlight-search'` and
// `const SpotlightSearch = require('react-native-spotlight-search')` both work.
module.exports = SpotlightSearch;
Object.defineProperty(SpotlightSearch, 'default', { value: SpotlightSearch, enumerable: false });
Object.defineProperty(SpotlightSearch, '__esModule', { value: true, enumerable: false });
