// searchlight.js CORPUS QUERIES MODE — Searchlight's side of `make relevance`, run by
// the release build's `searchlight run`. Indexes the corpus's items through
// NativeModules.SearchOnDevice.indexItems (batches of 1000, each awaited, as an app
// does), then runs every query through `search(text, {limit: 10})`: a warm-up pass over
// the first 50, then 3 passes over all, each call timed in JS from the call to the
// resolved hits; a query's time is its median of the 3.
// MODE `on` / `off` passes `typoTolerance: true / false`; a build whose `search` has
// no such option (it rejects unknown options) runs without it and says so.
// Then, untimed, each query again with `limit: 50`, to count the queries whose top 10
// is not the first 10 of the longer page. Prints one line `RELEVANCE {json}`.
'use strict';
const { NativeModules } = require('react-native');

const clock = typeof performance === 'object' && performance && typeof performance.now === 'function'
  ? () => performance.now()
  : () => { const [s, ns] = process.hrtime(); return s * 1e3 + ns / 1e6; };

async function main() {
  const [corpusFile, queriesFile, mode] = process.argv.slice(2);
  const SearchOnDevice = NativeModules.SearchOnDevice;
  const items = require(corpusFile).items;
  const queries = require(queriesFile);
  await SearchOnDevice.deleteAllItems();
  let start = clock();
  for (let i = 0; i < items.length; i += 1000) {
    await SearchOnDevice.indexItems(items.slice(i, i + 1000));
  }
  const indexSeconds = (clock() - start) / 1000;

  const options = { limit: 10 };
  let typoTolerance = 'not an option of this build';
  if (mode === 'on' || mode === 'off') {
    try {
      await SearchOnDevice.search('probe', { limit: 1, typoTolerance: mode === 'on' });
      options.typoTolerance = mode === 'on';
      typoTolerance = options.typoTolerance;
    } catch (error) {
      if (!/typoTolerance/.test(String(error && error.message))) throw error;
    }
  }
  const search = (text) => SearchOnDevice.search(text, options);
  for (const query of queries.slice(0, 50)) await search(query.text);
  const rows = queries.map((query) => ({ id: query.id, times: [] }));
  for (let pass = 0; pass < 3; pass++) {
    for (const [k, query] of queries.entries()) {
      start = clock();
      const hits = await search(query.text);
      rows[k].times.push(clock() - start);
      rows[k].hits = hits.map((hit) => hit.id);
      rows[k].scores = hits.map((hit) => hit.score);
    }
  }
  for (const row of rows) { row.ms = row.times.sort((a, b) => a - b)[1]; delete row.times; }
  // Untimed: is the top 10 the first 10 of a page of 50 (SPEC §5: the same first k
  // whatever the limit)?
  let limitDependent = 0;
  for (const [k, query] of queries.entries()) {
    const longer = await SearchOnDevice.search(query.text, Object.assign({}, options, { limit: 50 }));
    const first = longer.slice(0, 10).map((hit) => hit.id);
    if (first.join('\n') !== rows[k].hits.join('\n')) { rows[k].limit50 = first; limitDependent++; }
  }
  console.log('RELEVANCE ' + JSON.stringify({ indexSeconds, typoTolerance, limitDependent, clock: typeof performance === 'object' ? 'performance.now' : 'process.hrtime', rows }));
}

main().catch((error) => {
  console.log('RELEVANCE ' + JSON.stringify({ error: String((error && error.message) || error), code: (error && error.code) || null }));
  process.exitCode = 1;
});
