// index-and-search.js BATCH QUERIES_FILE ITEMS_FILE… — figure 1 and 2: indexes the
// workload through NativeModules.SearchOnDevice.indexItems in batches of BATCH
// (awaiting each, as an app does), then times search-as-you-type queries, and for
// comparison the round trip of a promise method that does no search.
'use strict';
const { report, fail, searchOnDevice, indexFiles, loadJSON, hitCount, timeQueries } = require('./common');

async function main() {
  const [batchText, queriesFile, ...itemFiles] = process.argv.slice(2);
  const batch = Number(batchText);
  const SearchOnDevice = searchOnDevice();
  // The module opens (here: creates) its index on the first call. The baselines
  // create their tables before their clocks start, so this opening is not timed either.
  await SearchOnDevice.fetchLastClientState();
  const { written, indexMs } = await indexFiles(SearchOnDevice, itemFiles, batch);
  const sequences = loadJSON(queriesFile);
  const queries = sequences.flatMap((sequence) => sequence.queries);
  // The class of each query (typing, multi, typo), for the harness to report apart.
  const kinds = sequences.flatMap((sequence) => sequence.queries.map(() => sequence.kind));
  const { latencies, withoutHits } = await timeQueries(queries, async (q) => hitCount(await SearchOnDevice.search(q, { limit: 20 })));
  // The same hop without search work: a promise method that reads no index.
  const roundTrip = await timeQueries(queries.slice(0, 500), async () => (await SearchOnDevice.getInitialRequest(), 1));
  report({ written, indexMs, latencies, kinds, withoutHits, roundTrips: roundTrip.latencies });
}

main().catch(fail);
