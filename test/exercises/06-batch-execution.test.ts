import { describe, expect, it } from "vitest";
import { ToolCallRequest } from "../../src/providers/base.js";
import type { Tool } from "../../src/tools/base.js";
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
const isSafe = (call: ToolCallRequest): boolean => (registry.get(call.name) as Tool | undefined)?.concurrencySafe === true;

let nextId = 0;
function call(name: string): ToolCallRequest {
  return new ToolCallRequest({ id: `call_${nextId++}`, name, arguments: {} });
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
    expect(
      shape(partitionToolBatches(calls, isSafe, true)),
      "close the group of safe calls only when it holds something, both before an unsafe call and at the end",
    ).toEqual([["write"], ["nope"], ["read_a", "read_b"], ["write"]]);
    expect(partitionToolBatches([], isSafe, true), "no calls, no batches").toEqual([]);
  });

  it("makes every call its own batch when concurrency is off", () => {
    const calls = ["read_a", "read_b"].map(call);
    expect(shape(partitionToolBatches(calls, isSafe, false))).toEqual([["read_a"], ["read_b"]]);
    expect(calls.map((c) => c.name), "the input array must not change").toEqual(["read_a", "read_b"]);
  });
});

describe("exercise 6: executeTools", () => {
  /** Runs calls with a log of start/end events; safe calls wait a little so overlaps show. */
  async function runLogged(names: string[], concurrent?: boolean): Promise<{ log: string[]; results: string[] }> {
    const log: string[] = [];
    const calls = names.map(call);
    const runOne = async (c: ToolCallRequest): Promise<string> => {
      log.push(`start:${c.id}:${c.name}`);
      await new Promise((r) => setTimeout(r, c.name === "read_a" ? 30 : 5));
      log.push(`end:${c.id}:${c.name}`);
      return `result of ${c.id}`;
    };
    const results = await executeTools(calls, isSafe, runOne, concurrent === undefined ? {} : { concurrent });
    return { log: log.map((e) => e.replace(/:call_\d+/, "")), results: results.map((r, i) => (r === `result of ${calls[i]?.id}` ? "ok" : r)) };
  }

  it("runs safe neighbours together and returns results in call order", async () => {
    const { log, results } = await runLogged(["read_a", "read_b"]);
    expect(log.slice(0, 2), "both safe calls must start before either ends").toEqual(["start:read_a", "start:read_b"]);
    expect(log.slice(2), "read_b is faster").toEqual(["end:read_b", "end:read_a"]);
    expect(results, "results follow the calls, not the finishing order").toEqual(["ok", "ok"]);
  });

  it("never overlaps an unsafe call with anything", async () => {
    const { log } = await runLogged(["read_a", "write", "read_b"]);
    expect(log).toEqual(["start:read_a", "end:read_a", "start:write", "end:write", "start:read_b", "end:read_b"]);
  });

  it("waits for a whole batch of safe calls before an unsafe call starts", async () => {
    const { log, results } = await runLogged(["read_a", "read_b", "write"]);
    expect(log, "the write may start only after BOTH reads have ended: await every batch, not just single calls").toEqual([
      "start:read_a",
      "start:read_b",
      "end:read_b",
      "end:read_a",
      "start:write",
      "end:write",
    ]);
    expect(results, "one result per call, in call order").toEqual(["ok", "ok", "ok"]);
  });

  it("runs everything in sequence when concurrent is false", async () => {
    const { log } = await runLogged(["read_a", "read_b"], false);
    expect(log).toEqual(["start:read_a", "end:read_a", "start:read_b", "end:read_b"]);
  });
});
