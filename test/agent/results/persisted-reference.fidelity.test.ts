/**
 * The reference that stands in for a persisted result, in upstream's exact
 * words. Inputs as upstream's runner tests use them: a 20,000-character result, a 2,048-character
 * limit, the session key `test:runner`; and a result of exactly 1,200 characters, whose preview
 * is whole and so has no closing line. The only difference is the folder (`.tool-results`, listed
 * in the table of differences).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildToolMessage, persistedReference } from "../../../src/agent/results/tool-message.js";
import { ToolCallRequest } from "../../../src/providers/base.js";

let workspace = "";
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), "fidelity-126-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe("fidelity to upstream: the persisted-result reference", () => {
  it("a cut preview ends with upstream's exact closing line", async () => {
    const call = new ToolCallRequest({ id: "call_big", name: "exec", arguments: {} });
    const message = await buildToolMessage(call, "x".repeat(20_000), { maxToolResultChars: 2048, workspace, sessionKey: "test:runner" });
    const path = join(workspace, ".tool-results", "test_runner", "call_big.txt");
    expect(message.content).toBe(
      "[tool output persisted]\n" +
        `Full output saved to: ${path}\n` +
        "Original size: 20000 chars\n" +
        "Preview:\n" +
        "x".repeat(1200) +
        "\n...\n(Read the saved file if you need the full output.)",
    );
    expect(await readFile(path, "utf8")).toBe("x".repeat(20_000));
  });

  it("a preview of exactly 1,200 characters is whole and has no closing line", () => {
    expect(persistedReference("/ws/.tool-results/default/c.txt", "y".repeat(1200))).toBe(
      "[tool output persisted]\nFull output saved to: /ws/.tool-results/default/c.txt\nOriginal size: 1200 chars\nPreview:\n" + "y".repeat(1200),
    );
  });

  it("a small limit cuts the reference itself, as upstream's truncate_text does", async () => {
    const call = new ToolCallRequest({ id: "call_big", name: "exec", arguments: {} });
    const message = await buildToolMessage(call, "x".repeat(20_000), { maxToolResultChars: 100, workspace, sessionKey: "test:runner" });
    const full = persistedReference(join(workspace, ".tool-results", "test_runner", "call_big.txt"), "x".repeat(20_000));
    expect(message.content).toBe(full.slice(0, 100) + "\n... (truncated)");
  });
});
