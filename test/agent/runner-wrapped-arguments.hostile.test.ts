/**
 * The repeated-lookup throttle and the workspace-violation counter key on the
 * arguments as `prepareCall` unwraps them, so wrapping them in `{"arguments": {…}}` (or sending
 * them as JSON text) cannot slip past either.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { escalationMessage } from "../../src/agent/guards/violations.js";
import { REPEATED_LOOKUP_MESSAGE } from "../../src/agent/guards/lookup-throttle.js";
import { ScriptedProvider } from "../../src/testing/index.js";
import { ToolCallRequest, type ChatMessage, type LLMResponse } from "../../src/providers/base.js";
import { ToolResult, type JsonSchema } from "../../src/tools/base.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { hostileTool } from "./hostile-harness.js";

const user: ChatMessage[] = [{ role: "user", content: "go" }];
const URL_SCHEMA: JsonSchema = { type: "object", properties: { url: { type: "string" } }, required: ["url"] };
const PATH_SCHEMA: JsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };

function turn(id: string, name: string, args: unknown): LLMResponse {
  return { content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id, name, arguments: args })] };
}

describe("hostile input: wrapped arguments cannot slip past the guards", () => {
  it.each<[string, (i: number) => unknown]>([
    ["plain", () => ({ url: "https://example.com/a" })],
    ["wrapped", () => ({ arguments: { url: "https://example.com/a" } })],
    ["wrapped JSON text", () => JSON.stringify({ arguments: { url: "https://example.com/a" } })],
    ["wrapped, inner JSON text", () => ({ arguments: JSON.stringify({ url: "https://example.com/a" }) })],
    ["mixed forms", (i) => [{ url: "https://example.com/a" }, { arguments: { url: "https://EXAMPLE.com/a " } }, '{"url": "https://example.com/a"}'][i % 3]],
  ])("%s: 5 identical fetches over 5 turns run 2 times", async (_label, argsFor) => {
    const fetcher = hostileTool("web_fetch", async () => "page", URL_SCHEMA, true);
    const tools = new ToolRegistry();
    tools.register(fetcher);
    const provider = new ScriptedProvider([...[0, 1, 2, 3, 4].map((i) => turn(`c${i}`, "web_fetch", argsFor(i))), { content: "done", finishReason: "stop", toolCalls: [] }]);
    const result = await new AgentRunner().run({ provider, model: "m", tools, messages: user });
    expect(fetcher.calls).toHaveLength(2);
    const contents = result.messages.filter((m) => m.role === "tool").map((m) => m.content);
    expect(contents.slice(2)).toEqual([1, 2, 3].map(() => REPEATED_LOOKUP_MESSAGE + RETRY_HINT));
  });

  it("a tool that declares an `arguments` property is not unwrapped, so the wrapper is its own key", async () => {
    const schema: JsonSchema = { type: "object", properties: { arguments: { type: "object" }, url: { type: "string" } } };
    const fetcher = hostileTool("web_fetch", async () => "page", schema, true);
    const tools = new ToolRegistry();
    tools.register(fetcher);
    const calls = [0, 1, 2].map((i) => new ToolCallRequest({ id: `c${i}`, name: "web_fetch", arguments: { arguments: { url: "https://example.com" } } }));
    await new AgentRunner().executeTools({ provider: new ScriptedProvider([]), model: "m", tools, messages: user }, calls);
    expect(fetcher.calls).toHaveLength(3);
  });

  it("the workspace-violation counter sees through the wrapper: the third attempt escalates", async () => {
    const refusal = "Path /etc/passwd is outside allowed directory /ws";
    const reader = hostileTool("read_file", async () => ToolResult.error(refusal), PATH_SCHEMA);
    const tools = new ToolRegistry();
    tools.register(reader);
    const calls = [
      new ToolCallRequest({ id: "c1", name: "read_file", arguments: { path: "/etc/passwd" } }),
      new ToolCallRequest({ id: "c2", name: "read_file", arguments: { arguments: { path: "/etc/passwd" } } }),
      new ToolCallRequest({ id: "c3", name: "read_file", arguments: JSON.stringify({ arguments: { path: "/etc/passwd" } }) }),
    ];
    const { results, events } = await new AgentRunner().executeTools({ provider: new ScriptedProvider([]), model: "m", tools, messages: user }, calls);
    expect(reader.calls).toHaveLength(3);
    expect(results[2]).toBe(escalationMessage("/etc/passwd", 3));
    expect(events[2]?.detail).toMatch(/^workspace_violation_escalated: /);
  });

  it("a registry without prepareCall unwraps by the same rule", async () => {
    let ran = 0;
    const duck = {
      getDefinitions: () => [],
      get: () => undefined,
      execute: async () => {
        ran++;
        return "page";
      },
    } as unknown as ToolRegistry;
    const calls = [0, 1, 2].map((i) => new ToolCallRequest({ id: `c${i}`, name: "web_fetch", arguments: { arguments: { url: "https://x.example" } } }));
    const { results } = await new AgentRunner().executeTools({ provider: new ScriptedProvider([]), model: "m", tools: duck, messages: user }, calls);
    expect(ran).toBe(2);
    expect(results[2]).toBe(REPEATED_LOOKUP_MESSAGE + RETRY_HINT);
  });
});
