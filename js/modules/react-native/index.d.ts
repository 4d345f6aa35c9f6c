// Type declarations for the `react-native` built-in module of the Searchlight host.

/** A registration returned by `addListener`. */
export interface EmitterSubscription {
  /**
   * Stops the listener. Calling it again does nothing.
   *
   * @example
   * const sub = emitter.addListener('onSearchOnDeviceRequest', onRequest);
   * sub.remove();
   */
  remove(): void;
}

/** A native module as the bridge exposes it: its methods and `getConstants()`. */
export interface NativeModule {
  getConstants?(): Record<string, unknown>;
  addListener?(eventType: string): void;
  removeListeners?(count: number): void;
  [method: string]: any;
}

/**
 * `NativeModules.SearchOnDevice` (SPEC §3). `search` and `userQuery` are typed here with
 * the `searchlight` module's types; the other methods are as in `searchlight`.
 */
export interface SearchOnDeviceModule extends NativeModule {
  /** Ranked hits for text a user typed, each with `score` and `highlights`. */
  search(text: string, options?: import('searchlight').SearchOptions): Promise<import('searchlight').SearchHit[]>;
  /** CoreSpotlight's CSUserQuery: `{ hits, totalCount, totalIsExact, suggestions }`. */
  userQuery(text: string, options?: import('searchlight').UserQueryOptions): Promise<import('searchlight').UserQueryResult>;
}

/**
 * Native modules by name.
 *
 * @example
 * const { SearchOnDevice } = NativeModules;
 */
export const NativeModules: { SearchOnDevice: SearchOnDeviceModule; [name: string]: NativeModule };

/** A simple event emitter whose `addListener` returns a subscription. */
export class EventEmitter {
  /** Calls `listener` (with `this` = `context`) for each `eventType` event. */
  addListener(eventType: string, listener: (...args: any[]) => unknown, context?: unknown): EmitterSubscription;
  /** Calls every listener of `eventType` with `args`. */
  emit(eventType: string, ...args: unknown[]): void;
  /** Removes every listener of `eventType`, or of every event. */
  removeAllListeners(eventType?: string): void;
  /** How many listeners `eventType` has. */
  listenerCount(eventType: string): number;
}

/**
 * Listens to a native module's events and keeps the module's listener count.
 *
 * @example
 * const emitter = new NativeEventEmitter(NativeModules.SearchOnDevice);
 * const sub = emitter.addListener('onSearchOnDeviceRequest', ({ id, query }) => open(id, query));
 */
export class NativeEventEmitter {
  /** @param nativeModule the module whose events to receive (its `addListener`/`removeListeners` are called) */
  constructor(nativeModule?: NativeModule | null);
  /**
   * Adds a listener for `eventType`.
   *
   * @param eventType the event name
   * @param listener called with the event body
   * @param context `this` for the listener
   * @returns a subscription whose `remove()` is idempotent
   */
  addListener(eventType: string, listener: (body: any) => unknown, context?: unknown): EmitterSubscription;
  /** Emits `eventType` to this process's listeners. */
  emit(eventType: string, ...args: unknown[]): void;
  /** Removes every listener of `eventType`. */
  removeAllListeners(eventType: string): void;
  /** How many listeners `eventType` has. */
  listenerCount(eventType: string): number;
}

/** The emitter every native event goes through. */
export const DeviceEventEmitter: EventEmitter;

/** The platform: `OS` is always `'linux'` in this host. */
export const Platform: {
  OS: 'linux';
  Version: number;
  isTesting: boolean;
  readonly constants: { osVersion: string; systemName: string; isTesting: boolean };
  /**
   * Picks the value for this platform.
   *
   * @example
   * const key = Platform.select({ ios: 'cmd', linux: 'ctrl', default: 'ctrl' });
   * @returns `spec.linux`, else `spec.native`, else `spec.default`
   */
  select<T>(spec: { linux?: T; native?: T; default?: T; [os: string]: T | undefined }): T | undefined;
};
