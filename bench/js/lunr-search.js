// lunr-search.js INDEX_FILE FIRST_QUERY QUERIES_FILE BUDGET_MS — figure 3 (lunr.js
// side): load the serialized index (lunr.Index.load), the first result of
// FIRST_QUERY, then the latencies of the queries in QUERIES_FILE in order until
// BUDGET_MS have passed (a one-letter prefix can take lunr.js minutes at 100k
// items). The harness measures the process's peak memory.
'use strict';
const scriptStart = Date.now();
const { now, report, fail, loadJSON, timeQueries } = require('./common');
const { loadLunr, search } = require('./lunr');

async function main() {
  const start = now();
  const [indexFile, firstQuery, queriesFile, budgetText] = process.argv.slice(2);
  const lunr = loadLunr();
  const index = lunr.Index.load(loadJSON(indexFile));
  const firstHits = search(lunr, index, firstQuery).length;
  const firstResultEpochMs = Date.now();
  const firstResultMs = now() - start;
  const queries = loadJSON(queriesFile);
  const budgetMs = Number(budgetText);
  const { latencies, withoutHits } = await timeQueries(queries, (q) => search(lunr, index, q).length, { warmUp: 0, budgetMs });
  report({ scriptStartEpochMs: scriptStart, firstResultEpochMs, firstResultMs, firstHits, latencies, withoutHits });
}

main().catch(fail);
