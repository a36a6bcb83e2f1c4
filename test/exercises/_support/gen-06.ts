/**
 * Exercise 6's generators and its virtual clock. A turn is 0 to 12 calls in any mix of safe,
 * unsafe, exclusive and unknown tools, with repeated ids, repeated names and the same call object
 * listed twice; each call takes 1 to 3 ticks and gives a value (of any kind, an `Error` object
 * among them) or, now and then, rejects.
 *
 * The clock is virtual: a call's promise settles only when the driver moves the clock to its end,
 * which it does only once nothing else can happen (every microtask has run). So which calls ran at
 * the same time is read from the recorded start and end ticks, exactly and on any machine, with
 * no sleeps.
 *
 * @module
 */
import fc from "fast-check";
import { ToolCallRequest } from "../../../src/providers/base.js";
import { flaggedTool } from "./tools.js";

/** The tools of a turn: two safe, one unsafe (writes), one exclusive (read-only but alone); every other name is unknown. */
export const TOOLS = [
  flaggedTool("read_a", { readOnly: true }),
  flaggedTool("read_b", { readOnly: true }),
  flaggedTool("write", {}),
  flaggedTool("search", { readOnly: true, exclusive: true }),
];

const SAFE = new Map(TOOLS.map((tool) => [tool.name, tool.concurrencySafe]));

/** What the runner asks, as the tests' registry answers it: the tool exists and declares itself concurrency-safe. */
export function isSafe(call: ToolCallRequest): boolean {
  return SAFE.get(call.name) === true;
}

/** A tool's kind, as a call of it is batched. */
export type Kind = "safe" | "unsafe" | "exclusive" | "unknown";

const KINDS = new Map<string, Kind>([
  ["read_a", "safe"],
  ["read_b", "safe"],
  ["write", "unsafe"],
  ["search", "exclusive"],
]);

/** The kind of a name of the pool: `nope`, `constructor` and `READ_A` are unknown. */
export function kindOf(name: string): Kind {
  return KINDS.get(name) ?? "unknown";
}

/** One call of a turn, as drawn. */
export interface CallSpec {
  /** The tool's name. */
  readonly name: string;
  /** The call id (drawn from a small pool: repeats are common). */
  readonly id: string;
  /** How many ticks the call takes, 1 to 3. */
  readonly ticks: number;
  /** What `runOne` gives for it: a value, or a rejection with this message. */
  readonly outcome: { readonly value: unknown } | { readonly reject: string };
  /** When set, this entry is the very same object as the entry at this earlier position. */
  readonly sameAs: number | null;
}

/** A drawn turn: its calls and the options given to `executeTools`. */
export interface Turn {
  readonly calls: readonly CallSpec[];
  /** `undefined` means no options argument at all. */
  readonly options: { concurrent?: boolean } | undefined;
  /** The `concurrent` argument for `partitionToolBatches`. */
  readonly concurrent: boolean;
}

const VALUES: readonly unknown[] = ["ok", "", 0, -0, Number.NaN, null, undefined, false, [], { content: "x" }, new Error("returned, not thrown"), "Error: failed"];

function callSpec(rejects: boolean): fc.Arbitrary<Omit<CallSpec, "sameAs">> {
  return fc.record({
    name: fc.oneof(
      { arbitrary: fc.constantFrom("read_a", "read_b"), weight: 6 },
      { arbitrary: fc.constantFrom("write", "search"), weight: 2 },
      { arbitrary: fc.constantFrom("nope", "constructor", "READ_A"), weight: 1 },
    ),
    id: fc.constantFrom("call_0", "call_1", "call_2", "call_3", "call_4", ""),
    ticks: fc.integer({ min: 1, max: 3 }),
    outcome: rejects
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...VALUES).map((value) => ({ value })), weight: 12 },
          { arbitrary: fc.constantFrom("boom", "bang").map((reject) => ({ reject })), weight: 1 },
        )
      : fc.constantFrom(...VALUES).map((value) => ({ value })),
  });
}

/**
 * A turn of 0 to `maxCalls` calls (default 12), about one in five entries repeating an earlier
 * object; `rejects` lets some calls reject.
 */
export function turn(options: { maxCalls?: number; rejects?: boolean; safeHeavy?: boolean } = {}): fc.Arbitrary<Turn> {
  const one = fc.tuple(callSpec(options.rejects ?? false), fc.integer({ min: 0, max: 4 }), fc.nat());
  return fc.record({
    calls: fc
      .integer({ min: 0, max: options.maxCalls ?? 12 })
      .chain((length) => fc.array(one, { minLength: length, maxLength: length }))
      .map((drawn) =>
        drawn.map(([spec, repeat, earlier], i): CallSpec => ({
          ...spec,
          name: options.safeHeavy === true && spec.name !== "write" ? "read_a" : spec.name,
          sameAs: repeat === 4 && i > 0 ? earlier % i : null,
        })),
      ),
    options: fc.constantFrom<Turn["options"]>(undefined, {}, { concurrent: true }, { concurrent: false }, { concurrent: undefined }),
    concurrent: fc.boolean(),
  });
}

