import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adaptMcpTools,
  FakeTool,
  connectStdioMcpServer,
  isToolErrorResult,
  listMcpTools,
  MCPToolAdapter,
  mcpToolName,
  normalizeMcpInputSchema,
  Tool,
  ToolRegistry,
  ToolResult,
  type McpToolClient,
  type McpToolInfo,
  type StdioMcpConnection,
} from "../../src/index.js";

const SERVER_ENTRY = resolve("node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
const signal = (): AbortSignal => AbortSignal.timeout(5_000);
/** Listing problems (here: tools without inputSchema) are reported; these tests do not need the noise. */
const quiet = { logger: { warn: (): void => undefined } };

/** A built-in tool that repeats its text back. */
const echoTool = (): FakeTool =>
  new FakeTool({
    name: "echo",
    description: "Repeat the text back.",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    run: (params) => String(params["text"]),
  });

/** A client that answers from a table, recording the calls it receives. */
function fakeClient(tools: McpToolInfo[], answers: Record<string, unknown>, pageSize = 100): McpToolClient & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    async listTools(params) {
      const start = params?.cursor === undefined ? 0 : Number(params.cursor);
      const page = tools.slice(start, start + pageSize);
      const next = start + pageSize < tools.length ? String(start + pageSize) : undefined;
      return next === undefined ? { tools: page } : { tools: page, nextCursor: next };
    },
    async callTool(params) {
      calls.push(params);
      return answers[params.name];
    },
  };
}

