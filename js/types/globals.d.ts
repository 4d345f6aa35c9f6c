// Globals of the Searchlight JS host (SPEC §2), for TypeScript apps: the parts of
// Node's that the host provides. Built-in modules' typings are js/modules/*/index.d.ts.

interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
}
declare var console: Console;

declare namespace NodeJS {
  interface Process {
    /** `[host, script, …args]`, as in Node. */
    argv: string[];
    env: Record<string, string | undefined>;
    /** Ends the process once the current callback returns. */
    exit(code?: number): never;
    exitCode: number | undefined;
    /** `'linux'`. */
    platform: string;
    execPath: string;
    cwd(): string;
    nextTick(callback: (...args: any[]) => void, ...args: any[]): void;
    on(event: 'exit', listener: (code: number) => void): this;
  }
  interface Module {
    exports: any;
    id: string;
    filename: string;
    loaded: boolean;
    require: Require;
  }
  interface Require {
    (id: string): any;
    resolve(id: string): string;
    main: Module | undefined;
    cache: Record<string, Module>;
  }
}
declare var process: NodeJS.Process;
declare var require: NodeJS.Require;
declare var module: NodeJS.Module;
declare var exports: any;
declare var __filename: string;
declare var __dirname: string;

declare function setTimeout<A extends any[]>(callback: (...args: A) => void, ms?: number, ...args: A): number;
declare function clearTimeout(id: number | undefined): void;
declare function setInterval<A extends any[]>(callback: (...args: A) => void, ms?: number, ...args: A): number;
declare function clearInterval(id: number | undefined): void;
declare function setImmediate<A extends any[]>(callback: (...args: A) => void, ...args: A): number;
declare function clearImmediate(id: number | undefined): void;
declare function queueMicrotask(callback: () => void): void;
/** High-resolution time, as in Node and React Native. */
declare const performance: {
  /** Milliseconds since the host started (monotonic, fractional). */
  now(): number;
  /** When the host started, in milliseconds since the epoch. */
  readonly timeOrigin: number;
};
