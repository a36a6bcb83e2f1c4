/**
 * Exercise 6's rules (its README and the comments in batches.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  consecutive safe calls share a batch; an unsafe call is a batch of its own → "groups consecutive safe calls and isolates unsafe ones"
 * R2  exclusive and unknown tools are unsafe → "isolates exclusive and unknown tools too"
 * R3  never an empty batch, and no calls give no batches → "never yields an empty batch, even when unsafe calls come first, last or back to back"
 * R4  with concurrent false every call is its own batch → "makes every call its own batch when concurrency is off"
 * R5  pure: the input array is not changed, the batches hold the same call objects → "leaves the input as it was and keeps the call objects"
 * R6  executeTools: safe neighbours run together, results in call order → "runs safe neighbours together and returns results in call order"
 * R7  executeTools: an unsafe call never overlaps anything → "never overlaps an unsafe call with anything"
 * R8  executeTools: a whole batch ends before the next starts → "waits for a whole batch of safe calls before an unsafe call starts"
 * R9  executeTools: concurrent false runs everything in sequence; concurrent defaults to true → "runs everything in sequence when concurrent is false"
 * R10 executeTools: runOne once per entry (the same object listed twice runs twice), one result per entry → "runs each call exactly once"
 * R11 executeTools: no cap on concurrency: every call of a batch starts at once, twelve too → "starts every call of a batch at once: there is no cap"
 * R12 executeTools: when runOne rejects anyway, it rejects with that reason and starts no later batch → "rejects when runOne rejects, and starts no later batch"
 *
 * Each rule is also held against the worked answer on generated turns ("R1 (every input): …"): 0 to
 * 12 calls in any mix of safe, unsafe, exclusive and unknown tools, repeated ids and names, the
 * same call object twice, values of every kind returned and now and then a rejection, on a virtual
 * clock whose start and end ticks show which calls overlapped.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolCallRequest } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { executeTools, partitionToolBatches } from "../../exercises/06-batch-execution/batches.js";
import * as answer from "../../solutions/06-batch-execution/batches.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import { buildCalls, isSafe as safeOnClock, runOnClock, showTurn, turn, type ClockResult, type Turn } from "./_support/gen-06.js";
import { flaggedTool } from "./_support/tools.js";

const registry = new ToolRegistry();
for (const tool of [
  flaggedTool("read_a", { readOnly: true }),
  flaggedTool("read_b", { readOnly: true }),
  flaggedTool("write", {}),
  flaggedTool("search", { readOnly: true, exclusive: true }),
]) {
  registry.register(tool);
}
/** What the runner asks: does the tool exist, and does it declare itself concurrency-safe? */
const isSafe = (call: ToolCallRequest): boolean => registry.get(call.name)?.concurrencySafe === true;

/** Calls for these tool names, with the ids call_0, call_1, … in order. */
function callsFor(names: readonly string[]): ToolCallRequest[] {
  return names.map((name, i) => new ToolCallRequest({ id: `call_${i}`, name, arguments: {} }));
}
function call(name: string, i: number): ToolCallRequest {
  return new ToolCallRequest({ id: `call_${i}`, name, arguments: {} });
}
function shape(batches: ToolCallRequest[][]): string[][] {
  return batches.map((b) => b.map((c) => c.name));
}

describe("exercise 6: partitionToolBatches", () => {
  it("groups consecutive safe calls and isolates unsafe ones", () => {
    const calls = ["read_a", "read_b", "write", "read_a"].map(call);
    expect(shape(partitionToolBatches(calls, isSafe, true))).toEqual([["read_a", "read_b"], ["write"], ["read_a"]]);
  });

  it("isolates exclusive and unknown tools too", () => {
    const calls = ["read_a", "search", "read_b", "nope", "read_a"].map(call);
    expect(shape(partitionToolBatches(calls, isSafe, true)), "exclusive (even read-only) and unknown calls run alone").toEqual([
      ["read_a"],
      ["search"],
      ["read_b"],
      ["nope"],
      ["read_a"],
    ]);
  });

  it("never yields an empty batch, even when unsafe calls come first, last or back to back", () => {
    const calls = ["write", "nope", "read_a", "read_b", "write"].map(call);
    expect(shape(partitionToolBatches(calls, isSafe, true)), "close the group of safe calls only when it holds something, both before an unsafe call and at the end").toEqual([
      ["write"],
      ["nope"],
      ["read_a", "read_b"],
      ["write"],
    ]);
    expect(partitionToolBatches([], isSafe, true), "no calls, no batches").toEqual([]);
  });

  it("makes every call its own batch when concurrency is off", () => {
    const calls = ["read_a", "read_b"].map(call);
    expect(shape(partitionToolBatches(calls, isSafe, false))).toEqual([["read_a"], ["read_b"]]);
    expect(
      calls.map((c) => c.name),
      "the input array must not change",
    ).toEqual(["read_a", "read_b"]);
  });

  it("leaves the input as it was and keeps the call objects", () => {
    const calls = callsFor(["write", "read_a", "read_b", "nope"]);
    const before = [...calls];
    const batches = partitionToolBatches(calls, isSafe, true);
    expect(calls, "the input array must not change: read it, never splice, sort or shift it").toEqual(before);
    expect(batches.flat(), "every call, once, in order, as the same object (no copies)").toEqual(before);
    batches.flat().forEach((c, i) => expect(c, `batch entry ${i} is the very call object`).toBe(before[i]));
  });
});

