'use strict';
// assert — Node's assert module: the same functions, the same AssertionError
// fields (`actual`, `expected`, `operator`, `code: 'ERR_ASSERTION'`,
// `generatedMessage`) and the same message texts and diffs.

const host = require('#host');
const { inspect } = host;

const kReadableOperator = {
  deepStrictEqual: 'Expected values to be strictly deep-equal:',
  strictEqual: 'Expected values to be strictly equal:',
  strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
  deepEqual: 'Expected values to be loosely deep-equal:',
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
  notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
  notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
  notIdentical: 'Values have same structure but are not reference-equal:',
  notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:',
};
const kMaxShortLength = 12;

function inspectValue(value) {
  return inspect(value, {
    compact: false, customInspect: false, depth: 1000, maxArrayLength: Infinity,
    showHidden: false, sorted: true, getters: true,
  });
}

const isObjectLike = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function';

/** Node's "+ actual - expected" diff of the two values' inspected lines. */
function createErrDiff(actual, expected, operator, message) {
  let other = '';
  let res = '';
  let end = '';
  let skipped = false;
  const actualInspected = inspectValue(actual);
  const actualLines = actualInspected.split('\n');
  const expectedLines = inspectValue(expected).split('\n');
  let i = 0;
  let indicator = '';

  if (operator === 'strictEqual' &&
      ((typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) ||
       (typeof actual === 'function' && typeof expected === 'function'))) {
    operator = 'strictEqualObject';
  }
  const title = message || kReadableOperator[operator];

  if (actualLines.length === 1 && expectedLines.length === 1 && actualLines[0] !== expectedLines[0]) {
    const inputLength = actualLines[0].length + expectedLines[0].length;
    if (inputLength <= kMaxShortLength) {
      if ((typeof actual !== 'object' || actual === null) &&
          (typeof expected !== 'object' || expected === null) &&
          (actual !== 0 || expected !== 0)) {
        return `${title}\n\n${actualLines[0]} !== ${expectedLines[0]}\n`;
      }
    } else if (operator !== 'strictEqualObject' && inputLength < 80) {
      while (actualLines[0][i] === expectedLines[0][i]) i++;
      if (i > 2) {
        indicator = `\n  ${' '.repeat(i)}^`;
        i = 0;
      }
    }
  }

  let a = actualLines[actualLines.length - 1];
  let b = expectedLines[expectedLines.length - 1];
  while (a === b) {
    if (i++ < 3) end = `\n  ${a}${end}`;
    else other = a;
    actualLines.pop();
    expectedLines.pop();
    if (actualLines.length === 0 || expectedLines.length === 0) break;
    a = actualLines[actualLines.length - 1];
    b = expectedLines[expectedLines.length - 1];
  }

  const maxLines = Math.max(actualLines.length, expectedLines.length);
  if (maxLines === 0) {
    const lines = actualInspected.split('\n');
    if (lines.length > 50) {
      lines[46] = '...';
      lines.length = 47;
    }
    return `${kReadableOperator.notIdentical}\n\n${lines.join('\n')}\n`;
  }
  if (i >= 5) {
    end = `\n...${end}`;
    skipped = true;
  }
  if (other !== '') {
    end = `\n  ${other}${end}`;
    other = '';
  }

  let printedLines = 0;
  let identical = 0;
  const msg = `${title}\n+ actual - expected`;
  const skippedMsg = ' ... Lines skipped';
  let lines = actualLines;
  let plusMinus = '+';
  let maxLength = expectedLines.length;
  if (actualLines.length < maxLines) {
    lines = expectedLines;
    plusMinus = '-';
    maxLength = actualLines.length;
  }

  const printIdentical = (source) => {
    if (identical > 2) {
      if (identical > 3) {
        if (identical > 4) {
          if (identical === 5) {
            res += `\n  ${source[i - 3]}`;
            printedLines++;
          } else {
            res += '\n...';
            skipped = true;
          }
        }
        res += `\n  ${source[i - 2]}`;
        printedLines++;
      }
      res += `\n  ${source[i - 1]}`;
      printedLines++;
    }
    identical = 0;
  };

  for (i = 0; i < maxLines; i++) {
    if (maxLength < i + 1) {
      printIdentical(lines);
      if (lines === actualLines) res += `\n${plusMinus} ${lines[i]}`;
      else other += `\n${plusMinus} ${lines[i]}`;
      printedLines++;
    } else {
      const expectedLine = expectedLines[i];
      let actualLine = actualLines[i];
      let diverging = actualLine !== expectedLine &&
        (!actualLine.endsWith(',') || actualLine.slice(0, -1) !== expectedLine);
      if (diverging && expectedLine.endsWith(',') && expectedLine.slice(0, -1) === actualLine) {
        diverging = false;
        actualLine += ',';
      }
      if (diverging) {
        printIdentical(actualLines);
        res += `\n+ ${actualLine}`;
        other += `\n- ${expectedLine}`;
        printedLines += 2;
      } else {
        res += other;
        other = '';
        identical++;
        if (identical <= 2) {
          res += `\n  ${actualLine}`;
          printedLines++;
        }
      }
    }
    if (printedLines > 50 && i < maxLines - 2) {
      return `${msg}${skippedMsg}\n${res}\n...${other}\n...`;
    }
  }
  return `${msg}${skipped ? skippedMsg : ''}\n${res}${other}${end}${indicator}`;
}

