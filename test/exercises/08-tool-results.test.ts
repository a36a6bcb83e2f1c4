/**
 * Exercise 8's rules (its README and the comments in tool-message.ts), each with the test that
 * fails when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  truncate: the first max characters, then "\n... (truncated)" → "cuts long text and marks the cut"
 * R2  truncate: unchanged when it fits, or when max is 0 or negative → "keeps text that fits, and never cuts with a limit of 0 or less"
 * R3  the message has exactly role, tool_call_id, name and content, from the call → "answers the call with exactly role, tool_call_id, name and content"
 * R4  an empty result (null, undefined, blank, ToolResult(""), []) gets the marker with the call's name → "marks empty results so the model knows the call ran"
 * R5  anything else becomes toolResultToText(result); 0 and false are not empty → "turns non-string results into text"
 * R6  over the limit without a workspace: truncate the text (the JSON of an object too) → "truncates long text when there is no workspace"
 * R7  over the limit with a workspace: save the whole text, send persistedReference(path, text) → "persists long text under the workspace and returns a reference"
 * R8  a text that fits, or a limit of 0, is sent whole and never saved → "saves nothing when the text fits or the limit is 0, even with a workspace"
 * R9  saving fails: truncate instead → "falls back to truncation when saving fails"
 * R10 read_file results are never saved or cut → "never persists or truncates read_file results"
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ToolCallRequest } from "../../src/providers/base.js";
import { ToolResult } from "../../src/tools/base.js";
import { buildToolMessage, truncate } from "../../exercises/08-tool-results/tool-message.js";

const call = (name = "fetch", id = "call_1"): ToolCallRequest => new ToolCallRequest({ id, name, arguments: {} });
const dirs: string[] = [];
async function workspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ex08-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe("exercise 8: truncate", () => {
  it("cuts long text and marks the cut", () => {
    expect(truncate("abcdef", 3)).toBe("abc\n... (truncated)");
  });

  it("keeps text that fits, and never cuts with a limit of 0 or less", () => {
    expect(truncate("abc", 3), "exactly max characters fits").toBe("abc");
    expect(truncate("abcdef", 0), "0 disables truncation").toBe("abcdef");
    expect(truncate("abcdef", -1), "a negative limit disables truncation too (max <= 0)").toBe("abcdef");
    expect(truncate("abcd", 3), "one character over the limit is cut").toBe("abc\n... (truncated)");
  });
});

describe("exercise 8: buildToolMessage", () => {
  it("answers the call with exactly role, tool_call_id, name and content", async () => {
    const message = await buildToolMessage(call("fetch", "call_7"), "hello", { maxToolResultChars: 100 });
    expect(message).toStrictEqual({ role: "tool", tool_call_id: "call_7", name: "fetch", content: "hello" });
  });

  it("marks empty results so the model knows the call ran", async () => {
    for (const empty of [null, undefined, "", "  ", new ToolResult(""), []]) {
      const message = await buildToolMessage(call("touch"), empty, { maxToolResultChars: 100 });
      expect(message.content, `empty result ${JSON.stringify(empty)} needs the marker`).toBe("(touch completed with no output)");
    }
  });

  it("turns non-string results into text", async () => {
    expect((await buildToolMessage(call(), { a: [1, 2] }, { maxToolResultChars: 100 })).content).toBe('{"a":[1,2]}');
    expect((await buildToolMessage(call(), 0, { maxToolResultChars: 100 })).content, "0 is not empty").toBe("0");
    expect((await buildToolMessage(call(), new ToolResult("done"), { maxToolResultChars: 100 })).content).toBe("done");
    expect((await buildToolMessage(call(), false, { maxToolResultChars: 100 })).content, "false is not empty").toBe("false");
  });

  it("truncates long text when there is no workspace", async () => {
    const message = await buildToolMessage(call(), "x".repeat(50), { maxToolResultChars: 10 });
    expect(message.content).toBe("x".repeat(10) + "\n... (truncated)");
    const object = await buildToolMessage(call(), { items: "y".repeat(40) }, { maxToolResultChars: 20 });
    expect(object.content, "the limit applies to the text sent, the object's JSON (not String(result), which is short)").toBe('{"items":"yyyyyyyyyy\n... (truncated)');
  });

  it("persists long text under the workspace and returns a reference", async () => {
    const ws = await workspace();
    const text = "line\n".repeat(40);
    const message = await buildToolMessage(call("fetch", "call_big"), text, { maxToolResultChars: 20, workspace: ws, sessionKey: "s1" });
    const path = join(ws, ".tool-results", "s1", "call_big.txt");
    expect(message.content, "the content is persistedReference(path, text)").toMatch(/^\[tool output persisted\]\nFull output saved to: /);
    expect(message.content).toContain(path);
    expect(await readFile(path, "utf8"), "the file holds the whole text").toBe(text);
  });

  it("saves nothing when the text fits or the limit is 0, even with a workspace", async () => {
    const ws = await workspace();
    const fits = await buildToolMessage(call("fetch", "call_fit"), "x".repeat(10), { maxToolResultChars: 10, workspace: ws });
    expect(fits.content, "a text of exactly maxToolResultChars characters fits: send it as it is").toBe("x".repeat(10));
    const short = await buildToolMessage(call("fetch", "call_short"), "short", { maxToolResultChars: 10, workspace: ws });
    expect(short.content, "a short text is sent as it is").toBe("short");
    const off = await buildToolMessage(call("fetch", "call_off"), "y".repeat(50), { maxToolResultChars: 0, workspace: ws });
    expect(off.content, "maxToolResultChars 0 turns the limit off: send the whole text").toBe("y".repeat(50));
    expect(existsSync(join(ws, ".tool-results")), "persist only a text that is over a limit above 0").toBe(false);
  });

  it("falls back to truncation when saving fails", async () => {
    const ws = await workspace();
    const blocker = join(ws, "not-a-folder");
    await writeFile(blocker, "a file where the workspace should be");
    const message = await buildToolMessage(call(), "y".repeat(30), { maxToolResultChars: 5, workspace: blocker });
    expect(message.content, "catch the rejection and truncate").toBe("yyyyy\n... (truncated)");
  });

  it("never persists or truncates read_file results", async () => {
    const ws = await workspace();
    const message = await buildToolMessage(call("read_file"), "z".repeat(40), { maxToolResultChars: 10, workspace: ws });
    expect(message.content, "read_file's text is sent whole").toBe("z".repeat(40));
    expect(existsSync(join(ws, ".tool-results")), "and nothing is saved for it").toBe(false);
    const bare = await buildToolMessage(call("read_file"), "z".repeat(40), { maxToolResultChars: 10 });
    expect(bare.content, "without a workspace it is not cut either").toBe("z".repeat(40));
  });
});