describe("exercise 6: executeTools", () => {
  /**
   * Runs calls (ids call_0, call_1, … in order) with a log of start/end events; read_a waits
   * longest so overlaps show. runOne answers `result of call_N (<name>)`.
   */
  async function runLogged(names: string[], concurrent?: boolean): Promise<{ log: string[]; results: unknown[]; expected: string[] }> {
    const log: string[] = [];
    const calls = callsFor(names);
    const runOne = async (c: ToolCallRequest): Promise<string> => {
      log.push(`start:${c.name}`);
      await new Promise((r) => setTimeout(r, c.name === "read_a" ? 30 : 5));
      log.push(`end:${c.name}`);
      return `result of ${c.id} (${c.name})`;
    };
    const results = await executeTools(calls, isSafe, runOne, concurrent === undefined ? {} : { concurrent });
    return { log, results, expected: calls.map((c) => `result of ${c.id} (${c.name})`) };
  }

  it("runs safe neighbours together and returns results in call order", async () => {
    const { log, results, expected } = await runLogged(["read_a", "read_b"]);
    expect(log.slice(0, 2), "both safe calls must start before either ends").toEqual(["start:read_a", "start:read_b"]);
    expect(log.slice(2), "read_b is faster").toEqual(["end:read_b", "end:read_a"]);
    expect(results, "results[i] must be runOne's answer for calls[i] (call_0 first), not the order they finished in").toEqual(expected);
  });

  it("never overlaps an unsafe call with anything", async () => {
    const { log } = await runLogged(["read_a", "write", "read_b"]);
    expect(log).toEqual(["start:read_a", "end:read_a", "start:write", "end:write", "start:read_b", "end:read_b"]);
  });

  it("waits for a whole batch of safe calls before an unsafe call starts", async () => {
    const { log, results, expected } = await runLogged(["read_a", "read_b", "write"]);
    expect(log, "the write may start only after BOTH reads have ended: await every batch, not just single calls").toEqual([
      "start:read_a",
      "start:read_b",
      "end:read_b",
      "end:read_a",
      "start:write",
      "end:write",
    ]);
    expect(results, "results[i] must be runOne's answer for calls[i]: one result per call, in call order").toEqual(expected);
  });

  it("runs everything in sequence when concurrent is false", async () => {
    const { log } = await runLogged(["read_a", "read_b"], false);
    expect(log, "concurrent: false: one call at a time").toEqual(["start:read_a", "end:read_a", "start:read_b", "end:read_b"]);
    const defaulted = await runLogged(["read_b", "read_a"]);
    expect(defaulted.log.slice(0, 2), "without options, concurrent is true: safe neighbours overlap").toEqual(["start:read_b", "start:read_a"]);
  });

  it("runs each call exactly once", async () => {
    const ran: string[] = [];
    const calls = callsFor(["read_a", "write", "read_b", "read_a"]);
    const results = await executeTools(calls, isSafe, async (c) => {
      ran.push(c.id);
      return c.id;
    });
    expect([...ran].sort(), "runOne is called once for each call, and for nothing else").toEqual(["call_0", "call_1", "call_2", "call_3"]);
    expect(results, "one result per call, in call order").toEqual(["call_0", "call_1", "call_2", "call_3"]);
    expect(await executeTools([], isSafe, async () => "x"), "no calls: no results").toEqual([]);
    const same = call("read_a", 0);
    const twice = await executeTools([same, same], isSafe, async (c) => c.id);
    expect(twice, "the same call object listed twice is run twice and has two results").toEqual(["call_0", "call_0"]);
  });

  it("starts every call of a batch at once: there is no cap", async () => {
    const calls = callsFor(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? "read_a" : "read_b")));
    const { runs } = await runOnClock(executeTools, {
      calls: calls.map((c) => ({ name: c.name, id: c.id, ticks: 1, outcome: { value: c.id }, sameAs: null })),
      options: undefined,
      concurrent: true,
    });
    expect(
      runs.map(([, start]) => start),
      "twelve safe neighbours: all twelve start at tick 0 (this exercise has no maxConcurrency)",
    ).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it("rejects when runOne rejects, and starts no later batch", async () => {
    const started: string[] = [];
    const calls = callsFor(["read_a", "read_b", "write"]);
    const run = executeTools(calls, isSafe, async (c) => {
      started.push(c.name);
      if (c.name === "read_b") throw new Error("disk gone");
      return c.name;
    });
    await expect(run, "a rejection from runOne is not turned into a result").rejects.toThrow("disk gone");
    expect(started, "the write, in the next batch, never starts").toEqual(["read_a", "read_b"]);
  });
});

