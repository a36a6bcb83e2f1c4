import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isToolErrorResult } from "../../../src/tools/base.js";
import { ListDirTool } from "../../../src/tools/builtin/list-dir.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { resolveInWorkspace, WorkspaceViolationError } from "../../../src/tools/workspace.js";

let base = "";
let ws = "";
const signal = new AbortController().signal;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "builtin-files-"));
  ws = join(base, "ws");
  await mkdir(join(ws, "sub"), { recursive: true });
  await writeFile(join(ws, "notes.txt"), "one\ntwo\nthree\nfour");
  await writeFile(join(base, "secret.txt"), "top secret");
  await symlink(join(base, "secret.txt"), join(ws, "leak.txt"));
  await symlink(base, join(ws, "up"));
  await symlink(join(ws, "loop-a"), join(ws, "loop-b"));
  await symlink(join(ws, "loop-b"), join(ws, "loop-a"));
  await symlink(join(ws, "notes.txt"), join(ws, "inside-link.txt"));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("resolveInWorkspace", () => {
  it.each([["../secret.txt"], ["sub/../../secret.txt"], ["/etc/passwd"], ["leak.txt"], ["up/secret.txt"], ["..\\secret.txt"], ["sub\\..\\..\\secret.txt"]])(
    "refuses %s as outside the workspace",
    async (path) => {
      await expect(resolveInWorkspace(ws, path)).rejects.toThrow(/outside allowed directory/);
    },
  );

  it.each([
    ["a\0b", /NUL byte/],
    ["x".repeat(5000), /at most 4096/],
    ["", /non-empty string/],
    ["loop-a", /symlink loop/],
  ])("refuses %j with a clear reason", async (path, reason) => {
    await expect(resolveInWorkspace(ws, path)).rejects.toThrow(reason);
    await expect(resolveInWorkspace(ws, path)).rejects.toBeInstanceOf(WorkspaceViolationError);
  });

  it("accepts paths inside, absolute ones included, and links that stay inside", async () => {
    expect(await resolveInWorkspace(ws, "notes.txt")).toMatch(/notes\.txt$/);
    expect(await resolveInWorkspace(ws, join(ws, "sub"))).toMatch(/sub$/);
    expect(await resolveInWorkspace(ws, "inside-link.txt")).toMatch(/notes\.txt$/);
    expect(await resolveInWorkspace(ws, "sub/new/file.txt")).toMatch(/sub\/new\/file\.txt$/);
  });
});

describe("the file built-ins", () => {
  const registry = new ToolRegistry();
  beforeAll(() => {
    registry.register(new ReadFileTool({ workspace: ws }));
    registry.register(new ListDirTool({ workspace: ws }));
    registry.register(new WriteFileTool({ workspace: ws }));
  });

  it("declares read_file and list_dir read-only and concurrency-safe, write_file neither", () => {
    expect(registry.get("read_file")?.concurrencySafe).toBe(true);
    expect(registry.get("list_dir")?.concurrencySafe).toBe(true);
    expect(registry.get("write_file")?.readOnly).toBe(false);
    expect(registry.get("write_file")?.concurrencySafe).toBe(false);
  });

  it("reads a file, or a range of lines", async () => {
    expect(await registry.execute("read_file", { path: "notes.txt" })).toBe("1| one\n2| two\n3| three\n4| four\n\n(End of file — 4 lines total)");
    expect(await registry.execute("read_file", '{"path": "notes.txt", "offset": "2", "limit": 2}')).toBe(
      "2| two\n3| three\n\n(Showing lines 2-3 of 4. Use offset=4 to continue.)",
    );
  });

  it("names the path of a missing file in a ToolResult error", async () => {
    const result = await new ReadFileTool({ workspace: ws }).execute({ path: "nope.txt" }, { signal });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("Error: File not found: nope.txt");
  });

  it.each(["read_file", "list_dir", "write_file"])("%s refuses a path outside the workspace", async (name) => {
    const tool = registry.get(name);
    const result = await tool?.execute({ path: "../secret.txt", content: "x" }, { signal });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toContain("outside allowed directory");
    expect(await readFile(join(base, "secret.txt"), "utf8")).toBe("top secret");
  });

  it("lists a folder with folders marked", async () => {
    const listing = String(await registry.execute("list_dir", { path: "." }));
    expect(listing.split("\n")).toContain("sub/");
    expect(listing.split("\n")).toContain("notes.txt");
  });

  it("writes a file, creating folders", async () => {
    const result = await registry.execute("write_file", { path: "deep/er/out.txt", content: "hello" });
    expect(result).toBe("Wrote 5 characters to deep/er/out.txt");
    expect(await readFile(join(ws, "deep/er/out.txt"), "utf8")).toBe("hello");
    expect(existsSync(join(base, "deep"))).toBe(false);
  });

  it("lists the workspace itself for an empty path, and needs a path, as upstream", async () => {
    expect(String(await registry.execute("list_dir", { path: "" }))).toBe(String(await registry.execute("list_dir", { path: "." })));
    expect(String(await registry.execute("list_dir", {}))).toContain("missing required path");
  });

  it("refuses an empty path at run time with upstream's words", async () => {
    expect(registry.prepareCall("read_file", { path: "" }).error).toBeNull();
    const read = await new ReadFileTool({ workspace: ws }).execute({ path: "" }, { signal });
    expect(isToolErrorResult(read)).toBe(true);
    expect(String(read)).toBe("Error reading file: Unknown path");
    const write = await new WriteFileTool({ workspace: ws }).execute({ path: "", content: "x" }, { signal });
    expect(isToolErrorResult(write)).toBe(true);
    expect(String(write)).toBe("Error writing file: Unknown path");
  });

  it("rejects unknown parameters before reading anything", async () => {
    const result = String(await registry.execute("read_file", { path: "notes.txt", line_limit: 1 }));
    expect(result).toContain("unexpected parameter line_limit");
    expect(result).not.toContain("one");
  });
});
