/**
 * The small promise and signal tools the runner needs: a signal for one call, joined from the
 * run's signal and a time limit; racing a promise against a signal; and running a list of jobs
 * with a cap on how many run at once. None of them knows anything about tools.
 *
 * @module
 */

/** The signal one piece of work runs under, from {@link deadlineSignal}. */
export interface Deadline {
  /** A signal of the work's own: it aborts when the parent does or the time runs out, with that source's reason. */
  readonly signal: AbortSignal;
  /** True when {@link Deadline.signal} aborted because the time ran out, before the parent aborted. */
  timedOut(): boolean;
  /** Ends the deadline's hold on the process; call it once the work has settled. Safe to call twice. */
  release(): void;
}

const noop = (): void => undefined;

/**
 * Joins the signals one piece of work must obey into a signal of its own: `AbortSignal.any` over
 * the parent (the run's signal) and `AbortSignal.timeout(ms)` (none when `ms` is null). Without a
 * parent, the time-out signal is already the work's own; with neither, a plain controller's
 * signal stands in, one that never aborts. Either way no two pieces of work share a signal, so
 * listeners one tool leaves behind never reach another.
 *
 * `AbortSignal.timeout` does not keep Node running: a script whose only pending work is a tool
 * that never settles would exit before the time-out could answer. So while a time limit is set, a
 * plain timer of the same length holds the process open until {@link Deadline.release}.
 *
 * Each `AbortSignal.any` or `AbortSignal.timeout` costs some microseconds on Node 20, so a call
 * with both a run signal and a time limit costs more than one with neither; `npm run bench`
 * measures both (figure 2).
 *
 * @example
 * {@includeCode ../../docs/examples/async.ts#deadline-signal}
 */
export function deadlineSignal(parent: AbortSignal | undefined, ms: number | null): Deadline {
  const timeout = ms === null ? undefined : AbortSignal.timeout(ms);
  let signal: AbortSignal;
  if (parent !== undefined) signal = AbortSignal.any(timeout === undefined ? [parent] : [parent, timeout]);
  else signal = timeout ?? new AbortController().signal;
  let hold = ms === null ? undefined : setTimeout(noop, ms);
  return {
    signal,
    timedOut: () => timeout !== undefined && signal.aborted && signal.reason === timeout.reason,
    release: () => {
      clearTimeout(hold);
      hold = undefined;
    },
  };
}

/** A signal that follows another until released, from {@link followSignal}. */
export interface Follower {
  /** Aborts with the parent's reason while the follower is attached; undefined when there is no parent. */
  readonly signal: AbortSignal | undefined;
  /** Detaches from the parent. Safe to call twice. */
  release(): void;
}

/**
 * A plain signal that aborts when `parent` does, until released. The runner joins each call's
 * signal to this follower rather than to the run's signal itself, and releases it when the turn's
 * calls are done.
 *
 * The reason is a cost of `AbortSignal.any` on Node 20: every signal joined to a source stays
 * listed in that source (a weak reference, about 50 bytes) for as long as the source lives,
 * measured at 53 MB after a million joins to one signal. Joined straight to a long-lived run
 * signal, that list would grow by one entry per tool call. A follower's list goes away with it.
 * (A signal made by `AbortSignal.any` would not do as the follower: `any` looks through it to
 * its sources.)
 */
export function followSignal(parent: AbortSignal | undefined): Follower {
  if (parent === undefined) return { signal: undefined, release: noop };
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener("abort", onAbort, { once: true });
  return { signal: controller.signal, release: () => parent.removeEventListener("abort", onAbort) };
}

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
