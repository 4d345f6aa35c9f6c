// react-native-search-with-spotlight's README snippet (its `import * as` and
// `isSupported`), then the calls its example app makes, in TypeScript. The README's
// `await` sits inside `run()`: a bundle is CommonJS, which has no top-level await.
// Loaded by ../readme-search-with-spotlight.test.ts through a dynamic import.
import * as SearchWithSpotlight from 'react-native-search-with-spotlight'

export async function run(log: (line: string) => void): Promise<void> {
  const isSupported = await SearchWithSpotlight.isSupported()
  log(`[isSupported] ${isSupported}`)

  const samples: SearchWithSpotlight.SearchableItem[] = [
    { title: 'オーディオブック', id: 'audiobook-1', description: '本を聴く', keywords: ['本', 'audio'], imageUrl: null, domain: 'books' },
    { title: 'Walden', id: 'audiobook-2', description: null, keywords: null, imageUrl: null, domain: null },
  ]
  await SearchWithSpotlight.addSearchableItems(samples)
  log('[addSearchableItems] done')

  const subscription = SearchWithSpotlight.addListener((response) => {
    log(`[addListener] id=${response.id} query=${response.query}`)
  })
  subscription.remove()

  await SearchWithSpotlight.deleteIdentifiers(['audiobook-2'])
  log('[deleteIdentifiers] done')
}
