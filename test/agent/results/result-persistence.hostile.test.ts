/**
 * Reproductions of the persistence defects: a symlinked
 * `.tool-results` or session folder must not carry a saved result, or a clean-up, out of the
 * workspace; a call id seen twice must not send the model to the other result's file; and a
 * cut must never leave half of a surrogate pair, in the message or in the saved preview.
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import { buildToolMessage, persistedReference, PERSIST_PREVIEW_CHARS } from "../../../src/agent/results/tool-message.js";
import { persistToolResult, pruneToolResultBuckets, TOOL_RESULT_BUCKET_MARKER } from "../../../src/agent/results/result-persistence.js";
import { truncateText, TRUNCATION_SUFFIX } from "../../../src/util/text-cut.js";
import { ToolCallRequest } from "../../../src/providers/base.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { FakeTool, ScriptedProvider } from "../../../src/testing/index.js";

const DAY = 24 * 60 * 60 * 1000;
let base = "";
let ws = "";
let outside = "";

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "results-persistence-"));
  ws = join(base, "ws");
  outside = join(base, "outside");
  await mkdir(ws);
  await mkdir(outside);
  await writeFile(join(outside, "keep.txt"), "the user's file");
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Every path under `dir` with its kind and content, for before/after comparisons. */
async function snapshot(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const rel of (await readdir(dir, { recursive: true })).map(String).sort()) {
    const info = await lstat(join(dir, rel));
    out.push(info.isFile() ? `${rel}=${await readFile(join(dir, rel), "utf8")}` : `${rel}/${info.isDirectory() ? "dir" : "link"}`);
  }
  return out;
}

async function oldFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true });
  await writeFile(join(path, TOOL_RESULT_BUCKET_MARKER), "");
  await writeFile(join(path, "data.txt"), "precious");
  const when = new Date(Date.now() - 30 * DAY);
  await utimes(path, when, when);
}

const call = (id: string, name = "exec"): ToolCallRequest => new ToolCallRequest({ id, name, arguments: {} });

describe("hostile input: persistence never leaves the workspace through a symlink", () => {
  it("a .tool-results symlink to a folder outside: nothing written there, nothing deleted there, the text is cut", async () => {
    await oldFolder(join(outside, "old_session"));
    await symlink(outside, join(ws, ".tool-results"));
    const before = await snapshot(outside);
    const message = await buildToolMessage(call("call_big"), "x".repeat(5000), { maxToolResultChars: 100, workspace: ws });
    expect(message.content).toBe("x".repeat(100) + TRUNCATION_SUFFIX);
    expect(await snapshot(outside)).toEqual(before);
  });

  it("a session folder that is a symlink out of the workspace is refused too", async () => {
    await mkdir(join(ws, ".tool-results"));
    await symlink(outside, join(ws, ".tool-results", "default"));
    const before = await snapshot(outside);
    await expect(persistToolResult({ workspace: ws, callId: "c1", text: "y".repeat(500) })).rejects.toThrow(/not a plain folder/);
    expect(await snapshot(outside)).toEqual(before);
  });

  it("a result file name that is a symlink out is never written through; the next name is used", async () => {
    const dir = join(ws, ".tool-results", "default");
    await mkdir(dir, { recursive: true });
    await symlink(join(outside, "keep.txt"), join(dir, "c1.txt"));
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "fresh output" });
    expect(path).toBe(join(dir, "c1.2.txt"));
    expect(await readFile(path, "utf8")).toBe("fresh output");
    expect(await readFile(join(outside, "keep.txt"), "utf8")).toBe("the user's file");
  });

  it("clean-up skips symlinked session folders and folders the runner did not create, and keeps other files", async () => {
    const root = join(ws, ".tool-results");
    await mkdir(root);
    await oldFolder(join(outside, "target"));
    await symlink(join(outside, "target"), join(root, "linked_old"));
    await mkdir(join(root, "someone_elses"));
    await writeFile(join(root, "someone_elses", "notes.txt"), "not the runner's");
    await utimes(join(root, "someone_elses"), new Date(Date.now() - 30 * DAY), new Date(Date.now() - 30 * DAY));
    await oldFolder(join(root, "mixed"));
    await mkdir(join(root, "mixed", "nested"));
    await writeFile(join(root, "mixed", "nested", "kept.md"), "kept");
    await utimes(join(root, "mixed"), new Date(Date.now() - 30 * DAY), new Date(Date.now() - 30 * DAY));
    await oldFolder(join(root, "stale"));
    const outsideBefore = await snapshot(outside);

    const removed = await pruneToolResultBuckets(root, "current");
    expect(removed).toEqual(["stale"]);
    expect(await snapshot(outside)).toEqual(outsideBefore);
    expect(await readFile(join(root, "someone_elses", "notes.txt"), "utf8")).toBe("not the runner's");
    expect(await readFile(join(root, "mixed", "nested", "kept.md"), "utf8")).toBe("kept");
    expect((await readdir(root)).sort()).toEqual(["linked_old", "mixed", "someone_elses"]);
  });

  it("pruning a .tool-results that is itself a symlink does nothing", async () => {
    await oldFolder(join(outside, "old_session"));
    await symlink(outside, join(ws, "linked-root"));
    const before = await snapshot(outside);
    expect(await pruneToolResultBuckets(join(ws, "linked-root"), "x")).toEqual([]);
    expect(await snapshot(outside)).toEqual(before);
  });

  it("a workspace that does not exist is not created", async () => {
    const missing = join(base, "missing-ws");
    const message = await buildToolMessage(call("c"), "z".repeat(300), { maxToolResultChars: 50, workspace: missing });
    expect(message.content).toBe("z".repeat(50) + TRUNCATION_SUFFIX);
    await expect(stat(missing)).rejects.toThrow();
  });
});