function stripAssertFrames(stack) {
  const ownDir = __dirname + '/';
  return stack.split('\n').filter((line) => !(/^\s+at /.test(line) && line.includes(ownDir))).join('\n');
}

/** The error every failed assertion throws. */
class AssertionError extends Error {
  /**
   * @param {object} options `{ message, actual, expected, operator }`
   */
  constructor(options) {
    if (options === null || typeof options !== 'object') {
      throw new TypeError('The "options" argument must be of type object.');
    }
    const { message, operator } = options;
    let { actual, expected } = options;
    let text;
    if (message != null) {
      text = (operator === 'deepStrictEqual' || operator === 'strictEqual')
        ? createErrDiff(actual, expected, operator, String(message)) : String(message);
    } else if (operator === 'deepStrictEqual' || operator === 'strictEqual') {
      text = createErrDiff(actual, expected, operator);
    } else if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
      let base = kReadableOperator[operator];
      const res = inspectValue(actual).split('\n');
      if (operator === 'notStrictEqual' && isObjectLike(actual)) base = kReadableOperator.notStrictEqualObject;
      if (res.length > 50) {
        res[46] = '...';
        res.length = 47;
      }
      text = res.length === 1
        ? `${base}${res[0].length > 5 ? '\n\n' : ' '}${res[0]}`
        : `${base}\n\n${res.join('\n')}\n`;
    } else {
      let res = inspectValue(actual);
      let other = inspectValue(expected);
      const known = kReadableOperator[operator];
      if (operator === 'notDeepEqual' && res === other) {
        res = `${known}\n\n${res}`;
        if (res.length > 1024) res = `${res.slice(0, 1021)}...`;
        text = res;
      } else {
        if (res.length > 512) res = `${res.slice(0, 509)}...`;
        if (other.length > 512) other = `${other.slice(0, 509)}...`;
        if (operator === 'deepEqual') {
          res = `${known}\n\n${res}\n\nshould loosely deep-equal\n\n`;
        } else {
          const unequal = kReadableOperator[`${operator}Unequal`];
          if (unequal) res = `${unequal}\n\n${res}\n\nshould not loosely deep-equal\n\n`;
          else other = ` ${operator} ${other}`;
        }
        text = `${res}${other}`;
      }
    }
    super(text);
    Object.defineProperty(this, 'name', {
      value: 'AssertionError [ERR_ASSERTION]', enumerable: false, writable: true, configurable: true,
    });
    const stack = stripAssertFrames(host.stackOf(this));
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

function innerFail(obj) {
  if (obj.message instanceof Error) throw obj.message;
  throw new AssertionError(obj);
}

// ---------------------------------------------------------------------------
// Deep equality (Node's rules for loose and strict mode).

const tagOf = (v) => Object.prototype.toString.call(v);
const isEnumerable = (o, k) => Object.prototype.propertyIsEnumerable.call(o, k);

function ownKeys(value, strict) {
  const keys = Object.keys(value);
  if (strict) for (const s of Object.getOwnPropertySymbols(value)) if (isEnumerable(value, s)) keys.push(s);
  return keys;
}

function isDeepEqual(a, b, strict, memos) {
  if (a === b) return a !== 0 || !strict || Object.is(a, b);
  if (strict) {
    if (typeof a !== 'object') return typeof a === 'number' && Number.isNaN(a) && Number.isNaN(b);
    if (typeof b !== 'object' || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  } else {
    if (a === null || typeof a !== 'object') {
      if (b === null || typeof b !== 'object') {
        // eslint-disable-next-line eqeqeq
        return a == b || (Number.isNaN(a) && Number.isNaN(b));
      }
      return false;
    }
    if (b === null || typeof b !== 'object') return false;
  }
  const tag = tagOf(a);
  if (tag !== tagOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;

  if (!memos) memos = { a: new Map(), b: new Map(), position: 0 };
  const seenA = memos.a.get(a);
  if (seenA !== undefined) {
    const seenB = memos.b.get(b);
    if (seenB !== undefined) return seenA === seenB;
  }
  memos.position++;
  memos.a.set(a, memos.position);
  memos.b.set(b, memos.position);
  const result = compareObjects(a, b, strict, memos, tag);
  memos.a.delete(a);
  memos.b.delete(b);
  return result;
}

function compareObjects(a, b, strict, memos, tag) {
  if (Array.isArray(a) && a.length !== b.length) return false;
  if (tag === '[object Date]') {
    if (Date.prototype.getTime.call(a) !== Date.prototype.getTime.call(b)) return false;
  } else if (tag === '[object RegExp]') {
    if (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (a instanceof Error || tag === '[object Error]') {
    if (a.message !== b.message || a.name !== b.name) return false;
  } else if (ArrayBuffer.isView(a)) {
    if (a.length !== b.length || a.byteLength !== b.byteLength) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i]) && !(strict ? false : a[i] == b[i])) return false; // eslint-disable-line eqeqeq
  } else if (tag === '[object ArrayBuffer]') {
    const x = new Uint8Array(a);
    const y = new Uint8Array(b);
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  } else if (['[object Number]', '[object String]', '[object Boolean]', '[object BigInt]', '[object Symbol]'].includes(tag) &&
             typeof a.valueOf === 'function') {
    if (!Object.is(a.valueOf(), b.valueOf())) return false;
  }

  const keysA = ownKeys(a, strict).filter((k) => !(ArrayBuffer.isView(a) && /^\d+$/.test(k)));
  const keysB = ownKeys(b, strict).filter((k) => !(ArrayBuffer.isView(b) && /^\d+$/.test(k)));
  if (keysA.length !== keysB.length) return false;
  for (const k of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !isEnumerable(b, k)) return false;
  }
  if (tag === '[object Map]' && !mapEquiv(a, b, strict, memos)) return false;
  if (tag === '[object Set]' && !setEquiv(a, b, strict, memos)) return false;
  for (const k of keysA) {
    if (!isDeepEqual(a[k], b[k], strict, memos)) return false;
  }
  return true;
}

function setEquiv(a, b, strict, memos) {
  if (a.size !== b.size) return false;
  const rest = [];
  for (const v of a) {
    if (b.has(v) && (typeof v !== 'object' || v === null)) continue;
    if (!strict && (typeof v !== 'object' || v === null) && b.has(v)) continue;
    rest.push(v);
  }
  if (rest.length === 0) return true;
  const candidates = [...b].filter((v) => !((typeof v !== 'object' || v === null) && a.has(v)));
  for (const v of rest) {
    const i = candidates.findIndex((c) => isDeepEqual(v, c, strict, memos));
    if (i === -1) return false;
    candidates.splice(i, 1);
  }
  return true;
}

function mapEquiv(a, b, strict, memos) {
  if (a.size !== b.size) return false;
  const rest = [];
  for (const [k, v] of a) {
    if ((typeof k !== 'object' || k === null) && b.has(k)) {
      if (!isDeepEqual(v, b.get(k), strict, memos)) return false;
    } else {
      rest.push([k, v]);
    }
  }
  if (rest.length === 0) return true;
  const candidates = [...b].filter(([k]) => !((typeof k !== 'object' || k === null) && a.has(k)));
  for (const [k, v] of rest) {
    const i = candidates.findIndex(([ck, cv]) => isDeepEqual(k, ck, strict, memos) && isDeepEqual(v, cv, strict, memos));
    if (i === -1) return false;
    candidates.splice(i, 1);
  }
  return true;
}

// ---------------------------------------------------------------------------
// The functions.

function sourceOfCall(error) {
  const where = host.locationOf(error);
  if (!where) return null;
  const m = /^(.*):(\d+):(\d+)$/.exec(where);
  if (!m) return null;
  const text = host.readSource(m[1]);
  if (text === null) return null;
  const line = text.split('\n')[Number(m[2]) - 1];
  if (line === undefined) return null;
  return callExpressionAt(line, Number(m[3]) - 1) || line.trim().replace(/;$/, '');
}

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

function innerOk(fn, argLen, value, message) {
  if (value) return;
  let generated = false;
  if (argLen === 0) {
    generated = true;
    message = 'No value argument passed to `assert.ok()`';
  } else if (message == null) {
    generated = true;
    // The call's source text, when the caller's frame is known (a strict-mode
    // tail call has none on JavaScriptCore); else Node's `false == true` form.
    const code = sourceOfCall(new Error());
    message = code && /^[\w$.]*\b(ok|assert|strict)\s*\(/.test(code)
      ? `The expression evaluated to a falsy value:\n\n  ${code}\n` : undefined;
  } else if (message instanceof Error) {
    throw message;
  }
  const err = new AssertionError({ actual: value, expected: true, message, operator: '==' });
  err.generatedMessage = generated;
  throw err;
}

/** Throws an AssertionError unless `value` is truthy. */
function ok(...args) {
  innerOk(ok, args.length, ...args);
}

function assert(...args) {
  innerOk(assert, args.length, ...args);
}

function fail(message) {
  if (message instanceof Error) throw message;
  const err = new AssertionError({ message: message === undefined ? 'Failed' : message, operator: 'fail' });
  err.generatedMessage = message === undefined;
  throw err;
}

function checkArgs(count) {
  if (count < 2) {
    const err = new TypeError('The "actual" and "expected" arguments must be specified');
    err.code = 'ERR_MISSING_ARGS';
    throw err;
  }
}

function equal(actual, expected, message) {
  checkArgs(arguments.length);
  // eslint-disable-next-line eqeqeq
  if (actual != expected && (!Number.isNaN(actual) || !Number.isNaN(expected))) {
    innerFail({ actual, expected, message, operator: '==' });
  }
}

function notEqual(actual, expected, message) {
  checkArgs(arguments.length);
  // eslint-disable-next-line eqeqeq
  if (actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))) {
    innerFail({ actual, expected, message, operator: '!=' });
  }
}

