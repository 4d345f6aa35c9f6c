'use strict';
// inspect.js — prints values the way Node 20's util.inspect and util.format do.
//
// The layout rules (when an object fits on one line, how arrays of short
// entries are grouped into columns, the 80-column break length, depth 2,
// circular markers) follow Node's documented behaviour so that a script prints
// the same text under `searchlight run` as under `node`. Type checks use
// brand checks that work on any engine (JavaScriptCore has no util.types).

const errors = require('./errors');

const defaultOptions = {
  depth: 2,
  compact: 3,
  breakLength: 80,
  maxArrayLength: 100,
  maxStringLength: 10000,
  showHidden: false,
  sorted: false,
  getters: false,
  customInspect: true,
};

const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');

const kObjectType = 0;
const kArrayType = 1;
const kArrayExtrasType = 2;
const kMinLineLength = 16;

const keyStrRegExp = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
const numberRegExp = /^(0|[1-9][0-9]*)$/;
const classRegExp = /^(\s+[^(]*?)\s*{/;
const stripCommentsRegExp = /(\/\/.*?\n)|(\/\*(.|\n)*?\*\/)/g;
const escapeAllRegExp = /[\x00-\x1f\x27\x5c\x7f-\x9f]/;
const escapeAllReplacer = /[\x00-\x1f\x27\x5c\x7f-\x9f]/g;
const escapeNoQuoteRegExp = /[\x00-\x1f\x5c\x7f-\x9f]/;
const escapeNoQuoteReplacer = /[\x00-\x1f\x5c\x7f-\x9f]/g;

// Built-in constructors: prototype properties of these are never listed.
const builtInObjects = new Set(
  Object.getOwnPropertyNames(globalThis).filter((e) => /^[A-Z][a-zA-Z0-9]+$/.test(e)));

// ---------------------------------------------------------------------------
// Brand checks.

const objectToString = (v) => Object.prototype.toString.call(v);

function brand(fn) {
  return (value) => {
    try { fn(value); return true; } catch { return false; }
  };
}

const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const mapSize = getter(Map.prototype, 'size');
const setSize = getter(Set.prototype, 'size');
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = getter(TypedArrayPrototype, Symbol.toStringTag);
const typedArrayLength = getter(TypedArrayPrototype, 'length');
const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
const regExpSource = getter(RegExp.prototype, 'source');

const isMap = brand((v) => mapSize.call(v));
const isSet = brand((v) => setSize.call(v));
const isDate = brand((v) => Date.prototype.getTime.call(v));
const isRegExp = (v) => v !== RegExp.prototype && brand((x) => regExpSource.call(x))(v);
const isArrayBuffer = brand((v) => arrayBufferByteLength.call(v));
const dataViewByteLength = getter(DataView.prototype, 'byteLength');
const isDataView = brand((v) => dataViewByteLength.call(v));
const isWeakMap = brand((v) => WeakMap.prototype.has.call(v, {}));
const isWeakSet = brand((v) => WeakSet.prototype.has.call(v, {}));
const isNumberObject = brand((v) => Number.prototype.valueOf.call(v));
const isStringObject = brand((v) => String.prototype.valueOf.call(v));
const isBooleanObject = brand((v) => Boolean.prototype.valueOf.call(v));
const isSymbolObject = brand((v) => Symbol.prototype.valueOf.call(v));
const isBigIntObject = typeof BigInt === 'function'
  ? brand((v) => BigInt.prototype.valueOf.call(v)) : () => false;
const isBoxedPrimitive = (v) => isNumberObject(v) || isStringObject(v) ||
  isBooleanObject(v) || isSymbolObject(v) || isBigIntObject(v);
const isTypedArray = (v) => typedArrayTag.call(v) !== undefined;
const isPromise = (v) => v instanceof Promise || objectToString(v) === '[object Promise]';
const isArguments = (v) => objectToString(v) === '[object Arguments]';
const isNativeError = (v) => objectToString(v) === '[object Error]';
const isError = (v) => isNativeError(v) || v instanceof Error;
const isAsyncFunction = (v) => {
  const t = objectToString(v);
  return t === '[object AsyncFunction]' || t === '[object AsyncGeneratorFunction]';
};
const isGeneratorFunction = (v) => {
  const t = objectToString(v);
  return t === '[object GeneratorFunction]' || t === '[object AsyncGeneratorFunction]';
};

// ---------------------------------------------------------------------------
// Strings.

const meta = [];
for (let i = 0; i < 0xa0; i++) meta.push('');
for (let i = 0; i < 0x20; i++) meta[i] = '\\x' + i.toString(16).toUpperCase().padStart(2, '0');
for (let i = 0x7f; i < 0xa0; i++) meta[i] = '\\x' + i.toString(16).toUpperCase();
meta[8] = '\\b'; meta[9] = '\\t'; meta[10] = '\\n'; meta[12] = '\\f'; meta[13] = '\\r';
meta[39] = "\\'"; meta[92] = '\\\\';

function escapeFn(ch) {
  return meta[ch.charCodeAt(0)];
}

function escapeLoneSurrogates(str) {
  return str.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(^|[^\ud800-\udbff])[\udc00-\udfff]/g,
    (m, before) => {
      if (before === undefined) return '\\u' + m.charCodeAt(0).toString(16);
      return before + '\\u' + m.charCodeAt(m.length - 1).toString(16);
    });
}

/** Quotes a string as Node does: single quotes unless the text contains them. */
function strEscape(str) {
  let quote = "'";
  let test = escapeAllRegExp;
  let replacer = escapeAllReplacer;
  if (str.includes("'")) {
    if (!str.includes('"')) quote = '"';
    else if (!str.includes('`') && !str.includes('${')) quote = '`';
    if (quote !== "'") {
      test = escapeNoQuoteRegExp;
      replacer = escapeNoQuoteReplacer;
    }
  }
  if (test.test(str)) str = str.replace(replacer, escapeFn);
  str = escapeLoneSurrogates(str);
  return quote + str + quote;
}

function isFullWidthCodePoint(code) {
  return code >= 0x1100 && (
    code <= 0x115f || code === 0x2329 || code === 0x232a ||
    (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
    (code >= 0x3250 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0xa4c6) ||
    (code >= 0xa960 && code <= 0xa97c) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6b) ||
    (code >= 0xff01 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1b000 && code <= 0x1b001) ||
    (code >= 0x1f200 && code <= 0x1f251) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x20000 && code <= 0x3fffd));
}

