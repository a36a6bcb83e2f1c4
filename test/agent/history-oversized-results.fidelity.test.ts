/**
 * Fidelity to upstream's fitting of old tool messages (`context_governance.py`,
 * `apply_tool_result_budget`): in the copy of the history sent back, an old tool message over the
 * limit is saved under the workspace, as a fresh result is, and the model reads the reference;
 * without a workspace it is cut; `read_file` is exempt. Expected copies are upstream's
 * `prepare_for_model` output for the same history; the folder is the workbook's own
 * (`.tool-results`, listed in docs/fidelity.md).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ModelHistory } from "../../src/agent/model-history.js";
import { AgentRunner } from "../../src/agent/runner.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";

const call = (id: string, name: string) => ({ id, type: "function" as const, function: { name, arguments: "{}" } });
const BIG = Array.from({ length: 200 }, (_, i) => `line ${i} of the big result\n`).join("");
const FILE = "f".repeat(3000);
const HISTORY: ChatMessage[] = [
  { role: "user", content: "u" },
  { role: "assistant", content: "", tool_calls: [call("big", "grep"), call("file", "read_file"), call("small", "grep")] },
  { role: "tool", tool_call_id: "big", name: "grep", content: BIG },
  { role: "tool", tool_call_id: "file", name: "read_file", content: FILE },
  { role: "tool", tool_call_id: "small", name: "grep", content: "small" },
];

let workspace = "";
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), "history-oversized-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe("fidelity to upstream: history oversized results, as upstream", () => {
  it("with a workspace: saved as <call id>.txt, the model reads the reference; read_file and short results unchanged", async () => {
    const sent = await new ModelHistory({ maxToolResultChars: 2048, workspace, sessionKey: "s:1" }).forModel(HISTORY);
    const path = join(workspace, ".tool-results", "s_1", "big.txt");
    expect(BIG.length).toBe(5290);
    expect(sent[2]?.content).toBe(
      "[tool output persisted]\n" +
        `Full output saved to: ${path}\n` +
        "Original size: 5290 chars\n" +
        "Preview:\n" +
        BIG.slice(0, 1200) +
        "\n...\n(Read the saved file if you need the full output.)",
    );
    expect(await readFile(path, "utf8")).toBe(BIG);
    expect(sent[3]?.content).toBe(FILE);
    expect(sent[4]?.content).toBe("small");
    expect(HISTORY[2]?.content).toBe(BIG);
  });

  it("without a workspace: cut at the limit with upstream's suffix", async () => {
    const sent = await new ModelHistory({ maxToolResultChars: 2048 }).forModel(HISTORY.slice(0, 3));
    expect(sent[2]?.content).toBe(BIG.slice(0, 2048) + "\n... (truncated)");
  });

  it("through the runner: every request of the run reads the reference, the file is written once, the run's messages keep the text", async () => {
    const echo = new FakeTool({ name: "echo", run: () => "echoed" });
    const provider = new ScriptedProvider([toolReply([toolCall("t1", "echo")]), textReply("done")]);
    const history: ChatMessage[] = [...HISTORY, { role: "user", content: "summarise" }];
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(echo), messages: history, workspace, sessionKey: "s:1", maxToolResultChars: 2048 });
    expect(result.stopReason).toBe("completed");
    expect(provider.requests).toHaveLength(2);
    for (const request of provider.requests) {
      expect(request.messages[2]?.content).toMatch(/^\[tool output persisted\]\nFull output saved to: .*big\.txt\nOriginal size: 5290 chars\n/);
    }
    expect(provider.requests[1]?.messages.at(-1)).toEqual({ role: "tool", tool_call_id: "t1", name: "echo", content: "echoed" });
    expect(result.messages[2]?.content).toBe(BIG);
    expect((await readdir(join(workspace, ".tool-results", "s_1"))).filter((f) => f.endsWith(".txt"))).toEqual(["big.txt"]);
  });
});
