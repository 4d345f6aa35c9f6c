'use strict';
// Audiobooks: the React Native app of the Japanese article, on Linux.
//
// It indexes its catalog (titles, authors, narrators, a cover from ./images),
// then opens the screen the system search asks for:
//   searchlight run examples/audiobooks/app.js                      home: a search for 'ブック'
//   searchlight run examples/audiobooks/app.js --activate work-003  the detail screen of a work
//   searchlight run examples/audiobooks/app.js --continue 夏目      the search screen with results
// With --serve it stays up as the D-Bus search provider and opens a screen for
// each request (`searchlight activate ID`, `searchlight continue TEXT`).
// Everything is local: the covers are files, so it runs with no network.

const searchlight = require('searchlight');
const catalog = require('./catalog');

const { DOMAIN, books, bookWithId, duration } = catalog;

const DEFAULT_QUERY = 'ブック';

function header(title) {
  console.log('');
  console.log(`━━ ${title} ━━`);
}

/** Index the catalog unless the index already holds this version (catalog.js). */
async function indexCatalog(options) {
  const written = await catalog.indexCatalog(searchlight, options);
  if (written > 0) console.log(`オーディオブック: ${written}作品を検索に登録しました`);
  return written;
}

/** The detail screen of one work; viewing it counts as engagement, so it ranks higher later. */
async function showDetail(id) {
  const [item] = await searchlight.getItems([id]);
  const book = bookWithId(id);
  if (item === null || book === null) {
    header('作品が見つかりません');
    console.log(`  「${id}」の作品は配信を終了したか、存在しません。`);
    return;
  }
  header(`作品詳細 ─ ${book.title}`);
  console.log(`  著者      ${book.author}`);
  console.log(`  朗読      ${book.narrator}`);
  console.log(`  再生時間  ${duration(book.minutes)}`);
  console.log(`  ジャンル  ${book.genres.join('・')}`);
  console.log(`  カバー    ${item.thumbnail || '(なし)'}`);
  console.log(`  ${book.summary}`);
  await searchlight.becomeCurrent({
    activityType: 'org.example.audiobooks.work',
    title: book.title,
    userInfo: { id: book.id },
    relatedUniqueIdentifier: book.id,
    eligibleForSearch: false, // the work itself is already indexed
  });
}

/** The search screen: the works that match what the user typed, best first. */
async function showSearch(text) {
  const hits = await searchlight.search(text, { domains: [DOMAIN] });
  header(`検索「${text}」 ─ ${hits.length}件`);
  if (hits.length === 0) {
    console.log(`  「${text}」に一致する作品はありません。`);
    return;
  }
  hits.forEach((hit, index) => {
    const book = bookWithId(hit.id);
    const byline = book ? `${book.author}・${duration(book.minutes)}` : hit.description || '';
    console.log(`  ${String(index + 1).padStart(2)}. ${hit.title}  ${byline}  [${hit.id}]`);
  });
}

function openScreen(request) {
  const screen = request.id !== null ? showDetail(request.id) : showSearch(request.query);
  screen.catch((error) => {
    console.error(`audiobooks: ${error.code ? `${error.code}: ` : ''}${error.message}`);
    process.exitCode = 1;
  });
}

async function main() {
  searchlight.onReindexRequest(({ ids, reason }) => {
    console.log(`オーディオブック: 検索の再登録 (${reason})`);
    indexCatalog({ ids, force: true }).catch((error) => {
      console.error(`audiobooks: ${error.message}`);
      process.exitCode = 1;
    });
  });
  await indexCatalog();
  const initial = await searchlight.getInitialRequest();
  // The request that started the app (if any) reaches this first listener too.
  searchlight.onRequest(openScreen);
  if (initial === null) {
    header('オーディオブック');
    console.log(`  ${books.length}作品を配信中。検索の例:`);
    await showSearch(DEFAULT_QUERY);
  }
}

main().catch((error) => {
  console.error(`audiobooks: ${error.code ? `${error.code}: ` : ''}${error.message}`);
  process.exitCode = 1;
});
