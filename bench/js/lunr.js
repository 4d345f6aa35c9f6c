// lunr.js — the lunr.js side of figure 3: Debian's libjs-lunr, its index built the
// usual way (title boosted, description, keywords), queried the way search-as-you-
// type needs (every term required, the last one a prefix).
'use strict';

const LUNR = '/usr/share/javascript/lunr/lunr.js';

/** Debian's lunr.js, or a thrown Error naming the package to install. */
function loadLunr() {
  try {
    return require(LUNR);
  } catch (error) {
    throw new Error(`cannot load ${LUNR} (install the Debian package libjs-lunr): ${error.message}`);
  }
}

/** An index of the workload's items. */
function build(lunr, items) {
  return lunr(function () {
    this.ref('id');
    this.field('title', { boost: 10 });
    this.field('keywords', { boost: 5 });
    this.field('description');
    for (const item of items) this.add({ id: item.id, title: item.title, keywords: item.keywords.join(' '), description: item.description });
  });
}

/** The hits for what a user typed: every term required, the last one a prefix. */
function search(lunr, index, text) {
  const terms = text.toLowerCase().split(/\s+/).filter((t) => t.length > 0);
  return index.query((query) => {
    terms.forEach((term, i) => {
      const last = i === terms.length - 1;
      query.term(term, {
        presence: lunr.Query.presence.REQUIRED,
        wildcard: last ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE,
        usePipeline: !last,
      });
    });
  });
}

module.exports = { loadLunr, build, search };
