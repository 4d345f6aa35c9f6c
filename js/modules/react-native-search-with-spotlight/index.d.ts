// Typings for `react-native-search-with-spotlight` on Linux (served by SearchOnDevice).
// The API and item shape are those the iOS package documents (its src/index.ts).

/** A subscription returned by `addListener`; `remove()` may be called more than once. */
export interface EventSubscription {
  remove(): void;
}

/** A searchable item as react-native-search-with-spotlight documents it; null fields are left out. */
export type SearchableItem = {
  title: string;
  id: string;
  description: string | null;
  keywords: string[] | null;
  /** `http(s)://`, `file://`, `data:` or an absolute path; a failed fetch indexes the item without it. */
  imageUrl: string | null;
  /** Default: the app id. */
  domain: string | null;
};

/** What the system search asks of the app: open an item (`id`) or continue a search (`query`). */
export type Response = { id: string | null; query: string | null };

/** A listener for `addListener`. */
export type Callback = (response: Response) => void;

/**
 * Tell whether on-device search is available.
 * @example
 * const supported = await isSupported()
 * @returns True when the SearchOnDevice native module is present.
 */
export function isSupported(): Promise<boolean>;

/**
 * Add or replace items in the on-device index; an invalid item writes nothing.
 * @example
 * await addSearchableItems([{ id: '1', title: 'オーディオブック', description: null, keywords: null, imageUrl: null, domain: null }])
 * @param items The items.
 * @returns Resolves once written.
 */
export function addSearchableItems(items: SearchableItem[]): Promise<void>;

/**
 * Delete every item the app indexed.
 * @example
 * await deleteAll()
 * @returns Resolves once deleted.
 */
export function deleteAll(): Promise<void>;

/**
 * Delete items by identifier.
 * @example
 * await deleteIdentifiers(['1', '2'])
 * @param identifiers The identifiers.
 * @returns Resolves once deleted.
 */
export function deleteIdentifiers(identifiers: string[]): Promise<void>;

/**
 * Delete every item in the domains (and their subdomains).
 * @example
 * await deleteDomains(['books'])
 * @param domains The domains.
 * @returns Resolves once deleted.
 */
export function deleteDomains(domains: string[]): Promise<void>;

/**
 * Listen for requests from the system search; the one that started the app reaches the first listener.
 * @example
 * const subscription = addListener(({ id, query }) => console.log(id, query))
 * subscription.remove()
 * @param callback Called with `{ id, query }`, exactly one of them set.
 * @returns A subscription; `remove()` stops the calls.
 */
export function addListener(callback: Callback): EventSubscription;
