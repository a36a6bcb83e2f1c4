/**
 * Refusal kinds are data: the built-ins put the kind in `ToolResult.code`, a thrown `SsrfError` or
 * `WorkspaceViolationError` carries it in its own `code`, and the runner reads it before the text.
 * Values from a plugin's own copy of the workbook are recognised by their global mark. The text markers remain the fallback for failures without a code (plugin
 * and MCP tools that return plain text, thrown errors), as upstream recognises every refusal.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import type { AgentRunSpec } from "../../../src/agent/run-spec.js";
import { refusalKind } from "../../../src/agent/guards/refusal-kind.js";
import { ToolCallRequest, type LLMProvider } from "../../../src/providers/base.js";
import { isToolErrorResult, Tool, ToolResult, type JsonSchema } from "../../../src/tools/base.js";
import { SsrfError } from "../../../src/security/ssrf.js";
import { WorkspaceViolationError } from "../../../src/tools/workspace.js";
import { ListDirTool } from "../../../src/tools/builtin/list-dir.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WebFetchTool } from "../../../src/tools/builtin/web-fetch.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";
import { RETRY_HINT } from "../../../src/tools/messages.js";
import { escalationMessage } from "../../../src/agent/guards/violations.js";
import { SSRF_NOTE } from "../../../src/agent/guards/refusal-kind.js";
import { ToolRegistry } from "../../../src/tools/registry.js";

const signal = new AbortController().signal;
const noModel: LLMProvider = { chat: async () => ({ content: "", toolCalls: [], finishReason: "stop" }) };
const runner = new AgentRunner();

/** A tool that returns (or throws) whatever it is given, whatever its arguments. */
class Returns extends Tool {
  readonly description = "returns a fixed value";
  readonly parameters: JsonSchema = { type: "object", properties: { path: { type: "string" } } };
  constructor(
    readonly name: string,
    readonly value: () => unknown,
  ) {
    super();
  }
  async execute(): Promise<unknown> {
    return this.value();
  }
}

function specWith(...tools: Tool[]): AgentRunSpec {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return { provider: noModel, model: "m", tools: registry, messages: [{ role: "user", content: "go" }] };
}

function calls(name: string, args: unknown, count = 1): ToolCallRequest[] {
  return Array.from({ length: count }, (_, i) => new ToolCallRequest({ id: `c${i}`, name, arguments: args }));
}

let base = "";
let ws = "";
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "refusal-codes-"));
  ws = join(base, "ws");
  await mkdir(ws);
  await writeFile(join(base, "secret.txt"), "top secret");
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("ToolResult.code", () => {
  it("is absent unless given, through the constructor or ToolResult.error", () => {
    expect("code" in new ToolResult("x", true)).toBe(false);
    expect("code" in ToolResult.error("x")).toBe(false);
    expect(new ToolResult("x", true, "workspace").code).toBe("workspace");
    const refusal = ToolResult.error("x", "ssrf");
    expect(refusal).toMatchObject({ content: "x", isError: true, code: "ssrf" });
    expect(Object.isFrozen(refusal)).toBe(true);
  });
});

