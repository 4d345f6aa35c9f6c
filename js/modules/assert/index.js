'use strict';
// assert — Node's assert API: the same functions, an AssertionError with the same
// fields (`actual`, `expected`, `operator`, `code: 'ERR_ASSERTION'`,
// `generatedMessage`) and the same message texts, so a failing test reads as it
// would under `node --test` (js/test/fixtures/assert-cases.js holds the cases,
// with Node 20's messages beside them).
//
// The file has four parts: the messages (headings, and the `+ actual - expected`
// line diff of two inspected values), AssertionError, deep equality, and the
// assertion functions.

const host = require('#host');
const { inspect } = host;

// ---------------------------------------------------------------------------
// Messages.

const headings = {
  deepStrictEqual: 'Expected values to be strictly deep-equal:',
  strictEqual: 'Expected values to be strictly equal:',
  sameObject: 'Expected "actual" to be reference-equal to "expected":',
  deepEqual: 'Expected values to be loosely deep-equal:',
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
  notSameObject: 'Expected "actual" not to be reference-equal to "expected":',
  notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
  notDeepEqualDiffering: 'Expected values not to be loosely deep-equal:',
  sameStructure: 'Values have same structure but are not reference-equal:',
};

const isObject = (v) => typeof v === 'object' && v !== null;
const isObjectLike = (v) => isObject(v) || typeof v === 'function';

/** A value as the messages show it: every level, one property per line, keys sorted. */
function shown(value) {
  return inspect(value, {
    compact: false, customInspect: false, depth: 1000, maxArrayLength: Infinity,
    showHidden: false, sorted: true, getters: true,
  });
}

/** `text` cut to `max` characters, ending in `...` when cut. */
const clip = (text, max) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** At most 50 lines: the first 46 and `...`. */
function firstLines(lines) {
  return lines.length > 50 ? [...lines.slice(0, 46), '...'] : lines;
}

/**
 * Two lines are the same for the diff when they differ only by a trailing comma
 * (the last entry of an object has none, and a longer value makes it not last).
 * Returns the line to show (the one with the comma), or null when they differ.
 */
function sameLine(a, b) {
  if (a === b || a === `${b},`) return a;
  if (b === `${a},`) return b;
  return null;
}

/**
 * The body of a `+ actual - expected` message: the two inspected values compared
 * line by line, position by position, after the lines they end with in common are
 * set aside. Each stretch of differing positions prints its `+` lines, then its `-`
 * lines; a stretch of equal lines between them shows its first two and last two
 * lines with `...` in between when more than five; of the common ending, the first
 * line, `...` when more than four, and the last three. Past 50 printed lines the
 * body stops with `...`. Returns null when the two texts are identical.
 *
 * Position by position, not a longest common subsequence, because that is what
 * Node 20 prints: `{ b: 1, a: 2, c: 3, x: 9 }` against `{ a: 2, c: 3, x: 8 }`
 * shows three `+` lines and two `-` lines, not `c: 3` as a common line (the case
 * 'diff: shifted keys compare by position' in js/test/fixtures/assert-cases.js).
 */