function strictEqual(actual, expected, message) {
  checkArgs(arguments.length);
  if (!Object.is(actual, expected)) innerFail({ actual, expected, message, operator: 'strictEqual' });
}

function notStrictEqual(actual, expected, message) {
  checkArgs(arguments.length);
  if (Object.is(actual, expected)) innerFail({ actual, expected, message, operator: 'notStrictEqual' });
}

function deepEqual(actual, expected, message) {
  checkArgs(arguments.length);
  if (!isDeepEqual(actual, expected, false)) innerFail({ actual, expected, message, operator: 'deepEqual' });
}

function notDeepEqual(actual, expected, message) {
  checkArgs(arguments.length);
  if (isDeepEqual(actual, expected, false)) innerFail({ actual, expected, message, operator: 'notDeepEqual' });
}

function deepStrictEqual(actual, expected, message) {
  checkArgs(arguments.length);
  if (!isDeepEqual(actual, expected, true)) innerFail({ actual, expected, message, operator: 'deepStrictEqual' });
}

function notDeepStrictEqual(actual, expected, message) {
  checkArgs(arguments.length);
  if (isDeepEqual(actual, expected, true)) innerFail({ actual, expected, message, operator: 'notDeepStrictEqual' });
}

function invalidArgType(name, expectedText, value) {
  const received = value === null ? 'null' : typeof value === 'object'
    ? `an instance of ${(value.constructor && value.constructor.name) || 'Object'}`
    : typeof value === 'function' ? `function ${value.name}` : `type ${typeof value} (${inspect(value)})`;
  const err = new TypeError(`The "${name}" argument must be ${expectedText}. Received ${received}`);
  err.code = 'ERR_INVALID_ARG_TYPE';
  return err;
}