function isZeroWidthCodePoint(code) {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x20d0 && code <= 0x20ff) || (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xfe20 && code <= 0xfe2f) || (code >= 0xe0100 && code <= 0xe01ef);
}

/** The number of terminal columns `str` takes. */
function getStringWidth(str) {
  let width = 0;
  for (let i = 0; i < str.length; i++) {
    const code = str.charCodeAt(i);
    if (code >= 127) {
      for (const ch of str.slice(i).normalize('NFC')) {
        const cp = ch.codePointAt(0);
        if (isFullWidthCodePoint(cp)) width += 2;
        else if (!isZeroWidthCodePoint(cp)) width++;
      }
      return width;
    }
    width += code >= 32 ? 1 : 0;
  }
  return width;
}

// ---------------------------------------------------------------------------
// Primitives.

function formatNumber(n) {
  return Object.is(n, -0) ? '-0' : `${n}`;
}

function formatPrimitive(value, ctx) {
  switch (typeof value) {
    case 'string': {
      let trailer = '';
      if (value.length > ctx.maxStringLength) {
        const remaining = value.length - ctx.maxStringLength;
        value = value.slice(0, ctx.maxStringLength);
        trailer = `... ${remaining} more character${remaining > 1 ? 's' : ''}`;
      }
      if (ctx.compact !== true && value.length > kMinLineLength &&
          value.length > ctx.breakLength - ctx.indentationLvl - 4) {
        return value.split(/(?<=\n)/).map(strEscape)
          .join(` +\n${' '.repeat(ctx.indentationLvl + 2)}`) + trailer;
      }
      return strEscape(value) + trailer;
    }
    case 'number': return formatNumber(value);
    case 'bigint': return `${value}n`;
    case 'boolean': return `${value}`;
    case 'undefined': return 'undefined';
    default: return value.toString(); // symbol
  }
}

// ---------------------------------------------------------------------------
// Constructors and prefixes.

function getConstructorName(obj) {
  const start = obj;
  let firstProto;
  while (obj) {
    const descriptor = Object.getOwnPropertyDescriptor(obj, 'constructor');
    if (descriptor !== undefined && typeof descriptor.value === 'function' &&
        descriptor.value.name !== '' && isInstanceof(start, descriptor.value)) {
      return String(descriptor.value.name);
    }
    obj = Object.getPrototypeOf(obj);
    if (firstProto === undefined) firstProto = obj;
  }
  if (firstProto === null) return null;
  const internal = objectToString(start).slice(8, -1);
  const protoName = getConstructorName(firstProto);
  return `${internal} <${protoName === null ? '[Object: null prototype] {}' : protoName}>`;
}

function isInstanceof(object, ctor) {
  try { return object instanceof ctor; } catch { return false; }
}

