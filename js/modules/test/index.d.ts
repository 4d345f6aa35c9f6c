// Type declarations for the `test` built-in module (`searchlight test`).
//
// The module itself is the `test` function, as Node's `node:test` is:
// `const test = require('test')` and `const { test, describe } = require('test')`
// (or `import { test } from 'test'`) both work.

/**
 * Registers a test; it fails if `fn` throws, rejects or times out.
 *
 * @example
 * const test = require('node:test');
 * test('adds', () => { assert.strictEqual(1 + 1, 2); });
 */
declare function test(name: string, fn: test.TestFn): void;
declare function test(name: string, options: test.TestOptions | number, fn: test.TestFn): void;

declare namespace test {
  /** Options of a test or suite. */
  interface TestOptions {
    /** Skip it (reported as `ok - name # SKIP`). */
    skip?: boolean;
    /** Fail the test when it takes longer than this many milliseconds (default 10000). */
    timeout?: number;
  }

  /** What a test body receives (also its `this`). */
  interface TestContext {
    name: string;
    fullName: string;
  }

  type TestFn = (t: TestContext) => void | Promise<unknown>;

  interface TestFunction {
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

  interface DescribeFunction {
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

  /** Registers a test that is reported as skipped and not run. */
  function skip(name: string, fn?: TestFn): void;
  function skip(name: string, options: TestOptions, fn?: TestFn): void;
  /** Same as `skip`. */
  function todo(name: string, fn?: TestFn): void;
  /** Registers a test (the module itself, as a property). */
  const test: TestFunction;
  /** Same as `test`. */
  const it: TestFunction;
  /** Groups tests. */
  const describe: DescribeFunction;
  /** Runs `fn` once before the suite's tests. */
  function before(fn: () => void | Promise<unknown>): void;
  /** Runs `fn` once after the suite's tests. */
  function after(fn: () => void | Promise<unknown>): void;
  /** Runs `fn` before each test of the suite (and nested suites), outer suites first. */
  function beforeEach(fn: (t: TestContext) => void | Promise<unknown>): void;
  /** Runs `fn` after each test of the suite (and nested suites), inner suites first. */
  function afterEach(fn: (t: TestContext) => void | Promise<unknown>): void;
  /** Same as `before`. */
  function beforeAll(fn: () => void | Promise<unknown>): void;
  /** Same as `after`. */
  function afterAll(fn: () => void | Promise<unknown>): void;
}

export = test;