describe("MCPToolAdapter with an in-memory client", () => {
  const infos: McpToolInfo[] = [
    { name: "ok", description: "fine", inputSchema: { type: "object", properties: { q: { type: "string" } } }, annotations: { readOnlyHint: true } },
    { name: "fails", inputSchema: { type: "object" } },
    { name: "not.an_object", inputSchema: { type: "object" } },
    { name: "bad_blocks", inputSchema: { type: "object" } },
    { name: "bad_text", inputSchema: { type: "object" } },
    { name: "mixed" },
    { name: "empty_error", inputSchema: { type: "object" } },
  ];
  const answers: Record<string, unknown> = {
    ok: {
      content: [
        { type: "text", text: "line 1" },
        { type: "text", text: "line 2" },
      ],
    },
    fails: { content: [{ type: "text", text: "Error: nope" }], isError: true },
    "not.an_object": "just a string",
    bad_blocks: { content: "not a list" },
    bad_text: { content: [{ type: "text", text: 42 }] },
    mixed: {
      content: [
        { type: "text", text: "see the picture" },
        { type: "image", mimeType: "image/png", data: "aGVsbG8=" },
        { type: "resource_link", uri: "file:///x.txt", name: "x" },
      ],
    },
    empty_error: { content: [], isError: true },
  };

  it("names, describes and flags each tool", async () => {
    const client = fakeClient(infos, answers, 3);
    const tools = await adaptMcpTools(client, "demo server", quiet);
    expect(tools.map((t) => t.name)).toEqual([
      "mcp_demo_server_ok",
      "mcp_demo_server_fails",
      "mcp_demo_server_not_an_object",
      "mcp_demo_server_bad_blocks",
      "mcp_demo_server_bad_text",
      "mcp_demo_server_mixed",
      "mcp_demo_server_empty_error",
    ]);
    const [ok, fails] = tools as [Tool, Tool];
    expect(ok).toBeInstanceOf(MCPToolAdapter);
    expect(ok.description).toBe("fine");
    expect(fails.description).toBe("fails");
    // The server's readOnlyHint decides nothing unless the caller trusts it.
    expect(ok.readOnly).toBe(false);
    expect(ok.concurrencySafe).toBe(false);
    expect(fails.readOnly).toBe(false);
    expect((tools[5] as Tool).parameters).toEqual({ type: "object", properties: {} });
    expect(MCPToolAdapter.discoverable).toBe(false);
  });

  it("honours readOnlyHint only when the server is trusted with it", async () => {
    const [ok, fails] = (await adaptMcpTools(fakeClient(infos, answers), "d", { ...quiet, trustReadOnlyHint: true })) as [Tool, Tool];
    expect(ok.readOnly).toBe(true);
    expect(ok.concurrencySafe).toBe(true);
    expect(fails.readOnly).toBe(false);
  });

  it("joins text blocks and forwards the prepared arguments", async () => {
    const client = fakeClient(infos, answers);
    const registry = new ToolRegistry();
    for (const tool of await adaptMcpTools(client, "d", quiet)) registry.register(tool);
    const prepared = registry.prepareCall("mcp_d_ok", '{"q": 7}');
    expect(prepared.error).toBeNull();
    if (prepared.error !== null) return;
    expect(await prepared.tool.execute(prepared.params, { signal: signal() })).toBe("line 1\nline 2");
    expect(client.calls).toEqual([{ name: "ok", arguments: { q: "7" } }]);
  });

  it("maps isError to a ToolResult error with the server's text", async () => {
    const [, fails] = (await adaptMcpTools(fakeClient(infos, answers), "d", quiet)) as [Tool, Tool];
    const result = await fails.execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect((result as ToolResult).content).toBe("Error: nope");
  });

  it("answers an isError without text with (no output), as an error", async () => {
    const tools = await adaptMcpTools(fakeClient(infos, answers), "d", quiet);
    const result = await (tools[6] as Tool).execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("(no output)");
  });

  it.each([2, 3, 4])("turns malformed content (tool %i) into a ToolResult error", async (index) => {
    const tools = await adaptMcpTools(fakeClient(infos, answers), "d", quiet);
    const result = await (tools[index] as Tool).execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toContain("MCP tool returned malformed content");
  });

  it("summarises non-text blocks", async () => {
    const tools = await adaptMcpTools(fakeClient(infos, answers), "d", quiet);
    const result = await (tools[5] as Tool).execute({}, { signal: signal() });
    expect(result).toBe("see the picture\n[image content: image/png, 8 base64 chars]\n[resource link: file:///x.txt]");
  });

  it("answers a failed request with an error result naming the error's type; the message goes to the log", async () => {
    const client: McpToolClient = {
      listTools: async () => ({ tools: [{ name: "t" }] }),
      callTool: async () => {
        throw new Error("Connection closed");
      },
    };
    const warnings: string[] = [];
    const [tool] = (await adaptMcpTools(client, "d", { logger: { warn: (m) => void warnings.push(m) } })) as [Tool];
    warnings.length = 0;
    const result = await tool.execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe("(MCP tool call failed: Error)");
    expect(warnings).toEqual(["tool 'mcp_d_t' ('t' of server 'd') failed: Error: Connection closed"]);
  });

  it("rejects when the call's own signal aborted, so the runner reports the abort or its time limit", async () => {
    const controller = new AbortController();
    const client: McpToolClient = {
      listTools: async () => ({ tools: [{ name: "t" }] }),
      callTool: async () => {
        controller.abort();
        throw new Error("This operation was aborted");
      },
    };
    const [tool] = (await adaptMcpTools(client, "d", quiet)) as [Tool];
    await expect(tool.execute({}, { signal: controller.signal })).rejects.toThrow("This operation was aborted");
  });

  it("sanitises names and schemas", () => {
    expect(mcpToolName("fs", "read_text_file")).toBe("mcp_fs_read_text_file");
    expect(mcpToolName("my server", "get.info/v2")).toBe("mcp_my_server_get_info_v2");
    expect(normalizeMcpInputSchema(undefined)).toEqual({ type: "object", properties: {} });
    expect(normalizeMcpInputSchema({ properties: { a: {} } })).toEqual({ type: "object", properties: { a: {} } });
    expect(normalizeMcpInputSchema({ type: "array" })).toEqual({ type: "object", properties: {} });
    // $schema is kept, so the validator reads the schema in the dialect it was written in.
    expect(normalizeMcpInputSchema({ $schema: "http://json-schema.org/draft-07/schema#", type: "object" })).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
    });
  });
});

