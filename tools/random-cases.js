#!/usr/bin/env node
'use strict';
// DEVELOPMENT AID: prints random values through util.inspect (plain and with
// colors) and random pairs through assert, seeded, so that the same run under
// `node` and under `searchlight run` can be compared line by line
// (tools/compare-with-node.sh). Runs under both; the product never runs this.
//   node tools/random-cases.js inspect|colors|assert SEED
const util = require('util');
const assert = require('assert');

const [mode = 'inspect', seedText = '1'] = process.argv.slice(2);
let seed = Number(seedText);
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const pick = (a) => a[Math.floor(rnd() * a.length)];
const words = ['a', 'bb', 'hello', 'x y', "it's", 'line\nbreak', 'longer text value here', '', '腾讯', 'é', 'z'.repeat(30)];
class K { constructor() { this.q = 1; } }

/** A random value up to five levels deep. */
function value(d) {
  if (d > 4 || rnd() < 0.35) {
    return pick([() => Math.floor(rnd() * 2000) - 1000, () => rnd() * 100, () => pick(words), () => null,
      () => undefined, () => true, () => BigInt(Math.floor(rnd() * 1e6)), () => -0, () => Symbol(pick(words)),
      () => new Date(0), () => /re+/g, () => function named() {}, () => class Q {}, () => new Number(3),
      () => new String('bx')])();
  }
  const n = Math.floor(rnd() * (rnd() < 0.3 ? 30 : 8));
  const kind = pick(['arr', 'arr', 'obj', 'obj', 'map', 'set', 'numarr', 'cls', 'sparse', 'getters', 'typed']);
  if (kind === 'numarr') return Array.from({ length: n + 5 }, () => Math.floor(rnd() * 10 ** Math.floor(rnd() * 6)));
  if (kind === 'typed') return Int32Array.from({ length: n }, () => Math.floor(rnd() * 1000));
  if (kind === 'sparse') { const a = new Array(n + 3); a[1] = value(d + 1); return a; }
  if (kind === 'getters') return { get g() { return 1; }, set s(v) {}, get gs() { return 'x'; }, set gs(v) {}, [Symbol('sym')]: 2, 'a-b': 3 };
  if (kind === 'arr') return Array.from({ length: n }, () => value(d + 1));
  if (kind === 'map') return new Map(Array.from({ length: n % 5 }, () => [value(d + 2), value(d + 1)]));
  if (kind === 'set') return new Set(Array.from({ length: n % 6 }, () => value(d + 1)));
  const o = kind === 'cls' ? new K() : {};
  for (let i = 0; i < n % 7; i++) o[pick(['k', 'key', 'a-b', 'longPropertyName', 'n' + i, '1', 'x']) + i] = value(d + 1);
  if (rnd() < 0.1) o.self = o;
  return o;
}

/** A copy of `v` with random changes (for assert's diffs). */
function mutate(v, d) {
  if (v === null || typeof v !== 'object' || v instanceof Date || v instanceof RegExp || ArrayBuffer.isView(v)) {
    return rnd() < 0.5 ? value(3) : v;
  }
  if (Array.isArray(v)) {
    const c = Array.from(v, (x) => (rnd() < 0.15 ? mutate(x, d + 1) : x));
    const r = rnd();
    if (r < 0.15) c.splice(Math.floor(rnd() * (c.length + 1)), 0, value(3));
    else if (r < 0.3 && c.length) c.splice(Math.floor(rnd() * c.length), 1);
    return c;
  }
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, rnd() < 0.3 ? mutate(x, d + 1) : x]));
  if (v instanceof Set) return new Set([...v].map((x) => (rnd() < 0.3 ? mutate(x, d + 1) : x)));
  const c = Object.create(Object.getPrototypeOf(v));
  for (const k of Object.keys(v)) if (rnd() > 0.1) c[k] = rnd() < 0.2 ? mutate(v[k], d + 1) : v[k];
  if (rnd() < 0.2) c['new' + Math.floor(rnd() * 5)] = value(3);
  return c;
}

const optionSets = [{}, {}, { depth: Infinity }, { compact: false }, { compact: 1 }, { breakLength: 40 },
  { sorted: true }, { depth: 0 }, { compact: 5, breakLength: 120 }, { maxArrayLength: 3 }, { getters: true },
  { showHidden: true }, { compact: true }, { compact: true, breakLength: 60 }];
const out = [];
for (let i = 0; i < 300; i++) {
  if (mode === 'assert') {
    const a = value(0);
    const b = mutate(a, 0);
    const fn = pick(['deepStrictEqual', 'deepStrictEqual', 'strictEqual', 'notDeepStrictEqual', 'deepEqual', 'notDeepEqual']);
    try {
      assert[fn](a, b);
      out.push(`#${i} ${fn} pass`);
    } catch (e) {
      out.push(`#${i} ${fn} ${e.operator} ${e.generatedMessage}\n${e.message}`);
    }
  } else {
    const options = { ...pick(optionSets), colors: mode === 'colors' };
    out.push(`#${i} ${JSON.stringify(options)}\n${JSON.stringify(util.inspect(value(0), options))}`);
  }
}
console.log(out.join('\n'));