/** The call objects of a turn, built fresh for one side; an entry with `sameAs` is the earlier object itself. */
export function buildCalls(specs: readonly CallSpec[]): { calls: ToolCallRequest[]; specOf: Map<ToolCallRequest, number> } {
  const calls: ToolCallRequest[] = [];
  const specOf = new Map<ToolCallRequest, number>();
  for (const [i, spec] of specs.entries()) {
    const earlier = spec.sameAs === null ? undefined : calls[spec.sameAs];
    if (earlier !== undefined) {
      calls.push(earlier);
      continue;
    }
    const call = new ToolCallRequest({ id: spec.id, name: spec.name, arguments: {} });
    calls.push(call);
    specOf.set(call, i);
  }
  return { calls, specOf };
}

/** One run of `runOne`: which call (its first position in the list; -1 for an object not in the list), and its start and end ticks. */
export type Run = readonly [call: number, start: number, end: number | null];

/** What `executeTools` did on the clock. */
export interface ClockResult {
  /** Its results, or the reason it rejected with, or that it never settled. */
  readonly outcome: { readonly results: unknown } | { readonly rejected: unknown } | { readonly pending: true };
  /** Every run of `runOne`, sorted by call then start. */
  readonly runs: readonly Run[];
}

/** A turn of the macrotask queue: every microtask queued so far has run when it resolves. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

type Execute = (
  calls: readonly ToolCallRequest[],
  isSafe: (call: ToolCallRequest) => boolean,
  runOne: (call: ToolCallRequest) => Promise<unknown>,
  options?: { concurrent?: boolean },
) => Promise<unknown>;

/**
 * Runs `execute` on a fresh copy of the turn with a `runOne` on the virtual clock, and records
 * every start and end tick. The clock moves to the next end only when nothing else can run.
 */
export async function runOnClock(execute: Execute, drawn: Turn): Promise<ClockResult> {
  const { calls, specOf } = buildCalls(drawn.calls);
  let now = 0;
  const timers: Array<{ at: number; fire: () => void }> = [];
  const runs: Array<[number, number, number | null]> = [];
  const runOne = (call: ToolCallRequest): Promise<unknown> => {
    const index = specOf.get(call) ?? -1;
    const spec = drawn.calls[index];
    const run: [number, number, number | null] = [index, now, null];
    runs.push(run);
    return new Promise((resolve, reject) => {
      timers.push({
        at: now + (spec?.ticks ?? 1),
        fire: () => {
          run[2] = now;
          const outcome = spec?.outcome ?? { value: undefined };
          if ("reject" in outcome) reject(new Error(outcome.reject));
          else resolve(outcome.value);
        },
      });
    });
  };
  let outcome: ClockResult["outcome"] = { pending: true };
  let result: Promise<unknown>;
  try {
    result = drawn.options === undefined ? execute(calls, isSafe, runOne) : execute(calls, isSafe, runOne, { ...drawn.options });
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- whatever the learner's code threw is its outcome, as it was thrown
    result = Promise.reject(error);
  }
  Promise.resolve(result).then(
    (results) => (outcome = { results }),
    (rejected: unknown) => (outcome = { rejected }),
  );
  // The clock moves only when nothing else can run. Code that waits on a timer of its own (a
  // setTimeout between batches) gets a few real turns of the event loop before it counts as stuck.
  const settled = (): boolean => !("pending" in outcome);
  for (let idle = 0; idle < 5;) {
    await settle();
    if (timers.length > 0) {
      idle = 0;
      now = Math.min(...timers.map((t) => t.at));
      const due = timers.filter((t) => t.at === now);
      for (const timer of due) timers.splice(timers.indexOf(timer), 1);
      for (const timer of due) timer.fire();
      continue;
    }
    if (settled()) break;
    idle++;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { outcome, runs: [...runs].sort((a, b) => a[0] - b[0] || a[1] - b[1]) };
}

/** A turn as the learner would read it: one line per call. */
export function showTurn(drawn: Turn, fn: string): string {
  const origin = (i: number): CallSpec => {
    const spec = drawn.calls[i] as CallSpec;
    return spec.sameAs === null ? spec : origin(spec.sameAs);
  };
  const lines = drawn.calls.map((spec, i) => {
    const same = spec.sameAs === null ? "" : ` (the same object as entry ${spec.sameAs})`;
    const source = origin(i);
    const gives = "reject" in source.outcome ? `rejects with Error("${source.outcome.reject}")` : `gives ${String(source.outcome.value)}`;
    return `  ${i}: { id: "${source.id}", name: "${source.name}" } (${kindOf(source.name)}, takes ${source.ticks} tick${source.ticks === 1 ? "" : "s"}, ${gives})${same}`;
  });
  const given = drawn.options === undefined ? "(none)" : "concurrent" in drawn.options ? `{ concurrent: ${String(drawn.options.concurrent)} }` : "{}";
  const options = fn === "executeTools" ? `options: ${given}` : `concurrent: ${drawn.concurrent}`;
  return [`${fn} on ${drawn.calls.length} call${drawn.calls.length === 1 ? "" : "s"}, ${options}`, ...lines].join("\n");
}
