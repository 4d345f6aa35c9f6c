'use strict';
// inspect.js — `util.inspect` and `util.format` for the host: values print as
// Node 20 prints them, so a script shows the same text under `searchlight run`
// as under `node` (js/test/fixtures/format-cases.js holds the cases, with Node's
// own output beside them).
//
// Printing is two passes.
//
// 1. `Reader` walks the value and builds a tree of parts. A part is
//    - a string: final text on one line (`42`, `[Function: f]`, `[Object]`);
//    - a `Quoted`: a string literal, which the layout may split at its line breaks;
//    - a `Block`: lines of text (an error's stack, a custom inspect result) that
//      take the indentation of wherever they land;
//    - a `Group`: a head (`[Function: f]`, an error's stack), an opening (`Map(2) {`),
//      entries (`key: part`, `part => part`, or a bare part) and a closing.
//    The reader decides what is shown (keys, depth cut-offs, `[Circular *1]`).
// 2. `Layout` turns the tree into text from the leaves up. A group
//    goes on one line when it is no more than `compact` levels above the last group
//    opened inside it and its entries fit in `breakLength` with room to spare; a
//    list of more than six short entries is set in aligned columns; anything else
//    gets one entry per line, indented two spaces deeper than the group.
//
// With `colors: true` the reader paints each piece of text by its kind
// (`inspect.styles`) and the layout measures widths without the color codes.
//
// Type checks are brand checks through the built-in prototypes' own getters and
// methods, which work on any engine (JavaScriptCore has no `util.types`).

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
  colors: false,
};

const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');

// `colors: true`: the style of each kind of text (`inspect.styles`, which a program may
// change) and the ANSI codes that switch each color on and off (`inspect.colors`).
const styles = {
  special: 'cyan', number: 'yellow', bigint: 'yellow', boolean: 'yellow', undefined: 'grey',
  null: 'bold', string: 'green', symbol: 'green', date: 'magenta', regexp: 'red', module: 'underline',
};
const colors = {
  reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25],
  inverse: [7, 27], hidden: [8, 28], strikethrough: [9, 29], doubleunderline: [21, 24],
  black: [30, 39], red: [31, 39], green: [32, 39], yellow: [33, 39], blue: [34, 39], magenta: [35, 39],
  cyan: [36, 39], white: [37, 39], bgBlack: [40, 49], bgRed: [41, 49], bgGreen: [42, 49],
  bgYellow: [43, 49], bgBlue: [44, 49], bgMagenta: [45, 49], bgCyan: [46, 49], bgWhite: [47, 49],
  framed: [51, 54], overlined: [53, 55], gray: [90, 39], redBright: [91, 39], greenBright: [92, 39],
  yellowBright: [93, 39], blueBright: [94, 39], magentaBright: [95, 39], cyanBright: [96, 39],
  whiteBright: [97, 39],
};
colors.grey = colors.gray;

/** `text` in the color of `style` when `on`. */
function paint(on, text, style) {
  if (!on) return text;
  const codes = colors[styles[style]];
  return codes === undefined ? text : `\x1b[${codes[0]}m${text}\x1b[${codes[1]}m`;
}

/** `text` without the color codes `paint` adds. */
const uncolored = (text) => text.replace(/\x1b\[\d\d?m/g, '');

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const isEnumerable = (object, key) => Object.prototype.propertyIsEnumerable.call(object, key);
const internalTag = (value) => Object.prototype.toString.call(value).slice(8, -1);
const spaces = (n) => ' '.repeat(n);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------
// What a value is.

/** A test that is true when calling `probe(value)` does not throw. */
function accepts(probe) {
  return (value) => {
    try {
      probe(value);
      return true;
    } catch {
      return false;
    }
  };
}

const ownGetter = (prototype, name) => Object.getOwnPropertyDescriptor(prototype, name).get;
const TypedArray = Object.getPrototypeOf(Uint8Array);
const slot = {
  mapSize: ownGetter(Map.prototype, 'size'),
  setSize: ownGetter(Set.prototype, 'size'),
  typedArrayName: ownGetter(TypedArray.prototype, Symbol.toStringTag),
  typedArrayLength: ownGetter(TypedArray.prototype, 'length'),
  bufferLength: ownGetter(ArrayBuffer.prototype, 'byteLength'),
  viewLength: ownGetter(DataView.prototype, 'byteLength'),
  regExpSource: ownGetter(RegExp.prototype, 'source'),
};

const hasRegExpSource = accepts((v) => slot.regExpSource.call(v));

const is = {
  map: accepts((v) => slot.mapSize.call(v)),
  set: accepts((v) => slot.setSize.call(v)),
  date: accepts((v) => Date.prototype.getTime.call(v)),
  regExp: (v) => v !== RegExp.prototype && hasRegExpSource(v),
  arrayBuffer: accepts((v) => slot.bufferLength.call(v)),
  dataView: accepts((v) => slot.viewLength.call(v)),
  weakMap: accepts((v) => WeakMap.prototype.has.call(v, {})),
  weakSet: accepts((v) => WeakSet.prototype.has.call(v, {})),
  typedArray: (v) => slot.typedArrayName.call(v) !== undefined,
  promise: (v) => v instanceof Promise || internalTag(v) === 'Promise',
  arguments: (v) => internalTag(v) === 'Arguments',
  error: (v) => internalTag(v) === 'Error' || v instanceof Error,
  iterator: (v) => /^(Map|Set) Iterator$/.test(internalTag(v)),
};

/** The primitive inside a `new Number(…)`-style object, or undefined. */
const boxes = [
  ['Number', Number.prototype.valueOf],
  ['String', String.prototype.valueOf],
  ['Boolean', Boolean.prototype.valueOf],
  ['Symbol', Symbol.prototype.valueOf],
  ...(typeof BigInt === 'function' ? [['BigInt', BigInt.prototype.valueOf]] : []),
];
function unbox(value) {
  for (const [type, valueOf] of boxes) {
    try {
      return { type, primitive: valueOf.call(value) };
    } catch {
      // not this type
    }
  }
  return undefined;
}

const isBoxable = (v) => v instanceof Number || v instanceof String || v instanceof Boolean ||
  v instanceof Symbol || (typeof BigInt === 'function' && v instanceof BigInt);

/** Whether `value` is a revoked proxy: `Array.isArray` throws for those alone. */
function isRevokedProxy(value) {
  try {
    Array.isArray(value);
    return false;
  } catch {
    return true;
  }
}

/**
 * What kind of object `value` is, `name` being its class name (null: no
 * prototype). A brand check throws for a value of another kind, which is slow, so
 * each runs only when `instanceof` agrees or the value has no prototype.
 */
function kindOf(value, name) {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'function') return 'function';
  const bare = name === null;
  if (bare || Symbol.iterator in value) {
    if ((bare || value instanceof Set) && is.set(value)) return 'set';
    if ((bare || value instanceof Map) && is.map(value)) return 'map';
    if (is.typedArray(value)) return 'typedArray';
    if (is.iterator(value)) return 'iterator';
  }
  if (name === 'Object') return is.arguments(value) ? 'arguments' : 'plain';
  if ((bare || value instanceof RegExp) && is.regExp(value)) return 'regExp';
  if ((bare || value instanceof Date) && is.date(value)) return 'date';
  if (is.error(value)) return 'error';
  if ((bare || value instanceof ArrayBuffer) && is.arrayBuffer(value)) return 'arrayBuffer';
  if ((bare || value instanceof DataView) && is.dataView(value)) return 'dataView';
  if (is.promise(value)) return 'promise';
  if ((bare || value instanceof WeakSet) && is.weakSet(value)) return 'weakSet';
  if ((bare || value instanceof WeakMap) && is.weakMap(value)) return 'weakMap';
  if ((bare || isBoxable(value)) && unbox(value) !== undefined) return 'boxed';
  return 'plain';
}

