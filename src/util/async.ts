/**
 * The small promise and signal tools the runner, the provider and the MCP connection share: the
 * stops shared by the calls of one model turn (the run's signal and a per-call time limit,
 * {@link StopGroup}); one signal with a deadline ({@link deadlineSignal}); racing a promise
 * against a signal ({@link raceSignal}); waiting ({@link sleep}); and running a list of jobs with
 * a cap on how many run at once. None of them knows anything about tools.
 *
 * @module
 */
import { MAX_TIMER_MS } from "./options.js";

/** One piece of work under a {@link StopGroup}, kept in start order until it ends. */
interface Running<T> {
  /** The work's own signal's controller. */
  readonly controller: AbortController;
  /** Settles the work's promise: with its value, `timedOut`, `aborted`, or a rejection. */
  readonly resolve: (value: T) => void;
  /** What the work's promise gives when its time runs out. */
  readonly timedOut: T;
  /** What the work's promise gives when the group's parent aborts. */
  readonly aborted: T;
  /** When its time runs out, on the `performance.now()` clock; Infinity without a limit. */
  readonly deadline: number;
  prev: Running<T> | null;
  next: Running<T> | null;
  /** True once it has settled, one way or another. */
  done: boolean;
}

/**
 * The stops shared by the calls of one turn: the run's signal (`parent`) and a time limit per
 * call (`ms`, or null for none). {@link StopGroup.race} starts a piece of work with a signal of its
 * own and settles with whichever comes first: the work, its time running out, or the parent
 * aborting. It is a race, so work that never looks at its signal is still cut off, and whatever it
 * settles with later is ignored. When the time runs out, the work's signal aborts with a
 * `TimeoutError`; when the parent aborts, every running piece's signal aborts with the parent's
 * reason.
 *
 * The group, not each call, holds what the stops need, so a call costs one `AbortController` and
 * one promise, whatever the limits:
 * - one listener on the parent for the whole group, removed by {@link StopGroup.release}, so a
 *   long-lived run signal gains nothing per call, and nothing per turn once released;
 * - one timer for the whole group, set for the earliest deadline of the work still running and
 *   set again for the next one when it fires. The time limit is the same for every call and calls
 *   start one after the other, so the running work, kept in start order, is also in deadline
 *   order. The timer keeps Node running while it is set, so a script whose only work left is a
 *   hung tool still gets the time-out answer; {@link StopGroup.release} clears it.
 *
 * Any time limit is accepted (the group clamps it to `MAX_TIMER_MS`): a fraction, a huge value,
 * never an error.
 *
 * @example
 * {@includeCode ../../docs/examples/async.ts#stop-group}
 */
export class StopGroup {
  readonly #parent: AbortSignal | undefined;
  readonly #ms: number | null;
  /** The running work, oldest (earliest deadline) first. */
  #head: Running<unknown> | null = null;
  #tail: Running<unknown> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined = undefined;
  /** The deadline the timer is set for. */
  #timerAt = 0;
  #released = false;
  readonly #onAbort = (): void => this.#abortAll();

  /**
   * @param parent - aborting it stops every piece of work running in the group.
   * @param ms - the time each piece of work gets, in milliseconds, or null for no limit. Values
   *   over `MAX_TIMER_MS` (2^31−1) are clamped to it; anything that is not a positive number means
   *   no limit (options are checked where they are given, with `durationOption`).
   */
  constructor(parent: AbortSignal | undefined, ms: number | null) {
    this.#parent = parent;
    this.#ms = typeof ms === "number" && ms > 0 ? Math.min(ms, MAX_TIMER_MS) : null;
    if (parent !== undefined && !parent.aborted) parent.addEventListener("abort", this.#onAbort, { once: true });
  }

  /**
   * Starts `start` with a signal of its own and resolves with what its promise resolves with, or
   * with `timedOut` when its time runs out first, or with `aborted` when the parent aborts first
   * (at once when it already has). Rejects when `start` throws or its promise rejects first.
   */
  race<T>(start: (signal: AbortSignal) => Promise<T>, timedOut: T, aborted: T): Promise<T> {
    const parent = this.#parent;
    if (parent?.aborted === true) return Promise.resolve(aborted);
    const controller = new AbortController();
    // Nothing can stop this work: no race, nothing to keep.
    if (parent === undefined && this.#ms === null) {
      try {
        return Promise.resolve(start(controller.signal));
      } catch (thrown) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on what the work threw, whatever it is
        return Promise.reject(thrown);
      }
    }
    return new Promise<T>((resolve, reject) => {
      const deadline = this.#ms === null ? Number.POSITIVE_INFINITY : performance.now() + this.#ms;
      const entry: Running<T> = { controller, resolve, timedOut, aborted, deadline, prev: null, next: null, done: false };
      this.#add(entry as Running<unknown>);
      let running: Promise<T>;
      try {
        running = start(controller.signal);
      } catch (thrown) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on what the work threw, whatever it is
        if (this.#end(entry as Running<unknown>)) reject(thrown);
        return;
      }
      Promise.resolve(running).then(
        (value) => {
          if (this.#end(entry as Running<unknown>)) resolve(value);
        },
        (thrown: unknown) => {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on what the work threw, whatever it is
          if (this.#end(entry as Running<unknown>)) reject(thrown);
        },
      );
    });
  }

  /**
   * Ends the group: removes its listener from the parent and clears its timer. Call it once the
   * work has settled; work still running keeps its signal but is no longer timed or aborted by
   * the group. Safe to call twice.
   */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#parent?.removeEventListener("abort", this.#onAbort);
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #add(entry: Running<unknown>): void {
    const tail = this.#tail;
    if (tail === null) this.#head = entry;
    else {
      tail.next = entry;
      entry.prev = tail;
    }
    this.#tail = entry;
    if (this.#timer === undefined && entry.deadline !== Number.POSITIVE_INFINITY && !this.#released) this.#arm(entry.deadline);
  }

  /** Takes `entry` out of the running list; false when it had already ended. */
  #end(entry: Running<unknown>): boolean {
    if (entry.done) return false;
    entry.done = true;
    const { prev, next } = entry;
    if (prev === null) this.#head = next;
    else prev.next = next;
    if (next === null) this.#tail = prev;
    else next.prev = prev;
    entry.prev = null;
    entry.next = null;
    return true;
  }

  #arm(at: number): void {
    this.#timerAt = at;
    this.#timer = setTimeout(this.#onTimer, Math.max(0, at - performance.now()));
  }

