// run.js BATCH QUERIES_FILE TYPOS_OFF ITEMS_FILE… — one round of bench/compare:
// indexes the workload through NativeModules.SearchOnDevice.indexItems in batches
// of BATCH, then times `search(q, {limit: 20})` for every query of QUERIES_FILE.
// TYPOS_OFF "1" adds `typoTolerance: false`, so a build with typo tolerance answers
// the same exact search as a build from before it (which refuses the option).
'use strict';
const { report, fail, searchOnDevice, indexFiles, loadJSON, hitCount, timeQueries } = require('../js/common');

async function main() {
  const [batchText, queriesFile, typosOff, ...itemFiles] = process.argv.slice(2);
  const batch = Number(batchText);
  const SearchOnDevice = searchOnDevice();
  await SearchOnDevice.fetchLastClientState();
  const { written, indexMs } = await indexFiles(SearchOnDevice, itemFiles, batch);
  const options = typosOff === '1' ? { limit: 20, typoTolerance: false } : { limit: 20 };
  const queries = loadJSON(queriesFile).flatMap((sequence) => sequence.queries);
  const { latencies } = await timeQueries(queries, async (q) => hitCount(await SearchOnDevice.search(q, options)));
  report({ written, indexMs, latencies });
}

main().catch(fail);