/** The global constructors (`Object`, `Date`, …): their prototypes' `toString` is built in. */
const globalConstructors = new Set(
  Object.getOwnPropertyNames(globalThis).filter((name) => /^[A-Z][a-zA-Z0-9]+$/.test(name)));

function instanceOf(value, constructor) {
  try {
    return value instanceof constructor;
  } catch {
    return false;
  }
}

/**
 * The name Node shows for an object's class: the nearest `constructor` on the
 * prototype chain that the object is an instance of; null for an object without a
 * prototype; `Tag <Parent>` when no constructor qualifies.
 */
function className(object) {
  let firstPrototype;
  for (let p = object; p !== null; p = Object.getPrototypeOf(p)) {
    const own = Object.getOwnPropertyDescriptor(p, 'constructor');
    if (own !== undefined && typeof own.value === 'function' && own.value.name !== '' &&
        instanceOf(object, own.value)) {
      return String(own.value.name);
    }
    if (p === object) firstPrototype = Object.getPrototypeOf(p);
  }
  if (firstPrototype === null) return null;
  const parent = className(firstPrototype);
  return `${internalTag(object)} <${parent === null ? '[Object: null prototype] {}' : parent}>`;
}

/**
 * `Name(size) [tag] ` in front of an opening brace; for an object without a
 * prototype `[Kind(size): null prototype] [tag] `.
 */
function label(name, tag, kind, size = '') {
  if (name === null) {
    return tag !== '' && tag !== kind
      ? `[${kind}${size}: null prototype] [${tag}] ` : `[${kind}${size}: null prototype] `;
  }
  return tag !== '' && tag !== name ? `${name}${size} [${tag}] ` : `${name}${size} `;
}

/** The label of an object with no more specific kind (`Point `, `[Object: null prototype] `). */
function plainLabel(value, name, tag) {
  if (name !== null) return label(name, tag, '');
  const kind = internalTag(value);
  return label(null, tag, kind === tag ? 'Object' : kind);
}

// ---------------------------------------------------------------------------
// Text: quoting and terminal width.

const namedEscapes = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '\\': '\\\\' };

function escapeCharacter(ch, quote) {
  if (ch === quote) return `\\${ch}`;
  if (namedEscapes[ch] !== undefined) return namedEscapes[ch];
  const code = ch.charCodeAt(0);
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
    return `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `\\u${code.toString(16)}`; // a lone surrogate
}

const needsEscape = {
  "'": /[\x00-\x1f'\\\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
  other: /[\x00-\x1f\\\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
};

/** `text` with control characters, backslashes and `quote` escaped. */
function escapeText(text, quote) {
  if (!/[\x00-\x1f'"`\\\x7f-\x9f\ud800-\udfff]/.test(text)) return text;
  const pattern = quote === "'" ? needsEscape["'"] : needsEscape.other;
  return text.replace(pattern, (ch) => escapeCharacter(ch, quote));
}

/**
 * A string literal: single quotes, unless the text has some and a double quote
 * or (failing that) a backtick would not need escaping.
 */
function quote(text) {
  let q = "'";
  if (text.includes("'")) {
    if (!text.includes('"')) q = '"';
    else if (!text.includes('`') && !text.includes('${')) q = '`';
  }
  return q + escapeText(text, q) + q;
}