  /** The timer fired: times out every running piece whose deadline has come, and sets it for the next. */
  readonly #onTimer = (): void => {
    this.#timer = undefined;
    if (this.#released) return;
    // A timer may fire a fraction of a millisecond before the clock reads its deadline.
    const now = Math.max(performance.now(), this.#timerAt);
    let entry = this.#head;
    while (entry !== null && entry.deadline <= now) {
      const next = entry.next;
      this.#end(entry);
      entry.resolve(entry.timedOut);
      entry.controller.abort(new DOMException(`the call timed out after ${this.#ms} ms`, "TimeoutError"));
      entry = next;
    }
    if (entry !== null && !this.#released) this.#arm(entry.deadline);
  };

  #abortAll(): void {
    const reason: unknown = this.#parent?.reason;
    let entry = this.#head;
    while (entry !== null) {
      const next = entry.next;
      this.#end(entry);
      entry.resolve(entry.aborted);
      entry.controller.abort(reason);
      entry = next;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** A signal that aborts when its parent does or when its time runs out, with what it needs to be let go. */
export interface Deadline {
  /** Aborts with the parent's reason (or what `parentReason` makes of it), with `timeoutReason()`, or by {@link Deadline.abort}. */
  readonly signal: AbortSignal;
  /** True once the signal aborted because the time ran out. */
  readonly timedOut: boolean;
  /** Aborts the signal now with `reason`, unless it has already aborted. */
  abort(reason: unknown): void;
  /** Removes the listener from the parent and clears the timer; safe to call twice. */
  release(): void;
}

/**
 * A signal of its own for one piece of work that must end by a deadline: it aborts when `parent`
 * aborts (at once when it already has), or after `ms` milliseconds (null: never; clamped to
 * `MAX_TIMER_MS`). One listener on the parent and one timer, both removed by
 * {@link Deadline.release}, so a long-lived parent gains nothing per request. The timer keeps Node
 * running while it is set. Race the work against the signal with {@link raceSignal}.
 *
 * @param timeoutReason - the reason the signal aborts with when the time runs out.
 * @param parentReason - turns the parent's reason into this signal's; default: the parent's own.
 */
export function deadlineSignal(
  parent: AbortSignal | undefined,
  ms: number | null,
  timeoutReason: () => unknown,
  parentReason: (reason: unknown) => unknown = (reason) => reason,
): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onAbort = (): void => controller.abort(parentReason(parent?.reason));
  if (parent?.aborted === true) onAbort();
  else parent?.addEventListener("abort", onAbort, { once: true });
  if (ms !== null && !controller.signal.aborted) {
    timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort(timeoutReason());
      },
      Math.min(ms, MAX_TIMER_MS),
    );
  }
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    abort(reason: unknown) {
      if (!controller.signal.aborted) controller.abort(reason);
    },
    release() {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * Waits `ms` milliseconds (clamped to `MAX_TIMER_MS`; `Infinity` waits for ever and holds no
 * timer), or rejects with the signal's reason as soon as `signal` aborts (at once when it has).
 *
 * @example
 * {@includeCode ../../docs/examples/async.ts#sleep}
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer =
      ms === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(
            () => {
              signal?.removeEventListener("abort", onAbort);
              resolve();
            },
            Math.min(ms, MAX_TIMER_MS),
          );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
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
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- rejects with the reason the signal was aborted with, as fetch does
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
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on what the work threw, whatever it is
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