/** The shape an object-form `expected` is compared in (Node names it too). */
class Comparison {}

/** Checks a caught error against `expected` (class, validator, RegExp or object). */
function expectedException(actual, expected, message, fn) {
  let generatedMessage = false;
  let throwError = false;
  if (typeof expected !== 'function') {
    if (expected instanceof RegExp) {
      const str = String(actual);
      if (expected.test(str)) return;
      if (!message) {
        generatedMessage = true;
        message = `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(str)}\n`;
      }
      throwError = true;
    } else if (typeof actual !== 'object' || actual === null) {
      const err = new AssertionError({ actual, expected, message, operator: 'deepStrictEqual' });
      err.operator = fn.name;
      throw err;
    } else {
      const keys = Object.keys(expected);
      if (expected instanceof Error) keys.push('name', 'message');
      else if (keys.length === 0) throw invalidArgType('error', 'may not be an empty object', expected);
      for (const key of keys) {
        const want = expected[key];
        const got = actual[key];
        if (typeof got === 'string' && want instanceof RegExp && want.test(got)) continue;
        if (key in actual && isDeepEqual(got, want, true)) continue;
        const a = new Comparison();
        const e = new Comparison();
        for (const k of keys) {
          if (k in actual) a[k] = actual[k];
          e[k] = expected[k];
        }
        const err = new AssertionError({ actual: a, expected: e, message, operator: 'deepStrictEqual' });
        err.actual = actual;
        err.expected = expected;
        err.operator = fn.name;
        throw err;
      }
      return;
    }
  } else if (expected.prototype !== undefined && actual instanceof expected) {
    return;
  } else if (Error.isPrototypeOf(expected) || expected === Error) {
    if (!message) {
      generatedMessage = true;
      message = `The error is expected to be an instance of "${expected.name}". Received `;
      if (actual instanceof Error) message += `"${actual.name}"`;
      else message += `"${inspect(actual, { depth: -1 })}"`;
      if (actual && actual.message !== undefined) message += `\n\nError message:\n\n${actual.message}`;
    }
    throwError = true;
  } else {
    const res = expected.call({}, actual);
    if (res !== true) {
      if (!message) {
        generatedMessage = true;
        const name = expected.name ? `"${expected.name}" ` : '';
        message = `The ${name}validation function is expected to return "true". Received ${inspect(res)}`;
        if (actual instanceof Error) message += `\n\nCaught error:\n\n${actual}`;
      }
      throwError = true;
    }
  }
  if (throwError) {
    const err = new AssertionError({ actual, expected, message, operator: fn.name });
    err.generatedMessage = generatedMessage;
    throw err;
  }
}

