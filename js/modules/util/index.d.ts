// Type declarations for the `util` built-in module.

/** Options of `inspect`. */
export interface InspectOptions {
  depth?: number | null;
  compact?: boolean | number;
  breakLength?: number;
  maxArrayLength?: number | null;
  maxStringLength?: number | null;
  showHidden?: boolean;
  sorted?: boolean | ((a: string, b: string) => number);
  getters?: boolean | 'get' | 'set';
  customInspect?: boolean;
  /** ANSI colors, by `inspect.styles` (false). */
  colors?: boolean;
}

/**
 * A string representation of `value`, as Node's `util.inspect` prints it.
 *
 * @example
 * inspect({ a: [1, 2] }) // "{ a: [ 1, 2 ] }"
 */
export function inspect(value: unknown, options?: InspectOptions): string;
export namespace inspect {
  const custom: unique symbol;
  /** The options used when a call does not give them; a program may change them. */
  let defaultOptions: InspectOptions;
  /** The color of each kind of text with `colors: true` (`number: 'yellow'`, …). */
  let styles: Record<string, string>;
  /** The ANSI codes that turn each color on and off (`red: [31, 39]`). */
  let colors: Record<string, [number, number]>;
}
/**
 * printf-style formatting (`%s %d %i %f %j %o %O %c %%`), as `console.log` does.
 *
 * @example
 * format('%s has %d items', 'cart', 3) // "cart has 3 items"
 */
export function format(...args: unknown[]): string;
/** `format` with inspect options for `%O` and non-string arguments. */
export function formatWithOptions(options: InspectOptions, ...args: unknown[]): string;
/** Turns a callback-last function into one returning a promise. */
export function promisify<T = unknown>(fn: (...args: any[]) => void): (...args: any[]) => Promise<T>;
/** Sets `ctor`'s prototype chain to `superCtor`'s. */
export function inherits(ctor: Function, superCtor: Function): void;