describe("the built-ins carry the kind of their refusals as data", () => {
  it.each<[string, () => Tool, Record<string, unknown>]>([
    ["read_file", () => new ReadFileTool({ workspace: ws }), { path: "../secret.txt" }],
    ["list_dir", () => new ListDirTool({ workspace: ws }), { path: ".." }],
    ["write_file", () => new WriteFileTool({ workspace: ws }), { path: "../planted.txt", content: "x" }],
  ])('%s refuses a path outside the workspace with code "workspace"', async (_name, make, args) => {
    const result = await make().execute(args, { signal });
    expect(result).toBeInstanceOf(ToolResult);
    expect(result).toMatchObject({ isError: true, code: "workspace" });
  });

  it("a path that is merely unusable (a NUL byte) is an error with no code, as before", async () => {
    const result = await new ReadFileTool({ workspace: ws }).execute({ path: "a\0b" }, { signal });
    expect(result).toMatchObject({ isError: true });
    expect((result as ToolResult).code).toBeUndefined();
  });

  it('web_fetch refuses a private address with code "ssrf"; a URL the model can fix has no code', async () => {
    const fetchNever = async (): Promise<Response> => {
      throw new Error("must not fetch");
    };
    const tool = new WebFetchTool({ lookup: async () => ["10.0.0.7"], fetch: fetchNever });
    expect(await tool.execute({ url: "https://intranet.example/" }, { signal })).toMatchObject({ isError: true, code: "ssrf" });
    const badScheme = await tool.execute({ url: "ftp://example.com/x" }, { signal });
    expect(badScheme).toMatchObject({ isError: true });
    expect((badScheme as ToolResult).code).toBeUndefined();
  });

  it("the runner classifies a built-in refusal by its code", async () => {
    const reader = new ReadFileTool({ workspace: ws });
    const refusal = (await reader.execute({ path: "../secret.txt" }, { signal })) as ToolResult;
    // The code decides, whatever the text says.
    expect(refusalKind(refusal.code, "no marker in this text")).toBe("workspace");
    const secret = join(base, "secret.txt");
    const { results, events } = await runner.executeTools(specWith(reader), calls("read_file", { path: secret }, 3));
    expect(events.map((e) => e.detail.split(":")[0])).toEqual(["workspace_violation", "workspace_violation", "workspace_violation_escalated"]);
    expect(results[2]).toBe(escalationMessage(secret, 3));
  });
});

