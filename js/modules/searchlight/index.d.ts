// Typings for `searchlight`, the friendly wrapper over NativeModules.SearchOnDevice.
// Hand-written; keep in step with index.js (js/test/searchondevice/typings.test.js
// loads every export declared here).

/** A date as SearchOnDevice accepts it: ms since the epoch, a `Date`, or ISO-8601 text. */
export type DateInput = number | Date | string;

/** A custom attribute value: a string, number or boolean, or an array of those. */
export type AttributeValue = string | number | boolean | Array<string | number | boolean>;

/** The fields of an item other than its identifier (SPEC §3); `null` removes a field when `isUpdate` is true. */
export interface ItemFields {
  title?: string | null;
  description?: string | null;
  /** Alias of `description` (react-native-spotlight-search). */
  contentDescription?: string | null;
  keywords?: string[] | null;
  /** `http(s)://`, `file://`, `data:` or an absolute path; fetched and stored as the thumbnail. */
  imageUrl?: string | null;
  /** Alias of `imageUrl`. */
  thumbnailUri?: string | null;
  /** Alias of `imageUrl`. */
  thumbnailURL?: string | null;
  /** Base64 image bytes, with or without a `data:` prefix. */
  thumbnailData?: string | null;
  /** Default: the app id. Deleting domain `a.b` also deletes `a.b.c`. */
  domain?: string | null;
  /** Alias of `domain`. */
  domainIdentifier?: string | null;
  contentType?: string | null;
  /** A deep link into the app. */
  url?: string | null;
  displayName?: string | null;
  alternateNames?: string[] | null;
  textContent?: string | null;
  phoneNumbers?: string[] | null;
  emailAddresses?: string[] | null;
  supportsPhoneCall?: boolean | null;
  /** 0–100; higher ranks higher. */
  rankingHint?: number | null;
  contentCreationDate?: DateInput | null;
  contentModificationDate?: DateInput | null;
  /** Default: 30 days after indexing. An expired item is never returned. */
  expirationDate?: DateInput | null;
  /** true: merge into the stored item; false (default): replace it. */
  isUpdate?: boolean;
  /** Custom keys `[A-Za-z0-9_]+`, searchable in `query`. */
  attributes?: Record<string, AttributeValue> | null;
}

/** An item to index: `id` (or its alias `uniqueIdentifier`) plus its fields; unknown keys are rejected. */
export type SearchableItemInput =
  | (ItemFields & { id: string; uniqueIdentifier?: string })
  | (ItemFields & { uniqueIdentifier: string; id?: string });

/** An item as the index returns it: the input keys (no aliases), dates in ms, and `thumbnail`. */
export interface SearchableItem {
  id: string;
  domain: string;
  title?: string | null;
  description?: string | null;
  keywords?: string[] | null;
  imageUrl?: string | null;
  /** The stored thumbnail's file path, or null. */
  thumbnail: string | null;
  contentType?: string | null;
  url?: string | null;
  displayName?: string | null;
  alternateNames?: string[] | null;
  textContent?: string | null;
  phoneNumbers?: string[] | null;
  emailAddresses?: string[] | null;
  supportsPhoneCall?: boolean | null;
  rankingHint?: number | null;
  contentCreationDate?: number | null;
  contentModificationDate?: number | null;
  expirationDate?: number | null;
  attributes?: Record<string, AttributeValue> | null;
}

/** A UTF-16 `[start, end)` range of matched text in a field. */
export type HighlightRange = [start: number, end: number];

/**
 * The matched text of a hit, by field: a string field maps to its ranges; an array
 * field (`keywords`, `alternateNames`) to one list of ranges per element, in the
 * field's order (`[]` for an element without a match). Fields without a match are absent.
 */
export interface Highlights {
  title?: HighlightRange[];
  displayName?: HighlightRange[];
  alternateNames?: HighlightRange[][];
  keywords?: HighlightRange[][];
  description?: HighlightRange[];
  textContent?: HighlightRange[];
}

/**
 * How a hit's `score` was made: the signal each ranking rule reads, and in `levels` the
 * level each rule gave it. The score packs the levels in SPEC §5's order, so a rule
 * decides before every rule after it (more may be added).
 */
