// open-and-search.js FIRST_QUERY QUERIES_FILE [METHOD] — figure 3 (searchlight side):
// from an existing index, the first result of FIRST_QUERY as soon as possible, then
// the latencies of the queries in QUERIES_FILE (a JSON array of strings, in order),
// asked with METHOD: `search` (the default, hits alone) or `userQuery` (hits and the
// total count). The harness measures the process's peak memory.
'use strict';
const scriptStart = Date.now();
const { now, report, fail, searchOnDevice, loadJSON, hitCount, timeQueries } = require('./common');

async function main() {
  const start = now();
  const [firstQuery, queriesFile, method = 'search'] = process.argv.slice(2);
  if (method !== 'search' && method !== 'userQuery') throw new Error(`METHOD must be search or userQuery, got ${method}`);
  const SearchOnDevice = searchOnDevice();
  const firstHits = hitCount(await SearchOnDevice.search(firstQuery, { limit: 20 }));
  const firstResultEpochMs = Date.now();
  const firstResultMs = now() - start;
  const queries = loadJSON(queriesFile);
  const search = async (q) => hitCount(await SearchOnDevice[method](q, { limit: 20 }));
  const { latencies, starts, withoutHits } = await timeQueries(queries, search, { warmUp: 0 });
  report({ scriptStartEpochMs: scriptStart, firstResultEpochMs, firstResultMs, firstHits, latencies, starts, withoutHits });
}

main().catch(fail);
