'use strict';
// The audiobook catalog the example app ships with: public-domain Japanese
// classics, each with a cover in ./images (made by images/make-images.py).

/** Bump when the catalog changes: the app re-indexes when the stored client state differs. */
const CATALOG_VERSION = 'catalog-2026-1';

/** The domain every work is indexed under. */
const DOMAIN = 'org.example.audiobooks.works';

const books = [
  {
    id: 'work-001', cover: 'wagahai', title: '吾輩は猫である', author: '夏目漱石', narrator: '西村俊彦',
    minutes: 1362, genres: ['小説', '名作'],
    summary: '中学教師の家に住みついた名もなき猫が、人間たちの滑稽な日常を語る長編小説。',
  },
  {
    id: 'work-002', cover: 'hashire-melos', title: '走れメロス', author: '太宰治', narrator: '佐藤由美',
    minutes: 32, genres: ['短編', '名作'],
    summary: '友との約束を守るため、メロスは沈む太陽より速く走る。信頼と友情の物語。',
  },
  {
    id: 'work-003', cover: 'ginga-tetsudo', title: '銀河鉄道の夜', author: '宮沢賢治', narrator: '高橋遼',
    minutes: 180, genres: ['童話', 'ファンタジー'],
    summary: '少年ジョバンニと親友カムパネルラが乗った、夜空を走る不思議な鉄道の旅。',
  },
  {
    id: 'work-004', cover: 'rashomon', title: '羅生門', author: '芥川龍之介', narrator: '森川智',
    minutes: 25, genres: ['短編', '歴史'],
    summary: '荒れ果てた羅生門の下で雨やみを待つ下人が、生きるための悪と向き合う。',
  },
  {
    id: 'work-005', cover: 'botchan', title: '坊っちゃん', author: '夏目漱石', narrator: '西村俊彦',
    minutes: 290, genres: ['小説', 'ユーモア'],
    summary: '無鉄砲な江戸っ子の新任教師が、四国の中学校で騒動を巻き起こす。',
  },
  {
    id: 'work-006', cover: 'kokoro', title: 'こころ', author: '夏目漱石', narrator: '田中美穂',
    minutes: 540, genres: ['小説', '名作'],
    summary: '「先生」が遺した手紙が明かす、友情と恋と罪の記憶。',
  },
  {
    id: 'work-007', cover: 'chumon', title: '注文の多い料理店', author: '宮沢賢治', narrator: '佐藤由美',
    minutes: 28, genres: ['童話'],
    summary: '山奥で道に迷った二人の紳士が見つけた、不思議な西洋料理店「山猫軒」。',
  },
  {
    id: 'work-008', cover: 'ningen-shikkaku', title: '人間失格', author: '太宰治', narrator: '森川智',
    minutes: 320, genres: ['小説'],
    summary: '「恥の多い生涯を送って来ました」。人間を恐れた男、大庭葉蔵の手記。',
  },
];

/** The cover image's absolute path. */
function coverPath(book) {
  return `${__dirname}/images/${book.cover}.png`;
}

/**
 * The book as a SearchOnDevice item (the Japanese article's keys). `imageUrl` is the
 * cover's file path unless given (the windowed app gives a data: URL, covers.js).
 */
function toSearchableItem(book, imageUrl = coverPath(book)) {
  return {
    id: book.id,
    title: book.title,
    description: `${book.author}・朗読 ${book.narrator}｜${book.summary}`,
    keywords: ['オーディオブック', '朗読', book.author, book.narrator, ...book.genres],
    imageUrl,
    domain: DOMAIN,
    contentType: 'public.audio',
    url: `audiobooks://works/${book.id}`,
    attributes: { author: book.author, narrator: book.narrator, minutes: book.minutes },
  };
}

/** The work with this id, or null. */
function bookWithId(id) {
  return books.find((book) => book.id === id) || null;
}

/** "22時間42分" for a running time in minutes. */
function duration(minutes) {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}時間${minutes % 60}分` : `${minutes}分`;
}

/**
 * Index the catalog (or the works `ids`) through `searchlight` unless the index
 * already holds this version; resolves to the number of works written. `imageUrl`
 * gives each work's cover (default: the file's path). Both the
 * console app (app.js) and the windowed app (index.js) start with it.
 */
async function indexCatalog(searchlight, { ids = null, force = false, imageUrl = coverPath } = {}) {
  if (!force && ids === null && (await searchlight.fetchLastClientState()) === CATALOG_VERSION) {
    const [first] = await searchlight.getItems([books[0].id]);
    if (first !== null) return 0; // indexed before and not expired
  }
  const chosen = ids === null ? books : books.filter((book) => ids.includes(book.id));
  if (ids === null) await searchlight.deleteItemsInDomains([DOMAIN]); // drop works no longer sold
  const items = chosen.map((book) => toSearchableItem(book, imageUrl(book)));
  return searchlight.indexItems(items, { clientState: CATALOG_VERSION });
}

module.exports = {
  CATALOG_VERSION, DOMAIN, books, bookWithId, coverPath, duration, indexCatalog, toSearchableItem,
};
