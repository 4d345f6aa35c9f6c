// search-headless.js SIZE QUERIES — the baseline of "search from the page": the same
// searches from the headless host (`searchlight run`), over the same index (indexed
// here first when it does not hold the workload yet). Prints `BENCH {json}`.
'use strict';
const { NativeModules } = require('react-native');
const { ensureIndexed, queries, timeSearches } = require('./workload');

async function main() {
  const size = Number(process.argv[2]);
  const count = Number(process.argv[3]);
  const { SearchOnDevice } = NativeModules;
  const indexed = await ensureIndexed(SearchOnDevice, size);
  const result = await timeSearches(SearchOnDevice, queries(count));
  console.log('BENCH ' + JSON.stringify({ indexed, ...result }));
}

main().catch((error) => { console.error(error); process.exitCode = 1; });
