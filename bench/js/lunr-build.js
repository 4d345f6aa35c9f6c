// lunr-build.js ITEMS_FILE… — builds lunr.js's index of the workload and writes it,
// serialized (JSON.stringify, as lunr documents), to stdout: the "existing index"
// lunr-search.js loads.
'use strict';
const { loadJSON, fail } = require('./common');
const { loadLunr, build } = require('./lunr');

try {
  const lunr = loadLunr();
  const items = [];
  for (const file of process.argv.slice(2)) for (const item of loadJSON(file)) items.push(item);
  process.stdout.write(JSON.stringify(build(lunr, items)));
} catch (error) {
  fail(error);
}
