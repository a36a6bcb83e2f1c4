import { describe, expect, it } from "vitest";
import { budgetHistoryMessage } from "../../src/agent/tool-message.js";
import { AgentRunner } from "../../src/agent/runner.js";
import { ScriptedProvider } from "../../src/testing/index.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";

describe("older tool results are held to the limit in the model's copy (item 137)", () => {
  const history: ChatMessage[] = [
    { role: "user", content: "hi" },
    { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "grep", arguments: "{}" } }, { id: "c2", type: "function", function: { name: "read_file", arguments: "{}" } }] },
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

  it("leaves other messages and short results alone, and <= 0 disables it", () => {
    expect(budgetHistoryMessage({ role: "user", content: "u".repeat(500) }, 10).content).toBe("u".repeat(500));
    expect(budgetHistoryMessage({ role: "tool", name: "grep", content: "short" }, 10).content).toBe("short");
    expect(budgetHistoryMessage({ role: "tool", name: "grep", content: "x".repeat(50) }, 0).content).toBe("x".repeat(50));
  });
});
