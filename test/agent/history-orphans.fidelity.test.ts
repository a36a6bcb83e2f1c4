/**
 * Fidelity to upstream's repair of the history it sends back (`context_governance.py`,
 * `drop_orphan_tool_results` and `backfill_missing_tool_results`): a tool message whose call no
 * earlier assistant message declared, or that answers a call already answered, is left out of the
 * copy; a declared call without a result gets a stand-in after the tool messages that follow its
 * assistant message. Each expected copy is upstream's `prepare_for_model` output for the same
 * history. The caller's messages are never changed.
 */
import { describe, expect, it } from "vitest";
import { repairToolPairs, ModelHistory } from "../../src/agent/model-history.js";
import { AgentRunner } from "../../src/agent/runner.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { MISSING_TOOL_RESULT_MESSAGE } from "../../src/agent/runner-texts.js";
import { FakeTool, registryOf, ScriptedProvider, textReply } from "../../src/testing/index.js";

const STAND_IN = "[Tool result unavailable — call was interrupted or lost]";
const call = (id: string, name: string) => ({ id, type: "function" as const, function: { name, arguments: "{}" } });
const standIn = (id: string, name: string): ChatMessage => ({ role: "tool", tool_call_id: id, name, content: STAND_IN });

/** Every kind of orphan at once, and a turn cut off before any result came back. */
const BROKEN: ChatMessage[] = [
  { role: "system", content: "s" },
  { role: "user", content: "u" },
  { role: "tool", tool_call_id: "early", name: "grep", content: "before its call" },
  { role: "assistant", content: "", tool_calls: [call("a", "grep"), call("early", "grep"), call("b", "read_file")] },
  { role: "tool", tool_call_id: "a", name: "grep", content: "A" },
  { role: "tool", tool_call_id: "a", name: "grep", content: "A again" },
  { role: "tool", tool_call_id: "zzz", name: "grep", content: "nobody asked" },
  { role: "tool", name: "grep", content: "no id" },
  { role: "user", content: "next" },
  { role: "assistant", content: "", tool_calls: [call("c", "exec")] },
];

/** Upstream's copy of BROKEN. */
const UPSTREAM_COPY: ChatMessage[] = [
  { role: "system", content: "s" },
  { role: "user", content: "u" },
  { role: "assistant", content: "", tool_calls: [call("a", "grep"), call("early", "grep"), call("b", "read_file")] },
  { role: "tool", tool_call_id: "a", name: "grep", content: "A" },
  standIn("early", "grep"),
  standIn("b", "read_file"),
  { role: "user", content: "next" },
  { role: "assistant", content: "", tool_calls: [call("c", "exec")] },
  standIn("c", "exec"),
];

describe("fidelity to upstream: history orphans, as upstream", () => {
  it("the stand-in is upstream's exact text", () => {
    expect(MISSING_TOOL_RESULT_MESSAGE).toBe(STAND_IN);
  });

  it("drops results sent before their call, twice, for an undeclared call or without an id; puts stand-ins after the answered ones", () => {
    const before = JSON.stringify(BROKEN);
    expect(repairToolPairs(BROKEN)).toEqual(UPSTREAM_COPY);
    expect(JSON.stringify(BROKEN)).toBe(before);
  });

  it("a call declared twice gets one stand-in; an id answered earlier counts as answered for a later declaration too", () => {
    const history: ChatMessage[] = [
      { role: "user", content: "u" },
      { role: "assistant", content: "", tool_calls: [call("d", "grep"), call("d", "grep")] },
      { role: "user", content: "v" },
      { role: "assistant", content: "", tool_calls: [call("e", "grep")] },
      { role: "tool", tool_call_id: "e", name: "grep", content: "E" },
      { role: "assistant", content: "", tool_calls: [call("e", "grep")] },
      { role: "tool", tool_call_id: "e", name: "grep", content: "E2" },
    ];
    // Upstream's output: the second answer to "e" is a duplicate, and "e" is answered, so no stand-in.
    expect(repairToolPairs(history)).toEqual([
      { role: "user", content: "u" },
      { role: "assistant", content: "", tool_calls: [call("d", "grep"), call("d", "grep")] },
      standIn("d", "grep"),
      { role: "user", content: "v" },
      { role: "assistant", content: "", tool_calls: [call("e", "grep")] },
      { role: "tool", tool_call_id: "e", name: "grep", content: "E" },
      { role: "assistant", content: "", tool_calls: [call("e", "grep")] },
    ]);
  });

  it("a stand-in's name is the call's function name; a call without a function object gives an empty name", () => {
    const history = [{ role: "assistant", content: "", tool_calls: [{ id: "f", name: "grep" }] }] as unknown as ChatMessage[];
    expect(repairToolPairs(history)[1]).toEqual({ role: "tool", tool_call_id: "f", name: "", content: STAND_IN });
  });

  it("a run resumed from a history cut off mid-turn sends upstream's copy, and keeps the caller's messages as they were", async () => {
    const provider = new ScriptedProvider([textReply("carrying on")]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(new FakeTool({ name: "grep" })), messages: BROKEN });
    expect(provider.requests[0]?.messages).toEqual(UPSTREAM_COPY);
    expect(result.messages.slice(0, BROKEN.length)).toEqual(BROKEN);
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "carrying on" });
  });

  it("the copy is the same with the run's fitting applied (no content of BROKEN needs it)", async () => {
    expect(await new ModelHistory({ maxToolResultChars: 16_000 }).forModel(BROKEN)).toEqual(UPSTREAM_COPY);
  });
});
