// common.js — what the benchmark scripts share: a fine clock, loading the
// workload's JSON files without keeping them, timing searches, and the one line
// each script reports to the harness (`BENCH {json}` on stdout).
'use strict';

/** Monotonic milliseconds, fractional. */
function now() {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

/** Prints the script's figures for the harness. */
function report(figures) {
  console.log('BENCH ' + JSON.stringify(figures));
}

/** Reports a failure as the script's figures and sets a failing exit code. */
function fail(error) {
  report({ error: String((error && error.message) || error), code: (error && error.code) || null });
  process.exitCode = 1;
}

/** `NativeModules.SearchOnDevice`, or a thrown Error when the host has no such module. */
function searchOnDevice() {
  const { NativeModules } = require('react-native');
  const module = NativeModules.SearchOnDevice;
  if (!module || typeof module.indexItems !== 'function' || typeof module.search !== 'function') {
    throw new Error('NativeModules.SearchOnDevice is not registered in this build of searchlight');
  }
  return module;
}

/** The parsed JSON file at `path`, dropped from the module cache so it can be freed. */
function loadJSON(path) {
  const value = require(path);
  delete require.cache[path];
  const children = module.children;
  for (let i = children.length - 1; i >= 0; i--) if (children[i].filename === path || children[i].id === path) children.splice(i, 1);
  return value;
}

/**
 * Indexes the items of each JSON file through `SearchOnDevice.indexItems` in calls of
 * `batch` items, awaiting each as an app does; returns the items written and the
 * milliseconds spent in those calls.
 */
async function indexFiles(SearchOnDevice, itemFiles, batch) {
  let indexMs = 0;
  let written = 0;
  for (const file of itemFiles) {
    const items = loadJSON(file);
    for (let i = 0; i < items.length; i += batch) {
      const slice = items.slice(i, i + batch);
      const start = now();
      written += await SearchOnDevice.indexItems(slice);
      indexMs += now() - start;
    }
  }
  return { written, indexMs };
}

/** Every query of the typing sequences in `path` (queries.json), in typing order. */
function loadQueries(path) {
  return loadJSON(path).flatMap((sequence) => sequence.queries);
}

/** The number of hits in a `search` result (an array of hits, or `{hits}`). */
function hitCount(result) {
  if (Array.isArray(result)) return result.length;
  if (result && Array.isArray(result.hits)) return result.hits.length;
  return 0;
}

/**
 * Times `search(query)` (which returns a hit count, or a promise of one) for each
 * query, one after another, after `warmUp` unmeasured queries; stops early once
 * `budgetMs` have passed. `starts` are the calls' start times (`now()`, the clock of
 * the host's bridge trace).
 */
async function timeQueries(queries, search, { warmUp = 20, budgetMs = Infinity } = {}) {
  for (const query of queries.slice(0, warmUp)) await search(query);
  const latencies = [];
  const starts = [];
  let withoutHits = 0;
  const begin = now();
  for (const query of queries) {
    if (now() - begin > budgetMs) break;
    const start = now();
    const hits = await search(query);
    latencies.push(now() - start);
    starts.push(start);
    if (hits === 0) withoutHits++;
  }
  return { latencies, starts, withoutHits };
}

module.exports = { now, report, fail, searchOnDevice, loadJSON, indexFiles, loadQueries, hitCount, timeQueries };
