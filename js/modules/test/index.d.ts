// Type declarations for the `test` built-in module (`searchlight test`).

/** Options of a test or suite. */
export interface TestOptions {
  /** Skip it (reported as `ok - name # SKIP`). */
  skip?: boolean;
  /** Fail the test when it takes longer than this many milliseconds (default 10000). */
  timeout?: number;
}

/** What a test body receives (also its `this`). */
export interface TestContext {
  name: string;
  fullName: string;
}

export type TestFn = (t: TestContext) => void | Promise<unknown>;

export interface TestFunction {
  /**
   * Registers a test; it fails if `fn` throws, rejects or times out.
   *
   * @example
   * test('adds', () => { assert.strictEqual(1 + 1, 2); });
   * test('waits', async () => { await new Promise((r) => setTimeout(r, 10)); });
   * @param name shown in the `ok - name` line
   * @param fn the body; may return a promise
   */
  (name: string, fn: TestFn): void;
  (name: string, options: TestOptions | number, fn: TestFn): void;
  /** Registers a test that is reported as skipped and not run. */
  skip(name: string, fn?: TestFn): void;
  skip(name: string, options: TestOptions, fn?: TestFn): void;
  /** Same as `skip`. */
  todo(name: string, fn?: TestFn): void;
}

export interface DescribeFunction {
  /**
   * Groups tests: `fn` runs at once and registers tests and hooks; names print as `suite > test`.
   *
   * @example
   * describe('math', () => { it('adds', () => assert.equal(1 + 1, 2)); });
   */
  (name: string, fn: () => void): void;
  (name: string, options: TestOptions, fn: () => void): void;
  /** Registers a suite whose tests are all skipped. */
  skip(name: string, fn: () => void): void;
}

/** Registers a test. */
export const test: TestFunction;
/** Same as `test`. */
export const it: TestFunction;
/** Groups tests. */
export const describe: DescribeFunction;
/** Runs `fn` once before the suite's tests. */
export function before(fn: () => void | Promise<unknown>): void;
/** Runs `fn` once after the suite's tests. */
export function after(fn: () => void | Promise<unknown>): void;
/** Runs `fn` before each test of the suite (and nested suites), outer suites first. */
export function beforeEach(fn: (t: TestContext) => void | Promise<unknown>): void;
/** Runs `fn` after each test of the suite (and nested suites), inner suites first. */
export function afterEach(fn: (t: TestContext) => void | Promise<unknown>): void;
/** Same as `before`. */
export function beforeAll(fn: () => void | Promise<unknown>): void;
/** Same as `after`. */
export function afterAll(fn: () => void | Promise<unknown>): void;
