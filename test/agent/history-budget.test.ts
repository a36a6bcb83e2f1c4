import { describe, expect, it } from "vitest";
import { ModelHistory } from "../../src/agent/model-history.js";
import { AgentRunner } from "../../src/agent/runner.js";
import { ScriptedProvider } from "../../src/testing/index.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";

describe("older tool results are held to the limit in the model's copy", () => {
  const history: ChatMessage[] = [
    { role: "user", content: "hi" },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        { id: "c1", type: "function", function: { name: "grep", arguments: "{}" } },
        { id: "c2", type: "function", function: { name: "read_file", arguments: "{}" } },
      ],
    },
    { role: "tool", tool_call_id: "c1", name: "grep", content: "g".repeat(500) },
    { role: "tool", tool_call_id: "c2", name: "read_file", content: "r".repeat(500) },
    { role: "user", content: "and now?" },
  ];

  it("truncates an oversized historical tool message in the request only; read_file is exempt", async () => {
    const provider = new ScriptedProvider([{ content: "done", toolCalls: [], finishReason: "stop" }]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: new ToolRegistry(), messages: history, maxToolResultChars: 100 });
    const sent = provider.requests[0]?.messages ?? [];
    expect(sent[2]?.content).toBe(`${"g".repeat(100)}\n... (truncated)`);
    expect(sent[3]?.content).toBe("r".repeat(500));
    expect(result.messages[2]?.content).toBe("g".repeat(500));
    expect(result.stopReason).toBe("completed");
  });

  it("leaves other messages and short results alone, and <= 0 disables it", async () => {
    const declared: ChatMessage = { role: "assistant", content: "", tool_calls: [{ id: "c", type: "function", function: { name: "grep", arguments: "{}" } }] };
    const short: ChatMessage[] = [{ role: "user", content: "u".repeat(500) }, declared, { role: "tool", tool_call_id: "c", name: "grep", content: "short" }];
    const sent = await new ModelHistory({ maxToolResultChars: 10 }).forModel(short);
    expect(sent.map((m) => m.content)).toEqual(["u".repeat(500), "", "short"]);
    const off = await new ModelHistory({ maxToolResultChars: 0 }).forModel([declared, { role: "tool", tool_call_id: "c", name: "grep", content: "x".repeat(50) }]);
    expect(off[1]?.content).toBe("x".repeat(50));
  });
});
