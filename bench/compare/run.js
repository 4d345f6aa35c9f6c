// run.js BATCH QUERIES_FILE OPTIONS ITEMS_FILE… — one round of bench/compare:
// indexes the workload through NativeModules.SearchOnDevice.indexItems in batches
// of BATCH, then times `search(q, {limit: 20, ...OPTIONS})` for every query of
// QUERIES_FILE. OPTIONS is a JSON object of search options the build is asked for
// (`{"typoTolerance": false}`, so a build with typo tolerance answers the same exact
// search as a build from before it, which refuses the option; `{"matchingStrategy":
// "all"}`, so a build with a matching strategy never runs the queries with terms
// dropped, as a build from before it did not).
'use strict';
const { report, fail, searchOnDevice, indexFiles, loadJSON, hitCount, timeQueries } = require('../js/common');

async function main() {
  const [batchText, queriesFile, optionsText, ...itemFiles] = process.argv.slice(2);
  const batch = Number(batchText);
  const SearchOnDevice = searchOnDevice();
  await SearchOnDevice.fetchLastClientState();
  const { written, indexMs } = await indexFiles(SearchOnDevice, itemFiles, batch);
  const options = Object.assign({ limit: 20 }, JSON.parse(optionsText));
  const queries = loadJSON(queriesFile).flatMap((sequence) => sequence.queries);
  const { latencies } = await timeQueries(queries, async (q) => hitCount(await SearchOnDevice.search(q, options)));
  report({ written, indexMs, latencies });
}

main().catch(fail);