function getPrefix(constructor, tag, fallback, size = '') {
  if (constructor === null) {
    if (tag !== '' && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== '' && constructor !== tag) return `${constructor}${size} [${tag}] `;
  return `${constructor}${size} `;
}

function getKeys(value, showHidden) {
  const symbols = Object.getOwnPropertySymbols(value);
  let keys;
  if (showHidden) {
    keys = Object.getOwnPropertyNames(value);
    if (symbols.length !== 0) keys.push(...symbols);
  } else {
    keys = Object.keys(value);
    for (const s of symbols) {
      if (Object.prototype.propertyIsEnumerable.call(value, s)) keys.push(s);
    }
  }
  return keys;
}

function getOwnNonIndexProperties(value, showHidden) {
  const names = showHidden ? Object.getOwnPropertyNames(value) : Object.keys(value);
  const keys = names.filter((k) => !numberRegExp.test(k) || Number(k) >= 2 ** 32 - 1);
  for (const s of Object.getOwnPropertySymbols(value)) {
    if (showHidden || Object.prototype.propertyIsEnumerable.call(value, s)) keys.push(s);
  }
  return keys;
}

function getCtxStyle(value, constructor, tag) {
  let fallback = '';
  if (constructor === null) {
    fallback = objectToString(value).slice(8, -1);
    if (fallback === tag) fallback = 'Object';
  }
  return getPrefix(constructor, tag, fallback);
}

function getClassBase(value, constructor, tag) {
  const hasName = Object.prototype.hasOwnProperty.call(value, 'name');
  const name = (hasName && value.name) || '(anonymous)';
  let base = `class ${name}`;
  if (constructor !== 'Function' && constructor !== null) base += ` [${constructor}]`;
  if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
  if (constructor !== null) {
    const superName = Object.getPrototypeOf(value).name;
    if (superName) base += ` extends ${superName}`;
  } else {
    base += ' extends [null prototype]';
  }
  return `[${base}]`;
}

function getFunctionBase(value, constructor, tag) {
  let source = '';
  try { source = Function.prototype.toString.call(value); } catch { /* revoked */ }
  if (source.startsWith('class') && source.endsWith('}')) {
    const slice = source.slice(5, -1);
    const bracketIndex = slice.indexOf('{');
    if (bracketIndex !== -1 &&
        (!slice.slice(0, bracketIndex).includes('(') ||
         classRegExp.test(slice.replace(stripCommentsRegExp, '')))) {
      return getClassBase(value, constructor, tag);
    }
  }
  let type = 'Function';
  if (isGeneratorFunction(value)) type = `Generator${type}`;
  if (isAsyncFunction(value)) type = `Async${type}`;
  let base = `[${type}`;
  if (constructor === null) base += ' (null prototype)';
  if (value.name === '' || typeof value.name !== 'string') base += ' (anonymous)';
  else base += `: ${value.name}`;
  base += ']';
  if (constructor !== type && constructor !== null && constructor !== 'Function') {
    base += ` ${constructor}`;
  }
  if (tag !== '' && constructor !== tag) base += ` [${tag}]`;
  return base;
}

function getBoxedBase(value, ctx, keys, constructor, tag) {
  let type;
  let primitive;
  if (isNumberObject(value)) { type = 'Number'; primitive = Number.prototype.valueOf.call(value); }
  else if (isStringObject(value)) {
    type = 'String';
    primitive = String.prototype.valueOf.call(value);
    keys.splice(0, value.length);
  } else if (isBooleanObject(value)) { type = 'Boolean'; primitive = Boolean.prototype.valueOf.call(value); }
  else if (isBigIntObject(value)) { type = 'BigInt'; primitive = BigInt.prototype.valueOf.call(value); }
  else { type = 'Symbol'; primitive = Symbol.prototype.valueOf.call(value); }
  let base = `[${type}`;
  if (type !== constructor) base += constructor === null ? ' (null prototype)' : ` (${constructor})`;
  base += `: ${formatPrimitive(primitive, { ...ctx, compact: true })}]`;
  if (tag !== '' && tag !== constructor) base += ` [${tag}]`;
  return base;
}

// ---------------------------------------------------------------------------
// Errors.

function formatErrorValue(err, constructor, tag, ctx, keys) {
  const name = err.name != null ? String(err.name) : 'Error';
  let stack = errors.stackOf(err);
  errors.hideEngineKeys(err, keys);
  if (!ctx.showHidden && keys.length !== 0) {
    for (const prop of ['name', 'message', 'stack']) {
      const index = keys.indexOf(prop);
      if (index !== -1 && stack.includes(err[prop])) keys.splice(index, 1);
    }
  }
  if ('cause' in err && !keys.includes('cause')) keys.push('cause');
  if (Array.isArray(err.errors) && !keys.includes('errors')) keys.push('errors');

  stack = improveStack(stack, constructor, name, tag);

  let pos = (err.message && stack.indexOf(err.message)) || -1;
  if (pos !== -1) pos += err.message.length;
  const stackStart = stack.indexOf('\n    at', pos);
  if (stackStart === -1) {
    stack = `[${stack}]`;
  } else {
    const frames = withoutCauseFrames(err, stack.slice(stackStart + 1).split('\n'));
    stack = `${stack.slice(0, stackStart)}\n${frames.join('\n')}`;
  }
  if (ctx.indentationLvl !== 0) {
    stack = stack.split('\n').join(`\n${' '.repeat(ctx.indentationLvl)}`);
  }
  return stack;
}

/** Where `a` and `b` share a run of more than three identical frames. */
function identicalSequenceRange(a, b) {
  for (let i = 0; i < a.length - 3; i++) {
    const pos = b.indexOf(a[i]);
    if (pos !== -1) {
      const rest = b.length - pos;
      if (rest > 3) {
        let len = 1;
        const maxLen = Math.min(a.length - i, rest);
        while (maxLen > len && a[i + len] === b[pos + len]) len++;
        if (len > 3) return { len, offset: i };
      }
    }
  }
  return { len: 0, offset: 0 };
}

/** Replaces the frames an error shares with its `cause` by one `... N lines` line, as Node does. */
function withoutCauseFrames(err, frames) {
  let cause;
  try { ({ cause } = err); } catch { cause = undefined; }
  if (cause != null && isError(cause)) {
    const causeStack = errors.stackOf(cause);
    const causeStart = causeStack.indexOf('\n    at');
    if (causeStart !== -1) {
      const causeFrames = causeStack.slice(causeStart + 1).split('\n');
      const { len, offset } = identicalSequenceRange(frames, causeFrames);
      if (len > 0) {
        const skipped = len - 2;
        frames.splice(offset + 1, skipped, `    ... ${skipped} lines matching cause stack trace ...`);
      }
    }
  }
  return frames;
}

function improveStack(stack, constructor, name, tag) {
  let len = name.length;
  if (constructor === null ||
      (name.endsWith('Error') && stack.startsWith(name) &&
       (stack.length === len || stack[len] === ':' || stack[len] === '\n'))) {
    let fallback = 'Error';
    if (constructor === null) {
      const start = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)/.exec(stack) ||
        /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
      fallback = (start && start[1]) || '';
      len = fallback.length;
      fallback = fallback || 'Error';
    }
    const prefix = getPrefix(constructor, tag, fallback).slice(0, -1);
    if (name !== prefix) {
      if (prefix.includes(name)) {
        stack = len === 0 ? `${prefix}: ${stack}` : `${prefix}${stack.slice(len)}`;
      } else {
        stack = `${prefix} [${name}]${stack.slice(len)}`;
      }
    }
  }
  return stack;
}

