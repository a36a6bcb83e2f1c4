/**
 * A listed difference: `read_file` is always confined to the workspace here. Upstream confines it
 * only when `tools.restrictToWorkspace` is on, which it is not by default; there, reading a file
 * outside the workspace returns its text. The expected upstream text is what upstream's
 * `ReadFileTool(workspace=ws)` (its default, unrestricted) returned for the same file.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isToolErrorResult, type ToolResult } from "../../../src/tools/base.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WORKSPACE_BOUNDARY_NOTE } from "../../../src/tools/messages.js";

/** Upstream's default answer for an outside file holding `top secret`. */
const UPSTREAM_DEFAULT = "1| top secret\n\n(End of file — 1 lines total)";

let base = "";
let ws = "";

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "fidelity-confined-"));
  ws = join(base, "ws");
  await mkdir(ws);
  await writeFile(join(base, "outside.txt"), "top secret");
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("fidelity to upstream: read_file is always confined to the workspace", () => {
  it.each(["../outside.txt", "OUTSIDE"])("%s is refused, where upstream's default reads it", async (spelling) => {
    const path = spelling === "OUTSIDE" ? join(base, "outside.txt") : spelling;
    const result = await new ReadFileTool({ workspace: ws }).execute({ path }, { signal: new AbortController().signal });
    expect(isToolErrorResult(result)).toBe(true);
    expect((result as ToolResult).content).toBe(`Error: Path ${path} is outside allowed directory ${ws}${WORKSPACE_BOUNDARY_NOTE}`);
    expect((result as ToolResult).content).not.toBe(UPSTREAM_DEFAULT);
  });
});