function lineDiff(actualLines, expectedLines) {
  let common = 0;
  while (common < actualLines.length && common < expectedLines.length &&
         actualLines[actualLines.length - 1 - common] === expectedLines[expectedLines.length - 1 - common]) {
    common++;
  }
  const ending = actualLines.slice(actualLines.length - common);
  const actual = actualLines.slice(0, actualLines.length - common);
  const expected = expectedLines.slice(0, expectedLines.length - common);
  const positions = Math.max(actual.length, expected.length);
  if (positions === 0) return null;

  const out = [];
  let minus = []; // the `-` lines of the current stretch of differences
  let equalRun = []; // the equal positions since the last difference
  let printed = 0;
  let skipped = false;

  // Shows the part of an equal stretch that was held back (all but its first two).
  const closeEqualRun = (from) => {
    const n = equalRun.length;
    if (n > 5) {
      out.push('...');
      skipped = true;
    }
    const held = n > 5 ? equalRun.slice(n - 2) : equalRun.slice(2);
    for (const position of held) out.push(`  ${from[position]}`);
    printed += held.length;
    equalRun = [];
  };

  for (let i = 0; i < positions; i++) {
    if (i < actual.length && i < expected.length) {
      const same = sameLine(actual[i], expected[i]);
      if (same !== null) {
        out.push(...minus);
        minus = [];
        equalRun.push(i);
        if (equalRun.length <= 2) {
          out.push(`  ${same}`);
          printed++;
        }
      } else {
        closeEqualRun(actual);
        out.push(`+ ${actual[i]}`);
        minus.push(`- ${expected[i]}`);
        printed += 2;
      }
    } else if (i < actual.length) {
      closeEqualRun(actual);
      out.push(`+ ${actual[i]}`);
      printed++;
    } else {
      closeEqualRun(expected);
      minus.push(`- ${expected[i]}`);
      printed++;
    }
    if (printed > 50 && i < positions - 2) {
      return { lines: [...out, '...', ...minus, '...'], skipped: true };
    }
  }
  out.push(...minus);
  if (common > 3) {
    out.push(`  ${ending[0]}`);
    if (common > 4) {
      out.push('...');
      skipped = true;
    }
  }
  for (const line of ending.slice(Math.max(0, common - 3))) out.push(`  ${line}`);
  return { lines: out, skipped };
}

/** The message of a failed strictEqual / deepStrictEqual: the values, or their diff. */
function differenceMessage(actual, expected, operator, message) {
  const actualLines = shown(actual).split('\n');
  const expectedLines = shown(expected).split('\n');
  const objects = operator === 'strictEqual' && ((isObject(actual) && isObject(expected)) ||
    (typeof actual === 'function' && typeof expected === 'function'));
  const title = message !== undefined ? message : headings[objects ? 'sameObject' : operator];

  let caret = '';
  if (actualLines.length === 1 && expectedLines.length === 1 && actualLines[0] !== expectedLines[0]) {
    const [a] = actualLines;
    const [e] = expectedLines;
    if (a.length + e.length <= 12) {
      if (!isObject(actual) && !isObject(expected) && (actual !== 0 || expected !== 0)) {
        return `${title}\n\n${a} !== ${e}\n`;
      }
    } else if (!objects && a.length + e.length < 80) {
      let prefix = 0;
      while (a[prefix] === e[prefix]) prefix++;
      // Points under the first differing character of the `+`/`-` lines.
      if (prefix > 2) caret = `\n  ${' '.repeat(prefix)}^`;
    }
  }
  const diff = lineDiff(actualLines, expectedLines);
  if (diff === null) return `${headings.sameStructure}\n\n${firstLines(actualLines).join('\n')}\n`;
  return `${title}\n+ actual - expected${diff.skipped ? ' ... Lines skipped' : ''}\n\n` +
    `${diff.lines.join('\n')}${caret}`;
}

/** The message of a failed assertion whose operator is not strictEqual / deepStrictEqual. */
function comparisonMessage(actual, expected, operator) {
  if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
    const title = headings[operator === 'notStrictEqual' && isObjectLike(actual) ? 'notSameObject' : operator];
    const lines = firstLines(shown(actual).split('\n'));
    if (lines.length > 1) return `${title}\n\n${lines.join('\n')}\n`;
    return `${title}${lines[0].length > 5 ? '\n\n' : ' '}${lines[0]}`;
  }
  const a = shown(actual);
  const e = shown(expected);
  if (operator === 'notDeepEqual' && a === e) return clip(`${headings.notDeepEqual}\n\n${a}`, 1024);
  if (operator === 'deepEqual') {
    return `${headings.deepEqual}\n\n${clip(a, 512)}\n\nshould loosely deep-equal\n\n${clip(e, 512)}`;
  }
  if (operator === 'notDeepEqual') {
    return `${headings.notDeepEqualDiffering}\n\n${clip(a, 512)}\n\nshould not loosely deep-equal\n\n${clip(e, 512)}`;
  }
  return `${clip(a, 512)} ${operator} ${clip(e, 512)}`;
}

// ---------------------------------------------------------------------------
// AssertionError.

