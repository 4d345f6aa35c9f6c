// The example's data model: typed items, the shape SearchOnDevice indexes (SPEC §3).

/** One audiobook, as the app keeps it. */
export interface Audiobook {
  id: string;
  title: string;
  author: string;
  minutes: number;
  keywords: readonly string[];
}

/** What `SearchOnDevice.indexItems` takes for one item. */
export interface SearchItem {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  domain: string;
}

export enum Length {
  Short = 'short',
  Long = 'long',
}

export const books: readonly Audiobook[] = [
  { id: 'ab-1', title: 'オーディオブック入門', author: '山田太郎', minutes: 95, keywords: ['入門', 'audio'] },
  { id: 'ab-2', title: 'Walden', author: 'Henry David Thoreau', minutes: 720, keywords: ['nature', 'essay'] },
  { id: 'ab-3', title: 'The Call of the Wild', author: 'Jack London', minutes: 180, keywords: ['dogs', 'nature'] },
];

/** How long a book is, for its description. */
export function lengthOf(book: Audiobook): Length {
  return book.minutes > 240 ? Length.Long : Length.Short;
}

/** The book as a search item in `domain`. */
export function toSearchItem(book: Audiobook, domain: string): SearchItem {
  return {
    id: book.id,
    title: book.title,
    description: `${book.author} · ${lengthOf(book)} (${book.minutes} min)`,
    keywords: [...book.keywords],
    domain,
  };
}

/** Items whose title or keywords contain `text`, case-insensitively. */
export function matching(items: readonly SearchItem[], text: string): SearchItem[] {
  const needle = text.toLowerCase();
  return items.filter((item) =>
    item.title.toLowerCase().includes(needle) || item.keywords.some((k) => k.toLowerCase().includes(needle)));
}
