/**
 * Two small promise tools the runner needs: racing a promise against an abort signal, and running
 * a list of jobs with a cap on how many run at once. Neither knows anything about tools.
 *
 * @module
 */

/**
 * Resolves with `promise`, or rejects with the signal's reason as soon as `signal` aborts (an
 * already aborted signal rejects at once). The promise itself is not stopped: whatever it settles
 * with afterwards is ignored. So work that never looks at its signal is still cut off here.
 * Without a signal, `promise` is returned as it is.
 *
 * @example
 * {@includeCode ../../docs/examples/async.ts#race-signal}
 */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason ?? new Error("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Runs `items` through `fn`, at most `limit` at a time (null: no limit), starting them in input
 * order; resolves with the results in input order. A single item is simply awaited. `fn` should
 * not reject: the first rejection rejects the whole pool.
 *
 * @example
 * {@includeCode ../../docs/examples/async.ts#run-pool}
 */
export async function runPool<T, R>(items: readonly T[], limit: number | null, fn: (item: T) => Promise<R>): Promise<R[]> {
  if (items.length === 1) return [await fn(items[0] as T)];
  const cap = limit === null ? items.length : Math.max(1, Math.floor(limit));
  if (cap >= items.length) return Promise.all(items.map(fn));
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: cap }, worker));
  return results;
}