describe("the runner reads the code first and the text only as a fallback", () => {
  it("a plain-text refusal with a marker still counts (plugin and MCP tools)", async () => {
    const text = "Error: Path /etc/passwd is outside allowed directory /ws";
    const plugin = new Returns("plugin_read", () => ToolResult.error(text));
    const { results, events } = await runner.executeTools(specWith(plugin), calls("plugin_read", { path: "/etc/passwd" }, 3));
    expect(events.map((e) => e.detail.split(":")[0])).toEqual(["workspace_violation", "workspace_violation", "workspace_violation_escalated"]);
    expect(results[0]).toBe(text + RETRY_HINT);

    const thrower = new Returns("mcp_fetch", () => {
      throw new Error("Blocked: http://10.0.0.1/ resolves to private/internal address 10.0.0.1");
    });
    const ssrf = await runner.executeTools(specWith(thrower), calls("mcp_fetch", {}));
    expect(ssrf.results[0]).toMatch(new RegExp(`\\n\\n${SSRF_NOTE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    expect(ssrf.events[0]?.detail).toMatch(/^ssrf_violation: /);
  });

  it("a ToolResult with a code counts even when its text has no marker", async () => {
    const fetcher = new Returns("fetcher", () => ToolResult.error("Error: that host is not for you", "ssrf"));
    const ssrf = await runner.executeTools({ ...specWith(fetcher), failOnToolError: true }, calls("fetcher", {}));
    expect(ssrf.results).toEqual([`Error: that host is not for you\n\n${SSRF_NOTE}`]);
    expect(ssrf.events[0]?.detail).toBe("ssrf_violation: Error: that host is not for you");
    expect(ssrf.fatalError).toBeNull();

    const guard = new Returns("guarded_read", () => ToolResult.error("Error: access denied", "workspace"));
    const ws3 = await runner.executeTools(specWith(guard), calls("guarded_read", { path: "/etc/shadow" }, 3));
    expect(ws3.events.map((e) => e.detail)).toEqual([
      "workspace_violation: Error: access denied",
      "workspace_violation: Error: access denied",
      "workspace_violation_escalated: Error: access denied",
    ]);
    expect(ws3.results[2]).toBe(escalationMessage("/etc/shadow", 3));
  });

  it("the code wins over a marker of the other kind in the text", async () => {
    const mixed = new Returns("mixed", () => ToolResult.error("Error: private address in a path outside allowed directory", "workspace"));
    const { events } = await runner.executeTools(specWith(mixed), calls("mixed", {}));
    expect(events[0]?.detail).toMatch(/^workspace_violation: /);
  });

  it("a success is never a refusal, whatever its code or text", async () => {
    const odd = new Returns("odd", () => new ToolResult("outside allowed directory", false, "workspace"));
    const { events } = await runner.executeTools(specWith(odd), calls("odd", {}));
    expect(events[0]).toEqual({ name: "odd", status: "ok", detail: "outside allowed directory" });
  });
});

describe("values from another copy of the workbook are recognised by their mark, not by instanceof", () => {
  const TOOL_RESULT_MARK = Symbol.for("tool-calling-workbook.ToolResult");
  const REFUSAL_MARK = Symbol.for("tool-calling-workbook.refusal");
  const SSRF_MARK = Symbol.for("tool-calling-workbook.SsrfError");
  const WORKSPACE_MARK = Symbol.for("tool-calling-workbook.WorkspaceViolationError");
  /** What a plugin's own bundled copy of ToolResult looks like: another class, the same global mark. */
  class ForeignToolResult {
    readonly [TOOL_RESULT_MARK] = true;
    constructor(
      readonly content: string,
      readonly isError: boolean,
      readonly code?: string,
    ) {}
  }
  /** A plugin's own copy of SsrfError: another class, the same global marks and a code. */
  class ForeignSsrfError extends Error {
    readonly [REFUSAL_MARK] = true;
    readonly [SSRF_MARK] = true;
    readonly code = "ssrf";
  }
  class ForeignWorkspaceError extends Error {
    override readonly name = "WorkspaceViolationError";
    readonly [REFUSAL_MARK] = true;
    readonly [WORKSPACE_MARK] = true;
    readonly code = "workspace";
  }

  it("a foreign ToolResult error is an error result with its code", async () => {
    const foreign = new ForeignToolResult("Error: not for you", true, "ssrf");
    expect(isToolErrorResult(foreign)).toBe(true);
    const tool = new Returns("foreign", () => foreign);
    const { results, events } = await runner.executeTools(specWith(tool), calls("foreign", {}));
    expect(results).toEqual([`Error: not for you\n\n${SSRF_NOTE}`]);
    expect(events[0]?.detail).toBe("ssrf_violation: Error: not for you");
  });

  it("a thrown refusal error carries its code to the runner, with no marker in its text", async () => {
    expect(SsrfError.isInstance(new ForeignSsrfError("x"))).toBe(true);
    expect(WorkspaceViolationError.isInstance(new ForeignWorkspaceError("x"))).toBe(true);
    expect(SsrfError.isInstance(new Error("x"))).toBe(false);
    const ssrf = new Returns("foreign_fetch", () => {
      throw new ForeignSsrfError("that host is not for you");
    });
    const one = await runner.executeTools(specWith(ssrf), calls("foreign_fetch", {}));
    expect(one.events[0]?.detail).toBe("ssrf_violation: that host is not for you");
    const reader = new Returns("foreign_read", () => {
      throw new ForeignWorkspaceError("no");
    });
    const three = await runner.executeTools(specWith(reader), calls("foreign_read", { path: "/etc/shadow" }, 3));
    expect(three.events.map((e) => e.detail.split(":")[0])).toEqual(["workspace_violation", "workspace_violation", "workspace_violation_escalated"]);
  });

  it("our own refusal errors carry their code: ssrf and workspace for a security boundary, none for a fixable mistake", () => {
    expect(new SsrfError("Blocked", "http://10.0.0.1/", true).code).toBe("ssrf");
    expect(new SsrfError("Missing domain", "http://").code).toBeUndefined();
    expect(new WorkspaceViolationError("outside", { outside: true }).code).toBe("workspace");
    expect(new WorkspaceViolationError("empty path").code).toBeUndefined();
  });
});
