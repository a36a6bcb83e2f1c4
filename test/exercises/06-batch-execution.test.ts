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
 * R10 executeTools: runOne once per call, one result per call → "runs each call exactly once"
 */
import { describe, expect, it } from "vitest";
import { ToolCallRequest } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { executeTools, partitionToolBatches } from "../../exercises/06-batch-execution/batches.js";
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
  });
});
