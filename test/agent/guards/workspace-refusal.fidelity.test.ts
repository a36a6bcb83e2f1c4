/**
 * Fidelity of the workspace refusal to upstream's text: `Path <path> is outside allowed directory
 * <workspace>` and upstream's boundary note, the path as the model wrote it and the workspace as it
 * was configured. Expected texts are those upstream's file tools returned with
 * `restrict_to_workspace` on, for the same paths and a workspace at the same place.
 */
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import { isToolErrorResult, type Tool, type ToolResult } from "../../../src/tools/base.js";
import { ListDirTool } from "../../../src/tools/builtin/list-dir.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";
import { RETRY_HINT, WORKSPACE_BOUNDARY_NOTE } from "../../../src/tools/messages.js";
import { registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../../src/testing/index.js";

const UPSTREAM_NOTE =
  " (this is a hard policy boundary, not a transient failure; do not retry with shell tricks or alternative tools, " +
  "and ask the user how to proceed if the resource is genuinely required)";

/** Upstream's refusal of `path` outside `workspace`. */
const upstreamRefusal = (path: string, workspace: string): string => `Error: Path ${path} is outside allowed directory ${workspace}${UPSTREAM_NOTE}`;

let base = "";
let ws = "";
const signal = new AbortController().signal;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "fidelity-refusal-"));
  ws = join(base, "ws");
  await mkdir(ws);
  await symlink(ws, join(base, "ws-link"));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function refusal(tool: Tool, args: Record<string, unknown>): Promise<ToolResult> {
  const result = await tool.execute(args, { signal });
  expect(isToolErrorResult(result)).toBe(true);
  return result as ToolResult;
}

describe("fidelity to upstream: the workspace refusal", () => {
  it("the note is upstream's, exactly", () => {
    expect(WORKSPACE_BOUNDARY_NOTE).toBe(UPSTREAM_NOTE);
  });

  it.each(["/etc/hostname", "../x.txt", "sub/../../x.txt"])("read_file %s: upstream's text, with the workspace code", async (path) => {
    const result = await refusal(new ReadFileTool({ workspace: ws }), { path });
    expect(result.content).toBe(upstreamRefusal(path, ws));
    expect(result.code).toBe("workspace");
  });

  it("write_file and list_dir refuse in the same words", async () => {
    expect((await refusal(new WriteFileTool({ workspace: ws }), { path: "/etc/x", content: "x" })).content).toBe(upstreamRefusal("/etc/x", ws));
    expect((await refusal(new ListDirTool({ workspace: ws }), { path: "/etc" })).content).toBe(upstreamRefusal("/etc", ws));
  });

  it("the workspace is named as it was configured: a symlink stays, a trailing slash goes", async () => {
    const link = join(base, "ws-link");
    expect((await refusal(new ReadFileTool({ workspace: link }), { path: "/etc/hostname" })).content).toBe(upstreamRefusal("/etc/hostname", link));
    expect((await refusal(new ReadFileTool({ workspace: `${ws}/` }), { path: "/etc/hostname" })).content).toBe(upstreamRefusal("/etc/hostname", ws));
  });

  it("through the runner the model reads it with the retry hint, as upstream's soft payload", async () => {
    const provider = new ScriptedProvider([toolReply([toolCall("c1", "read_file", { path: "/etc/hostname" })]), textReply("ok")]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registryOf(new ReadFileTool({ workspace: ws })), messages: [{ role: "user", content: "go" }] });
    expect(result.messages[2]?.content).toBe(upstreamRefusal("/etc/hostname", ws) + RETRY_HINT);
    expect(result.toolEvents[0]?.detail).toBe(`workspace_violation: ${upstreamRefusal("/etc/hostname", ws)}`.slice(0, 160));
  });
});