/** Drops the frames inside this module from a stack. */
function withoutOwnFrames(stack) {
  const ownDir = `${__dirname}/`;
  return stack.split('\n').filter((line) => !(/^\s+at /.test(line) && line.includes(ownDir))).join('\n');
}

/** The error every failed assertion throws. */
class AssertionError extends Error {
  /**
   * @param {object} options `{ message, actual, expected, operator }`
   */
  constructor(options) {
    if (options === null || typeof options !== 'object') {
      const err = new TypeError('The "options" argument must be of type object.');
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    const { message, actual, expected, operator } = options;
    const diffed = operator === 'deepStrictEqual' || operator === 'strictEqual';
    let text;
    if (diffed) text = differenceMessage(actual, expected, operator, message == null ? undefined : String(message));
    else if (message != null) text = String(message);
    else text = comparisonMessage(actual, expected, operator);
    super(text);
    // The stack's first line reads `AssertionError [ERR_ASSERTION]: …`, as in Node.
    Object.defineProperty(this, 'name', {
      value: 'AssertionError [ERR_ASSERTION]', enumerable: false, writable: true, configurable: true,
    });
    const stack = withoutOwnFrames(host.stackOf(this));
    Object.defineProperty(this, 'stack', { value: stack, enumerable: false, writable: true, configurable: true });
    this.generatedMessage = message == null;
    this.code = 'ERR_ASSERTION';
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    this.name = 'AssertionError';
  }

  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}

/** Throws an AssertionError, or `fields.message` itself when that is an Error. */
function raise(fields, generatedMessage) {
  if (fields.message instanceof Error) throw fields.message;
  const err = new AssertionError(fields);
  if (generatedMessage !== undefined) err.generatedMessage = generatedMessage;
  throw err;
}

/** A TypeError (or other error) with Node's `code`, for arguments an assertion cannot use. */
function usageError(code, text, Type = TypeError) {
  const err = new Type(text);
  err.code = code;
  return err;
}

/** A wrong argument as Node's argument errors describe it: `type number (5)`, `an instance of Map`. */
function described(value) {
  if (value == null) return `${value}`;
  if (typeof value === 'function') return `function ${value.name}`;
  if (typeof value === 'object') {
    const name = value.constructor && value.constructor.name;
    return name ? `an instance of ${name}` : inspect(value, { depth: -1 });
  }
  let text = inspect(value, { colors: false });
  if (text.length > 28) text = `${text.slice(0, 25)}...`;
  return `type ${typeof value} (${text})`;
}

const wrongType = (name, what, value) =>
  usageError('ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${what}. Received ${described(value)}`);

// ---------------------------------------------------------------------------
// Deep equality.

const tagOf = (v) => Object.prototype.toString.call(v);
const isEnumerable = (o, k) => Object.prototype.propertyIsEnumerable.call(o, k);
// Functions compare by identity, like primitives.
const isPrimitive = (v) => v === null || typeof v !== 'object';
const boxedTags = new Set(['[object Number]', '[object String]', '[object Boolean]', '[object BigInt]', '[object Symbol]']);

/**
 * Deep equality with Node's rules. Strict: primitives by `Object.is`, the same
 * prototype and type tag, enumerable own keys and symbols. Loose: primitives by `==`
 * (NaN equal to NaN), prototypes ignored. Both: Dates by time, RegExps by source,
 * flags and lastIndex, errors also by name and message, boxed values by their
 * primitive, typed arrays and buffers by their elements, Maps and Sets whatever
 * their order. A pair met again while it is being compared (a cycle) is equal when
 * both sides went round the cycle at the same point.
 */
class Equivalence {
  constructor(strict) {
    this.strict = strict;
    this.left = []; // the objects being compared, outermost first
    this.right = [];
  }

  equal(a, b) {
    if (isPrimitive(a) || isPrimitive(b)) return this.primitivesEqual(a, b);
    if (a === b) return true;
    if (this.strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    const tag = tagOf(a);
    if (tag !== tagOf(b) || Array.isArray(a) !== Array.isArray(b)) return false;
    const i = this.left.indexOf(a);
    const j = this.right.indexOf(b);
    if (i !== -1 && j !== -1) return i === j;
    this.left.push(a);
    this.right.push(b);
    try {
      return this.contentsEqual(a, b, tag);
    } finally {
      this.left.pop();
      this.right.pop();
    }
  }

  primitivesEqual(a, b) {
    if (this.strict) return Object.is(a, b);
    if (!isPrimitive(a) || !isPrimitive(b)) return false;
    // eslint-disable-next-line eqeqeq
    return a == b || (Number.isNaN(a) && Number.isNaN(b));
  }

  contentsEqual(a, b, tag) {
    if (Array.isArray(a) && a.length !== b.length) return false;
    if (!this.internalsEqual(a, b, tag)) return false;
    const keysA = this.keys(a);
    const keysB = this.keys(b);
    if (keysA.length !== keysB.length) return false;
    if (!keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && isEnumerable(b, k))) return false;
    if (tag === '[object Map]' && !this.mapsEqual(a, b)) return false;
    if (tag === '[object Set]' && !this.setsEqual(a, b)) return false;
    return keysA.every((k) => this.equal(a[k], b[k]));
  }

  /** What is not a key: a date's time, a RegExp's pattern, an error's name, a buffer's bytes. */
  internalsEqual(a, b, tag) {
    if (tag === '[object Date]') return Date.prototype.getTime.call(a) === Date.prototype.getTime.call(b);
    if (tag === '[object RegExp]') {
      return a.source === b.source && a.flags === b.flags && a.lastIndex === b.lastIndex;
    }
    if (a instanceof Error || tag === '[object Error]') return a.message === b.message && a.name === b.name;
    if (ArrayBuffer.isView(a)) {
      if (a.length !== b.length || a.byteLength !== b.byteLength) return false;
      for (let i = 0; i < a.length; i++) {
        if (!(this.strict ? Object.is(a[i], b[i]) : this.primitivesEqual(a[i], b[i]))) return false;
      }
      return true;
    }
    if (tag === '[object ArrayBuffer]') {
      const x = new Uint8Array(a);
      const y = new Uint8Array(b);
      return x.length === y.length && x.every((byte, i) => byte === y[i]);
    }
    if (boxedTags.has(tag) && typeof a.valueOf === 'function') return Object.is(a.valueOf(), b.valueOf());
    return true;
  }

  /** The own keys compared: enumerable names (strict: and symbols), without a typed array's indexes. */
  keys(value) {
    let keys = Object.keys(value);
    if (ArrayBuffer.isView(value)) keys = keys.filter((k) => !/^\d+$/.test(k));
    if (this.strict) {
      for (const symbol of Object.getOwnPropertySymbols(value)) if (isEnumerable(value, symbol)) keys.push(symbol);
    }
    return keys;
  }

  /**
   * Every member of `a` matched with a distinct member of `b`: primitives by lookup,
   * objects by deep equality against the members of `b` not yet matched.
   */
  setsEqual(a, b) {
    if (a.size !== b.size) return false;
    const unmatched = [];
    for (const member of a) {
      if (!(isPrimitive(member) && b.has(member))) unmatched.push(member);
    }
    if (unmatched.length === 0) return true;
    const pool = [...b].filter((member) => !(isPrimitive(member) && a.has(member)));
    return unmatched.every((member) => this.takeMatch(pool, (other) => this.equal(member, other)));
  }

  mapsEqual(a, b) {
    if (a.size !== b.size) return false;
    const unmatched = [];
    for (const [key, value] of a) {
      if (isPrimitive(key) && b.has(key)) {
        if (!this.equal(value, b.get(key))) return false;
      } else {
        unmatched.push([key, value]);
      }
    }
    if (unmatched.length === 0) return true;
    const pool = [...b].filter(([key]) => !(isPrimitive(key) && a.has(key)));
    return unmatched.every(([key, value]) =>
      this.takeMatch(pool, ([otherKey, otherValue]) => this.equal(key, otherKey) && this.equal(value, otherValue)));
  }

  /** Removes from `pool` the first member `matches` accepts; false when there is none. */
  takeMatch(pool, matches) {
    const at = pool.findIndex(matches);
    if (at === -1) return false;
    pool.splice(at, 1);
    return true;
  }
}

const deeplyEqual = (a, b, strict) => new Equivalence(strict).equal(a, b);

// ---------------------------------------------------------------------------
// ok and the comparisons.

/** The call expression (`assert.ok(x === 2)`) whose callee is at or before `column`. */
function callExpressionAt(line, column) {
  let start = Math.min(column, line.length);
  while (start > 0 && /[\w$.]/.test(line[start - 1])) start--;
  const open = line.indexOf('(', start);
  if (open === -1) return null;
  let depth = 0;
  let quote = null;
  for (let i = open; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      return line.slice(start, i + 1);
    }
  }
  return null;
}

/** The source text of the app's call that is failing, when its frame is known. */
function callerSource() {
  const where = host.locationOf(new Error());
  const m = where && /^(.*):(\d+):(\d+)$/.exec(where);
  if (!m) return null;
  const text = host.readSource(m[1]);
  const line = text === null ? undefined : text.split('\n')[Number(m[2]) - 1];
  if (line === undefined) return null;
  return callExpressionAt(line, Number(m[3]) - 1) || line.trim().replace(/;$/, '');
}

/** `assert(value, message)` / `assert.ok(…)`: throws unless `value` is truthy. */
function requireTruthy(args) {
  const [value, message] = args;
  if (value) return;
  if (args.length === 0) {
    raise({ actual: undefined, expected: true, operator: '==', message: 'No value argument passed to `assert.ok()`' }, true);
  }
  if (message != null) raise({ actual: value, expected: true, operator: '==', message }, false);
  // Node quotes the failing call. A strict-mode tail call leaves no frame of the
  // caller on JavaScriptCore; then the message is `false == true`.
  const code = callerSource();
  const quoted = code && /^[\w$.]*\b(ok|assert|strict)\s*\(/.test(code)
    ? `The expression evaluated to a falsy value:\n\n  ${code}\n` : undefined;
  raise({ actual: value, expected: true, operator: '==', message: quoted }, true);
}

/** Throws an AssertionError unless `value` is truthy. */
function assert(...args) {
  requireTruthy(args);
}

function fail(message) {
  if (message instanceof Error) throw message;
  raise({ message: message === undefined ? 'Failed' : message, operator: 'fail' }, message === undefined);
}

function needsTwo(count) {
  if (count < 2) throw usageError('ERR_MISSING_ARGS', 'The "actual" and "expected" arguments must be specified');
}

/** A comparison assertion: fails when `holds(actual, expected)` is false. */
function comparison(operator, holds) {
  return function check(actual, expected, message) {
    needsTwo(arguments.length);
    if (!holds(actual, expected)) raise({ actual, expected, message, operator });
  };
}

// eslint-disable-next-line eqeqeq
const looselyEqual = (a, b) => a == b || (Number.isNaN(a) && Number.isNaN(b));
const equal = comparison('==', looselyEqual);
const notEqual = comparison('!=', (a, b) => !looselyEqual(a, b));
const strictEqual = comparison('strictEqual', Object.is);
const notStrictEqual = comparison('notStrictEqual', (a, b) => !Object.is(a, b));
const deepEqual = comparison('deepEqual', (a, b) => deeplyEqual(a, b, false));
const notDeepEqual = comparison('notDeepEqual', (a, b) => !deeplyEqual(a, b, false));
const deepStrictEqual = comparison('deepStrictEqual', (a, b) => deeplyEqual(a, b, true));
const notDeepStrictEqual = comparison('notDeepStrictEqual', (a, b) => !deeplyEqual(a, b, true));

// ---------------------------------------------------------------------------
// throws, rejects and their opposites.

/** What an expected-error argument may be, as Node words it. */
const matcherKinds = 'of type function or an instance of Error, RegExp, or Object';

/** The object-form `expected` of throws/rejects is compared as two of these. */
class Comparison {}

/**
 * Checks a caught error against an object of expected properties (or an Error,
 * whose name and message count too): a RegExp matches a string property. On a
 * mismatch the diff shows the two sides' properties of those keys.
 */
function checkProperties(error, expected, message, operator) {
  if (isPrimitive(error)) {
    const err = new AssertionError({ actual: error, expected, message, operator: 'deepStrictEqual' });
    err.operator = operator;
    throw err;
  }
  const keys = Object.keys(expected);
  if (expected instanceof Error) keys.push('name', 'message');
  else if (keys.length === 0) {
    throw usageError('ERR_INVALID_ARG_VALUE', `The argument 'error' may not be an empty object. Received ${inspect(expected)}`);
  }
  const matches = (key) => {
    const want = expected[key];
    const got = error[key];
    if (typeof got === 'string' && want instanceof RegExp) return want.test(got);
    return key in error && deeplyEqual(got, want, true);
  };
  if (keys.every(matches)) return;
  // A message of the caller's own replaces the diff here.
  if (message) raise({ actual: error, expected, operator, message }, false);
  const got = new Comparison();
  const want = new Comparison();
  for (const key of keys) {
    if (key in error) got[key] = error[key];
    // A RegExp that matched shows as the text it matched, so only real differences stand out.
    want[key] = typeof error[key] === 'string' && expected[key] instanceof RegExp && expected[key].test(error[key])
      ? error[key] : expected[key];
  }
  const err = new AssertionError({ actual: got, expected: want, message, operator: 'deepStrictEqual' });
  err.actual = error;
  err.expected = expected;
  err.operator = operator;
  throw err;
}

/** Checks a caught error against `expected`: a class, a validation function, a RegExp or an object. */
function checkCaught(error, expected, message, operator) {
  if (typeof expected !== 'function') {
    if (!(expected instanceof RegExp)) {
      checkProperties(error, expected, message, operator);
      return;
    }
    const text = String(error);
    if (expected.test(text)) return;
    raise({
      actual: error, expected, operator,
      message: message || `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(text)}\n`,
    }, !message);
  }
  if (expected.prototype !== undefined && error instanceof expected) return;
  if (expected === Error || Error.isPrototypeOf(expected)) {
    let text = message;
    if (!text) {
      text = `The error is expected to be an instance of "${expected.name}". Received `;
      text += error instanceof Error ? `"${error.name}"` : `"${inspect(error, { depth: -1 })}"`;
      if (error && error.message !== undefined) text += `\n\nError message:\n\n${error.message}`;
    }
    raise({ actual: error, expected, operator, message: text }, !message);
  }
  const verdict = expected.call({}, error);
  if (verdict === true) return;
  let text = message;
  if (!text) {
    text = `The ${expected.name ? `"${expected.name}" ` : ''}validation function is expected to return "true". ` +
      `Received ${inspect(verdict)}`;
    if (error instanceof Error) text += `\n\nCaught error:\n\n${error}`;
  }
  raise({ actual: error, expected, operator, message: text }, !message);
}

/** The outcome of running `fn`: `{ threw, error }`. */
function outcomeOf(fn) {
  if (typeof fn !== 'function') throw wrongType('fn', 'of type function', fn);
  try {
    fn();
  } catch (error) {
    return { threw: true, error };
  }
  return { threw: false };
}

/** The outcome of a promise, or of the promise a function returns. */
async function settlementOf(promiseOrFn) {
  let promise = promiseOrFn;
  if (typeof promiseOrFn === 'function') {
    promise = promiseOrFn();
    if (!promise || typeof promise.then !== 'function') {
      throw usageError('ERR_INVALID_RETURN_VALUE',
        `Expected instance of Promise to be returned from the "promiseFn" function but got ${described(promise)}.`);
    }
  } else if (!promiseOrFn || typeof promiseOrFn.then !== 'function') {
    throw wrongType('promiseFn', 'of type function or an instance of Promise', promiseOrFn);
  }
  try {
    await promise;
  } catch (error) {
    return { threw: true, error };
  }
  return { threw: false };
}

/** The `(expected, message)` or `(message)` arguments after `fn`. */
function expectation(rest) {
  let [expected, message] = rest;
  if (typeof expected === 'string') {
    if (rest.length >= 2) throw wrongType('error', matcherKinds, expected);
    message = expected;
    expected = undefined;
  } else if (expected != null && typeof expected !== 'object' && typeof expected !== 'function') {
    throw wrongType('error', matcherKinds, expected);
  }
  return { expected, message };
}

function requireFailure(outcome, rest, operator, what) {
  const { expected, message } = expectation(rest);
  if (!outcome.threw) {
    const named = expected && expected.name ? ` (${expected.name})` : '';
    raise({
      actual: undefined, expected, operator,
      message: `Missing expected ${what}${named}${message ? `: ${message}` : '.'}`,
    });
  }
  if (expected !== undefined) checkCaught(outcome.error, expected, message, operator);
}

function forbidFailure(outcome, rest, operator, what) {
  if (!outcome.threw) return;
  let [expected, message] = rest;
  if (typeof expected === 'string') {
    message = expected;
    expected = undefined;
  }
  const { error } = outcome;
  const unwanted = !expected || (typeof expected === 'function' && error instanceof expected) ||
    (expected instanceof RegExp && expected.test(String(error)));
  // An error of another kind than the one named is passed on as it is.
  if (!unwanted) throw error;
  raise({
    actual: error, expected, operator,
    message: `Got unwanted ${what}${message ? `: ${message}` : '.'}\nActual message: "${error && error.message}"`,
  });
}

/** Throws unless `fn()` throws an error matching `error` (class, validator, RegExp or object). */
function throws(fn, ...rest) {
  requireFailure(outcomeOf(fn), rest, 'throws', 'exception');
}

/** Resolves unless the promise (or `promiseFn()`) does not reject with a matching error. */
async function rejects(promiseFn, ...rest) {
  requireFailure(await settlementOf(promiseFn), rest, 'rejects', 'rejection');
}

/** Throws if `fn()` throws. */
function doesNotThrow(fn, ...rest) {
  forbidFailure(outcomeOf(fn), rest, 'doesNotThrow', 'exception');
}

/** Rejects if the promise (or `promiseFn()`) rejects. */
async function doesNotReject(promiseFn, ...rest) {
  forbidFailure(await settlementOf(promiseFn), rest, 'doesNotReject', 'rejection');
}

/** `match` (wanted true) and `doesNotMatch` (wanted false). */
function matching(operator, wanted) {
  return function check(string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw wrongType('regexp', 'an instance of RegExp', regexp);
    if (typeof string === 'string' && regexp.test(string) === wanted) return;
    let text = message;
    if (!text) {
      text = typeof string !== 'string'
        ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
        : `The input ${wanted ? 'did not match' : 'was expected to not match'} the regular expression ` +
          `${inspect(regexp)}. Input:\n\n${inspect(string)}\n`;
    }
    raise({ actual: string, expected: regexp, operator, message: text }, !message);
  };
}
const match = matching('match', true);
const doesNotMatch = matching('doesNotMatch', false);

/** Throws if `err` is neither undefined nor null (a callback's error argument). */
function ifError(err) {
  if (err === null || err === undefined) return;
  let text = 'ifError got unwanted exception: ';
  if (typeof err === 'object' && typeof err.message === 'string') {
    text += err.message.length === 0 && err.constructor ? err.constructor.name : err.message;
  } else {
    text += inspect(err);
  }
  raise({ actual: err, expected: null, operator: 'ifError', message: text });
}

// Node's shape: the module is `assert.ok` itself, with the rest as its properties.
Object.assign(assert, {
  ok: assert,
  fail,
  equal,
  notEqual,
  strictEqual,
  notStrictEqual,
  deepEqual,
  notDeepEqual,
  deepStrictEqual,
  notDeepStrictEqual,
  throws,
  rejects,
  doesNotThrow,
  doesNotReject,
  match,
  doesNotMatch,
  ifError,
  AssertionError,
});

/** Strict mode: `equal` is `strictEqual`, `deepEqual` is `deepStrictEqual`. */
function strict(...args) {
  requireTruthy(args);
}
Object.assign(strict, assert, {
  equal: strictEqual,
  notEqual: notStrictEqual,
  deepEqual: deepStrictEqual,
  notDeepEqual: notDeepStrictEqual,
});
assert.strict = strict;
strict.strict = strict;

module.exports = assert;