export interface ScoreDetails {
  /** How many of the query's terms the hit matches: all, unless the matching strategy dropped some to fill the page. */
  matchedTerms: number;
  /** −1 per typo, plus, with typos, how likely the corrected words are (0 to below 1). */
  typos: number;
  /** 1 when every term matched a whole word, 0 when the last one matched a longer word's start. */
  exactness: number;
  /** Where the terms matched: title 1000, names 700, keywords 500, description 300, text 100, averaged, plus title bonuses. */
  field: number;
  /** 0–1: the terms side by side and in order. */
  proximity: number;
  /** 0–1: the share of the best field the query covers. */
  coverage: number;
  /** The item's `rankingHint` scaled to 0–20. */
  rankingHint: number;
  /** 0–30, growing with the log of the engagement count. */
  engagement: number;
  /** 0–10, halving every 30 days. */
  recency: number;
  /** 0–1: rarer terms in better fields. */
  termStatistics: number;
  /** The field that matched best: `title`, `displayName`, `keywords`, `description` or `textContent`. */
  bestField: string;
  /** How many edits the matched words differ by from the query's. */
  typoCount: number;
  /** Each rule's level (higher is better), in the order the rules decide. */
  levels: ScoreLevels;
}

/** The ranking rules' levels of a hit, in SPEC §5's order. */
export interface ScoreLevels {
  matchedTerms: number;
  typos: number;
  exactness: number;
  field: number;
  proximity: number;
  coverage: number;
  rankingHint: number;
  engagement: number;
  recency: number;
  termStatistics: number;
}

/** A `search` or `userQuery` hit: the item plus its `score` (higher is better) and `highlights`. */
export interface SearchHit extends SearchableItem {
  score: number;
  scoreDetails: ScoreDetails;
  highlights: Highlights;
}

/** A sort key of `userQuery`: an attribute named as in the query language (`title`, `rankingHint`, `contentCreationDate`, a custom attribute…). */
export interface SortKey {
  attribute: string;
  /** Default `'asc'`. */
  order?: 'asc' | 'desc';
}

/** A completion of the typed text, with the number of items it finds. */
export interface Suggestion {
  text: string;
  count: number;
}

/** What `userQuery` resolves to. */
export interface UserQueryResult {
  /** The requested page of hits, best first (or in `sort` order). */
  hits: SearchHit[];
  /** How many items match; a lower bound when `totalIsExact` is false. */
  totalCount: number;
  totalIsExact: boolean;
  /**
   * `'all'` when every hit (and the count) matches every term; otherwise the strategy that
   * dropped terms to fill the page, and `totalCount` counts the items matching the fewest terms kept.
   */
  matching: MatchingStrategy;
  /** At most `options.suggestions` completions, best first. */
  suggestions: Suggestion[];
}

/** What the user is viewing, as NSUserActivity describes it (SPEC §5); item fields may be added. */
export interface UserActivity extends Omit<ItemFields, 'isUpdate'> {
  activityType: string;
  userInfo?: Record<string, unknown>;
  eligibleForSearch?: boolean;
  eligibleForPublicIndexing?: boolean;
  eligibleForHandoff?: boolean;
  /** The item this activity engages; else `userInfo.id`. */
  relatedUniqueIdentifier?: string;
}

/**
 * A request from the system search: open an item (`id`) or continue a search (`query`).
 * `timestamp` is the desktop's activation time (GNOME Shell's; 0 when unknown, as from
 * KRunner or a cold start): a window uses it to raise itself. A result that was a
 * viewed record (an activity given to `becomeCurrent`) also brings its `activityType`
 * and `userInfo`, so the app can restore what the user was viewing.
 */
export type SearchRequest =
  | {
      id: string;
      query: null;
      timestamp: number;
      activityType?: string;
      userInfo?: { [key: string]: AttributeValue };
    }
  | { id: null; query: string; timestamp: number };

/** A request to index items again: `ids: null` means everything (the index was lost). */
export interface ReindexRequest {
  ids: string[] | null;
  reason: string;
}

/** What other programs may see of the index. */
export type IndexingPreference = 'disabled' | 'viewedRecords' | 'allRecords';

/** Options of `indexItems`. */
export interface IndexOptions {
  /** At most 250 bytes, stored in the same transaction as the items. */
  clientState?: string;
}

/** Options of `search`. */
export interface SearchOptions {
  /** Only items of these domains and their subdomains. */
  domains?: string[];
  /** 1–1000, default 20. */
  limit?: number;
  /** 0–10000, default 0. */
  offset?: number;
  /** Whether misspelled words match (default true). */
  typoTolerance?: boolean;
  /**
   * When the query with every term finds fewer hits than the page: `'last'` (default) drops
   * terms from the end, `'frequency'` the most frequent first, `'all'` drops none. A term
   * that matches nothing is dropped first; hits matching more terms rank first.
   */
  matchingStrategy?: MatchingStrategy;
}

/** How a search treats a query whose every term together finds too few hits (`SearchOptions.matchingStrategy`). */
export type MatchingStrategy = 'last' | 'all' | 'frequency';

