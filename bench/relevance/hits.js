// hits.js CORPUS QUERIES — every relevance query's answer, to compare two builds
// (`searchlight run hits.js …` under each, then `cmp` the outputs): indexes the corpus
// as searchlight.js does, then prints one JSON line per query and setting
// (typos on and off, limit 10): its hits' ids, scores and highlights, and the total.
// Answers that must not change when only the cost of a search changes.
'use strict';
const { NativeModules } = require('react-native');

async function main() {
  const [corpusFile, queriesFile] = process.argv.slice(2);
  const SearchOnDevice = NativeModules.SearchOnDevice;
  const items = require(corpusFile).items;
  const queries = require(queriesFile);
  await SearchOnDevice.deleteAllItems();
  for (let i = 0; i < items.length; i += 1000) await SearchOnDevice.indexItems(items.slice(i, i + 1000));
  for (const typoTolerance of [true, false]) {
    for (const query of queries) {
      const result = await SearchOnDevice.userQuery(query.text, { limit: 10, typoTolerance });
      console.log(JSON.stringify({
        id: query.id, typoTolerance, total: result.totalCount, exact: result.totalIsExact,
        hits: result.hits.map((hit) => [hit.id, hit.score, hit.highlights]),
      }));
    }
  }
}

main().catch((error) => {
  console.log('HITS error ' + String((error && error.message) || error));
  process.exitCode = 1;
});