// East Asian wide and fullwidth code points (and the emoji blocks): two columns.
const wideRanges = [
  [0x1100, 0x115f], [0x2329, 0x232a], [0x2e80, 0x303e], [0x3040, 0x3247], [0x3250, 0x4dbf],
  [0x4e00, 0xa4c6], [0xa960, 0xa97c], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19],
  [0xfe30, 0xfe6b], [0xff01, 0xff60], [0xffe0, 0xffe6], [0x1b000, 0x1b001], [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f], [0x20000, 0x3fffd],
];
// Control characters, combining marks, zero-width spaces and variation selectors: none.
const zeroWidthRanges = [
  [0x0, 0x1f], [0x7f, 0x9f], [0x300, 0x36f], [0x200b, 0x200f], [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f], [0xfe20, 0xfe2f], [0xe0100, 0xe01ef],
];
const inRanges = (ranges, cp) => ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

/** The number of terminal columns `text` takes. */
function textWidth(text) {
  let ascii = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x7f) return ascii + wideTextWidth(text.slice(i));
    if (code >= 0x20) ascii++;
  }
  return ascii;
}

function wideTextWidth(text) {
  let width = 0;
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0);
    if (inRanges(zeroWidthRanges, cp)) continue;
    width += inRanges(wideRanges, cp) ? 2 : 1;
  }
  return width;
}

// ---------------------------------------------------------------------------
// Parts.

/** A string literal, cut at `maxStringLength`; `tail` says how much was cut. */
class Quoted {
  constructor(text, tail) {
    this.text = text;
    this.tail = tail;
  }
}

/** Lines that are indented like the place they are printed at. */
class Block {
  constructor(text) {
    this.lines = text.split('\n');
  }
}

/** An object's printed form: see the top of the file. */
class Group {
  constructor(subject, shape, isList) {
    this.subject = subject;
    this.head = shape.head;
    this.open = shape.open;
    this.close = shape.close;
    this.entries = [];
    this.isList = isList; // array-like: its items may be set in columns
    this.items = 0; // how many leading entries are items (not sorted with the keys)
    this.nested = 0; // levels from this group down to the last group opened inside it
  }
}

/** Text around a part: `[Getter: 'text']`, `[Getter] { … }`. */
class Framed {
  constructor(before, part, after = '') {
    this.before = before;
    this.part = part;
    this.after = after;
  }
}

// The entries of a group: a part alone (an item), a `Named` (`name: part`, a
// property) or a `Pair` (`part => part`, a map entry).
class Named {
  constructor(name, value) {
    this.name = name;
    this.value = value;
  }
}

class Pair {
  constructor(key, value) {
    this.key = key;
    this.value = value;
  }
}

const named = (name, value) => new Named(name, value);

function numberText(n) {
  return Object.is(n, -0) ? '-0' : String(n);
}

// ---------------------------------------------------------------------------
// Pass 1: value → parts.

class Reader {
  constructor(settings) {
    this.settings = settings;
    this.path = []; // the objects being read, outermost first
    this.cycles = new Map(); // object → its `*n` number, in order of discovery
    this.lastOpenedLevel = 0;
  }

  /** `text` in the color of `style`, when colors are on. */
  paint(text, style) {
    return paint(this.settings.colors, text, style);
  }

  read(value, level) {
    if (value === null) return this.paint('null', 'null');
    if (typeof value !== 'object' && typeof value !== 'function') return this.primitive(value);
    if (isRevokedProxy(value)) return this.paint('<Revoked Proxy>', 'special');
    if (this.settings.customInspect) {
      const custom = this.customView(value, level);
      if (custom !== undefined) return custom;
    }
    if (this.path.includes(value)) {
      if (!this.cycles.has(value)) this.cycles.set(value, this.cycles.size + 1);
      return this.paint(`[Circular *${this.cycles.get(value)}]`, 'special');
    }
    return this.object(value, level);
  }

  primitive(value) {
    switch (typeof value) {
      case 'string': {
        const max = this.settings.maxStringLength;
        // Only a string longer than 16 characters is ever split over lines.
        if (value.length <= 16 && value.length <= max) return this.paint(quote(value), 'string');
        if (value.length <= max) return new Quoted(value, '');
        const cut = value.length - max;
        return new Quoted(value.slice(0, max), `... ${plural(cut, 'more character')}`);
      }
      case 'number': return this.paint(numberText(value), 'number');
      case 'bigint': return this.paint(`${value}n`, 'bigint');
      case 'symbol': return this.paint(Symbol.prototype.toString.call(value), 'symbol');
      default: return this.paint(String(value), typeof value); // boolean, undefined
    }
  }

  /** What `value[inspect.custom]` returns, as a part; undefined when it has none. */
  customView(value, level) {
    let fn;
    try {
      fn = value[customInspectSymbol];
    } catch {
      return undefined;
    }
    if (typeof fn !== 'function' || fn === inspect) return undefined;
    // A prototype with the method is printed as an object.
    if (value.constructor && value.constructor.prototype === value) return undefined;
    const depth = this.settings.depth - level;
    const options = { ...this.settings, depth, stylize: (text, style) => paint(this.settings.colors, text, style) };
    const result = fn.call(value, depth, options, inspect);
    if (result === value) return undefined;
    return typeof result === 'string' ? new Block(result) : this.read(result, level);
  }

  object(value, level) {
    const { settings } = this;
    const name = className(value);
    let tag = value[Symbol.toStringTag];
    const tagIsOwnKey = settings.showHidden ? hasOwn : isEnumerable;
    if (typeof tag !== 'string' || (tag !== '' && tagIsOwnKey(value, Symbol.toStringTag))) tag = '';
    const kind = kindOf(value, name);
    const listed = kind === 'array' || kind === 'typedArray';
    const keys = listed ? this.keysBesideIndexes(value) : this.keys(value);