/** Options of `userQuery`: those of `search`, plus a filter, a sort order and suggestions. */
export interface UserQueryOptions extends SearchOptions {
  /** A query-language string (SPEC §4) every hit must also match, e.g. `rankingHint > 50`. */
  filter?: string;
  /** Sort keys, most significant first; default (or `[]`): relevance. */
  sort?: SortKey[];
  /** The most suggestions wanted, 0–100 (default 0: none). */
  suggestions?: number;
}

/** Options of `query`. */
export interface QueryOptions {
  limit?: number;
  /** The attributes to return. */
  attributes?: string[];
}

/** The codes a SearchOnDevice rejection carries. */
export type SearchErrorCode =
  | 'E_INVALID_ITEM'
  | 'E_INVALID_QUERY'
  | 'E_INVALID_ARGUMENT'
  | 'E_INVALID_CLIENT_STATE'
  | 'E_INDEX_UNAVAILABLE'
  | 'E_QUOTA_EXCEEDED';

/** A rejection from SearchOnDevice: the message names the field (`items[3].keywords`) or position. */
export interface SearchError extends Error {
  code: SearchErrorCode;
}

/** The constants of the native module. */
export interface SearchOnDeviceConstants {
  appId: string;
  dataDir: string;
  supportedEvents: string[];
}

/**
 * Index several items in one transaction; an invalid item writes nothing.
 * @example
 * await indexItems([{ id: 'r1', title: 'Pancakes', keywords: ['breakfast'] }], { clientState: 'v2' })
 * @param items Items to add or replace (or merge, with `isUpdate: true`).
 * @param options `clientState` to store with the batch.
 * @returns The number of items written.
 */
export function indexItems(items: SearchableItemInput[], options?: IndexOptions): Promise<number>;

/**
 * Index one item.
 * @example
 * await indexItem({ id: 'r1', title: 'Pancakes' })
 * @param item The item to add, replace or merge.
 * @returns 1.
 */
export function indexItem(item: SearchableItemInput): Promise<number>;

/**
 * Delete items by identifier.
 * @example
 * await deleteItemsWithIdentifiers(['r1', 'r2'])
 * @param ids Identifiers to delete; unknown ones are skipped.
 * @returns The number of items deleted.
 */
export function deleteItemsWithIdentifiers(ids: string[]): Promise<number>;

/**
 * Delete every item in the domains and their subdomains (`a.b` also deletes `a.b.c`).
 * @example
 * await deleteItemsInDomains(['com.example.recipes'])
 * @param domains Domain identifiers.
 * @returns The number of items deleted.
 */
export function deleteItemsInDomains(domains: string[]): Promise<number>;

/**
 * Delete every item of the app and clear the client state.
 * @example
 * await deleteAllItems()
 * @returns The number of items deleted.
 */
export function deleteAllItems(): Promise<number>;

/**
 * Read the client state last stored with `indexItems`.
 * @example
 * const state = await fetchLastClientState() // 'v2' or null
 * @returns The stored string, or null.
 */
export function fetchLastClientState(): Promise<string | null>;

/**
 * Read items by identifier, in order.
 * @example
 * const [pancakes, missing] = await getItems(['r1', 'nope'])
 * @param ids Identifiers to read.
 * @returns One item or null per identifier.
 */
export function getItems(ids: string[]): Promise<Array<SearchableItem | null>>;

/**
 * Read one item by identifier.
 * @example
 * const item = await getItem('r1')
 * @param id The identifier.
 * @returns The item, or null when it is absent or expired.
 */
export function getItem(id: string): Promise<SearchableItem | null>;

/**
 * Rank items for text a user typed (every term must match, unless too few hits do and
 * `matchingStrategy` drops some; the last is a prefix).
 * @example
 * const hits = await search('ブック', { limit: 5 })
 * @param text The user's text.
 * @param options `domains`, `limit` (default 20), `offset`, `typoTolerance` (default true), `matchingStrategy` (default `'last'`).
 * @returns Hits, best first, each with a `score` and the `highlights` of its matched text.
 */
export function search(text: string, options?: SearchOptions): Promise<SearchHit[]>;

/**
 * Search for text a user typed, as CoreSpotlight's CSUserQuery: a page of hits, how many
 * there are, and completions of the text with the number of items each finds.
 * @example
 * const { hits, totalCount, suggestions } = await userQuery('dark choc', {
 *   filter: 'rankingHint > 20', sort: [{ attribute: 'contentCreationDate', order: 'desc' }],
 *   limit: 10, suggestions: 5,
 * })
 * @param text The user's text.
 * @param options `domains`, `filter`, `sort`, `limit` (default 20), `offset`, `typoTolerance` (default true), `matchingStrategy` (default `'last'`), `suggestions` (default 0).
 * @returns `{ hits, totalCount, totalIsExact, matching, suggestions }`.
 */
