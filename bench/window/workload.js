// workload.js — what the window benchmarks' two sides share (bench/window/measure.sh):
// N generated items and the queries typed against them, the same for the page
// (search-page.js, in a window) and the headless host (search-headless.js), and the
// loop that times `search` one query after another.
'use strict';

/** A small deterministic PRNG (mulberry32), so both sides see the same items and queries. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'del', 'su', 'ni', 'par', 'qui', 'bel', 'dor', 'fen', 'gal', 'hu', 'jor', 'mek', 'nor', 'pal'];

/** 3000 made-up words of 2–4 syllables. */
function vocabulary(next) {
  const words = new Set();
  while (words.size < 3000) {
    const length = 2 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

const WORDS = vocabulary(random(7));

function phrase(next, count) {
  const words = [];
  for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(next() * WORDS.length)]);
  return words.join(' ');
}

/** Items `from` ..< `to` of the workload (ids `item-N`). */
function items(from, to) {
  const list = [];
  for (let n = from; n < to; n++) {
    const next = random(1000 + n);
    list.push({
      id: `item-${n}`,
      title: phrase(next, 3),
      description: phrase(next, 10),
      keywords: [WORDS[Math.floor(next() * WORDS.length)], WORDS[Math.floor(next() * WORDS.length)]],
      rankingHint: Math.floor(next() * 100),
    });
  }
  return list;
}

/** `count` queries as a user types them: growing prefixes of one or two words. */
function queries(count) {
  const next = random(99);
  const list = [];
  while (list.length < count) {
    const words = phrase(next, 1 + Math.floor(next() * 2)).split(' ');
    let typed = '';
    for (const word of words) {
      for (let i = 2; i <= word.length && list.length < count; i += 2) list.push((typed + word.slice(0, i)).trim());
      typed += word + ' ';
    }
  }
  return list;
}

/** Monotonic milliseconds: `performance.now()` where the host has it, else `process.hrtime()`. */
const now = typeof performance !== 'undefined' && typeof performance.now === 'function'
  ? () => performance.now()
  : () => { const [s, ns] = process.hrtime(); return s * 1e3 + ns / 1e6; };

/** Times `SearchOnDevice.search(query, {limit: 20})` for each query in turn, after 20 unmeasured ones. */
async function timeSearches(SearchOnDevice, list) {
  for (const query of list.slice(0, 20)) await SearchOnDevice.search(query, { limit: 20 });
  const latencies = [];
  let hits = 0;
  const begin = now();
  for (const query of list) {
    const start = now();
    const found = await SearchOnDevice.search(query, { limit: 20 });
    latencies.push(now() - start);
    hits += found.length;
  }
  // The mean from one long interval: a page's clock is coarse (WebKit rounds
  // performance.now() to 1 ms), the whole loop's length is not.
  return { latencies, hits, meanMs: (now() - begin) / list.length };
}

/** Indexes the workload's `size` items in batches unless the index already holds them. */
async function ensureIndexed(SearchOnDevice, size) {
  const state = `window-bench-${size}`;
  if ((await SearchOnDevice.fetchLastClientState()) === state) return false;
  await SearchOnDevice.deleteAllItems();
  for (let from = 0; from < size; from += 10000) {
    await SearchOnDevice.indexItems(items(from, Math.min(size, from + 10000)), from + 10000 >= size ? { clientState: state } : undefined);
  }
  return true;
}

module.exports = { items, queries, timeSearches, ensureIndexed };
