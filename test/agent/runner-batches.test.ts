import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import type { AgentRunSpec } from "../../src/agent/run-spec.js";
import type { ToolRegistry } from "../../src/tools/registry.js";
import { FakeTool, registryOf, ScriptedProvider, tick, toolCall } from "../../src/testing/index.js";

const runner = new AgentRunner();

function specFor(tools: ToolRegistry, extra: Partial<AgentRunSpec> = {}): AgentRunSpec {
  return { provider: new ScriptedProvider([]), model: "m", tools, messages: [], ...extra };
}

/** A tool that logs start/end around a short wait. */
function logged(log: string[], name: string, flags: { readOnly?: boolean; exclusive?: boolean }, wait = 5): FakeTool {
  return new FakeTool({
    name,
    ...flags,
    run: async () => {
      log.push(`start:${name}`);
      await tick(wait);
      log.push(`end:${name}`);
      return name;
    },
  });
}

describe("how batches run", () => {
  it("read-only calls run together, the write after both finish", async () => {
    const log: string[] = [];
    const tools = registryOf(logged(log, "read_a", { readOnly: true }), logged(log, "read_b", { readOnly: true }), logged(log, "write_a", {}));
    await runner.executeTools(specFor(tools), [toolCall("1", "read_a"), toolCall("2", "read_b"), toolCall("3", "write_a")]);
    expect(log.slice(0, 2)).toEqual(["start:read_a", "start:read_b"]);
    expect(log.indexOf("end:read_a")).toBeLessThan(log.indexOf("start:write_a"));
    expect(log.indexOf("end:read_b")).toBeLessThan(log.indexOf("start:write_a"));
    expect(log.slice(-2)).toEqual(["start:write_a", "end:write_a"]);
  });

  it("an exclusive tool runs alone even when read-only", async () => {
    const log: string[] = [];
    const tools = registryOf(
      logged(log, "read_a", { readOnly: true }),
      logged(log, "ddg_like", { readOnly: true, exclusive: true }),
      logged(log, "read_b", { readOnly: true }),
    );
    await runner.executeTools(specFor(tools), [toolCall("1", "read_a"), toolCall("2", "ddg_like"), toolCall("3", "read_b")]);
    expect(log).toEqual(["start:read_a", "end:read_a", "start:ddg_like", "end:ddg_like", "start:read_b", "end:read_b"]);
  });

  it("results and events keep call order whatever the completion order", async () => {
    const log: string[] = [];
    const tools = registryOf(logged(log, "slow", { readOnly: true }, 30), logged(log, "fast", { readOnly: true }, 1));
    const { results, events } = await runner.executeTools(specFor(tools), [toolCall("1", "slow"), toolCall("2", "fast")]);
    expect(log.indexOf("end:fast")).toBeLessThan(log.indexOf("end:slow"));
    expect(results).toEqual(["slow", "fast"]);
    expect(events.map((e) => e.name)).toEqual(["slow", "fast"]);
  });

  it("concurrentTools false runs every call alone, in order", async () => {
    const log: string[] = [];
    const tools = registryOf(logged(log, "read_a", { readOnly: true }), logged(log, "read_b", { readOnly: true }));
    await runner.executeTools(specFor(tools, { concurrentTools: false }), [toolCall("1", "read_a"), toolCall("2", "read_b")]);
    expect(log).toEqual(["start:read_a", "end:read_a", "start:read_b", "end:read_b"]);
  });

  it("maxConcurrency caps how many calls of a batch run at once; default is unlimited", async () => {
    let running = 0;
    let peak = 0;
    const tool = new FakeTool({
      name: "r",
      readOnly: true,
      run: async () => {
        running++;
        peak = Math.max(peak, running);
        await tick(3);
        running--;
        return "ok";
      },
    });
    const calls = Array.from({ length: 7 }, (_, i) => toolCall(`${i}`, "r"));
    const capped = await runner.executeTools(specFor(registryOf(tool), { maxConcurrency: 2 }), calls);
    expect(peak).toBe(2);
    expect(capped.results).toHaveLength(7);
    peak = 0;
    await runner.executeTools(specFor(registryOf(tool)), calls);
    expect(peak).toBe(7);
  });

  it("an unknown call in the middle splits the batch and is answered in place", async () => {
    const log: string[] = [];
    const tools = registryOf(logged(log, "r", { readOnly: true }));
    const { events } = await runner.executeTools(specFor(tools), [toolCall("1", "r"), toolCall("2", "missing"), toolCall("3", "r")]);
    expect(events.map((e) => [e.name, e.status])).toEqual([
      ["r", "ok"],
      ["missing", "error"],
      ["r", "ok"],
    ]);
    expect(log).toEqual(["start:r", "end:r", "start:r", "end:r"]);
  });

  it("executeTools with no calls", async () => {
    expect(await runner.executeTools(specFor(registryOf()), [])).toEqual({ results: [], events: [], fatalError: null });
  });
});
