// A TypeScript app: `searchlight run examples/typescript/app.ts`; type-check with
// `tsc --noEmit -p examples/typescript` (tsconfig.json extends js/tsconfig.base.json,
// which maps the host's built-in modules to their index.d.ts).
import { NativeModules, Platform } from 'react-native';
import * as Searchlight from 'searchlight';
import type { SearchHit, UserQueryResult } from 'searchlight';
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
    // What a search field shows as the user types: a page, its total, completions.
    const typed: UserQueryResult = await Searchlight.userQuery('na', { limit: 5, suggestions: 2 });
    const offered = typed.suggestions.map(({ text, count }) => `${text} (${count})`).join(', ');
    console.log(`'na': ${typed.totalCount} found, suggestions ${offered}`);
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