const NO_EXCEPTION = Symbol('no exception');

function getActual(fn) {
  if (typeof fn !== 'function') throw invalidArgType('fn', 'of type function', fn);
  try {
    fn();
  } catch (e) {
    return e;
  }
  return NO_EXCEPTION;
}

async function waitForActual(promiseFn) {
  let resultPromise;
  if (typeof promiseFn === 'function') {
    resultPromise = promiseFn();
    if (!resultPromise || typeof resultPromise.then !== 'function') {
      const err = new TypeError(`Expected instance of Promise to be returned from the "promiseFn" function but got ${resultPromise === undefined ? 'undefined' : `type ${typeof resultPromise}`}.`);
      err.code = 'ERR_INVALID_RETURN_VALUE';
      throw err;
    }
  } else if (promiseFn && typeof promiseFn.then === 'function') {
    resultPromise = promiseFn;
  } else {
    throw invalidArgType('promiseFn', 'of type function or an instance of Promise', promiseFn);
  }
  try {
    await resultPromise;
  } catch (e) {
    return e;
  }
  return NO_EXCEPTION;
}

function expectsError(stackStartFn, actual, error, message) {
  if (typeof error === 'string') {
    if (arguments.length === 4) {
      throw invalidArgType('error', 'of type function or an instance of Error, RegExp, or Object', error);
    }
    message = error;
    error = undefined;
  } else if (error != null && typeof error !== 'object' && typeof error !== 'function') {
    throw invalidArgType('error', 'of type function or an instance of Error, RegExp, or Object', error);
  }
  if (actual === NO_EXCEPTION) {
    let details = '';
    if (error && error.name) details += ` (${error.name})`;
    details += message ? `: ${message}` : '.';
    const fnType = stackStartFn === rejects ? 'rejection' : 'exception';
    innerFail({ actual: undefined, expected: error, operator: stackStartFn.name, message: `Missing expected ${fnType}${details}` });
  }
  if (error !== undefined) expectedException(actual, error, message, stackStartFn);
}

