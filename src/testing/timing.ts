/**
 * Small tools for controlling time in asynchronous tests: a pause that lets pending callbacks
 * run, and a promise whose resolve handle is exposed. Only timers, so they work in a browser too.
 *
 * @module
 */
import { sleep } from "../util/async.js";

/** A promise together with the function that resolves it, for a test to release by hand. */
export interface Deferred<T> {
  /** Settles when {@link Deferred.resolve} is called. */
  readonly promise: Promise<T>;
  /** Resolves {@link Deferred.promise} with `value`. */
  readonly resolve: (value: T) => void;
}

/** A promise with its resolve handle exposed: a test awaits it, or releases something with it. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Waits `ms` milliseconds on a timer (0 by default), so pending promise callbacks and shorter
 * timers run first.
 */
export function tick(ms = 0): Promise<void> {
  return sleep(ms);
}
