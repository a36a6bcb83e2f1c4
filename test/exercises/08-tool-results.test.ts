/**
 * Exercise 8's rules (its README and the comments in tool-message.ts), each with the test that
 * fails when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  truncate: the first max characters, then "\n... (truncated)" → "cuts long text and marks the cut"
 * R2  truncate: unchanged when it fits, or when max is 0 or negative → "keeps text that fits, and never cuts with a limit of 0 or less"
 * R3  the message has exactly role, tool_call_id, name and content, from the call → "answers the call with exactly role, tool_call_id, name and content"
 * R4  an empty result (null, undefined, blank, ToolResult(""), []) gets the marker with the call's name → "marks empty results so the model knows the call ran"
 * R5  anything else becomes toolResultToText(result); 0 and false are not empty → "turns non-string results into text"
 * R6  over the limit without a workspace (none, or ""): truncate the text (the JSON of an object too) → "truncates long text when there is no workspace"
 * R7  over the limit with a workspace: save the whole text, send persistedReference(path, text) → "persists long text under the workspace and returns a reference"
 * R8  a text that fits, or a limit of 0, is sent whole and never saved → "saves nothing when the text fits or the limit is 0, even with a workspace"
 * R9  saving fails: truncate instead → "falls back to truncation when saving fails"
 * R10 read_file results are never saved or cut → "never persists or truncates read_file results"
 *
 * Each rule is also held against the worked answer on generated inputs: the "(every input)" tests at the end.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ToolCallRequest } from "../../src/providers/base.js";
import { ToolResult } from "../../src/tools/base.js";
import { toolResultToText } from "../../src/agent/results/result-text.js";
import { buildToolMessage, truncate } from "../../exercises/08-tool-results/tool-message.js";
import * as answer from "../../solutions/08-tool-results/tool-message.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import {
  buildResult,
  callName,
  limitFor,
  READ_FILE_LOOKALIKES,
  makeWorkspace,
  messageInput,
  nonTextResultSpec,
  removeWorkspaces,
  resultSpec,
  textAndLimit,
  type MessageInput,
} from "./_support/gen-08.js";
import { showSnapshot, showString, snapshot } from "./_support/snapshot.js";

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

/** The rules above as sentences, for the properties' failure messages. */
const RULES = {
  R1: 'truncate: the first max characters (UTF-16 units, text.slice(0, max)), then "\\n... (truncated)"',
  R2: "truncate: unchanged when it fits (length <= max), or when max is 0 or negative",
  R3: "the message has exactly role, tool_call_id, name and content, from the call",
  R4: "an empty result (null, undefined, blank text by Python's strip, ToolResult(\"\"), [], text blocks of blank text) gets the marker with the call's name",
  R5: "anything else becomes toolResultToText(result); 0 and false are not empty",
  R6: 'over the limit without a workspace (none, or ""): truncate the text (the JSON of an object too)',
  R7: "over the limit with a workspace: save the whole text, send persistedReference(path, text)",
  R8: "a text that fits, or a limit of 0 or less, is sent whole and never saved",
  R9: "saving fails: truncate instead",
  R10: "read_file results are never saved or cut",
} as const;

/** One property checks the rules `ids` together: its failure names them all. */
const rules = (...ids: Array<keyof typeof RULES>): Rule => ({ exercise: 8, id: ids.join("/"), sentence: ids.map((id) => `${id}: ${RULES[id]}`).join("; ") });

/** One side's run of buildToolMessage: its own workspace, the message, and every file written. */
async function messageOf(build: typeof buildToolMessage, input: MessageInput): Promise<unknown> {
  const ws = await makeWorkspace(input.workspace);
  try {
    const result = buildResult(input.result);
    const max = limitFor(input.limit, toolResultToText(buildResult(input.result)).length);
    const opts: { maxToolResultChars: number; workspace?: string; sessionKey?: string } = { maxToolResultChars: max };
    if (ws.path !== undefined) opts.workspace = ws.path;
    if (input.sessionKey !== undefined) opts.sessionKey = input.sessionKey;
    const message = await build(new ToolCallRequest({ id: input.id, name: input.name, arguments: {} }), result, opts);
    const plain = typeof message.content === "string" ? { ...message, content: ws.plain(message.content) } : message;
    return { message: plain, files: (await ws.files()).map(([path, text]) => [ws.plain(path), text]) };
  } finally {
    await ws.remove();
  }
}