const rule = (id: string, sentence: string): Rule => ({ exercise: 6, id, sentence });

/** partitionToolBatches on both sides: each batch as the positions of its calls (-1: an object that is not in the input), and whether the input stayed as it was. */
function partitionProperty(id: string, sentence: string, input: fc.Arbitrary<Turn>): Promise<void> {
  const side = (partition: typeof partitionToolBatches) => (drawn: Turn) => {
    const { calls, specOf } = buildCalls(drawn.calls);
    const before = [...calls];
    const batches = partition(calls, safeOnClock, drawn.concurrent);
    const same = calls.length === before.length && calls.every((c, i) => c === before[i]);
    return { batches: batches.map((batch) => batch.map((c) => specOf.get(c) ?? -1)), inputUnchanged: same };
  };
  return expectSameAsAnswer({
    rule: rule(id, sentence),
    input,
    learner: side(partitionToolBatches),
    answer: side(answer.partitionToolBatches),
    show: (drawn) => showTurn(drawn, "partitionToolBatches"),
    runs: 60,
  });
}

/** What the rules fix of a run on the clock: with no rejection, the results and every start and end tick; after a rejection, that it rejected with a call's reason, and which calls started when. */
function fixed(result: ClockResult, drawn: Turn): unknown {
  const ran = (call: number, start: number, end: number | null): string =>
    `entry ${call === -1 ? "(an object not in the list)" : call} ran from tick ${start} to ${end === null ? "(never ended)" : end}`;
  if (!("rejected" in result.outcome)) return { outcome: result.outcome, runs: result.runs.map(([call, start, end]) => ran(call, start, end)) };
  const reasons = drawn.calls.flatMap((c) => ("reject" in c.outcome ? [c.outcome.reject] : []));
  const reason = result.outcome.rejected;
  return {
    rejected: reason instanceof Error && reasons.includes(reason.message) ? "with the reason of a call that rejected" : reason,
    starts: result.runs.map(([call, start]) => `entry ${call} started at tick ${start}`),
  };
}

/** executeTools on both sides, each on its own virtual clock. */
function executeProperty(id: string, sentence: string, input: fc.Arbitrary<Turn>, runs = 30): Promise<void> {
  return expectSameAsAnswer({
    rule: rule(id, sentence),
    input,
    learner: async (drawn) => fixed(await runOnClock(executeTools, drawn), drawn),
    answer: async (drawn) => fixed(await runOnClock(answer.executeTools, drawn), drawn),
    show: (drawn) => showTurn(drawn, "executeTools"),
    runs,
  });
}

describe("exercise 6: every rule, on generated turns", () => {
  it("R1 (every input): consecutive safe calls share a batch", async () => {
    await partitionProperty("R1", "consecutive safe calls share a batch; an unsafe call is a batch of its own.", turn({ safeHeavy: true }));
  });

  it("R2 (every input): exclusive and unknown tools are alone", async () => {
    await partitionProperty("R2", "exclusive and unknown tools are unsafe.", turn());
  });

  it("R3 (every input): never an empty batch", async () => {
    await partitionProperty("R3", "never an empty batch, and no calls give no batches.", turn({ maxCalls: 5 }));
  });

  it("R4 (every input): concurrent false makes every call a batch", async () => {
    await partitionProperty(
      "R4",
      "with concurrent false every call is its own batch.",
      turn().map((t) => ({ ...t, concurrent: false })),
    );
  });

  it("R5 (every input): the input stays as it was, the batches hold the same objects", async () => {
    await partitionProperty("R5", "pure: the input array is not changed, the batches hold the same call objects.", turn());
  });

  it("R6 (every input): safe neighbours run together, results in call order", async () => {
    await executeProperty("R6", "safe neighbours run together, results in call order.", turn({ safeHeavy: true }));
  });

  it("R7 (every input): an unsafe call overlaps nothing", async () => {
    await executeProperty("R7", "an unsafe call never overlaps anything.", turn());
  });

  it("R8 (every input): a batch ends before the next starts", async () => {
    await executeProperty("R8", "a whole batch ends before the next starts.", turn());
  });

  it("R9 (every input): concurrent false runs in sequence, the default is true", async () => {
    await executeProperty("R9", "concurrent false runs everything in sequence; concurrent defaults to true.", turn({ safeHeavy: true, maxCalls: 6 }));
  });

  it("R10 (every input): each entry runs once and has one result", async () => {
    await executeProperty("R10", "runOne once per entry (the same object listed twice runs twice), one result per entry.", turn());
  });

  it("R11 (every input): no cap on a batch", async () => {
    await executeProperty(
      "R11",
      "no cap on concurrency: every call of a batch starts at once.",
      turn({ safeHeavy: true }).filter((t) => t.calls.length >= 5),
    );
  });

  it("R12 (every input): a rejection rejects the run and starts no later batch", async () => {
    await executeProperty("R12", "when runOne rejects anyway, executeTools rejects with that reason and starts no later batch.", turn({ rejects: true }));
  });
});
