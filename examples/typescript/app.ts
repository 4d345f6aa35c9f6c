// A TypeScript app: `searchlight run examples/typescript/app.ts`; type-check with
// `tsc --noEmit -p examples/typescript` (tsconfig.json extends js/tsconfig.base.json,
// which maps the host's built-in modules to their index.d.ts).
import { NativeModules, Platform } from 'react-native';
import * as Searchlight from 'searchlight';
import type { SearchHit } from 'searchlight';
import { books, matching, toSearchItem, type SearchItem } from './catalogue';

const domain = 'org.example.audiobooks';
const items: SearchItem[] = books.map((book) => toSearchItem(book, domain));

async function main(): Promise<void> {
  console.log(`${Platform.OS}: ${items.length} audiobooks`);
  if (NativeModules.SearchOnDevice) {
    // The host has the SearchOnDevice module: index and search on device.
    const written: number = await Searchlight.indexItems(items);
    console.log(`indexed ${written}`);
    const hits: SearchHit[] = await Searchlight.search('nature');
    for (const hit of hits) console.log(`found ${hit.id} ${hit.title}`);
  } else {
    console.log('(no SearchOnDevice module in this host: searching in memory)');
    for (const hit of matching(items, 'nature')) console.log(`found ${hit.id} ${hit.title}`);
  }
  const [first] = matching(items, 'ブック');
  console.log(first ? `${first.title}: ${first.description}` : 'no match');
}

main().catch((error: unknown) => {
  if (Searchlight.isSearchError(error)) console.error(`${error.code}: ${error.message}`);
  else console.error(error);
  process.exitCode = 1;
});