describe("hostile input: a persisted result never points at another result's file", () => {
  it("the provider's call_0 on every turn: turn 2's message points at a file holding turn 2's output", async () => {
    let turn = 0;
    const tools = new ToolRegistry();
    tools.register(new FakeTool({ name: "dump", run: () => `turn ${++turn}: ` + String(turn).repeat(3000) }));
    const reply = () => ({ content: null, finishReason: "tool_calls", toolCalls: [new ToolCallRequest({ id: "call_0", name: "dump", arguments: {} })] });
    const provider = new ScriptedProvider([reply(), reply(), { content: "done", finishReason: "stop", toolCalls: [] }]);
    const result = await new AgentRunner().run({ provider, model: "m", tools, messages: [{ role: "user", content: "go" }], maxToolResultChars: 500, workspace: ws });
    expect(result.stopReason).toBe("completed");
    const toolMessages = result.messages.filter((m) => m.role === "tool");
    expect(toolMessages).toHaveLength(2);
    const paths = toolMessages.map((m) => /Full output saved to: (.*)\n/.exec(m.content ?? "")?.[1] ?? "");
    expect(new Set(paths).size).toBe(2);
    expect(await readFile(paths[0] as string, "utf8")).toBe("turn 1: " + "1".repeat(3000));
    expect(await readFile(paths[1] as string, "utf8")).toBe("turn 2: " + "2".repeat(3000));
  });

  it("the same text saved again reuses its file (the history is normalised again)", async () => {
    const first = await buildToolMessage(call("call_7"), "q".repeat(3000), { maxToolResultChars: 500, workspace: ws });
    const again = await buildToolMessage(call("call_7"), "q".repeat(3000), { maxToolResultChars: 500, workspace: ws });
    expect(again.content).toBe(first.content);
    expect((await readdir(join(ws, ".tool-results", "default"))).filter((n) => n.endsWith(".txt"))).toEqual(["call_7.txt"]);
  });
});

describe("hostile input: cuts never split a surrogate pair", () => {
  const emoji = "\u{1F600}"; // two UTF-16 units: \ud83d \ude00
  const hasLoneSurrogate = (text: string): boolean => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

  it("truncateText at a limit that falls inside a pair cuts before the pair", () => {
    const text = "a".repeat(9) + emoji + "tail";
    const cut = truncateText(text, 10);
    expect(cut).toBe("a".repeat(9) + TRUNCATION_SUFFIX);
    expect(hasLoneSurrogate(cut)).toBe(false);
    expect(truncateText(text, 11)).toBe("a".repeat(9) + emoji + TRUNCATION_SUFFIX);
  });

  it("the tool message without a workspace holds no lone surrogate", async () => {
    const message = await buildToolMessage(call("c"), emoji.repeat(100), { maxToolResultChars: 51 });
    expect(hasLoneSurrogate(message.content ?? "")).toBe(false);
    expect(message.content).toBe(emoji.repeat(25) + TRUNCATION_SUFFIX);
  });

  it("the persisted preview holds no lone surrogate, and the saved file holds the whole text", async () => {
    const text = "b".repeat(PERSIST_PREVIEW_CHARS - 1) + emoji.repeat(1000);
    expect(hasLoneSurrogate(persistedReference("/p.txt", text))).toBe(false);
    const message = await buildToolMessage(call("c_emoji"), text, { maxToolResultChars: 100_000 - 1, workspace: ws });
    expect(message.content).toBe(text);
    const persisted = await buildToolMessage(call("c_emoji"), text, { maxToolResultChars: 1500, workspace: ws });
    expect(hasLoneSurrogate(persisted.content ?? "")).toBe(false);
    expect(persisted.content).toContain("Preview:\n" + "b".repeat(PERSIST_PREVIEW_CHARS - 1) + "\n...\n");
    expect(await readFile(join(ws, ".tool-results", "default", "c_emoji.txt"), "utf8")).toBe(text);
  });
});
