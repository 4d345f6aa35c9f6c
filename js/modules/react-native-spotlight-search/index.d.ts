// Typings for `react-native-spotlight-search` on Linux (served by SearchOnDevice).
// The API and item shape are those the iOS package documents. The functions are
// both named exports and members of the default export, as index.js provides them.

/** A subscription returned by `searchItemTapped`; `remove()` may be called more than once. */
export interface NativeEventSubscription {
  remove(): void;
}

/** A search item as react-native-spotlight-search documents it. */
export interface SpotlightItem {
  title: string;
  contentDescription?: string;
  uniqueIdentifier: string;
  domain: string;
  /** An iOS asset name: looked up as NAME, NAME.png or NAME.jpg beside the main script, else ignored with one warning. */
  thumbnailName?: string;
  /** A local file path or URI of the thumbnail. */
  thumbnailUri?: string;
  /** Base64 image bytes. */
  thumbnailData?: string;
  keywords?: string[];
}

/**
 * Add or replace several items in the on-device index.
 * @example
 * await SpotlightSearch.indexItems([{ title: 'Strawberry', uniqueIdentifier: '1', domain: 'fruit' }])
 * @param items The items.
 * @returns Resolves once written.
 */
export function indexItems(items: SpotlightItem[]): Promise<void>;

/**
 * Add or replace one item.
 * @example
 * await SpotlightSearch.indexItem({ title: 'Kiwi', uniqueIdentifier: '2', domain: 'fruit' })
 * @param item The item.
 * @returns Resolves once written.
 */
export function indexItem(item: SpotlightItem): Promise<void>;

/**
 * Delete items by identifier.
 * @example
 * await SpotlightSearch.deleteItemsWithIdentifiers(['1', '2'])
 * @param itemIdentifiers The identifiers.
 * @returns Resolves once deleted.
 */
export function deleteItemsWithIdentifiers(itemIdentifiers: string[]): Promise<void>;

/**
 * Delete items by identifier (the name the package's newer index.js uses).
 * @example
 * await SpotlightSearch.deleteItemsWithIds(['1'])
 * @param itemIdentifiers The identifiers.
 * @returns Resolves once deleted.
 */
export function deleteItemsWithIds(itemIdentifiers: string[]): Promise<void>;

/**
 * Delete every item in the domains (and their subdomains).
 * @example
 * await SpotlightSearch.deleteItemsInDomains(['fruit'])
 * @param itemDomains The domains.
 * @returns Resolves once deleted.
 */
export function deleteItemsInDomains(itemDomains: string[]): Promise<void>;

/**
 * Delete every item the app indexed.
 * @example
 * await SpotlightSearch.deleteAllItems()
 * @returns Resolves once deleted.
 */
export function deleteAllItems(): Promise<void>;

/**
 * Call back when the user opens one of the app's items from the system search.
 * The item that started the app is delivered to the first listener too.
 * @example
 * SpotlightSearch.searchItemTapped((uniqueIdentifier) => openDetail(uniqueIdentifier))
 * @param callback Called with the item's `uniqueIdentifier`.
 * @returns A subscription; `remove()` stops the calls.
 */
export function searchItemTapped(callback: (uniqueIdentifier: string) => void): NativeEventSubscription;

/**
 * The identifier of the item whose opening started the app, or null.
 * @example
 * const id = await SpotlightSearch.getInitialSearchItem()
 * @returns The `uniqueIdentifier`, or null.
 */
export function getInitialSearchItem(): Promise<string | null>;

/** The module's default export: the same functions. */
export interface SpotlightSearchModule {
  indexItems: typeof indexItems;
  indexItem: typeof indexItem;
  deleteItemsWithIdentifiers: typeof deleteItemsWithIdentifiers;
  deleteItemsWithIds: typeof deleteItemsWithIds;
  deleteItemsInDomains: typeof deleteItemsInDomains;
  deleteAllItems: typeof deleteAllItems;
  searchItemTapped: typeof searchItemTapped;
  getInitialSearchItem: typeof getInitialSearchItem;
}

/**
 * The react-native-spotlight-search API: index, delete, and the tapped-item callback.
 * @example
 * import SpotlightSearch from 'react-native-spotlight-search'
 * SpotlightSearch.indexItem({ title: 'Strawberry', uniqueIdentifier: '1', domain: 'fruit' })
 */
declare const SpotlightSearch: SpotlightSearchModule;
export default SpotlightSearch;
