/**
 * Reproductions of the file-tool defects: a file whose name starts
 * with two dots was refused as outside the workspace, and `read_file` returned a file of any
 * size, whole, on every call.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import { classifyViolation } from "../../../src/agent/guards/refusal-kind.js";
import { ScriptedProvider } from "../../../src/testing/index.js";
import { ToolCallRequest } from "../../../src/providers/base.js";
import { isToolErrorResult } from "../../../src/tools/base.js";
import { ReadFileTool, READ_FILE_MAX_CHARS } from "../../../src/tools/builtin/read-file.js";
import { ListDirTool } from "../../../src/tools/builtin/list-dir.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { isPathInside, resolveInWorkspace } from "../../../src/tools/workspace.js";

const signal = new AbortController().signal;
let base = "";
let ws = "";

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "results-files-"));
  ws = join(base, "ws");
  await mkdir(join(ws, "..dir"), { recursive: true });
  await writeFile(join(ws, "..notes.txt"), "dotted name\n");
  await writeFile(join(ws, "..dir", "inner.txt"), "inner\n");
  await writeFile(join(base, "secret.txt"), "top secret");
  await mkdir(join(base, "ws-other"));
  await writeFile(join(base, "ws-other", "x.txt"), "neighbour");
  await symlink(join(base, "ws-other"), join(ws, "..link"));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("hostile input: containment compares path segments, not string prefixes", () => {
  it("isPathInside: ..notes.txt is inside; .., ../x and a sibling with the same prefix are not", () => {
    expect(isPathInside("/ws", "/ws/..notes.txt")).toBe(true);
    expect(isPathInside("/ws", "/ws/..dir/a")).toBe(true);
    expect(isPathInside("/ws", "/ws")).toBe(true);
    expect(isPathInside("/ws", "/")).toBe(false);
    expect(isPathInside("/ws", "/ws-other/x")).toBe(false);
    expect(isPathInside("/ws", "/other")).toBe(false);
  });

  it("read_file('..notes.txt') reads the file, and is not a workspace violation", async () => {
    const result = await new ReadFileTool({ workspace: ws }).execute({ path: "..notes.txt" }, { signal });
    expect(isToolErrorResult(result)).toBe(false);
    expect(result).toBe("1| dotted name\n\n(End of file — 1 lines total)");
    expect(classifyViolation(String(result))).toBeNull();
    expect(await new ListDirTool({ workspace: ws }).execute({ path: "..dir" })).toBe("inner.txt");
    const wrote = await new WriteFileTool({ workspace: ws }).execute({ path: "..dir/new.txt", content: "ok" }, { signal });
    expect(wrote).toBe("Wrote 2 characters to ..dir/new.txt");
  });

  it("the real escapes are still refused: .., ../secret.txt, and a ..-named symlink to a sibling folder", async () => {
    for (const path of ["..", "../secret.txt", "..dir/../../secret.txt", "..link/x.txt"]) {
      await expect(resolveInWorkspace(ws, path), path).rejects.toThrow(/outside allowed directory/);
    }
  });

  it("through the runner: reading ..notes.txt three times never escalates", async () => {
    const tools = new ToolRegistry();
    tools.register(new ReadFileTool({ workspace: ws }));
    const read = (id: string) => ({
      content: null,
      finishReason: "tool_calls",
      toolCalls: [new ToolCallRequest({ id, name: "read_file", arguments: { path: "..notes.txt" } })],
    });
    const provider = new ScriptedProvider([read("r1"), read("r2"), read("r3"), { content: "done", finishReason: "stop", toolCalls: [] }]);
    const result = await new AgentRunner().run({ provider, model: "m", tools, messages: [{ role: "user", content: "read" }] });
    expect(result.stopReason).toBe("completed");
    expect(result.toolEvents.map((e) => e.status)).toEqual(["ok", "ok", "ok"]);
    for (const m of result.messages.filter((x) => x.role === "tool")) expect(m.content).toContain("1| dotted name");
  });
});

describe("hostile input: read_file pages a large file instead of resending it whole", () => {
  it("defaults to 2,000 lines and says how to read on; the next offset continues exactly", async () => {
    await writeFile(join(ws, "long.txt"), Array.from({ length: 5_000 }, (_, i) => `row ${i + 1}`).join("\n"));
    const tool = new ReadFileTool({ workspace: ws });
    const first = String(await tool.execute({ path: "long.txt" }, { signal }));
    expect(first.startsWith("1| row 1\n2| row 2\n")).toBe(true);
    expect(first.endsWith("2000| row 2000\n\n(Showing lines 1-2000 of 5000. Use offset=2001 to continue.)")).toBe(true);
    const last = String(await tool.execute({ path: "long.txt", offset: 4001 }, { signal }));
    expect(last.startsWith("4001| row 4001\n")).toBe(true);
    expect(last.endsWith("5000| row 5000\n\n(End of file — 5000 lines total)")).toBe(true);
    const beyond = await tool.execute({ path: "long.txt", offset: 5001 }, { signal });
    expect(isToolErrorResult(beyond)).toBe(true);
    expect(String(beyond)).toBe("Error: offset 5001 is beyond end of file (5000 lines)");
  });

  it("caps a page at 128,000 characters of whole lines", async () => {
    await writeFile(join(ws, "wide.txt"), Array.from({ length: 2_000 }, () => "x".repeat(110)).join("\n"));
    const result = String(await new ReadFileTool({ workspace: ws }).execute({ path: "wide.txt" }, { signal }));
    const [page, footer] = result.split("\n\n");
    expect((page ?? "").length).toBeLessThanOrEqual(READ_FILE_MAX_CHARS);
    const shown = (page ?? "").split("\n");
    expect(shown.every((line, i) => line === `${i + 1}| ${"x".repeat(110)}`)).toBe(true);
    expect(footer).toBe(`(Showing lines 1-${shown.length} of 2000. Use offset=${shown.length + 1} to continue.)`);
  });

  it("a single line longer than the cap is cut and the next offset moves past it (upstream would repeat it forever)", async () => {
    await writeFile(join(ws, "one-line.txt"), "y".repeat(200_000) + "\nnext\n");
    const tool = new ReadFileTool({ workspace: ws });
    const result = String(await tool.execute({ path: "one-line.txt" }, { signal }));
    expect(result.length).toBeLessThan(READ_FILE_MAX_CHARS + 200);
    expect(result.endsWith(`\n\n(Showing line 1 of 2, cut to ${READ_FILE_MAX_CHARS} characters. Use offset=2 to continue.)`)).toBe(true);
    expect(await tool.execute({ path: "one-line.txt", offset: 2 }, { signal })).toBe("2| next\n\n(End of file — 2 lines total)");
  });

  it("an empty file says so", async () => {
    await writeFile(join(ws, "empty.txt"), "");
    expect(await new ReadFileTool({ workspace: ws }).execute({ path: "empty.txt" }, { signal })).toBe("(Empty file: empty.txt)");
  });
});