// ---------------------------------------------------------------------------
// The recursive formatter.

function formatValue(ctx, value, recurseTimes, typedArray) {
  if (typeof value !== 'object' && typeof value !== 'function') {
    return formatPrimitive(value, ctx);
  }
  if (value === null) return 'null';

  if (ctx.customInspect) {
    let maybeCustom;
    try { maybeCustom = value[customInspectSymbol]; } catch { maybeCustom = undefined; }
    if (typeof maybeCustom === 'function' && maybeCustom !== inspect &&
        !(value.constructor && value.constructor.prototype === value)) {
      const depth = ctx.depth === null ? null : ctx.depth - recurseTimes;
      const options = { ...ctx, depth };
      delete options.seen; delete options.circular; delete options.indentationLvl;
      delete options.currentDepth;
      const ret = maybeCustom.call(value, depth, options, inspect);
      if (ret !== value) {
        if (typeof ret !== 'string') return formatValue(ctx, ret, recurseTimes);
        return ret.split('\n').join(`\n${' '.repeat(ctx.indentationLvl)}`);
      }
    }
  }

  if (ctx.seen.includes(value)) {
    let index = 1;
    if (ctx.circular === undefined) {
      ctx.circular = new Map();
      ctx.circular.set(value, index);
    } else {
      index = ctx.circular.get(value);
      if (index === undefined) {
        index = ctx.circular.size + 1;
        ctx.circular.set(value, index);
      }
    }
    return `[Circular *${index}]`;
  }
  return formatRaw(ctx, value, recurseTimes, typedArray);
}

