/**
 * Fidelity to upstream's fitting of old tool messages (`context_governance.py`,
 * `normalize_tool_result` through `ensure_nonempty_tool_result`): in the copy of the history sent
 * back, an empty or blank tool message becomes `(<name> completed with no output)`, with `tool` as
 * the name when the message has none; the marker is a text like any other, so a limit shorter
 * than it cuts it (`read_file` excepted). Expected copies are upstream's `prepare_for_model` output.
 */
import { describe, expect, it } from "vitest";
import { ModelHistory } from "../../src/agent/model-history.js";
import { AgentRunner } from "../../src/agent/runner.js";
import { buildToolMessage } from "../../src/agent/results/tool-message.js";
import { ToolCallRequest, type ChatMessage } from "../../src/providers/base.js";
import { registryOf, ScriptedProvider, textReply } from "../../src/testing/index.js";

const call = (id: string, name: string) => ({ id, type: "function" as const, function: { name, arguments: "{}" } });
const names = ["grep", "grep", "exec", "exec", "list_dir", "list_dir", "read_file", "grep"];
const declared: ChatMessage = { role: "assistant", content: "", tool_calls: names.map((n, i) => call(`t${i + 1}`, n)) };
const BLANK = [
  { role: "tool", tool_call_id: "t1", name: "grep", content: "" },
  { role: "tool", tool_call_id: "t2", name: "grep", content: "  \n\t " },
  { role: "tool", tool_call_id: "t3", name: "exec", content: null },
  { role: "tool", tool_call_id: "t4", name: "exec" },
  { role: "tool", tool_call_id: "t5", name: "list_dir", content: [] },
  {
    role: "tool",
    tool_call_id: "t6",
    name: "list_dir",
    content: [
      { type: "text", text: " " },
      { type: "text", text: "" },
    ],
  },
  { role: "tool", tool_call_id: "t7", name: "read_file", content: " " },
  { role: "tool", tool_call_id: "t8", content: "" },
] as unknown as ChatMessage[];

describe("fidelity to upstream: history empty results, as upstream", () => {
  it("every empty or blank old tool message reads (<name> completed with no output); no name gives (tool …)", async () => {
    const history = [declared, ...BLANK];
    const before = JSON.stringify(history);
    const sent = await new ModelHistory({ maxToolResultChars: 16_000 }).forModel(history);
    expect(sent.slice(1)).toEqual([
      { role: "tool", tool_call_id: "t1", name: "grep", content: "(grep completed with no output)" },
      { role: "tool", tool_call_id: "t2", name: "grep", content: "(grep completed with no output)" },
      { role: "tool", tool_call_id: "t3", name: "exec", content: "(exec completed with no output)" },
      { role: "tool", tool_call_id: "t4", name: "exec", content: "(exec completed with no output)" },
      { role: "tool", tool_call_id: "t5", name: "list_dir", content: "(list_dir completed with no output)" },
      { role: "tool", tool_call_id: "t6", name: "list_dir", content: "(list_dir completed with no output)" },
      { role: "tool", tool_call_id: "t7", name: "read_file", content: "(read_file completed with no output)" },
      { role: "tool", tool_call_id: "t8", content: "(tool completed with no output)" },
    ]);
    expect(JSON.stringify(history)).toBe(before);
  });

  it("a limit shorter than the marker cuts it, except for read_file; a fresh result the same", async () => {
    const history: ChatMessage[] = [
      { role: "assistant", content: "", tool_calls: [call("t1", "grep"), call("t2", "read_file")] },
      { role: "tool", tool_call_id: "t1", name: "grep", content: "" },
      { role: "tool", tool_call_id: "t2", name: "read_file", content: "" },
    ];
    const sent = await new ModelHistory({ maxToolResultChars: 12 }).forModel(history);
    expect(sent.map((m) => m.content).slice(1)).toEqual(["(grep comple\n... (truncated)", "(read_file completed with no output)"]);
    const fresh = await buildToolMessage(new ToolCallRequest({ id: "f", name: "grep", arguments: {} }), "", { maxToolResultChars: 12 });
    expect(fresh.content).toBe("(grep comple\n... (truncated)");
  });

  it("through the runner: the request carries the marker, the run's messages keep the blank text", async () => {
    const provider = new ScriptedProvider([textReply("ok")]);
    const history: ChatMessage[] = [declared, ...BLANK.slice(0, 2), { role: "user", content: "and?" }];
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(), messages: history });
    const sent = provider.requests[0]?.messages ?? [];
    expect(sent[1]?.content).toBe("(grep completed with no output)");
    expect(sent[2]?.content).toBe("(grep completed with no output)");
    expect(result.messages[1]?.content).toBe("");
  });
});
