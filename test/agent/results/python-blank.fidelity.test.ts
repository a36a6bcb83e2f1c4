/**
 * Fidelity of what counts as blank in a tool's result and its event (`runner.py` `_run_tool`,
 * `runtime.py` `ensure_nonempty_tool_result`): upstream strips with Python's `str.strip()`, which
 * removes U+001C–U+001F and U+0085 and keeps the byte-order mark U+FEFF, the reverse of
 * JavaScript's `trim()`. Its event details are cut by Python slicing, which counts code points, so
 * an emoji is never cut in half. Every expected value is upstream's own output for the same input.
 */
import { describe, expect, it } from "vitest";
import { ModelHistory } from "../../../src/agent/model-history.js";
import { AgentRunner } from "../../../src/agent/runner.js";
import { firstCodePoints } from "../../../src/util/text-cut.js";
import type { ChatMessage } from "../../../src/providers/base.js";
import { ToolResult } from "../../../src/tools/base.js";
import { FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../../src/testing/index.js";

const HINT = "\n\n[Analyze the error above and try a different approach.]";
const EMOJI = "\u{1F600}";

/** Runs one call of a tool that returns `result` and gives its tool message and event. */
async function runOne(result: unknown): Promise<{ content: unknown; detail: string; status: string }> {
  const provider = new ScriptedProvider([toolReply([toolCall("c1", "probe", {})]), textReply("done")]);
  const run = await new AgentRunner().run({ provider, model: "m", tools: registryOf(new FakeTool({ name: "probe", result })), messages: [{ role: "user", content: "go" }] });
  const event = run.toolEvents[0];
  return { content: run.messages.find((m) => m.role === "tool")?.content, detail: event?.detail ?? "", status: event?.status ?? "" };
}

describe("blank results, as Python's strip() counts blank", () => {
  it("a result of U+001C, a space and U+0085 reads as empty: the marker, and (empty) as its detail", async () => {
    expect(await runOne("\x1c \x85")).toEqual({ content: "(probe completed with no output)", detail: "(empty)", status: "ok" });
  });

  it("a result of U+FEFF alone is kept, as its own detail", async () => {
    expect(await runOne("\ufeff")).toEqual({ content: "\ufeff", detail: "\ufeff", status: "ok" });
  });

  it("an empty list reads as the marker, and its detail is [] as Python's str() shows it", async () => {
    expect(await runOne([])).toEqual({ content: "(probe completed with no output)", detail: "[]", status: "ok" });
  });

  it("an error result's detail loses U+001F and U+0085 at its ends; the message keeps them", async () => {
    expect(await runOne(ToolResult.error("\x1fError: bad\x85"))).toEqual({ content: "\x1fError: bad\x85" + HINT, detail: "Error: bad", status: "error" });
  });

  it("an old tool message of U+001E and U+0085 is sent as the marker", async () => {
    const history: ChatMessage[] = [
      { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "grep", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "c1", name: "grep", content: "\x1e\x85" },
    ];
    const sent = await new ModelHistory({ maxToolResultChars: 16_000 }).forModel(history);
    expect(sent[1]?.content).toBe("(grep completed with no output)");
  });
});

describe("event details cut by code points, as Python slices", () => {
  it("a success of 121 emoji shows the first 120 and ...; one of 120 shows them all", async () => {
    expect((await runOne(EMOJI.repeat(121))).detail).toBe(EMOJI.repeat(120) + "...");
    expect((await runOne(EMOJI.repeat(120))).detail).toBe(EMOJI.repeat(120));
  });

  it("a workspace refusal's detail is its first 160 code points, never half an emoji", async () => {
    const text = "Error: path outside working dir " + EMOJI.repeat(150);
    const { detail } = await runOne(ToolResult.error(text));
    const prefix = "workspace_violation: Error: path outside working dir ";
    expect(detail).toBe(prefix + EMOJI.repeat(160 - prefix.length));
    expect(detail.endsWith(EMOJI)).toBe(true);
  });

  it("an error result's detail and a prepare error's are their first 120 code points", async () => {
    expect((await runOne(ToolResult.error(EMOJI.repeat(130)))).detail).toBe(EMOJI.repeat(120));
    const provider = new ScriptedProvider([toolReply([toolCall("c1", `x${EMOJI.repeat(130)}`, {})]), textReply("done")]);
    const run = await new AgentRunner().run({ provider, model: "m", tools: registryOf(new FakeTool({ name: "probe" })), messages: [{ role: "user", content: "go" }] });
    // Upstream's detail: the text after the first ": ", sliced to 120 code points.
    expect(run.toolEvents[0]?.detail).toBe(`Tool 'x${EMOJI.repeat(113)}`);
  });

  it("firstCodePoints counts an emoji as one and visits no more than it keeps", () => {
    expect(firstCodePoints(`a${EMOJI}b`, 2)).toBe(`a${EMOJI}`);
    expect(firstCodePoints(`a${EMOJI}b`, 9)).toBe(`a${EMOJI}b`);
    expect(firstCodePoints("abc", 0)).toBe("");
    // A lone surrogate counts as one code point, as in Python.
    expect(firstCodePoints("\ud83dxy", 2)).toBe("\ud83dx");
  });
});