export function userQuery(text: string, options?: UserQueryOptions): Promise<UserQueryResult>;

/**
 * Find items with a query-language string (CoreSpotlight's CSSearchQuery).
 * @example
 * const items = await query('title == "brent*"cd && rankingHint > 50', { limit: 10 })
 * @param queryString The query (SPEC §4).
 * @param options `limit`, `attributes`.
 * @returns The matching items.
 */
export function query(queryString: string, options?: QueryOptions): Promise<SearchableItem[]>;

/**
 * Record that the user is viewing something (NSUserActivity.becomeCurrent).
 * @example
 * await becomeCurrent({ activityType: 'com.example.employee', title: 'Brent Reid', userInfo: { id: 'e1' }, eligibleForSearch: true })
 * @param activity The activity; it counts one engagement for its related item.
 * @returns Resolves once recorded.
 */
export function becomeCurrent(activity: UserActivity): Promise<void>;

/**
 * Record that the user stopped viewing the current activity.
 * @example
 * await resignCurrent()
 * @returns Resolves once recorded.
 */
export function resignCurrent(): Promise<void>;

/**
 * Choose what other programs (the system search) may see.
 * @example
 * await setIndexingPreference('viewedRecords')
 * @param preference `'disabled'`, `'viewedRecords'` or `'allRecords'`.
 * @returns Resolves once stored.
 */
export function setIndexingPreference(preference: IndexingPreference): Promise<void>;

/**
 * Read the indexing preference (default `'allRecords'`).
 * @example
 * const preference = await getIndexingPreference()
 * @returns The stored preference.
 */
export function getIndexingPreference(): Promise<IndexingPreference>;

/**
 * The request that started the app (cold start), or null. It is also delivered to the first `onRequest` listener.
 * @example
 * const request = await getInitialRequest()
 * if (request && request.id) openDetail(request.id)
 * @returns `{id, query, timestamp}` with exactly one of `id` and `query` set, or null.
 */
export function getInitialRequest(): Promise<SearchRequest | null>;

/**
 * The native module's constants, synchronously.
 * @example
 * const { appId, dataDir } = getConstants()
 * @returns `{ appId, dataDir, supportedEvents }`.
 */
export function getConstants(): SearchOnDeviceConstants;

/**
 * Listen for requests from the system search; events sent before the first listener are delivered to it.
 * @example
 * const unsubscribe = onRequest(({ id, query, timestamp }) => (id ? openDetail(id, timestamp) : openSearch(query)))
 * @param callback Called with `{id, query, timestamp}` (plus `activityType` and `userInfo` for a viewed record) for each request.
 * @returns A function that removes the listener (calling it twice is harmless).
 */
export function onRequest(callback: (request: SearchRequest) => void): () => void;

/**
 * Listen for requests to index items again (the index was lost or items could not be kept).
 * @example
 * onReindexRequest(({ ids }) => indexItems(ids ? itemsWithIds(ids) : allItems()))
 * @param callback Called with `{ids, reason}`.
 * @returns A function that removes the listener.
 */
export function onReindexRequest(callback: (request: ReindexRequest) => void): () => void;

/**
 * Tell whether a value is a SearchOnDevice rejection, optionally with a given code.
 * @example
 * try { await indexItem({ id: '' }) } catch (e) { if (isSearchError(e, 'E_INVALID_ITEM')) console.warn(e.message) }
 * @param error Any caught value.
 * @param code The code to require.
 * @returns True when `error` carries a SearchOnDevice code (and `code`, if given).
 */
export function isSearchError(error: unknown, code?: SearchErrorCode): error is SearchError;

/**
 * The error codes as constants.
 * @example
 * if (error.code === ErrorCodes.INVALID_ITEM) showFieldError(error.message)
 */
export const ErrorCodes: {
  readonly INVALID_ITEM: 'E_INVALID_ITEM';
  readonly INVALID_QUERY: 'E_INVALID_QUERY';
  readonly INVALID_ARGUMENT: 'E_INVALID_ARGUMENT';
  readonly INVALID_CLIENT_STATE: 'E_INVALID_CLIENT_STATE';
  readonly INDEX_UNAVAILABLE: 'E_INDEX_UNAVAILABLE';
  readonly QUOTA_EXCEEDED: 'E_QUOTA_EXCEEDED';
};

/**
 * The indexing preferences as constants.
 * @example
 * await setIndexingPreference(IndexingPreferences.VIEWED_RECORDS)
 */
export const IndexingPreferences: {
  readonly DISABLED: 'disabled';
  readonly VIEWED_RECORDS: 'viewedRecords';
  readonly ALL_RECORDS: 'allRecords';
};
