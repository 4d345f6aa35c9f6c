// search-during-indexing.js QUERIES_FILE ITEMS_FILE… — figure 2c: one indexItems
// call with every item of the files, and while it is being written, a search every
// 20 ms (a fast typist), each timed from call to resolution.
'use strict';
const { now, report, fail, searchOnDevice, loadJSON, loadQueries, hitCount } = require('./common');

const KEYSTROKE_MS = 20;

async function main() {
  const [queriesFile, ...itemFiles] = process.argv.slice(2);
  const SearchOnDevice = searchOnDevice();
  const queries = loadQueries(queriesFile);
  const items = [];
  for (const file of itemFiles) for (const item of loadJSON(file)) items.push(item);

  const start = now();
  let finished = false;
  const indexing = SearchOnDevice.indexItems(items).then((written) => { finished = true; return written; });
  const callMs = now() - start;  // the JS thread converting the batch for the bridge
  const latencies = [];
  let withoutHits = 0;
  for (let i = 0; !finished; i++) {
    const begin = now();
    const hits = hitCount(await SearchOnDevice.search(queries[i % queries.length], { limit: 20 }));
    if (finished) break;  // resolved after the batch: not a search during it
    latencies.push(now() - begin);
    if (hits === 0) withoutHits++;
    await new Promise((resolve) => setTimeout(resolve, KEYSTROKE_MS));
  }
  const written = await indexing;
  report({ written, callMs, batchMs: now() - start, latencies, withoutHits });
}

main().catch(fail);