function formatRaw(ctx, value, recurseTimes, typedArray) {
  let keys;
  const constructor = getConstructorName(value);
  let tag = value[Symbol.toStringTag];
  if (typeof tag !== 'string' ||
      (tag !== '' && (ctx.showHidden
        ? Object.prototype.hasOwnProperty
        : Object.prototype.propertyIsEnumerable).call(value, Symbol.toStringTag))) {
    tag = '';
  }
  let base = '';
  let formatter = () => [];
  let braces;
  let noIterator = true;
  let extrasType = kObjectType;

  if (Symbol.iterator in value || constructor === null) {
    noIterator = false;
    if (Array.isArray(value)) {
      const prefix = (constructor !== 'Array' || tag !== '')
        ? getPrefix(constructor, tag, 'Array', `(${value.length})`) : '';
      keys = getOwnNonIndexProperties(value, ctx.showHidden);
      braces = [`${prefix}[`, ']'];
      if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
      extrasType = kArrayExtrasType;
      formatter = formatArray;
    } else if (isSet(value)) {
      const size = setSize.call(value);
      const prefix = getPrefix(constructor, tag, 'Set', `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatSet;
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
    } else if (isMap(value)) {
      const size = mapSize.call(value);
      const prefix = getPrefix(constructor, tag, 'Map', `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatMap;
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
    } else if (isTypedArray(value)) {
      keys = getOwnNonIndexProperties(value, ctx.showHidden);
      const fallback = constructor === null ? typedArrayTag.call(value) : '';
      const size = typedArrayLength.call(value);
      const prefix = getPrefix(constructor, tag, fallback, `(${size})`);
      braces = [`${prefix}[`, ']'];
      if (size === 0 && keys.length === 0 && !ctx.showHidden) return `${braces[0]}]`;
      formatter = (c, v, r) => formatTypedArray(v, size, c, r);
      extrasType = kArrayExtrasType;
    } else if (/^\[object (Map|Set) Iterator\]$/.test(objectToString(value))) {
      const type = objectToString(value).slice(8, 11);
      keys = getKeys(value, ctx.showHidden);
      braces = [`[${tag || `${type} Iterator`}] {`, '}'];
      formatter = () => ['<items unknown>'];
    } else {
      noIterator = true;
    }
  }
  if (noIterator) {
    keys = getKeys(value, ctx.showHidden);
    braces = ['{', '}'];
    if (typeof value === 'function') {
      base = getFunctionBase(value, constructor, tag);
      if (keys.length === 0) return base;
    } else if (constructor === 'Object') {
      if (isArguments(value)) braces[0] = '[Arguments] {';
      else if (tag !== '') braces[0] = `${getPrefix(constructor, tag, 'Object')}{`;
      if (keys.length === 0) return `${braces[0]}}`;
    } else if (isRegExp(value)) {
      base = RegExp.prototype.toString.call(constructor !== null ? value : new RegExp(value));
      const prefix = getPrefix(constructor, tag, 'RegExp');
      if (prefix !== 'RegExp ') base = `${prefix}${base}`;
      if (keys.length === 0 || (ctx.depth !== null && recurseTimes > ctx.depth)) return base;
    } else if (isDate(value)) {
      base = Number.isNaN(Date.prototype.getTime.call(value))
        ? Date.prototype.toString.call(value)
        : Date.prototype.toISOString.call(value);
      const prefix = getPrefix(constructor, tag, 'Date');
      if (prefix !== 'Date ') base = `${prefix}${base}`;
      if (keys.length === 0) return base;
    } else if (isError(value)) {
      base = formatErrorValue(value, constructor, tag, ctx, keys);
      if (keys.length === 0) return base;
    } else if (isArrayBuffer(value)) {
      const prefix = getPrefix(constructor, tag, 'ArrayBuffer');
      if (typedArray === undefined) {
        formatter = formatArrayBuffer;
      } else if (keys.length === 0) {
        return `${prefix}{ byteLength: ${formatNumber(arrayBufferByteLength.call(value))} }`;
      }
      braces[0] = `${prefix}{`;
      keys.unshift('byteLength');
    } else if (isDataView(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'DataView')}{`;
      keys.unshift('byteLength', 'byteOffset', 'buffer');
    } else if (isPromise(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'Promise')}{`;
      // The engine does not let JS read a promise's state synchronously.
      formatter = () => ['<unknown>'];
    } else if (isWeakSet(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'WeakSet')}{`;
      formatter = () => ['<items unknown>'];
    } else if (isWeakMap(value)) {
      braces[0] = `${getPrefix(constructor, tag, 'WeakMap')}{`;
      formatter = () => ['<items unknown>'];
    } else if (isBoxedPrimitive(value)) {
      base = getBoxedBase(value, ctx, keys, constructor, tag);
      if (keys.length === 0) return base;
    } else {
      if (keys.length === 0) return `${getCtxStyle(value, constructor, tag)}{}`;
      braces[0] = `${getCtxStyle(value, constructor, tag)}{`;
    }
  }

  if (ctx.depth !== null && recurseTimes > ctx.depth) {
    let constructorName = getCtxStyle(value, constructor, tag).slice(0, -1);
    if (constructor !== null) constructorName = `[${constructorName}]`;
    return constructorName;
  }
  recurseTimes += 1;
  ctx.seen.push(value);
  ctx.currentDepth = recurseTimes;
  let output;
  const indentationLvl = ctx.indentationLvl;
  try {
    output = formatter(ctx, value, recurseTimes);
    for (let i = 0; i < keys.length; i++) {
      output.push(formatProperty(ctx, value, recurseTimes, keys[i], extrasType));
    }
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    ctx.seen.pop();
    ctx.indentationLvl = indentationLvl;
    return `[${getCtxStyle(value, constructor, tag).slice(0, -1)}: Inspection interrupted ` +
      'prematurely. Maximum call stack size exceeded.]';
  }
  if (ctx.circular !== undefined) {
    const index = ctx.circular.get(value);
    if (index !== undefined) {
      const reference = `<ref *${index}>`;
      if (ctx.compact !== true) base = base === '' ? reference : `${reference} ${base}`;
      else braces[0] = `${reference} ${braces[0]}`;
    }
  }
  ctx.seen.pop();

  if (ctx.sorted) {
    const comparator = ctx.sorted === true ? undefined : ctx.sorted;
    if (extrasType === kObjectType) {
      output.sort(comparator);
    } else if (keys.length > 1) {
      const sorted = output.slice(output.length - keys.length).sort(comparator);
      output.splice(output.length - keys.length, keys.length, ...sorted);
    }
  }
  return reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
}

function formatArray(ctx, value, recurseTimes) {
  const valLen = value.length;
  const len = Math.min(Math.max(0, ctx.maxArrayLength), valLen);
  const remaining = valLen - len;
  const output = [];
  for (let i = 0; i < len; i++) {
    if (!Object.prototype.hasOwnProperty.call(value, i)) {
      return formatSpecialArray(ctx, value, recurseTimes, len, output, i);
    }
    output.push(formatProperty(ctx, value, recurseTimes, i, kArrayType));
  }
  if (remaining > 0) output.push(remainingText(remaining));
  return output;
}

function remainingText(remaining) {
  return `... ${remaining} more item${remaining > 1 ? 's' : ''}`;
}

function formatSpecialArray(ctx, value, recurseTimes, maxLength, output, i) {
  const keys = Object.keys(value);
  let index = i;
  for (; i < keys.length && output.length < maxLength; i++) {
    const key = keys[i];
    const tmp = +key;
    if (tmp > 2 ** 32 - 2) break;
    if (`${index}` !== key) {
      if (!numberRegExp.test(key)) break;
      const emptyItems = tmp - index;
      output.push(`<${emptyItems} empty item${emptyItems > 1 ? 's' : ''}>`);
      index = tmp;
      if (output.length === maxLength) break;
    }
    output.push(formatProperty(ctx, value, recurseTimes, key, kArrayType));
    index++;
  }
  const remaining = value.length - index;
  if (output.length !== maxLength) {
    if (remaining > 0) output.push(`<${remaining} empty item${remaining > 1 ? 's' : ''}>`);
  } else if (remaining > 0) {
    output.push(remainingText(remaining));
  }
  return output;
}

function formatTypedArray(value, length, ctx, recurseTimes) {
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = length - maxLength;
  const output = [];
  for (let i = 0; i < maxLength; ++i) {
    output.push(typeof value[i] === 'bigint' ? `${value[i]}n` : formatNumber(value[i]));
  }
  if (remaining > 0) output.push(remainingText(remaining));
  if (ctx.showHidden) {
    ctx.indentationLvl += 2;
    for (const key of ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset', 'buffer']) {
      output.push(`[${key}]: ${formatValue(ctx, value[key], recurseTimes, true)}`);
    }
    ctx.indentationLvl -= 2;
  }
  return output;
}

function formatArrayBuffer(ctx, value) {
  const bytes = new Uint8Array(value);
  const shown = Math.min(ctx.maxArrayLength, bytes.length);
  const hex = [];
  for (let i = 0; i < shown; i++) hex.push(bytes[i].toString(16).padStart(2, '0'));
  let str = hex.join(' ');
  const remaining = bytes.length - ctx.maxArrayLength;
  if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
  return [`[Uint8Contents]: <${str}>`];
}

function formatSet(ctx, value, recurseTimes) {
  const length = setSize.call(value);
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const output = [];
  ctx.indentationLvl += 2;
  let i = 0;
  for (const v of Set.prototype.values.call(value)) {
    if (i >= maxLength) break;
    output.push(formatValue(ctx, v, recurseTimes));
    i++;
  }
  if (length > maxLength) output.push(remainingText(length - maxLength));
  ctx.indentationLvl -= 2;
  return output;
}

function formatMap(ctx, value, recurseTimes) {
  const length = mapSize.call(value);
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const output = [];
  ctx.indentationLvl += 2;
  let i = 0;
  for (const [k, v] of Map.prototype.entries.call(value)) {
    if (i >= maxLength) break;
    output.push(`${formatValue(ctx, k, recurseTimes)} => ${formatValue(ctx, v, recurseTimes)}`);
    i++;
  }
  if (length > maxLength) output.push(remainingText(length - maxLength));
  ctx.indentationLvl -= 2;
  return output;
}

function formatProperty(ctx, value, recurseTimes, key, type, desc, original = value) {
  let name;
  let str;
  let extra = ' ';
  desc = desc || Object.getOwnPropertyDescriptor(value, key) ||
    { value: value[key], enumerable: true };
  if (desc.value !== undefined) {
    const diff = (ctx.compact !== true || type !== kObjectType) ? 2 : 3;
    ctx.indentationLvl += diff;
    str = formatValue(ctx, desc.value, recurseTimes);
    if (diff === 3 && ctx.breakLength < getStringWidth(str)) {
      extra = `\n${' '.repeat(ctx.indentationLvl)}`;
    }
    ctx.indentationLvl -= diff;
  } else if (desc.get !== undefined) {
    const label = desc.set !== undefined ? 'Getter/Setter' : 'Getter';
    if (ctx.getters && (ctx.getters === true ||
        (ctx.getters === 'get' && desc.set === undefined) ||
        (ctx.getters === 'set' && desc.set !== undefined))) {
      try {
        const tmp = desc.get.call(original);
        ctx.indentationLvl += 2;
        if (tmp === null) str = `[${label}: null]`;
        else if (typeof tmp === 'object') str = `[${label}] ${formatValue(ctx, tmp, recurseTimes)}`;
        else str = `[${label}: ${formatPrimitive(tmp, ctx)}]`;
        ctx.indentationLvl -= 2;
      } catch (err) {
        str = `[${label}: <Inspection threw (${err.message})>]`;
      }
    } else {
      str = `[${label}]`;
    }
  } else if (desc.set !== undefined) {
    str = '[Setter]';
  } else {
    str = 'undefined';
  }
  if (type === kArrayType) return str;
  if (typeof key === 'symbol') {
    name = `[${key.toString().replace(escapeAllReplacer, escapeFn)}]`;
  } else if (key === '__proto__') {
    name = "['__proto__']";
  } else if (desc.enumerable === false) {
    name = `[${String(key).replace(escapeAllReplacer, escapeFn)}]`;
  } else if (keyStrRegExp.test(key)) {
    name = key;
  } else {
    name = strEscape(String(key));
  }
  return `${name}:${extra}${str}`;
}

function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let i = 0;
  let outputLength = output.length;
  if (ctx.maxArrayLength < output.length) outputLength--;
  const separatorSpace = 2;
  const dataLen = new Array(outputLength);
  for (; i < outputLength; i++) {
    const len = getStringWidth(output[i]);
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
      (totalLength / actualMax > 5 || maxLength <= 6)) {
    const approxCharHeights = 2.5;
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15);
    if (columns <= 1) return output;
    const tmp = [];
    const maxLineLength = [];
    for (let c = 0; c < columns; c++) {
      let lineMaxLength = 0;
      for (let j = c; j < output.length; j += columns) {
        if (dataLen[j] > lineMaxLength) lineMaxLength = dataLen[j];
      }
      maxLineLength.push(lineMaxLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let k = 0; k < output.length; k++) {
        if (typeof value[k] !== 'number' && typeof value[k] !== 'bigint') {
          padStart = false;
          break;
        }
      }
    }
    for (let k = 0; k < outputLength; k += columns) {
      const max = Math.min(k + columns, outputLength);
      let str = '';
      let j = k;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - k] + output[j].length - dataLen[j];
        str += padStart ? `${output[j]}, `.padStart(padding, ' ') : `${output[j]}, `.padEnd(padding, ' ');
      }
      if (padStart) {
        const padding = maxLineLength[j - k] + output[j].length - dataLen[j] - separatorSpace;
        str += output[j].padStart(padding, ' ');
      } else {
        str += output[j];
      }
      tmp.push(str);
    }
    if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
    output = tmp;
  }
  return output;
}

function isBelowBreakLength(ctx, output, start, base) {
  let totalLength = output.length + start;
  if (totalLength + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    totalLength += output[i].length;
    if (totalLength > ctx.breakLength) return false;
  }
  return base === '' || !base.includes('\n');
}

function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === 'number' && ctx.compact >= 1) {
      const entries = output.length;
      if (extrasType === kArrayExtrasType && entries > 6) {
        output = groupArrayElements(ctx, output, value);
      }
      if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
        const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joined = output.join(', ');
          if (!joined.includes('\n')) {
            return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
          }
        }
      }
    }
    const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ` +
      `${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  if (isBelowBreakLength(ctx, output, 0, base)) {
    return `${braces[0]}${base ? ` ${base}` : ''} ${output.join(', ')} ${braces[1]}`;
  }
  const indentation = ' '.repeat(ctx.indentationLvl);
  const ln = base === '' && braces[0].length === 1
    ? ' ' : `${base ? ` ${base}` : ''}\n${indentation}  `;
  return `${braces[0]}${ln}${output.join(`,\n${indentation}  `)} ${braces[1]}`;
}

// ---------------------------------------------------------------------------
// Public functions.

/**
 * Returns a string representation of `value` like Node's `util.inspect`.
 *
 * @param {*} value any value
 * @param {object} [options] `depth` (2), `compact` (3), `breakLength` (80),
 *   `maxArrayLength`, `maxStringLength`, `showHidden`, `sorted`, `getters`
 * @returns {string}
 */
function inspect(value, options) {
  const ctx = {
    ...defaultOptions,
    seen: [],
    indentationLvl: 0,
    currentDepth: 0,
  };
  if (options !== undefined && options !== null && typeof options === 'object') {
    for (const key of Object.keys(options)) {
      if (key in defaultOptions || key === 'colors' || key === 'stylize') ctx[key] = options[key];
    }
  }
  if (ctx.depth === Infinity) ctx.depth = null;
  if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
  if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
  return formatValue(ctx, value, 0);
}
inspect.custom = customInspectSymbol;
inspect.defaultOptions = defaultOptions;

function hasBuiltInToString(value) {
  let hasOwnToString = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  let hasOwnToPrimitive = hasOwnToString;
  if (typeof value.toString !== 'function') {
    if (typeof value[Symbol.toPrimitive] !== 'function') return true;
    if (Object.prototype.hasOwnProperty.call(value, Symbol.toPrimitive)) return false;
    hasOwnToString = () => false;
  } else if (Object.prototype.hasOwnProperty.call(value, 'toString')) {
    return false;
  } else if (typeof value[Symbol.toPrimitive] !== 'function') {
    hasOwnToPrimitive = () => false;
  } else if (Object.prototype.hasOwnProperty.call(value, Symbol.toPrimitive)) {
    return false;
  }
  let pointer = value;
  do {
    pointer = Object.getPrototypeOf(pointer);
  } while (!hasOwnToString(pointer, 'toString') && !hasOwnToPrimitive(pointer, Symbol.toPrimitive));
  const descriptor = Object.getOwnPropertyDescriptor(pointer, 'constructor');
  return descriptor !== undefined && typeof descriptor.value === 'function' &&
    builtInObjects.has(descriptor.value.name);
}

function tryStringify(arg) {
  try {
    return JSON.stringify(arg);
  } catch (err) {
    if (err instanceof TypeError && /circular|cyclic/i.test(err.message)) return '[Circular]';
    throw err;
  }
}

/**
 * Formats arguments like Node's `util.format`: printf-style `%s %d %i %f %j %o %O %c %%`
 * in a leading string, then every other argument inspected and joined by spaces.
 *
 * @param {...*} args
 * @returns {string}
 */
function format(...args) {
  return formatWithOptions({}, ...args);
}

/** `format` with inspect options for the `%O` and plain arguments. */
function formatWithOptions(inspectOptions, ...args) {
  const first = args[0];
  let a = 0;
  let str = '';
  let join = '';
  if (typeof first === 'string') {
    if (args.length === 1) return first;
    let tempStr;
    let lastPos = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first.charCodeAt(i) !== 37) continue; // '%'
      const nextChar = first.charCodeAt(++i);
      if (a + 1 !== args.length) {
        switch (nextChar) {
          case 115: { // s
            const arg = args[++a];
            if (typeof arg === 'number') tempStr = formatNumber(arg);
            else if (typeof arg === 'bigint') tempStr = `${arg}n`;
            else if (typeof arg !== 'object' || arg === null || !hasBuiltInToString(arg)) tempStr = String(arg);
            else tempStr = inspect(arg, { ...inspectOptions, compact: 3, colors: false, depth: 0 });
            break;
          }
          case 106: tempStr = tryStringify(args[++a]); break; // j
          case 100: { // d
            const n = args[++a];
            if (typeof n === 'bigint') tempStr = `${n}n`;
            else if (typeof n === 'symbol') tempStr = 'NaN';
            else tempStr = formatNumber(Number(n));
            break;
          }
          case 79: tempStr = inspect(args[++a], inspectOptions); break; // O
          case 111: // o
            tempStr = inspect(args[++a], { ...inspectOptions, showHidden: true, showProxy: true, depth: 4 });
            break;
          case 105: { // i
            const n = args[++a];
            if (typeof n === 'bigint') tempStr = `${n}n`;
            else if (typeof n === 'symbol') tempStr = 'NaN';
            else tempStr = formatNumber(parseInt(n));
            break;
          }
          case 102: { // f
            const n = args[++a];
            tempStr = typeof n === 'symbol' ? 'NaN' : formatNumber(parseFloat(n));
            break;
          }
          case 99: a += 1; tempStr = ''; break; // c
          case 37: str += first.slice(lastPos, i); lastPos = i + 1; continue; // %
          default: continue;
        }
        if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
        str += tempStr;
        lastPos = i + 1;
      } else if (nextChar === 37) {
        str += first.slice(lastPos, i);
        lastPos = i + 1;
      }
    }
    if (lastPos !== 0) {
      a++;
      join = ' ';
      if (lastPos < first.length) str += first.slice(lastPos);
    }
  }
  while (a < args.length) {
    const value = args[a];
    str += join;
    str += typeof value !== 'string' ? inspect(value, inspectOptions) : value;
    join = ' ';
    a++;
  }
  return str;
}

module.exports = { inspect, format, formatWithOptions, isError, isPromise, getStringWidth };
