/**
 * One tool with no `inputSchema`, or a non-object one, made the SDK client
 * reject the whole `tools/list`, so every good tool of the server was lost. The adapter now
 * lists loosely, checks each tool itself, keeps the good ones and reports the bad ones.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMcpTools, MAX_LIST_PAGES } from "../../src/mcp/list-tools.js";
import { connectStdioMcpServer, type StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import type { McpToolClient } from "../../src/mcp/tool-client.js";
import { ProcessGroupStdioTransport } from "../../src/mcp/stdio-transport.js";
import { collectingLogger, HOSTILE_SERVER } from "./harness.js";

describe("hostile input: a server listing bad tools among good ones", () => {
  const logger = collectingLogger();
  let server: StdioMcpConnection | undefined;

  beforeAll(async () => {
    server = await connectStdioMcpServer({ command: process.execPath, args: [HOSTILE_SERVER], serverName: "h", timeoutMs: 10_000, closeGraceMs: 300, logger });
  }, 20_000);
  afterAll(async () => {
    await server?.close();
  }, 20_000);

  it("the SDK's own listTools rejects the whole list (the failure this guards against)", async () => {
    const transport = new ProcessGroupStdioTransport({ command: process.execPath, args: [HOSTILE_SERVER], closeGraceMs: 300 });
    const client = new Client({ name: "t", version: "0" });
    await client.connect(transport);
    try {
      await expect(client.listTools()).rejects.toThrow();
    } finally {
      await client.close();
    }
  });

  it("keeps every good tool, in listing order", () => {
    const servedNames = (server?.tools ?? []).map((t) => (t as unknown as { mcpToolName: string }).mcpToolName);
    expect(servedNames).toEqual(["ok_first", "no_schema", "bad_pattern", "notes.list", "notes_list", `get_${"very_long_segment_".repeat(4)}tail`, "ok_last"]);
  });

  it("reports each bad tool, skipped, with the reason", () => {
    const skipped = (server?.problems ?? []).filter((p) => p.action === "skipped");
    expect(skipped).toEqual([
      { tool: "array_schema", action: "skipped", reason: 'its inputSchema has type "array"; a tool\'s arguments must be an object' },
      { tool: "string_schema", action: "skipped", reason: "its inputSchema is string, not an object schema" },
      { tool: "#4", action: "skipped", reason: "its name is not a non-empty string (got number)" },
      { tool: "#5", action: "skipped", reason: "the listing holds string instead of a tool" },
      { tool: "bad_output", action: "skipped", reason: "its outputSchema is array, not an object schema" },
    ]);
    for (const problem of skipped) {
      expect(logger.warnings.some((w) => w.startsWith(`server 'h': tool '${problem.tool}' skipped: ${problem.reason}`))).toBe(true);
    }
  });

  it("offers a tool without inputSchema with no parameters, and says so", async () => {
    const tool = server?.tools.find((t) => t.name === "mcp_h_no_schema");
    expect(tool?.parameters).toEqual({ type: "object", properties: {} });
    expect(server?.problems).toContainEqual({ tool: "no_schema", action: "patched", reason: "it has no inputSchema, so it is offered with no parameters" });
    expect(await tool?.execute({}, { signal: new AbortController().signal })).toBe("called no_schema");
  });

  it("the good tools still work", async () => {
    const tool = server?.tools.find((t) => t.name === "mcp_h_ok_first");
    expect(await tool?.execute({ q: "hi" }, { signal: new AbortController().signal })).toBe("echo: hi");
  });

  it("an in-memory client's bad entries are handled the same way, across pages", async () => {
    const pages: unknown[][] = [
      [null, { name: "a", inputSchema: { type: "object" } }],
      [{ name: "" }, { name: "b", inputSchema: true }, { name: "c" }],
    ];
    const client: McpToolClient = {
      listTools: async (params) => {
        const at = params?.cursor === undefined ? 0 : Number(params.cursor);
        const tools = pages[at] as never;
        return at + 1 < pages.length ? { tools, nextCursor: String(at + 1) } : { tools };
      },
      callTool: async () => ({ content: [] }),
    };
    const local = collectingLogger();
    const listing = await listMcpTools(client, "m", { logger: local });
    expect(listing.tools.map((t) => t.name)).toEqual(["mcp_m_a", "mcp_m_c"]);
    expect(listing.problems.map((p) => [p.tool, p.action])).toEqual([
      ["#0", "skipped"],
      ["#2", "skipped"],
      ["b", "skipped"],
      ["c", "patched"],
    ]);
    expect(local.warnings).toHaveLength(4);
  });

  it("a server that never stops paging is cut off after MAX_LIST_PAGES pages, with a warning", async () => {
    let served = 0;
    const client: McpToolClient = {
      listTools: async () => {
        served++;
        return { tools: [], nextCursor: `page-${served}` };
      },
      callTool: async () => ({}),
    };
    const local = collectingLogger();
    const listing = await listMcpTools(client, "m", { logger: local });
    expect(served).toBe(MAX_LIST_PAGES);
    expect(listing.tools).toEqual([]);
    expect(local.warnings).toEqual([`server 'm': tools/list still had more pages after ${MAX_LIST_PAGES}; the rest are not listed`]);
  });

  it("a listing that is not a list at all is one clear error", async () => {
    const client: McpToolClient = { listTools: async () => ({ tools: "nope" as never }), callTool: async () => ({}) };
    await expect(listMcpTools(client, "m", { logger: collectingLogger() })).rejects.toThrow("the server's tools/list answer has no list of tools (got string)");
  });
});