describe("connectStdioMcpServer failures", () => {
  it("rejects clearly when the command does not exist", async () => {
    await expect(connectStdioMcpServer({ command: join(tmpdir(), "no-such-mcp-server-binary"), serverName: "x", timeoutMs: 3_000 })).rejects.toThrow(
      /MCP server 'x' could not start/,
    );
  });

  it("rejects, saying so, when the server never answers within the time limit", async () => {
    await expect(connectStdioMcpServer({ command: process.execPath, args: ["-e", "setTimeout(() => {}, 60000)"], serverName: "silent", timeoutMs: 500 })).rejects.toThrow(
      /could not start.*did not answer within 500 ms/,
    );
  });

  it("includes the server's stderr when it exits at once", async () => {
    await expect(
      connectStdioMcpServer({ command: process.execPath, args: ["-e", "console.error('no config'); process.exit(3)"], serverName: "dies", timeoutMs: 10_000 }),
    ).rejects.toThrow(/no config/);
  });
});

describe("the real filesystem MCP server over stdio", () => {
  let dir = "";
  let server: StdioMcpConnection | undefined;
  const registry = new ToolRegistry();

  beforeAll(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), "mcp-fs-")));
    await writeFile(join(dir, "notes.txt"), "hello from the MCP server\n");
    server = await connectStdioMcpServer({ command: process.execPath, args: [SERVER_ENTRY, dir], serverName: "fs", timeoutMs: 10_000, callTimeoutMs: 5_000 });
    registry.register(echoTool());
    for (const tool of server.tools) registry.register(tool);
  }, 15_000);

  afterAll(async () => {
    await server?.close();
    if (dir !== "") await rm(dir, { recursive: true, force: true });
  }, 10_000);

  it("lists the built-in first, then the mcp_fs_ tools sorted", () => {
    const names = registry.getDefinitions().map((d) => d.function.name);
    expect(names[0]).toBe("echo");
    const mcp = names.slice(1);
    expect(mcp.length).toBeGreaterThan(3);
    expect(mcp.every((n) => n.startsWith("mcp_fs_"))).toBe(true);
    expect(mcp).toEqual([...mcp].sort());
    expect(mcp).toContain("mcp_fs_read_text_file");
  });

  it("offers no tool as read-only by default, whatever the server's readOnlyHint says", () => {
    expect(registry.get("mcp_fs_read_text_file")?.concurrencySafe).toBe(false);
    expect(registry.get("mcp_fs_write_file")?.readOnly).toBe(false);
  });

  it("takes readOnly from the server's readOnlyHint when told to trust it", async () => {
    const trusted = await listMcpTools(server?.client as NonNullable<typeof server>["client"], "fs", { trustReadOnlyHint: true, ...quiet });
    const byName = new Map(trusted.tools.map((t) => [t.name, t]));
    expect(byName.get("mcp_fs_read_text_file")?.concurrencySafe).toBe(true);
    expect(byName.get("mcp_fs_write_file")?.readOnly).toBe(false);
  });

  it("reads a file through prepareCall and execute", async () => {
    const prepared = registry.prepareCall("mcp_fs_read_text_file", JSON.stringify({ path: join(dir, "notes.txt") }));
    expect(prepared.error).toBeNull();
    if (prepared.error !== null) return;
    const result = await prepared.tool.execute(prepared.params, { signal: signal() });
    expect(result).toBe("hello from the MCP server\n");
  });

  it("turns a path outside the allowed folder into a ToolResult error", async () => {
    const prepared = registry.prepareCall("mcp_fs_read_text_file", { path: join(tmpdir(), "..", "etc", "passwd") });
    expect(prepared.error).toBeNull();
    if (prepared.error !== null) return;
    const result = await prepared.tool.execute(prepared.params, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toMatch(/access denied|outside allowed/i);
  });

  it("still rejects bad arguments before anything reaches the server", () => {
    const prepared = registry.prepareCall("mcp_fs_read_text_file", { head: 2 });
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'mcp_fs_read_text_file': missing required path");
  });
});