    // The shape: an opening and closing, a head before them, the entries that
    // are not keys; or finished text when there is nothing to list.
    const shape = this.shape(value, kind, name, tag, keys, level);
    if (typeof shape === 'string' || shape instanceof Block) return shape;
    if (level > settings.depth) {
      const shown = plainLabel(value, name, tag).slice(0, -1);
      return this.paint(name === null ? shown : `[${shown}]`, 'special');
    }

    const group = new Group(value, shape, listed);
    this.path.push(value);
    this.lastOpenedLevel = level;
    try {
      if (shape.fill) shape.fill(group.entries, level + 1);
      group.items = group.entries.length;
      for (const key of keys) group.entries.push(this.property(value, key, level + 1));
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      this.path.pop();
      return `[${plainLabel(value, name, tag).slice(0, -1)}: Inspection interrupted prematurely. ` +
        'Maximum call stack size exceeded.]';
    }
    this.path.pop();
    group.nested = this.lastOpenedLevel - level;
    return group;
  }

  /**
   * How an object of `kind` is printed: `{ head, open, close, fill }` (fill adds
   * the entries that are not keys, and may change `keys`), or the finished text
   * when there is nothing to list.
   */
  shape(value, kind, name, tag, keys, level) {
    const shape = (open, fill = null, head = '', close = '}') => ({ head, open, close, fill });
    switch (kind) {
      case 'array': {
        const plain = name === 'Array' && tag === '';
        const open = `${plain ? '' : label(name, tag, 'Array', `(${value.length})`)}[`;
        if (value.length === 0 && keys.length === 0) return `${open}]`;
        return shape(open, (entries, inner) => this.arrayItems(entries, value, inner), '', ']');
      }
      case 'typedArray': {
        const length = slot.typedArrayLength.call(value);
        const open = `${label(name, tag, name === null ? slot.typedArrayName.call(value) : '', `(${length})`)}[`;
        if (length === 0 && keys.length === 0 && !this.settings.showHidden) return `${open}]`;
        return shape(open, (entries, inner) => this.typedArrayItems(entries, value, length, inner), '', ']');
      }
      case 'set':
      case 'map': {
        const isMap = kind === 'map';
        const size = (isMap ? slot.mapSize : slot.setSize).call(value);
        const open = `${label(name, tag, isMap ? 'Map' : 'Set', `(${size})`)}{`;
        if (size === 0 && keys.length === 0) return `${open}}`;
        return shape(open, (entries, inner) => (isMap ? this.mapEntries(entries, value, size, inner)
          : this.setEntries(entries, value, size, inner)));
      }
      case 'iterator':
        return shape(`[${tag || internalTag(value)}] {`, (entries) => entries.push(this.paint('<items unknown>', 'special')));
      case 'function': {
        // A head printed alone is in its kind's color; before braces it is plain.
        const head = functionTitle(value, name, tag);
        return keys.length === 0 ? this.paint(head, 'special') : shape('{', null, head);
      }
      case 'arguments':
        return keys.length === 0 ? '[Arguments] {}' : shape('[Arguments] {');
      case 'regExp': {
        const text = RegExp.prototype.toString.call(name !== null ? value : new RegExp(value));
        const prefix = label(name, tag, 'RegExp');
        const head = prefix === 'RegExp ' ? text : prefix + text;
        return keys.length === 0 || level > this.settings.depth ? this.paint(head, 'regexp') : shape('{', null, head);
      }
      case 'date': {
        const time = Date.prototype.getTime.call(value);
        const text = Number.isNaN(time) ? 'Invalid Date' : Date.prototype.toISOString.call(value);
        const prefix = label(name, tag, 'Date');
        const head = prefix === 'Date ' ? text : prefix + text;
        return keys.length === 0 ? this.paint(head, 'date') : shape('{', null, head);
      }
      case 'error': {
        const head = this.errorHead(value, name, tag, keys);
        return keys.length === 0 ? head : shape('{', null, head);
      }
      case 'arrayBuffer':
        keys.unshift('byteLength');
        return shape(`${label(name, tag, 'ArrayBuffer')}{`,
          (entries) => entries.push(named(this.paint('[Uint8Contents]', 'special'), this.bytes(value))));
      case 'dataView':
        keys.unshift('byteLength', 'byteOffset', 'buffer');
        return shape(`${label(name, tag, 'DataView')}{`);
      case 'promise':
      case 'weakSet':
      case 'weakMap': {
        // The engine does not let JS look inside these (a promise's state included).
        const [type, inside] = { promise: ['Promise', '<unknown>'], weakSet: ['WeakSet', '<items unknown>'],
          weakMap: ['WeakMap', '<items unknown>'] }[kind];
        return shape(`${label(name, tag, type)}{`, (entries) => entries.push(this.paint(inside, 'special')));
      }
      case 'boxed': {
        const { type, primitive } = unbox(value);
        if (type === 'String') keys.splice(0, primitive.length);
        let head = `[${type}`;
        if (type !== name) head += name === null ? ' (null prototype)' : ` (${name})`;
        const inner = typeof primitive === 'string' ? quote(primitive)
          : typeof primitive === 'number' ? numberText(primitive)
            : typeof primitive === 'bigint' ? `${primitive}n`
              : typeof primitive === 'symbol' ? Symbol.prototype.toString.call(primitive) : String(primitive);
        head += `: ${inner}]`;
        if (tag !== '' && tag !== name) head += ` [${tag}]`;
        return keys.length === 0 ? this.paint(head, type.toLowerCase()) : shape('{', null, head);
      }
      default: {
        const open = name === 'Object'
          ? (tag === '' ? '{' : `${label(name, tag, 'Object')}{`)
          : `${plainLabel(value, name, tag)}{`;
        return keys.length === 0 ? `${open}}` : shape(open);
      }
    }
  }