function expectsNoError(stackStartFn, actual, error, message) {
  if (actual === NO_EXCEPTION) return;
  if (typeof error === 'string') {
    message = error;
    error = undefined;
  }
  if (!error || (typeof error === 'function' && actual instanceof error) ||
      (error instanceof RegExp && error.test(String(actual)))) {
    const details = message ? `: ${message}` : '.';
    const fnType = stackStartFn === doesNotReject ? 'rejection' : 'exception';
    innerFail({
      actual,
      expected: error,
      operator: stackStartFn.name,
      message: `Got unwanted ${fnType}${details}\nActual message: "${actual && actual.message}"`,
    });
  }
  throw actual;
}

/** Throws unless `fn()` throws an error matching `error` (class, validator, RegExp or object). */
function throws(fn, ...args) {
  expectsError(throws, getActual(fn), ...args);
}

/** Resolves unless the promise (or `promiseFn()`) does not reject with a matching error. */
async function rejects(promiseFn, ...args) {
  expectsError(rejects, await waitForActual(promiseFn), ...args);
}

/** Throws if `fn()` throws. */
function doesNotThrow(fn, ...args) {
  expectsNoError(doesNotThrow, getActual(fn), ...args);
}

/** Rejects if the promise (or `promiseFn()`) rejects. */
async function doesNotReject(fn, ...args) {
  expectsNoError(doesNotReject, await waitForActual(fn), ...args);
}

function internalMatch(string, regexp, message, fn) {
  if (!(regexp instanceof RegExp)) throw invalidArgType('regexp', 'an instance of RegExp', regexp);
  const match = fn === match_;
  if (typeof string !== 'string' || regexp.test(string) !== match) {
    if (message instanceof Error) throw message;
    const generatedMessage = !message;
    message = message || (typeof string !== 'string'
      ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
      : (match
        ? 'The input did not match the regular expression '
        : 'The input was expected to not match the regular expression ') +
        `${inspect(regexp)}. Input:\n\n${inspect(string)}\n`);
    const err = new AssertionError({ actual: string, expected: regexp, message, operator: fn.name });
    err.generatedMessage = generatedMessage;
    throw err;
  }
}

function match_(string, regexp, message) {
  internalMatch(string, regexp, message, match_);
}
Object.defineProperty(match_, 'name', { value: 'match' });

function doesNotMatch(string, regexp, message) {
  internalMatch(string, regexp, message, doesNotMatch);
}

/** Throws `value` if it is neither undefined nor null. */
function ifError(err) {
  if (err === null || err === undefined) return;
  let message = 'ifError got unwanted exception: ';
  if (typeof err === 'object' && typeof err.message === 'string') {
    message += err.message.length === 0 && err.constructor ? err.constructor.name : err.message;
  } else {
    message += inspect(err);
  }
  const newErr = new AssertionError({ actual: err, expected: null, operator: 'ifError', message });
  throw newErr;
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
  match: match_,
  doesNotMatch,
  ifError,
  AssertionError,
});

/** Strict mode: `equal` is `strictEqual`, `deepEqual` is `deepStrictEqual`. */
function strict(...args) {
  innerOk(strict, args.length, ...args);
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
