/**
 * The runner's half: each result is turned into text once. The event detail
 * and the tool message are both made from that one text, so a costly result is walked once.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { ScriptedProvider } from "../../src/testing/index.js";
import { ToolCallRequest, type ChatMessage } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { hostileTool } from "./hostile-harness.js";

const user: ChatMessage[] = [{ role: "user", content: "go" }];

/** A result that counts how often its fields are read. */
function countingResult(): { value: object; reads: () => number } {
  let reads = 0;
  const value = Object.defineProperty({}, "data", {
    enumerable: true,
    get() {
      reads++;
      return { rows: [1, 2, 3] };
    },
  });
  return { value, reads: () => reads };
}

describe("hostile input: one conversion per result", () => {
  it("run(): the result is read once for both the event detail and the tool message", async () => {
    const { value, reads } = countingResult();
    const tools = new ToolRegistry();
    tools.register(hostileTool("report", async () => value));
    const provider = new ScriptedProvider([
      { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "c1", name: "report", arguments: {} })] },
      { content: "done", finishReason: "stop", toolCalls: [] },
    ]);
    const result = await new AgentRunner().run({ provider, model: "m", tools, messages: user });
    expect(reads()).toBe(1);
    expect(result.messages[2]?.content).toBe('{"data":{"rows":[1,2,3]}}');
    expect(result.toolEvents[0]).toEqual({ name: "report", status: "ok", detail: '{"data":{"rows":[1,2,3]}}' });
  });

  it("executeTools(): one read per result, and the raw value is what it reports", async () => {
    const first = countingResult();
    const second = countingResult();
    const values = [first.value, second.value];
    const tools = new ToolRegistry();
    tools.register(hostileTool("report", async (p) => values[Number(p["i"])], undefined, true));
    const calls = [0, 1].map((i) => new ToolCallRequest({ id: `c${i}`, name: "report", arguments: { i } }));
    const { results } = await new AgentRunner().executeTools({ provider: new ScriptedProvider([]), model: "m", tools, messages: user }, calls);
    expect([first.reads(), second.reads()]).toEqual([1, 1]);
    expect(results[0]).toBe(first.value);
    expect(results[1]).toBe(second.value);
  });
});