function showMessageInput(input: MessageInput): string {
  const result = buildResult(input.result);
  const shown = typeof result === "string" ? showString(result) : showSnapshot(snapshot(result));
  const max = limitFor(input.limit, toolResultToText(result).length);
  const workspace = input.workspace === "none" ? "" : `, workspace: ${input.workspace === "empty string" ? '""' : `<${input.workspace}>`}`;
  const session = input.sessionKey === undefined ? "" : `, sessionKey: ${showString(input.sessionKey)}`;
  return `buildToolMessage({ id: ${showString(input.id)}, name: ${showString(input.name)} }, ${shown}, { maxToolResultChars: ${max}${workspace}${session} })`;
}

describe("exercise 8: every rule against the worked answer, on generated inputs", () => {
  afterAll(removeWorkspaces);

  it("R1, R2 (every input): truncate at limit − 1, limit and limit + 1, in UTF-16 units, non-ASCII and astral text", async () => {
    await expectSameAsAnswer({
      rule: rules("R1", "R2"),
      input: textAndLimit(),
      learner: ({ text, max }) => truncate(text, max),
      answer: ({ text, max }) => answer.truncate(text, max),
      show: ({ text, max }) => `truncate(${showString(text)}, ${max})`,
      runs: 80,
    });
  });

  it("R3, R4, R5 (every input): the message, the empty marker and the text, for results of every kind", async () => {
    await expectSameAsAnswer({
      rule: rules("R3", "R4", "R5"),
      input: messageInput({ workspaces: ["none"] }).map((i) => ({ ...i, limit: "huge" as const })),
      learner: (i) => messageOf(buildToolMessage, i),
      answer: (i) => messageOf(answer.buildToolMessage, i),
      show: showMessageInput,
      runs: 40,
    });
  });

  it("R6, R8, R10 (every input): over, at and under the limit without a workspace, read_file among the names", async () => {
    await expectSameAsAnswer({
      rule: rules("R6", "R8", "R10"),
      input: messageInput({ workspaces: ["none", "empty string"], names: callName(3) }),
      learner: (i) => messageOf(buildToolMessage, i),
      answer: (i) => messageOf(answer.buildToolMessage, i),
      show: showMessageInput,
      runs: 50,
    });
  });

  it("R10 (every input): read_file and names that only look like it, over the limit, without a workspace", async () => {
    await expectSameAsAnswer({
      rule: rules("R10"),
      input: messageInput({ workspaces: ["none", "empty string"], names: fc.constantFrom(...READ_FILE_LOOKALIKES), limits: ["length - 1", "half"] }),
      learner: (i) => messageOf(buildToolMessage, i),
      answer: (i) => messageOf(answer.buildToolMessage, i),
      show: showMessageInput,
      runs: 40,
    });
  });

  it("R7 (every input): over the limit with a working workspace, every kind of result is saved whole and referenced by its text", async () => {
    await expectSameAsAnswer({
      rule: rules("R7"),
      input: messageInput({ workspaces: ["folder"], limits: ["length - 1", "half", "length - 1"], results: fc.oneof(nonTextResultSpec(), nonTextResultSpec(), resultSpec()) }),
      learner: (i) => messageOf(buildToolMessage, i),
      answer: (i) => messageOf(answer.buildToolMessage, i),
      show: showMessageInput,
      runs: 16,
    });
  });

  it("R7, R8, R9, R10 (every input): with a workspace that works, is a file or is missing: what is sent and what is written", async () => {
    await expectSameAsAnswer({
      rule: rules("R7", "R8", "R9", "R10"),
      input: messageInput({ workspaces: ["folder", "folder", "folder", "a file", "missing"], limits: ["length - 1", "length - 1", "half", "length", "zero"] }),
      learner: (i) => messageOf(buildToolMessage, i),
      answer: (i) => messageOf(answer.buildToolMessage, i),
      show: showMessageInput,
      runs: 16,
    });
  });
});
