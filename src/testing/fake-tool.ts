/**
 * One configurable tool for tests, lessons and demos. Its name, schema and policy flags come
 * from options, and so does what a call does: return a fixed result, compute one from the
 * params, wait, stop when its signal aborts, or fail. Every call is recorded with its params,
 * its options and marks for when it started and ended, so a test can check what reached the
 * tool, in which order, and whether two calls overlapped.
 *
 * @module
 */
import { Tool, type ExecuteOptions, type JsonSchema } from "../tools/base.js";
import { raceSignal, sleep } from "../util/async.js";

/** The schema of a tool without parameters: an object with no declared properties. */
export const NO_PARAMS: JsonSchema = { type: "object", properties: {} };

/** An open schema: any properties are allowed and none is required. */
export const ANY_PARAMS: JsonSchema = { type: "object", properties: {}, additionalProperties: true };

/**
 * What a {@link FakeTool} call computes from its params: a value, a promise of one, or a throw
 * (which becomes a rejection unless the tool is `synchronous`).
 */
export type FakeToolRun = (params: Record<string, unknown>, options: ExecuteOptions) => unknown;

/** The name, schema, flags and behaviour of a {@link FakeTool}. Only `name` is required. */
export interface FakeToolOptions {
  /** The tool's name, as the model calls it. */
  name: string;
  /** The description sent to the model; defaults to `fake tool <name>`. */
  description?: string;
  /** The JSON Schema of the parameters; defaults to a fresh copy of {@link NO_PARAMS}. */
  parameters?: JsonSchema;
  /** Whether the tool only reads (default false). */
  readOnly?: boolean;
  /** Whether the tool must run alone (default false). */
  exclusive?: boolean;
  /** Overrides Tool's derived `concurrencySafe` (`readOnly && !exclusive`) when given. */
  concurrencySafe?: boolean;
  /** What every call returns when neither `run` nor `throws` is given; defaults to `<name> ok`. */
  result?: unknown;
  /** Computes the result from the params and options; wins over `result`. */
  run?: FakeToolRun;
  /** When present (even `undefined`), every call fails with this value after its delay. */
  throws?: unknown;
  /**
   * How long a call waits before it does anything else, in milliseconds. `Infinity` means the
   * call never settles by itself (a hanging tool): only an abort ends it, and only with `honoursAbort`.
   */
  delayMs?: number;
  /**
   * When true, a call stops as soon as its signal aborts (at once, if it is already aborted):
   * it rejects with the signal's reason and its end is marked then, whatever it was doing.
   */
  honoursAbort?: boolean;
  /**
   * When true, `execute` is a plain function: it returns whatever `run` returns, unwrapped, and a
   * throw (from `run` or `throws`) escapes synchronously. This breaks the async contract on
   * purpose, to test callers that must cope with such tools. `delayMs` and `honoursAbort` are ignored.
   */
  synchronous?: boolean;
  /**
   * Where the start and end marks come from. The default is one counter shared by every
   * fake tool, so marks of different tools compare: `a.end < b.start` means `a` ended before `b` began.
   */
  clock?: () => number;
}

/** One call of a {@link FakeTool}, as it was recorded. */
export interface FakeToolCall {
  /** The params the tool received (after the registry's cast). */
  readonly params: Record<string, unknown>;
  /** The options the tool received: its signal and call id. */
  readonly options: ExecuteOptions;
  /** The clock's mark when the call started. */
  readonly start: number;
  /** The clock's mark when the call settled or stopped on its abort; null while it runs. */
  end: number | null;
}

let sharedMarks = 0;

/** The default clock: a counter shared by all fake tools, so their marks can be compared. */
function nextSharedMark(): number {
  sharedMarks += 1;
  return sharedMarks;
}

/**
 * Settles like `work`, or rejects with the signal's reason as soon as the (not yet aborted)
 * signal aborts, calling `onAbort` first: whichever comes first.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => void): Promise<T> {
  // Listeners run in the order they were added, so onAbort runs before the race rejects.
  signal.addEventListener("abort", onAbort, { once: true });
  return raceSignal(work, signal).finally(() => signal.removeEventListener("abort", onAbort));
}

/**
 * A tool whose flags and behaviour come from {@link FakeToolOptions}; it records every call.
 *
 * @example
 * {@includeCode ../../docs/examples/testing.ts#fake-tool}
 */
export class FakeTool extends Tool {
  /** The name given in the options. */
  readonly name: string;
  /** The description given in the options, or `fake tool <name>`. */
  readonly description: string;
  /** The schema given in the options, or a fresh copy of {@link NO_PARAMS}. */
  readonly parameters: JsonSchema;
  /** Every call so far, in the order they started. Empty it (`calls.length = 0`) to forget them. */
  readonly calls: FakeToolCall[] = [];
  readonly #options: FakeToolOptions;
  readonly #clock: () => number;

  /** Builds the tool; the options object is kept, not copied. */
  constructor(options: FakeToolOptions) {
    super();
    this.#options = options;
    this.#clock = options.clock ?? nextSharedMark;
    this.name = options.name;
    this.description = options.description ?? `fake tool ${options.name}`;
    this.parameters = options.parameters ?? { ...NO_PARAMS, properties: {} };
  }

  /** The `readOnly` option (default false). */
  override get readOnly(): boolean {
    return this.#options.readOnly ?? false;
  }

  /** The `exclusive` option (default false). */
  override get exclusive(): boolean {
    return this.#options.exclusive ?? false;
  }

  /** The `concurrencySafe` option, or Tool's rule (`readOnly && !exclusive`) without one. */
  override get concurrencySafe(): boolean {
    return this.#options.concurrencySafe ?? super.concurrencySafe;
  }

  /** Records the call, then behaves as the options say (see {@link FakeToolOptions}). */
  override execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const call: FakeToolCall = { params, options, start: this.#clock(), end: null };
    this.calls.push(call);
    const finish = (): void => {
      call.end ??= this.#clock();
    };
    if (this.#options.synchronous === true) {
      try {
        return this.#answer(params, options) as Promise<unknown>;
      } finally {
        finish();
      }
    }
    if (this.#options.honoursAbort !== true) return this.#behave(params, options).finally(finish);
    if (options.signal.aborted) {
      finish();
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- rejects with the reason the signal was aborted with, as fetch does
      return Promise.reject(options.signal.reason);
    }
    return untilAborted(this.#behave(params, options), options.signal, finish).finally(finish);
  }

  /** Waits for the delay, then answers. */
  async #behave(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const delay = this.#options.delayMs ?? 0;
    if (delay > 0) await sleep(delay);
    return await this.#answer(params, options);
  }

  /** The throw, the run or the result, in that order of preference. */
  #answer(params: Record<string, unknown>, options: ExecuteOptions): unknown {
    const opts = this.#options;
    if ("throws" in opts) throw opts.throws;
    if (opts.run !== undefined) return opts.run(params, options);
    return "result" in opts ? opts.result : `${this.name} ok`;
  }
}
