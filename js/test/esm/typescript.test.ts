// TypeScript in the host: types are stripped, enums and parameter properties work,
// and error positions map back to the .ts source.
import assert from 'assert';
import { test } from 'test';
import { inspect } from 'util';
import flagged, { other } from './fixtures/flagged.cjs';
import { Thermometer, type Reading } from './fixtures/thermometer';

enum Unit {
  Celsius = 'C',
  Kelvin = 'K',
}

interface Labelled<T> {
  label: string;
  value: T;
}

function label<T>(value: T, unit: Unit): Labelled<T> {
  return { label: `${value} ${unit}`, value };
}

class Counter {
  #count = 0;
  static readonly step: number = 2;
  next(): number {
    this.#count += Counter.step;
    return this.#count;
  }
}

test('enums, generics, private fields and static members run', () => {
  assert.deepStrictEqual(label(21, Unit.Celsius), { label: '21 C', value: 21 });
  assert.strictEqual(Unit.Kelvin, 'K');
  const counter = new Counter();
  counter.next();
  assert.strictEqual(counter.next(), 4);
});

test('parameter properties and type-only imports', () => {
  const reading: Reading = { celsius: new Thermometer(20).check(), ok: true };
  assert.deepStrictEqual(reading, { celsius: 20, ok: true });
});

test('in a .ts file, a default import of CommonJS marked __esModule is exports.default', () => {
  assert.strictEqual(flagged, 'the default');
  assert.strictEqual(other, 'the other');
});

test('a throw in a .ts file reports the .ts file, line and column', () => {
  const error = (() => {
    try {
      new Thermometer(-300).check();
    } catch (e) {
      return e as Error;
    }
    throw new Error('check did not throw');
  })();
  assert.ok(error instanceof RangeError);
  // fixtures/thermometer.ts line 7: `    if (…) throw new RangeError(` — the engine
  // places a `new X(…)` at its `(`, column 53.
  const stack = inspect(error);
  assert.match(stack, /^RangeError: below absolute zero: -300\n {4}at check \(\/\S+\/js\/test\/esm\/fixtures\/thermometer\.ts:7:53\)\n/);
  assert.match(stack, /\n {4}at \S*\/js\/test\/esm\/typescript\.test\.ts:53:34\n/);
  assert.doesNotMatch(stack, /\/bundles\//);
});
