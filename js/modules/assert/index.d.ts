// Type declarations for the `assert` built-in module (Node's assert API).

declare namespace assert {
  /** The error every failed assertion throws (`code: 'ERR_ASSERTION'`). */
  class AssertionError extends Error {
    constructor(options: { message?: string; actual?: unknown; expected?: unknown; operator?: string });
    actual: unknown;
    expected: unknown;
    operator: string;
    generatedMessage: boolean;
    code: 'ERR_ASSERTION';
  }

  /** What `throws`/`rejects` accept as the expected error. */
  type ErrorMatcher = RegExp | Function | ((error: unknown) => boolean) | object | Error;

  /**
   * Throws unless `value` is truthy.
   *
   * @example
   * assert.ok(items.length > 0, 'no items');
   */
  function ok(value: unknown, message?: string | Error): asserts value;
  /** Throws unless `actual == expected`. */
  function equal(actual: unknown, expected: unknown, message?: string | Error): void;
  /** Throws if `actual == expected`. */
  function notEqual(actual: unknown, expected: unknown, message?: string | Error): void;
  /**
   * Throws unless `Object.is(actual, expected)`.
   *
   * @example
   * assert.strictEqual(await SearchOnDevice.indexItem(item), 1);
   */
  function strictEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T;
  /** Throws if `Object.is(actual, expected)`. */
  function notStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void;
  /** Throws unless the values are loosely deep-equal. */
  function deepEqual(actual: unknown, expected: unknown, message?: string | Error): void;
  /** Throws if the values are loosely deep-equal. */
  function notDeepEqual(actual: unknown, expected: unknown, message?: string | Error): void;
  /**
   * Throws unless the values are strictly deep-equal (same prototypes, types and keys).
   *
   * @example
   * assert.deepStrictEqual(hits.map((h) => h.id), ['b2', 'b1']);
   */
  function deepStrictEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T;
  /** Throws if the values are strictly deep-equal. */
  function notDeepStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void;
  /**
   * Throws unless `fn()` throws (an error matching `error`, when given).
   *
   * @example
   * assert.throws(() => JSON.parse('{'), SyntaxError);
   */
  function throws(fn: () => unknown, error?: ErrorMatcher, message?: string): void;
  function throws(fn: () => unknown, message: string): void;
  /**
   * Resolves once the promise (or `fn()`'s promise) rejects with a matching error; rejects otherwise.
   *
   * @example
   * await assert.rejects(SearchOnDevice.indexItems([{}]), { code: 'E_INVALID_ITEM' });
   */
  function rejects(promiseOrFn: Promise<unknown> | (() => Promise<unknown>), error?: ErrorMatcher, message?: string): Promise<void>;
  function rejects(promiseOrFn: Promise<unknown> | (() => Promise<unknown>), message: string): Promise<void>;
  /** Throws if `fn()` throws. */
  function doesNotThrow(fn: () => unknown, error?: ErrorMatcher | string, message?: string): void;
  /** Rejects if the promise (or `fn()`'s promise) rejects. */
  function doesNotReject(promiseOrFn: Promise<unknown> | (() => Promise<unknown>), error?: ErrorMatcher | string, message?: string): Promise<void>;
  /** Throws unless `string` matches `regexp`. */
  function match(string: string, regexp: RegExp, message?: string | Error): void;
  /** Throws if `string` matches `regexp`. */
  function doesNotMatch(string: string, regexp: RegExp, message?: string | Error): void;
  /** Throws an AssertionError (message `'Failed'` by default). */
  function fail(message?: string | Error): never;
  /** Throws `value` if it is neither `undefined` nor `null`. */
  function ifError(value: unknown): void;
  /** The same functions where `equal` means `strictEqual` and `deepEqual` means `deepStrictEqual`. */
  const strict: typeof assert;
}

/**
 * Throws unless `value` is truthy (same as `assert.ok`).
 *
 * @example
 * const assert = require('assert');
 * assert(user.id, 'user without id');
 */
declare function assert(value: unknown, message?: string | Error): asserts value;

export = assert;
