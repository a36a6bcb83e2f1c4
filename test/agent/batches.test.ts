import { describe, expect, it } from "vitest";
import { partitionBatches } from "../../src/agent/batches.js";
import { AgentRunner } from "../../src/agent/runner.js";
import type { AgentRunSpec } from "../../src/agent/run-spec.js";
import { FakeTool, registryOf, ScriptedProvider, toolCall } from "../../src/testing/index.js";
import type { ToolRegistry } from "../../src/tools/registry.js";

const names = (batches: { name: string }[][]): string[][] => batches.map((b) => b.map((c) => c.name));

function spec(extra: Partial<AgentRunSpec> = {}): AgentRunSpec & { tools: ToolRegistry } {
  const tools = registryOf(
    new FakeTool({ name: "r1", readOnly: true }),
    new FakeTool({ name: "r2", readOnly: true }),
    new FakeTool({ name: "r3", readOnly: true }),
    new FakeTool({ name: "r4", readOnly: true }),
    new FakeTool({ name: "w" }),
    new FakeTool({ name: "x", readOnly: true, exclusive: true }),
    new FakeTool({ name: "forced", readOnly: false, concurrencySafe: true }),
  );
  return { provider: new ScriptedProvider([]), model: "m", messages: [], ...extra, tools };
}

describe("partitionBatches (pure)", () => {
  it("groups consecutive batchable calls and isolates the rest", () => {
    const calls = ["a", "b", "X", "c", "Y", "Z", "d", "e"].map((n, i) => toolCall(`c${i}`, n));
    const batches = partitionBatches(calls, (c) => c.name === c.name.toLowerCase());
    expect(names(batches)).toEqual([["a", "b"], ["X"], ["c"], ["Y"], ["Z"], ["d", "e"]]);
  });

  it("returns [] for no calls and does not change its input", () => {
    expect(partitionBatches([], () => true)).toEqual([]);
    const calls = [toolCall("1", "a"), toolCall("2", "b")];
    const copy = [...calls];
    partitionBatches(calls, () => true);
    expect(calls).toEqual(copy);
  });

  it("asks isBatchable once per call, in order", () => {
    const asked: string[] = [];
    partitionBatches([toolCall("1", "a"), toolCall("2", "b"), toolCall("3", "c")], (c) => (asked.push(c.name), true));
    expect(asked).toEqual(["a", "b", "c"]);
  });
});

describe("AgentRunner.partitionToolBatches", () => {
  const runner = new AgentRunner();

  it("[r1,r2,w,r3,x(excl),r4,missing,r1] → [[r1,r2],[w],[r3],[x],[r4],[missing],[r1]]", () => {
    const calls = ["r1", "r2", "w", "r3", "x", "r4", "missing", "r1"].map((n, i) => toolCall(`c${i}`, n));
    expect(names(runner.partitionToolBatches(spec(), calls))).toEqual([["r1", "r2"], ["w"], ["r3"], ["x"], ["r4"], ["missing"], ["r1"]]);
  });

  it("concurrentTools is on by default; off puts every call alone (changed default)", () => {
    const calls = ["r1", "r2", "r3"].map((n, i) => toolCall(`c${i}`, n));
    expect(names(runner.partitionToolBatches(spec(), calls))).toEqual([["r1", "r2", "r3"]]);
    expect(names(runner.partitionToolBatches(spec({ concurrentTools: false }), calls))).toEqual([["r1"], ["r2"], ["r3"]]);
  });

  it("follows concurrencySafe, which a tool may override", () => {
    const calls = [toolCall("1", "forced"), toolCall("2", "r1")];
    expect(names(runner.partitionToolBatches(spec(), calls))).toEqual([["forced", "r1"]]);
  });

  it("treats a tool whose flag getter throws as unsafe", () => {
    const bad = new FakeTool({ name: "bad" });
    Object.defineProperty(bad, "concurrencySafe", {
      get: () => {
        throw new Error("nope");
      },
    });
    const s = spec();
    s.tools.register(bad);
    expect(names(runner.partitionToolBatches(s, [toolCall("1", "r1"), toolCall("2", "bad"), toolCall("3", "r2")]))).toEqual([["r1"], ["bad"], ["r2"]]);
  });
});