  /** The own keys shown: enumerable ones (all with showHidden), then symbols. */
  keys(value) {
    const { showHidden } = this.settings;
    const names = showHidden ? Object.getOwnPropertyNames(value) : Object.keys(value);
    const symbols = Object.getOwnPropertySymbols(value);
    for (let i = 0; i < symbols.length; i++) {
      if (showHidden || isEnumerable(value, symbols[i])) names.push(symbols[i]);
    }
    return names;
  }

  /** `keys`, without the array indexes (which print as items). */
  keysBesideIndexes(value) {
    return this.keys(value).filter((key) => typeof key === 'symbol' || !isArrayIndex(key));
  }

  property(object, key, level) {
    const descriptor = Object.getOwnPropertyDescriptor(object, key) ||
      { value: object[key], enumerable: true };
    let shown;
    if ('value' in descriptor) {
      shown = this.read(descriptor.value, level);
    } else {
      shown = this.accessor(object, descriptor, level);
    }
    return named(keyText(key, descriptor.enumerable, this.settings.colors), shown);
  }

  accessor(object, descriptor, level) {
    if (descriptor.get === undefined) {
      return descriptor.set === undefined ? this.paint('undefined', 'undefined') : this.paint('[Setter]', 'special');
    }
    const kind = descriptor.set === undefined ? 'Getter' : 'Getter/Setter';
    const { getters } = this.settings;
    const evaluate = getters === true || (getters === 'get' && descriptor.set === undefined) ||
      (getters === 'set' && descriptor.set !== undefined);
    if (!evaluate) return this.paint(`[${kind}]`, 'special');
    let got;
    try {
      got = descriptor.get.call(object);
    } catch (err) {
      return `${this.paint(`[${kind}: <Inspection threw (${err.message})>]`, 'special')}`;
    }
    if (got === null) return `${this.paint(`[${kind}:`, 'special')} ${this.paint('null', 'null')}${this.paint(']', 'special')}`;
    if (typeof got === 'object') return new Framed(`${this.paint(`[${kind}]`, 'special')} `, this.read(got, level));
    return new Framed(`${this.paint(`[${kind}:`, 'special')} `, this.primitive(got), this.paint(']', 'special'));
  }

  arrayItems(entries, array, level) {
    const limit = Math.max(0, this.settings.maxArrayLength);
    const length = array.length;
    let index = 0;
    let present = null; // the indexes that exist, once a hole is found
    while (index < length && entries.length < limit) {
      if (hasOwn(array, index)) {
        entries.push(this.read(array[index], level));
        index++;
        continue;
      }
      if (present === null) present = Object.keys(array).filter(isArrayIndex).map(Number);
      const next = present.find((i) => i > index);
      const holes = (next === undefined ? length : next) - index;
      entries.push(this.paint(`<${plural(holes, 'empty item')}>`, 'undefined'));
      index += holes;
    }
    if (index < length) entries.push(`... ${plural(length - index, 'more item')}`);
  }

  typedArrayItems(entries, array, length, level) {
    const shown = Math.min(Math.max(0, this.settings.maxArrayLength), length);
    for (let i = 0; i < shown; i++) {
      const n = array[i];
      entries.push(typeof n === 'bigint' ? this.paint(`${n}n`, 'bigint') : this.paint(numberText(n), 'number'));
    }
    if (length > shown) entries.push(`... ${plural(length - shown, 'more item')}`);
    if (this.settings.showHidden) {
      for (const key of ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset']) {
        entries.push(named(`[${key}]`, this.read(array[key], level)));
      }
      // The buffer's bytes are the items above: only its length is shown.
      const buffer = array.buffer;
      const size = this.paint(numberText(slot.bufferLength.call(buffer)), 'number');
      entries.push(named('[buffer]', `${label(className(buffer), '', 'ArrayBuffer')}{ byteLength: ${size} }`));
    }
  }

  setEntries(entries, set, size, level) {
    const limit = Math.max(0, this.settings.maxArrayLength);
    for (const member of Set.prototype.values.call(set)) {
      if (entries.length >= limit) break;
      entries.push(this.read(member, level));
    }
    if (size > limit) entries.push(`... ${plural(size - limit, 'more item')}`);
  }

  mapEntries(entries, map, size, level) {
    const limit = Math.max(0, this.settings.maxArrayLength);
    for (const [key, value] of Map.prototype.entries.call(map)) {
      if (entries.length >= limit) break;
      entries.push(new Pair(this.read(key, level), this.read(value, level)));
    }
    if (size > limit) entries.push(`... ${plural(size - limit, 'more item')}`);
  }

  bytes(buffer) {
    const all = new Uint8Array(buffer);
    const limit = this.settings.maxArrayLength;
    const hex = Array.from(all.subarray(0, Math.min(limit, all.length)), (b) => b.toString(16).padStart(2, '0'));
    const more = all.length - limit;
    return `<${hex.join(' ')}${more > 0 ? ` ... ${plural(more, 'more byte')}` : ''}>`;
  }

  /**
   * An error's stack as Node shows it: the class name in front when it says more
   * than `name`, frames shared with the `cause` folded, bracketed when there are no
   * frames. Drops from `keys` what the stack already says and adds `cause`/`errors`.
   */
  errorHead(err, name, tag, keys) {
    const errName = err.name != null ? String(err.name) : 'Error';
    let stack = errors.stackOf(err);
    errors.hideEngineKeys(err, keys);
    if (!this.settings.showHidden) {
      for (const key of ['name', 'message', 'stack']) {
        const at = keys.indexOf(key);
        if (at !== -1 && stack.includes(err[key])) keys.splice(at, 1);
      }
    }
    if ('cause' in err && !keys.includes('cause')) keys.push('cause');
    if (Array.isArray(err.errors) && !keys.includes('errors')) keys.push('errors');

    stack = retitle(stack, name, errName, tag);
    const afterMessage = err.message ? stack.indexOf(err.message) : -1;
    const framesAt = stack.indexOf('\n    at', afterMessage === -1 ? -1 : afterMessage + err.message.length);
    if (framesAt === -1) return new Block(`[${stack}]`);
    const frames = foldCauseFrames(err, stack.slice(framesAt + 1).split('\n'));
    return new Block(`${stack.slice(0, framesAt)}\n${frames.join('\n')}`);
  }
}

function isArrayIndex(key) {
  return /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/** A property name as printed before its value. */
function keyText(key, enumerable, colored) {
  if (typeof key === 'symbol') return `[${paint(colored, escapeText(Symbol.prototype.toString.call(key), "'"), 'symbol')}]`;
  if (key === '__proto__') return "['__proto__']";
  if (enumerable === false) return `[${escapeText(key, "'")}]`;
  return /^[a-zA-Z_][a-zA-Z_0-9]*$/.test(key) ? key : paint(colored, quote(key), 'string');
}

/** `[Function: f]`, `[class A extends B]`, `[AsyncGeneratorFunction (anonymous)]`, … */
function functionTitle(fn, name, tag) {
  let source = '';
  try {
    source = Function.prototype.toString.call(fn);
  } catch {
    // a revoked proxy
  }
  if (/^class(?:\s+[^(]*?)?\s*\{/.test(source) && source.endsWith('}')) {
    const own = hasOwn(fn, 'name') && fn.name;
    let title = `class ${own || '(anonymous)'}`;
    if (name !== 'Function' && name !== null) title += ` [${name}]`;
    if (tag !== '' && name !== tag) title += ` [${tag}]`;
    if (name === null) {
      title += ' extends [null prototype]';
    } else {
      const parent = Object.getPrototypeOf(fn).name;
      if (parent) title += ` extends ${parent}`;
    }
    return `[${title}]`;
  }
  const kind = internalTag(fn);
  const type = kind === 'AsyncGeneratorFunction' || kind === 'AsyncFunction' || kind === 'GeneratorFunction'
    ? kind : 'Function';
  let title = `[${type}`;
  if (name === null) title += ' (null prototype)';
  title += typeof fn.name === 'string' && fn.name !== '' ? `: ${fn.name}` : ' (anonymous)';
  title += ']';
  if (name !== type && name !== null && name !== 'Function') title += ` ${name}`;
  if (tag !== '' && name !== tag) title += ` [${tag}]`;
  return title;
}

/**
 * The first line of an error's stack names the class when `name` alone would hide
 * it (`MyError: …` for a subclass, `Foo [TypeError]: …` when they disagree).
 */
function retitle(stack, name, errName, tag) {
  const startsWithName = errName.endsWith('Error') && stack.startsWith(errName) &&
    (stack.length === errName.length || stack[errName.length] === ':' || stack[errName.length] === '\n');
  if (name !== null && !startsWithName) return stack;
  let kind = 'Error';
  let replaced = errName.length;
  if (name === null) {
    const first = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)/.exec(stack) || /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
    kind = (first && first[1]) || '';
    replaced = kind.length;
    kind = kind || 'Error';
  }
  const title = label(name, tag, kind).slice(0, -1);
  if (title === errName) return stack;
  if (title.includes(errName)) return replaced === 0 ? `${title}: ${stack}` : title + stack.slice(replaced);
  return `${title} [${errName}]${stack.slice(replaced)}`;
}

/** Replaces the frames an error shares with its cause (more than three in a row) by one line. */
function foldCauseFrames(err, frames) {
  let cause;
  try {
    cause = err.cause;
  } catch {
    return frames;
  }
  if (cause == null || !is.error(cause)) return frames;
  const causeStack = errors.stackOf(cause);
  const start = causeStack.indexOf('\n    at');
  if (start === -1) return frames;
  const causeFrames = causeStack.slice(start + 1).split('\n');
  for (let i = 0; i + 3 < frames.length; i++) {
    const j = causeFrames.indexOf(frames[i]);
    if (j === -1 || causeFrames.length - j <= 3) continue;
    let run = 1;
    while (i + run < frames.length && j + run < causeFrames.length && frames[i + run] === causeFrames[j + run]) run++;
    if (run > 3) {
      // The first and last shared frames stay; the ones between become one line.
      const folded = run - 2;
      frames.splice(i + 1, folded, `    ... ${folded} lines matching cause stack trace ...`);
      return frames;
    }
  }
  return frames;
}

// ---------------------------------------------------------------------------
// Pass 2: parts → text.

class Layout {
  constructor(settings, cycles) {
    this.settings = settings;
    this.cycles = cycles;
  }

  /** `text` as the terminal shows it: without color codes. */
  visible(text) {
    return this.settings.colors ? uncolored(text) : text;
  }

  text(part, indent) {
    if (typeof part === 'string') return part;
    if (part instanceof Quoted) return this.quoted(part, indent);
    if (part instanceof Block) return part.lines.join(`\n${spaces(indent)}`);
    if (part instanceof Framed) return part.before + this.text(part.part, indent) + part.after;
    return this.group(part, indent);
  }

  /** A long string is printed one source line per line, joined with `+`. */
  quoted(part, indent) {
    const { text, tail } = part;
    const { compact, breakLength } = this.settings;
    if (compact !== true && text.length > 16 && text.length > breakLength - indent - 4) {
      return text.split(/(?<=\n)/).map((line) => paint(this.settings.colors, quote(line), 'string'))
        .join(` +\n${spaces(indent + 2)}`) + tail;
    }
    return paint(this.settings.colors, quote(text), 'string') + tail;
  }

  entryText(item, indent, inList) {
    if (item instanceof Pair) return `${this.text(item.key, indent + 2)} => ${this.text(item.value, indent + 2)}`;
    if (!(item instanceof Named)) return this.text(item, indent + 2);
    if (this.settings.compact === true && !inList) {
      // The old single-line style indents a property's value three spaces and puts
      // a value wider than the line under its key.
      const value = this.text(item.value, indent + 3);
      return textWidth(this.visible(value)) > this.settings.breakLength
        ? `${item.name}:\n${spaces(indent + 3)}${value}` : `${item.name}: ${value}`;
    }
    return `${item.name}: ${this.text(item.value, indent + 2)}`;
  }

  group(group, indent) {
    const { settings } = this;
    let texts = group.entries.map((item) => this.entryText(item, indent, group.isList));
    if (settings.sorted) {
      const order = settings.sorted === true ? undefined : settings.sorted;
      const fixed = group.isList ? group.items : 0;
      texts = texts.slice(0, fixed).concat(texts.slice(fixed).sort(order));
    }
    let head = this.text(group.head, indent);
    let open = group.open;
    const ref = this.cycles.get(group.subject);
    if (ref !== undefined) {
      const mark = paint(settings.colors, `<ref *${ref}>`, 'special');
      if (settings.compact === true) open = `${mark} ${open}`;
      else head = head === '' ? mark : `${mark} ${head}`;
    }
    if (settings.compact === true) return this.oldStyle(texts, head, open, group.close, indent);

    if (typeof settings.compact === 'number' && settings.compact >= 1) {
      const rows = group.isList && texts.length > 6 ? this.columns(texts, group.subject, indent) : null;
      if (rows !== null) {
        texts = rows;
      } else if (group.nested < settings.compact) {
        const line = this.oneLine(texts, head, open, group.close, indent);
        if (line !== null) return line;
      }
    }
    const margin = spaces(indent);
    return `${head === '' ? '' : `${head} `}${open}\n${margin}  ` +
      `${texts.join(`,\n${margin}  `)}\n${margin}${group.close}`;
  }

  /**
   * The group on one line, or null when it does not fit: the entries joined by `, `
   * with the head and opening at this indentation, keeping ten columns spare for
   * the key in front of the group and what follows it, and no entry spanning lines.
   */
  oneLine(texts, head, open, close, indent) {
    let width = indent + open.length + head.length + 10 + 2 * texts.length;
    for (let i = 0; i < texts.length && width <= this.settings.breakLength; i++) width += this.visible(texts[i]).length;
    if (width > this.settings.breakLength || head.includes('\n')) return null;
    const joined = texts.join(', ');
    if (joined.includes('\n')) return null;
    return `${head === '' ? '' : `${head} `}${open} ${joined} ${close}`;
  }

  /** `compact: true`: as many entries on the first line as fit, the closing on the last. */
  oldStyle(texts, head, open, close, indent) {
    // The entries and one column each for the separators, within the break length.
    const { breakLength } = this.settings;
    const width = texts.reduce((sum, text) => sum + this.visible(text).length, texts.length);
    if (2 * texts.length <= breakLength && width <= breakLength && !head.includes('\n')) {
      return `${open}${head === '' ? '' : ` ${head}`} ${texts.join(', ')} ${close}`;
    }
    const margin = spaces(indent);
    const first = head === '' && open.length === 1 ? ' ' : `${head === '' ? '' : ` ${head}`}\n${margin}  `;
    return `${open}${first}${texts.join(`,\n${margin}  `)} ${close}`;
  }

  /**
   * Sets a list of short entries in columns, numbers right-aligned and the rest
   * left-aligned, or returns null when the entries are too wide for it or would
   * make a single column. The number of columns grows with the square root of
   * the entry count and shrinks as the entries widen (about 2.5 lines of
   * height for each column's width), capped by the line width, by `compact × 4`
   * and by 15.
   */
  columns(texts, list, indent) {
    const { breakLength, compact, maxArrayLength } = this.settings;
    // A last entry beyond maxArrayLength (`... 5 more items`) stays on a line of its own.
    const count = texts.length > maxArrayLength ? texts.length - 1 : texts.length;
    const widths = texts.slice(0, count).map((text) => textWidth(this.visible(text)));
    const widest = widths.reduce((max, w) => Math.max(max, w), 0);
    const cell = widest + 2;
    const used = widths.reduce((sum, w) => sum + w + 2, 0);
    if (cell * 3 + indent >= breakLength || (used / cell <= 5 && widest > 6)) return null;

    const spread = Math.sqrt(cell - used / texts.length);
    const effective = Math.max(cell - 3 - spread, 1);
    const perRow = Math.min(
      Math.round(Math.sqrt(2.5 * effective * count) / effective),
      Math.floor((breakLength - indent) / cell),
      compact * 4,
      15);
    if (perRow <= 1) return null;

    const columnWidth = [];
    for (let c = 0; c < perRow; c++) {
      let w = 0;
      for (let i = c; i < count; i += perRow) w = Math.max(w, widths[i]);
      columnWidth.push(w + 2);
    }
    let numeric = list !== undefined;
    for (let i = 0; numeric && i < texts.length; i++) {
      numeric = typeof list[i] === 'number' || typeof list[i] === 'bigint';
    }
    const rows = [];
    for (let start = 0; start < count; start += perRow) {
      const end = Math.min(start + perRow, count);
      let row = '';
      for (let i = start; i < end; i++) {
        const last = i === end - 1;
        const cellText = last ? texts[i] : `${texts[i]}, `;
        // Pad by columns, not code units: wide characters take two.
        const target = columnWidth[i - start] - (last ? 2 : 0) + texts[i].length - widths[i];
        if (numeric) row += cellText.padStart(target);
        else row += last ? cellText : cellText.padEnd(target);
      }
      rows.push(row);
    }
    if (count < texts.length) rows.push(texts[count]);
    return rows;
  }
}

// ---------------------------------------------------------------------------
// Public functions.

function settingsFrom(options) {
  const settings = { ...defaultOptions };
  if (options !== null && typeof options === 'object') {
    for (const key of Object.keys(options)) {
      if (key in defaultOptions) settings[key] = options[key];
    }
  }
  if (settings.depth === null) settings.depth = Infinity;
  if (settings.maxArrayLength === null) settings.maxArrayLength = Infinity;
  if (settings.maxStringLength === null) settings.maxStringLength = Infinity;
  return settings;
}

/**
 * A string representation of `value`, as Node's `util.inspect` prints it.
 *
 * @param {*} value any value
 * @param {object|boolean} [options] `depth` (2), `compact` (3), `breakLength` (80),
 *   `maxArrayLength` (100), `maxStringLength` (10000), `showHidden`, `sorted`,
 *   `getters`, `customInspect`; or, in the old form, `showHidden` followed by `depth`
 * @returns {string}
 */
function inspect(value, options, ...legacy) {
  if (typeof options === 'boolean') {
    options = { showHidden: options };
    if (legacy.length > 0 && legacy[0] !== undefined) options.depth = legacy[0];
  }
  const settings = settingsFrom(options);
  const reader = new Reader(settings);
  const tree = reader.read(value, 0);
  return new Layout(settings, reader.cycles).text(tree, 0);
}
inspect.custom = customInspectSymbol;
// Setting `inspect.defaultOptions` merges into the defaults, as in Node.
Object.defineProperty(inspect, 'defaultOptions', {
  enumerable: true,
  get: () => defaultOptions,
  set(options) {
    if (options === null || typeof options !== 'object') {
      const received = options === null ? 'null' : `type ${typeof options} (${inspect(options)})`;
      const err = new TypeError(`The "options" argument must be of type object. Received ${received}`);
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    Object.assign(defaultOptions, options);
  },
});
inspect.styles = styles;
inspect.colors = colors;

/**
 * Whether `%s` prints `value` through inspect: it has no `toString` (or
 * `Symbol.toPrimitive`) of its own or from a user-defined class, only a built-in one.
 */
function printsAsInspected(value) {
  for (let p = value; p !== null; p = Object.getPrototypeOf(p)) {
    if (hasOwn(p, 'toString') || hasOwn(p, Symbol.toPrimitive)) {
      const constructor = Object.getOwnPropertyDescriptor(p, 'constructor');
      return constructor !== undefined && typeof constructor.value === 'function' &&
        globalConstructors.has(constructor.value.name);
    }
  }
  return true;
}

function jsonText(value) {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof TypeError && /circular|cyclic/i.test(err.message)) return '[Circular]';
    throw err;
  }
}

/** A number directive's text (`%d %i %f`) for `n` after `toNumber`. */
function numberDirective(n, toNumber, bigIntToo) {
  if (typeof n === 'bigint' && bigIntToo) return `${n}n`;
  if (typeof n === 'symbol') return 'NaN';
  return numberText(toNumber(n));
}

/** The text of the directive `%letter` for `arg` (`letter` one of `sdifjoOc`). */
function directive(letter, arg, options) {
  switch (letter) {
    case 's':
      if (typeof arg === 'number') return numberText(arg);
      if (typeof arg === 'bigint') return `${arg}n`;
      if (typeof arg === 'object' && arg !== null && printsAsInspected(arg)) {
        return inspect(arg, { ...options, depth: 0, colors: false, compact: 3 });
      }
      return String(arg);
    case 'd': return numberDirective(arg, Number, true);
    case 'i': return numberDirective(arg, parseInt, true);
    case 'f': return numberDirective(arg, parseFloat, false);
    case 'j': return jsonText(arg);
    case 'o': return inspect(arg, { ...options, showHidden: true, showProxy: true, depth: 4 });
    case 'O': return inspect(arg, options);
    default: return ''; // %c: CSS has no meaning in a terminal
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

/** `format` with inspect options for `%O`, `%o`, `%s` and the arguments after the string. */
function formatWithOptions(inspectOptions, ...args) {
  let used = 0; // arguments consumed, the format string included
  let text = '';
  const first = args[0];
  if (typeof first === 'string' && args.length > 1) {
    let anyDirective = false;
    let next = 1;
    text = first.replace(/%([\s\S])/g, (whole, letter) => {
      if (letter === '%') {
        anyDirective = true;
        return '%';
      }
      if (next >= args.length || !'sdifjoOc'.includes(letter)) return whole;
      anyDirective = true;
      return `${directive(letter, args[next++], inspectOptions)}`;
    });
    if (anyDirective) used = next;
    else text = '';
  }
  const rest = args.slice(used).map((arg) => (typeof arg === 'string' ? arg : inspect(arg, inspectOptions)));
  if (used > 0) return rest.length > 0 ? `${text} ${rest.join(' ')}` : text;
  return rest.join(' ');
}

module.exports = { inspect, format, formatWithOptions, isError: is.error, textWidth };
