/**
 * Fidelity to upstream's `strip_malformed_tool_calls` (`context_governance.py`): in the copy of
 * the history sent back, an assistant tool call without a name (missing, empty or not a string)
 * is dropped, and its result with it; an assistant message left with neither calls nor content is
 * dropped too. The expected copy is upstream's `prepare_for_model` output for the same history.
 */
import { describe, expect, it } from "vitest";
import { repairToolPairs } from "../../src/agent/model-history.js";
import type { ChatMessage } from "../../src/providers/base.js";

const call = (id: string, name: unknown) => ({ id, type: "function", function: { name, arguments: "{}" } });

describe("fidelity to upstream: history nameless calls, as upstream", () => {
  it("drops calls without a name and their results; an assistant message left empty goes, one with words stays", () => {
    const history = [
      { role: "user", content: "u" },
      { role: "assistant", content: "", tool_calls: [call("x", "grep"), call("n1", ""), call("n2", null)] },
      { role: "tool", tool_call_id: "n1", name: "", content: "result of a nameless call" },
      { role: "tool", tool_call_id: "x", name: "grep", content: "X" },
      { role: "assistant", content: "", tool_calls: [call("n3", "")] },
      { role: "tool", tool_call_id: "n3", name: "", content: "dropped with its call" },
      { role: "assistant", content: "thinking", tool_calls: [{ id: "n4", type: "function", function: { arguments: "{}" } }] },
      { role: "user", content: "again" },
    ] as unknown as ChatMessage[];
    const before = JSON.stringify(history);
    expect(repairToolPairs(history)).toEqual([
      { role: "user", content: "u" },
      { role: "assistant", content: "", tool_calls: [call("x", "grep")] },
      { role: "tool", tool_call_id: "x", name: "grep", content: "X" },
      { role: "assistant", content: "thinking" },
      { role: "user", content: "again" },
    ]);
    expect(JSON.stringify(history)).toBe(before);
  });
});
