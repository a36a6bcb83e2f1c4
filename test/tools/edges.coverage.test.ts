/**
 * Edges of the tool contract and the file tools that the main tests pass by: root schemas of
 * every kind, file-system failures of every kind as the model reads them, and paths through
 * dangling and looping symlinks.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertObjectRootSchema, isObjectRootSchema, isToolErrorResult } from "../../src/tools/base.js";
import { ListDirTool } from "../../src/tools/builtin/list-dir.js";
import { WriteFileTool } from "../../src/tools/builtin/write-file.js";
import { fileErrorResult } from "../../src/tools/builtin/read-file.js";
import { suggestToolName } from "../../src/tools/suggest.js";
import { resolveInWorkspace, WorkspaceViolationError } from "../../src/tools/workspace.js";

describe("coverage: root schemas", () => {
  it("counts a missing schema or a missing type as an object", () => {
    expect(isObjectRootSchema(undefined)).toBe(true);
    expect(isObjectRootSchema(null)).toBe(true);
    expect(isObjectRootSchema({})).toBe(true);
    expect(isObjectRootSchema({ type: "object" })).toBe(true);
  });

  it("refuses every other root, naming what it got", () => {
    expect(isObjectRootSchema("object")).toBe(false);
    expect(isObjectRootSchema([])).toBe(false);
    expect(() => assertObjectRootSchema("t", { type: "array" })).toThrow(/got "array"/);
    expect(() => assertObjectRootSchema("t", [{ type: "object" }])).toThrow(/got an array/);
    expect(() => assertObjectRootSchema("t", "object")).toThrow(/got string/);
    expect(() => assertObjectRootSchema("t", 3)).toThrow(/Tool 't': the parameters schema must have type "object" at its root, got number/);
    expect(() => assertObjectRootSchema("t", { type: "object" })).not.toThrow();
  });
});

describe("coverage: file-system failures as the model reads them", () => {
  const failure = (code: string | undefined, message = "boom"): Error => Object.assign(new Error(message), code === undefined ? {} : { code });

  it.each([
    ["ENOENT", "Error: File not found: a.txt"],
    ["EISDIR", "Error: a.txt is a directory, not a file"],
    ["ENOTDIR", "Error: a.txt is not a directory"],
    ["EACCES", "Error: Permission denied: a.txt"],
    ["EPERM", "Error: Permission denied: a.txt"],
    ["EIO", "Error: Could not access a.txt: boom"],
  ])("%s", (code, text) => {
    const result = fileErrorResult("a.txt", failure(code));
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe(text);
  });

  it("describes a thrown value that is not an Error, and a workspace refusal by its message", () => {
    expect(String(fileErrorResult("a.txt", "odd"))).toBe("Error: Could not access a.txt: odd");
    expect(String(fileErrorResult("a.txt", null))).toBe("Error: Could not access a.txt: null");
    expect(String(fileErrorResult("../x", new WorkspaceViolationError("Path ../x is outside allowed directory /w")))).toBe("Error: Path ../x is outside allowed directory /w");
  });
});

describe("coverage: paths and symlinks in the workspace", () => {
  let root = "";
  let workspace = "";
  let elsewhere = "";

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "coverage-ws-"));
    workspace = join(root, "ws");
    elsewhere = join(root, "elsewhere");
    await mkdir(join(workspace, "empty"), { recursive: true });
    await mkdir(elsewhere);
    await writeFile(join(workspace, "file.txt"), "x");
    await symlink(join(workspace, "new.txt"), join(workspace, "dangling-inside"));
    await symlink(join(elsewhere, "new.txt"), join(workspace, "dangling-outside"));
    await symlink(join(workspace, "loop-b"), join(workspace, "loop-a"));
    await symlink(join(workspace, "loop-a"), join(workspace, "loop-b"));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("follows a dangling symlink to where it points: inside is allowed, outside is refused", async () => {
    expect(await resolveInWorkspace(workspace, "dangling-inside")).toMatch(/ws[\\/]new\.txt$/);
    await expect(resolveInWorkspace(workspace, "dangling-outside")).rejects.toThrow(/outside allowed directory/);
  });

  it("refuses a symlink loop", async () => {
    await expect(resolveInWorkspace(workspace, "loop-a")).rejects.toThrow(WorkspaceViolationError);
    await expect(resolveInWorkspace(workspace, "loop-a/x")).rejects.toThrow(/symlink loop|outside allowed directory/);
  });

  it("resolves a path below a file that does not exist yet", async () => {
    expect(await resolveInWorkspace(workspace, "not/yet/there.txt")).toMatch(/ws[\\/]not[\\/]yet[\\/]there\.txt$/);
  });

  it("refuses empty, non-string, NUL and over-long paths", async () => {
    await expect(resolveInWorkspace(workspace, "")).rejects.toThrow(/non-empty string/);
    await expect(resolveInWorkspace(workspace, 3)).rejects.toThrow(/non-empty string/);
    await expect(resolveInWorkspace(workspace, "a\0b")).rejects.toThrow(/NUL/);
    await expect(resolveInWorkspace(workspace, "a".repeat(5000))).rejects.toThrow(/at most 4096/);
  });

  it("write_file on a folder says so in its own words (docs/fidelity.md row 65)", async () => {
    const tool = WriteFileTool.create({ workspace });
    const signal = new AbortController().signal;
    expect(String(await tool.execute({ path: "empty", content: "x" }, { signal }))).toBe("Error: empty is a directory, not a file");
  });

  it("list_dir lists the workspace when no path is given, and says when a folder is empty", async () => {
    const tool = ListDirTool.create({ workspace });
    const signal = new AbortController().signal;
    expect(String(await tool.execute({}, { signal }))).toContain("file.txt");
    expect(await tool.execute({ path: "empty" }, { signal })).toBe("(empty is empty)");
    // Upstream's texts for a file and for a missing path.
    expect(String(await tool.execute({ path: "file.txt" }, { signal }))).toBe("Error: Not a directory: file.txt");
    expect(String(await tool.execute({ path: "nope" }, { signal }))).toBe("Error: Directory not found: nope");
    expect(String(await tool.execute({ path: "file.txt/below" }, { signal }))).toBe("Error: Directory not found: file.txt/below");
  });
});

describe("coverage: suggestions", () => {
  it("suggests nothing for a name with no letters or digits, or when two names match", () => {
    expect(suggestToolName("__", ["read_file"])).toBeNull();
    expect(suggestToolName("readfile", ["read_file", "Read-File"])).toBeNull();
    expect(suggestToolName("READ_FILE", ["read_file", "list_dir"])).toBe("read_file");
  });
});
