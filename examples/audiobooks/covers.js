'use strict';
// The covers for the windowed app. In the page, `require` of an image gives its
// `data:` URL (the window host bundles images so, as Metro turns a required image
// into an asset), so the screens and the index get the pictures without reading
// files by path. The console app (app.js) uses the files' paths instead (catalog.js).

const COVERS = {
  wagahai: require('./images/wagahai.png'),
  'hashire-melos': require('./images/hashire-melos.png'),
  'ginga-tetsudo': require('./images/ginga-tetsudo.png'),
  rashomon: require('./images/rashomon.png'),
  botchan: require('./images/botchan.png'),
  kokoro: require('./images/kokoro.png'),
  chumon: require('./images/chumon.png'),
  'ningen-shikkaku': require('./images/ningen-shikkaku.png'),
};

/** The work's cover as an Image source and an item's imageUrl (a data: URL), or null. */
function coverURL(book) {
  const cover = COVERS[book.cover];
  if (typeof cover === 'string') return cover;
  return cover && typeof cover.default === 'string' ? cover.default : null;
}

module.exports = { coverURL };
